"""TercioEnv and TercioVecEnv under Gymnasium's own checker, vector envs and wrappers (no shims)."""
import logging
import os
import unittest
import warnings

import gymnasium as gym
import numpy as np
from gymnasium.utils.env_checker import check_env
from gymnasium.vector import AsyncVectorEnv, AutoresetMode, SyncVectorEnv, VectorEnv
from gymnasium.wrappers import FlattenObservation, RecordEpisodeStatistics, TimeLimit
from gymnasium.wrappers import vector as vw

from .support import SCENARIO, random_actions, server_url
from tercio_client import BridgeError, TercioEnv, TercioVecEnv, WINNER_TRUNCATED

# The only warnings check_env may give: observation Boxes are unbounded (the encoders publish no bounds).
ALLOWED = ("space minimum value is -infinity", "space maximum value is infinity")


def checked(fn):
    """Runs fn, returning the Gymnasium warnings it gave (gymnasium.logger.warn uses warnings.warn)."""
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        fn()
    return [str(x.message) for x in w]


def legal(rng, mask) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


class CheckEnvTest(unittest.TestCase):
    def setUp(self):
        os.environ["TERCIO_URL"] = server_url()  # gymnasium.make and env.spec.make reach the server through it

    def assert_clean(self, msgs):
        bad = [m for m in msgs if not any(a in m for a in ALLOWED)]
        self.assertEqual(bad, [], "check_env warnings")

    def test_check_env_on_tercio_env(self):
        for layout in ("dict", "masked"):
            env = TercioEnv(SCENARIO, server_url(), observation_layout=layout, max_decisions=50)
            self.addCleanup(env.close)
            # Made directly (no gymnasium spec), check_env cannot remake it in the other render modes: it says so.
            msgs = [m for m in checked(lambda: check_env(env)) if "Not able to test alternative render modes" not in m]
            self.assert_clean(msgs)

    def test_check_env_through_gymnasium_make(self):
        env = gym.make("tercio/piwam-training", max_decisions=50)
        self.addCleanup(env.close)
        self.assertIsInstance(env.unwrapped, TercioEnv)
        # With a spec, check_env also makes the env in each render mode ("ansi", "human") and renders it.
        self.assert_clean(checked(lambda: check_env(env.unwrapped)))
        # Every built-in scenario of the server (its Welcome lists them) is registered, and makes.
        from tercio_client import Connection
        with Connection(server_url()) as c:
            ids = [s.id for s in c.welcome.scenarios]
        self.assertGreaterEqual(len(ids), 5)
        for sid in ids:
            self.assertIn(f"tercio/{sid}", gym.registry)
        other = gym.make(f"tercio/{ids[-1]}")
        self.addCleanup(other.close)
        self.assertEqual(other.unwrapped.tercio_spec.scenario_id, ids[-1])

    def test_masks_are_int8_and_sample_legal_actions(self):
        env = TercioEnv(SCENARIO, server_url(), max_decisions=40)
        self.addCleanup(env.close)
        obs, info = env.reset(seed=4)
        env.action_space.seed(1)
        for _ in range(30):
            self.assertEqual(obs["action_mask"].dtype, np.int8)
            a = env.action_space.sample(mask=obs["action_mask"])
            self.assertTrue(env.action_masks()[a])
            obs, _, term, trunc, info = env.step(a)
            self.assertNotIn("illegal_action", info)
            if term or trunc:
                obs, info = env.reset()

    def test_illegal_action_policies(self):
        env = TercioEnv(SCENARIO, server_url(), max_decisions=40, seed=7)  # illegal_action="penalty" (default)
        self.addCleanup(env.close)
        obs, info = env.reset(seed=3)
        bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
        who = info["player"]
        obs, reward, term, trunc, info = env.step(bad)
        self.assertEqual((reward, term, trunc), (-1.0, True, False))
        self.assertTrue(info["illegal_action"])
        self.assertEqual(info["winner"], 1 - who)
        self.assertEqual(info["rewards"].tolist(), [-1.0, 1.0] if who == 0 else [1.0, -1.0])
        self.assertEqual(int(obs["action_mask"].sum()), 0)
        with self.assertRaises(RuntimeError):
            env.step(0)
        # The next unseeded reset is the next game of seed 3's sequence, as after any other ending.
        obs2, _ = env.reset()
        ref = TercioVecEnv(SCENARIO, 1, server_url(), max_decisions=40)
        self.addCleanup(ref.close)
        ref.reset(seed=3)
        want, _ = ref.reset()
        np.testing.assert_array_equal(obs2["planes"], want["planes"][0])

        strict = TercioEnv(SCENARIO, server_url(), illegal_action="raise", max_decisions=40)
        self.addCleanup(strict.close)
        obs, info = strict.reset(seed=3)
        with self.assertRaises(BridgeError) as e:
            strict.step(bad)
        self.assertEqual(e.exception.code, "ACTION_ILLEGAL")
        self.assertIn(strict.action_text(bad), e.exception.message)
        # Nothing changed: the same legal step still works and the episode goes on.
        obs, _, term, trunc, info = strict.step(legal(np.random.default_rng(0), obs["action_mask"]))
        self.assertNotIn("illegal_action", info)
        with self.assertRaises(ValueError):
            TercioEnv(SCENARIO, server_url(), illegal_action="ignore")

    def test_render_modes(self):
        env = TercioEnv(SCENARIO, server_url())
        self.addCleanup(env.close)
        env.reset(seed=1)
        msgs = checked(lambda: self.assertIsNone(env.render()))
        self.assertTrue(any("render mode" in m for m in msgs), msgs)
        ansi = TercioEnv(SCENARIO, server_url(), render_mode="ansi")
        self.addCleanup(ansi.close)
        ansi.reset(seed=1)
        self.assertIn("turn", ansi.render())

    def trajectory(self, env, steps, rng_seed):
        """Observations of `steps` steps with actions from a fixed rng over each env's own masks."""
        rng = np.random.default_rng(rng_seed)
        obs, _ = env.reset()
        out = [obs["entities"].copy()]
        for _ in range(steps):
            obs, _, term, trunc, _ = env.step(legal(rng, obs["action_mask"]))
            out.append(obs["entities"].copy())
            if term or trunc:
                obs, _ = env.reset()
        return out

    def test_unseeded_envs_play_different_games(self):
        a = TercioEnv(SCENARIO, server_url(), max_decisions=60)
        b = TercioEnv(SCENARIO, server_url(), max_decisions=60)
        c = TercioEnv(SCENARIO, server_url(), max_decisions=60, seed=a.vec.base_seed)
        for e in (a, b, c):
            self.addCleanup(e.close)
        self.assertNotEqual(a.vec.base_seed, b.vec.base_seed)
        ta, tb, tc = (self.trajectory(e, 150, 5) for e in (a, b, c))
        self.assertTrue(any(not np.array_equal(x, y) for x, y in zip(ta, tb)), "two unseeded envs played the same game")
        # The control: the same base seed plays the same games.
        self.assertTrue(all(np.array_equal(x, y) for x, y in zip(ta, tc)))

    def test_reset_after_an_episode_continues_like_the_vec_env(self):
        env = TercioEnv(SCENARIO, server_url(), max_decisions=20)
        vec = TercioVecEnv(SCENARIO, 1, server_url(), max_decisions=20)
        self.addCleanup(env.close)
        self.addCleanup(vec.close)
        o1, _ = env.reset(seed=12)
        o2, _ = vec.reset(seed=12)
        rng = np.random.default_rng(3)
        episodes = 0
        while episodes < 3:
            a = legal(rng, o1["action_mask"])
            o1, r1, t1, u1, i1 = env.step(a)
            o2, r2, t2, u2, i2 = vec.step([a])
            self.assertEqual((r1, t1, u1), (float(r2[0]), bool(t2[0]), bool(u2[0])))
            if t1 or u1:
                episodes += 1
                np.testing.assert_array_equal(o1["planes"], i2["final_obs"][0]["planes"])
                self.assertEqual(i1["winner"], int(i2["final_info"]["winner"][0]))
                o1, _ = env.reset()  # the game the server already started: the vec env's auto-reset one
            for k in o1:
                np.testing.assert_array_equal(o1[k], o2[k][0], k)


def make_fn(**kw):
    url = server_url()
    return lambda: TercioEnv(SCENARIO, url, max_decisions=25, **kw)


class VectorEnvsOverTercioEnvTest(unittest.TestCase):
    N = 3

    def compare_with_tercio_vec_env(self, gym_vec, steps=90):
        """Gymnasium's vector env (SAME_STEP) over TercioEnvs against TercioVecEnv: same seeds, same actions."""
        ours = TercioVecEnv(SCENARIO, self.N, server_url(), max_decisions=25)
        self.addCleanup(ours.close)
        o1, i1 = gym_vec.reset(seed=[20, 21, 22])
        o2, i2 = ours.reset(seed=20)
        rng = np.random.default_rng(8)
        finals = 0
        for _ in range(steps):
            for k in o2:
                np.testing.assert_array_equal(o1[k], o2[k], k)
            np.testing.assert_array_equal(i1["player"], i2["player"])
            a = random_actions(rng, o2["action_mask"])
            o1, r1, t1, u1, i1 = gym_vec.step(a)
            o2, r2, t2, u2, i2 = ours.step(a)
            np.testing.assert_array_equal(r1, r2)
            np.testing.assert_array_equal(t1, t2)
            np.testing.assert_array_equal(u1, u2)
            if "final_obs" in i2:
                np.testing.assert_array_equal(i1["_final_obs"], i2["_final_obs"])
                for i in np.flatnonzero(i2["_final_obs"]):
                    np.testing.assert_array_equal(i1["final_obs"][i]["planes"], i2["final_obs"][i]["planes"])
                    for key in ("winner", "decisions"):
                        self.assertEqual(int(i1["final_info"][key][i]), int(i2["final_info"][key][i]), key)
                    np.testing.assert_array_equal(i1["final_info"]["returns"][i], i2["final_info"]["returns"][i])
                    finals += 1
            else:
                self.assertNotIn("final_obs", i1)
        self.assertGreater(finals, 0)

    def test_sync_vector_env_same_step(self):
        v = SyncVectorEnv([make_fn() for _ in range(self.N)], autoreset_mode=AutoresetMode.SAME_STEP)
        self.addCleanup(v.close)
        self.compare_with_tercio_vec_env(v)

    def test_async_vector_env_same_step(self):
        v = AsyncVectorEnv([make_fn() for _ in range(self.N)], autoreset_mode=AutoresetMode.SAME_STEP)
        self.addCleanup(v.close)
        self.compare_with_tercio_vec_env(v, steps=60)

    def test_next_step_autoreset_with_episode_statistics(self):
        # Gymnasium's default (NEXT_STEP: the step after an episode's end resets it, ignoring the action).
        v = vw.RecordEpisodeStatistics(SyncVectorEnv([make_fn() for _ in range(self.N)]))
        self.addCleanup(v.close)
        obs, info = v.reset(seed=3)
        rng = np.random.default_rng(1)
        done = np.zeros(self.N, dtype=bool)
        ends = 0
        for _ in range(80):
            a = np.array([legal(rng, m) if not d else 0 for m, d in zip(obs["action_mask"], done)])
            obs, r, term, trunc, info = v.step(a)
            done = term | trunc
            if "episode" in info:
                for i in np.flatnonzero(info["_episode"]):
                    self.assertGreater(int(info["episode"]["l"][i]), 0)
                    self.assertTrue(info["_winner"][i])
                    if trunc[i]:
                        self.assertEqual(int(info["winner"][i]), WINNER_TRUNCATED)
                    else:
                        self.assertIn(int(info["winner"][i]), (0, 1, 2))
                    ends += 1
        self.assertGreater(ends, 0)


class WrappersTest(unittest.TestCase):
    def test_record_episode_statistics_time_limit_flatten(self):
        env = FlattenObservation(RecordEpisodeStatistics(TimeLimit(TercioEnv(SCENARIO, server_url(), max_decisions=30), 12)))
        self.addCleanup(env.close)
        rng = np.random.default_rng(2)
        obs, info = env.reset(seed=5)
        self.assertEqual(obs.shape, env.observation_space.shape)
        episodes = 0
        total, steps = 0.0, 0
        while episodes < 4:
            mask = gym.spaces.utils.unflatten(env.unwrapped.observation_space, obs)["action_mask"]
            np.testing.assert_array_equal(mask.astype(bool), env.unwrapped.action_masks())
            obs, r, term, trunc, info = env.step(legal(rng, mask))
            self.assertIn(obs, env.observation_space)
            total += r
            steps += 1
            if term or trunc:
                self.assertEqual(int(info["episode"]["l"]), steps)
                self.assertAlmostEqual(float(info["episode"]["r"]), total, places=5)
                self.assertLessEqual(steps, 12)
                episodes += 1
                total, steps = 0.0, 0
                obs, info = env.reset()


class TercioVecEnvIsAVectorEnvTest(unittest.TestCase):
    def test_vector_env_api(self):
        v = TercioVecEnv(SCENARIO, 4, server_url(), max_decisions=20, seed=1)
        self.addCleanup(v.close)
        self.assertIsInstance(v, VectorEnv)
        self.assertIsNone(v.spec)  # Gymnasium's; the Tercio spec is tercio_spec
        self.assertEqual(v.tercio_spec.count, 4)
        self.assertEqual(v.metadata["autoreset_mode"], AutoresetMode.SAME_STEP)
        self.assertEqual(v.action_space, gym.spaces.MultiDiscrete([v.tercio_spec.action_size] * 4))
        obs, infos = v.reset(seed=2)
        self.assertIn(obs, v.observation_space)
        self.assertTrue(infos["_player"].all())
        self.assertEqual(v.get_attr("tercio_spec"), (v.tercio_spec,) * 4)
        self.assertEqual(v.get_attr("observation_space"), (v.single_observation_space,) * 4)
        masks = v.call("action_masks")
        self.assertEqual(len(masks), 4)
        np.testing.assert_array_equal(masks[2], obs["action_mask"][2].astype(bool))
        self.assertTrue(all("turn" in t for t in v.call("render")))
        with self.assertRaises(AttributeError):
            v.call("step")

    def test_through_make_vec_and_vector_wrappers(self):
        os.environ["TERCIO_URL"] = server_url()
        v = gym.make_vec("tercio/piwam-training", num_envs=3, vectorization_mode="vector_entry_point", max_decisions=20)
        self.assertIsInstance(v, TercioVecEnv)
        env = vw.DictInfoToList(vw.RecordEpisodeStatistics(v))
        self.addCleanup(env.close)
        obs, infos = env.reset(seed=9)
        self.assertIsInstance(infos, list)
        rng = np.random.default_rng(4)
        ends = 0
        steps = np.zeros(3, dtype=int)  # steps of each env's current episode
        first = np.ones(3, dtype=bool)
        for _ in range(80):
            obs, r, term, trunc, infos = env.step(random_actions(rng, obs["action_mask"]))
            steps += 1
            for i in np.flatnonzero(term | trunc):
                self.assertIn("episode", infos[i])
                # Gymnasium 1.3's vector RecordEpisodeStatistics does not count the first step after a
                # same-step autoreset (it zeroes the counters then): one short from each env's second episode on.
                self.assertEqual(int(infos[i]["episode"]["l"]), steps[i] if first[i] else steps[i] - 1)
                first[i] = False
                self.assertIn("winner", infos[i]["final_info"])
                steps[i] = 0
                ends += 1
        self.assertGreater(ends, 0)
        # Reward wrappers. (Gymnasium 1.3's vector *observation* wrappers accept NEXT_STEP envs only, as they would
        # leave final_obs untransformed; TercioVecEnv resets in the same step: use the per-env wrappers through
        # SyncVectorEnv, or transform observations in the training loop.)
        rw = vw.ClipReward(vw.NormalizeReward(TercioVecEnv(SCENARIO, 2, server_url(), max_decisions=20)), -0.5, 0.5)
        self.addCleanup(rw.close)
        o, _ = rw.reset(seed=1)
        for _ in range(30):
            o, r, *_ = rw.step(random_actions(rng, o["action_mask"]))
            self.assertTrue(((r >= -0.5) & (r <= 0.5)).all())

    def test_masked_layout(self):
        v = TercioVecEnv(SCENARIO, 2, server_url(), observation_layout="masked", max_decisions=20)
        self.addCleanup(v.close)
        obs, _ = v.reset(seed=3)
        self.assertEqual(sorted(obs), ["action_mask", "observation"])
        self.assertEqual(sorted(obs["observation"]), ["entities", "globals", "planes"])
        self.assertIn(obs, v.observation_space)
        np.testing.assert_array_equal(obs["action_mask"].astype(bool), v.action_masks())


class MaskedPPOUsageTest(unittest.TestCase):
    def test_masked_policy_sampling_as_in_the_docs(self):
        # The snippet of docs/bridge.md and the README ("Masked PPO"): logits of masked-out actions at -inf.
        import torch

        envs = TercioVecEnv("piwam-training", num_envs=8, url=server_url(), max_decisions=40)
        self.addCleanup(envs.close)
        obs, infos = envs.reset(seed=1)
        n_in = int(np.prod(envs.single_observation_space["entities"].shape) + np.prod(envs.single_observation_space["globals"].shape))
        policy = torch.nn.Linear(n_in, envs.single_action_space.n)
        for _ in range(40):
            x = torch.as_tensor(np.concatenate([obs["entities"].reshape(8, -1), obs["globals"]], axis=1))
            mask = torch.as_tensor(envs.action_masks())                # bool (num_envs, N)
            logits = policy(x).masked_fill(~mask, float("-inf"))       # masked-out actions: probability 0
            dist = torch.distributions.Categorical(logits=logits)
            actions = dist.sample()
            self.assertTrue(mask[torch.arange(8), actions].all())
            obs, rewards, terminated, truncated, infos = envs.step(actions.numpy())


if __name__ == "__main__":
    unittest.main()
