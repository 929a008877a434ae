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


class TercioEnvAutoresetModesTest(unittest.TestCase):
    def test_both_modes_play_the_same_games(self):
        # NEXT_STEP only moves the start of the next game from the last step to reset(): same games, same returns.
        envs = [TercioEnv(SCENARIO, server_url(), max_decisions=20, autoreset_mode=m)
                for m in (AutoresetMode.SAME_STEP, AutoresetMode.NEXT_STEP)]
        for e in envs:
            self.addCleanup(e.close)
        self.assertEqual(envs[1].vec.metadata["autoreset_mode"], AutoresetMode.NEXT_STEP)
        (o1, _), (o2, _) = (e.reset(seed=31) for e in envs)
        rng = np.random.default_rng(6)
        episodes = 0
        while episodes < 4:
            for k in o1:
                np.testing.assert_array_equal(o1[k], o2[k], k)
            a = legal(rng, o1["action_mask"])
            (o1, r1, t1, u1, i1), (o2, r2, t2, u2, i2) = (e.step(a) for e in envs)
            self.assertEqual((r1, t1, u1), (r2, t2, u2))
            for k in ("player", "actor", "legal_count", "decision_kind", "decisions"):
                self.assertEqual(i1[k], i2[k], k)
            if t1 or u1:
                episodes += 1
                for k in o1:
                    np.testing.assert_array_equal(o1[k], o2[k], k)  # the last observations
                self.assertEqual((i1["winner"], i1["returns"].tolist()), (i2["winner"], i2["returns"].tolist()))
                (o1, j1), (o2, j2) = (e.reset() for e in envs)
                self.assertEqual((j1["actor"], j1["player"]), (j2["actor"], j2["player"]))


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


class NextStepAutoresetTest(unittest.TestCase):
    """TercioVecEnv(autoreset_mode=NEXT_STEP) against Gymnasium's own SyncVectorEnv(autoreset_mode=NEXT_STEP) over
    TercioEnvs, and under the vector observation wrappers that accept NEXT_STEP envs only."""
    N = 3

    def test_same_as_sync_vector_env_next_step(self):
        gym_vec = SyncVectorEnv([make_fn() for _ in range(self.N)], autoreset_mode=AutoresetMode.NEXT_STEP)
        ours = TercioVecEnv(SCENARIO, self.N, server_url(), max_decisions=25, autoreset_mode=AutoresetMode.NEXT_STEP)
        piped = TercioVecEnv(SCENARIO, self.N, server_url(), max_decisions=25, autoreset_mode="next_step", pipeline=2,
                             delta_observations=False)
        for e in (gym_vec, ours, piped):
            self.addCleanup(e.close)
        self.assertEqual(ours.metadata["autoreset_mode"], AutoresetMode.NEXT_STEP)
        self.assertEqual(TercioVecEnv.metadata["autoreset_mode"], AutoresetMode.SAME_STEP)  # the class default stays
        o1, i1 = gym_vec.reset(seed=[20, 21, 22])
        o2, i2 = ours.reset(seed=20)
        o3, i3 = piped.reset(seed=20)
        rng = np.random.default_rng(8)
        done = np.zeros(self.N, dtype=bool)
        ends = resets = 0
        for t in range(150):
            for o, i in ((o2, i2), (o3, i3)):
                for k in o1:
                    np.testing.assert_array_equal(o1[k], o[k], f"step {t}: {k}")
                np.testing.assert_array_equal(i1["player"], i["player"])
                np.testing.assert_array_equal(i1["actor"], i["actor"])
            # Where an episode ended, the action is ignored: send one that is masked out (0: nothing is legal there).
            a = np.array([0 if d else legal(rng, m) for m, d in zip(o2["action_mask"], done)])
            o1, r1, t1, u1, i1 = gym_vec.step(a)
            o2, r2, t2, u2, i2 = ours.step(a)
            o3, r3, t3, u3, i3 = piped.step(a)
            for r, te, tr in ((r2, t2, u2), (r3, t3, u3)):
                np.testing.assert_array_equal(r1, r)
                np.testing.assert_array_equal(t1, te)
                np.testing.assert_array_equal(u1, tr)
            # The reset step: reward 0, not terminated, a fresh episode (actor -1).
            self.assertTrue((r2[done] == 0).all() and not (t2[done] | u2[done]).any())
            self.assertTrue((i2["actor"][done] == -1).all())
            resets += int(done.sum())
            self.assertNotIn("final_obs", i2)
            done = t2 | u2
            for i in np.flatnonzero(done):
                ends += 1
                self.assertTrue(i1["_winner"][i] and i2["_winner"][i] and i3["_winner"][i])
                self.assertEqual(int(i1["winner"][i]), int(i2["winner"][i]))
                self.assertEqual(int(i1["winner"][i]), int(i3["winner"][i]))
                np.testing.assert_array_equal(i1["returns"][i], i2["returns"][i])
                self.assertEqual(int(o2["action_mask"][i].sum()), 0)  # the last observation
                self.assertTrue(ours.action_masks()[i].all())        # any action goes at its reset step
            for i in (i1, i2, i3):
                self.assertEqual("winner" in i, bool(done.any()))  # as Gymnasium: the key only when an env has it
                if done.any():
                    np.testing.assert_array_equal(i["_winner"], done)
        self.assertGreater(ends, 5)
        self.assertGreater(resets, 5)

    # Gymnasium 1.3's vector observation wrappers (VectorObservationWrapper asserts NEXT_STEP or DISABLED).
    WRAPPERS = {
        "FlattenObservation": lambda v: vw.FlattenObservation(v),
        "FilterObservation": lambda v: vw.FilterObservation(v, ["entities", "action_mask"]),
        "TransformObservation": lambda v: vw.TransformObservation(v, lambda o: {**o, "globals": 2 * o["globals"]},
                                                                  v.observation_space),
        "NormalizeObservation": lambda v: vw.NormalizeObservation(vw.FlattenObservation(v)),
        "DtypeObservation": lambda v: vw.DtypeObservation(vw.FlattenObservation(v), np.float64),
    }

    def test_vector_observation_wrappers(self):
        for name, wrap in self.WRAPPERS.items():
            with self.subTest(name):
                same = TercioVecEnv(SCENARIO, 2, server_url(), max_decisions=15)
                self.addCleanup(same.close)
                with self.assertRaises(AssertionError):  # what they say to a SAME_STEP env
                    wrap(same)
                v = TercioVecEnv(SCENARIO, self.N, server_url(), max_decisions=15, autoreset_mode=AutoresetMode.NEXT_STEP)
                env = vw.RecordEpisodeStatistics(wrap(v))
                self.addCleanup(env.close)
                obs, _ = env.reset(seed=3)
                self.assertIn(obs, env.observation_space)
                rng = np.random.default_rng(5)
                steps = np.zeros(self.N, dtype=int)
                episodes = 0
                for _ in range(60):
                    # action_masks(): rows of envs at their reset step are all True, so no special case is needed.
                    obs, r, term, trunc, info = env.step(np.array([rng.choice(np.flatnonzero(m)) for m in v.action_masks()]))
                    self.assertIn(obs, env.observation_space)
                    steps += 1
                    for i in np.flatnonzero(term | trunc):
                        self.assertEqual(int(info["episode"]["l"][i]), steps[i])  # exact in NEXT_STEP mode
                        steps[i] = -1  # the reset step does not count
                        episodes += 1
                self.assertGreaterEqual(episodes, 2 * self.N, name)

    def test_normalized_flat_observations_follow_the_raw_ones(self):
        # NormalizeObservation(FlattenObservation(v)) with frozen statistics is an affine map of the flattened raw
        # observation, reset steps included.
        raw = TercioVecEnv(SCENARIO, 2, server_url(), max_decisions=15, autoreset_mode=AutoresetMode.NEXT_STEP)
        v = TercioVecEnv(SCENARIO, 2, server_url(), max_decisions=15, autoreset_mode=AutoresetMode.NEXT_STEP)
        env = vw.NormalizeObservation(vw.FlattenObservation(v))
        for e in (raw, env):
            self.addCleanup(e.close)
        env.update_running_mean = False
        o_raw, _ = raw.reset(seed=9)
        o, _ = env.reset(seed=9)
        flat = lambda ob: np.stack([gym.spaces.flatten(raw.single_observation_space, {k: x[i] for k, x in ob.items()})  # noqa: E731
                                    for i in range(2)])
        scale = lambda x: (x - env.obs_rms.mean) / np.sqrt(env.obs_rms.var + env.epsilon)  # noqa: E731
        rng = np.random.default_rng(1)
        ended = False
        for _ in range(40):
            np.testing.assert_allclose(o, scale(flat(o_raw)).astype(np.float32), rtol=1e-6)
            a = np.array([rng.choice(np.flatnonzero(m)) for m in raw.action_masks()])
            o_raw, _, t, u, _ = raw.step(a)
            o, _, t2, u2, _ = env.step(a)
            np.testing.assert_array_equal(t, t2)
            ended |= bool((t | u).any())
        self.assertTrue(ended)


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
        # leave final_obs untransformed: TercioVecEnv(autoreset_mode=NEXT_STEP), NextStepAutoresetTest.)
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
