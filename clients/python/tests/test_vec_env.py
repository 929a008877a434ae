import unittest

import numpy as np

from .support import SCENARIO, random_actions, server_url
from tercio_client import BridgeError, Connection, TercioVecEnv, WINNER_TRUNCATED


class VecEnvTest(unittest.TestCase):
    def make(self, n=4, **kw):
        kw.setdefault("max_decisions", 40)
        v = TercioVecEnv(SCENARIO, n, server_url(), **kw)
        self.addCleanup(v.close)
        return v

    def test_spec_and_shapes(self):
        v = self.make(3)
        s = v.tercio_spec
        self.assertEqual(s.ruleset, "piwam")
        self.assertEqual(len(s.planes_shape), 3)
        self.assertEqual(len(s.channels), s.planes_shape[0])
        self.assertEqual(sum(g.size for g in s.segments), s.action_size)
        self.assertEqual(len(s.action_texts()), s.action_size)
        self.assertEqual(s.action_id(s.action_text(5)), 5)
        self.assertEqual(s.raw["hash"], s.hash)
        obs, infos = v.reset(seed=1)
        self.assertEqual(obs["planes"].shape, (3,) + s.planes_shape)
        self.assertEqual(obs["planes"].dtype, np.float32)
        self.assertEqual(obs["entities"].shape, (3,) + s.entities_shape)
        self.assertEqual(obs["globals"].shape, (3,) + s.globals_shape)
        self.assertEqual(obs["action_mask"].shape, (3, s.action_size))
        self.assertTrue((obs["action_mask"].sum(axis=1) == infos["legal_count"]).all())
        self.assertTrue(((infos["player"] == 0) | (infos["player"] == 1)).all())
        for i in range(3):
            self.assertTrue(v.single_observation_space["planes"].contains(obs["planes"][i]))

    def test_observe_any_seat(self):
        v = self.make(4, pipeline=2)  # envs 0-1 and 2-3 live in two sets on the server
        obs, infos = v.reset(seed=3)
        rng = np.random.default_rng(2)
        for _ in range(5):
            obs, _, _, _, infos = v.step(random_actions(rng, obs["action_mask"]))
        player = infos["player"]
        mine = v.observe(player)  # the seat to act: the step's observation
        for k in obs:
            np.testing.assert_array_equal(mine[k], obs[k], k)
        other = v.observe(1 - player)  # the waiting seat: its own view, nothing legal
        self.assertEqual(int(other["action_mask"].sum()), 0)
        for i in range(4):
            self.assertFalse(np.array_equal(other["planes"][i], obs["planes"][i]))
        some = v.observe(0, envs=[3, 1])
        for k, x in v.observe(0).items():
            np.testing.assert_array_equal(some[k], x[[3, 1]], k)
        with self.assertRaises(IndexError):
            v.observe(0, envs=[4])
        with self.assertRaises(BridgeError) as e:
            v.observe([0, 1], envs=[0])
        self.assertEqual(e.exception.code, "BATCH_LENGTH")
        # Observing changes nothing: the next step is the one a twin that never observed takes.
        twin = self.make(4)
        o, i = twin.reset(seed=3)
        rng = np.random.default_rng(2)
        for _ in range(5):
            o, _, _, _, i = twin.step(random_actions(rng, o["action_mask"]))
        a = random_actions(rng, o["action_mask"])
        np.testing.assert_array_equal(v.step(a)[0]["planes"], twin.step(a)[0]["planes"])

    def test_reset_is_deterministic_and_per_env_seeds_work(self):
        v = self.make(3)
        a, _ = v.reset(seed=7)
        b, _ = v.reset(seed=7)
        np.testing.assert_array_equal(a["planes"], b["planes"])
        c, _ = v.reset(seed=[9, 8, 7])
        np.testing.assert_array_equal(c["planes"][2], a["planes"][0])
        with self.assertRaises(BridgeError) as e:
            v.reset(seed=[1, 2])
        self.assertEqual(e.exception.code, "BATCH_LENGTH")

    def test_steps_auto_reset_with_final_observations(self):
        v = self.make(4)
        rng = np.random.default_rng(1)
        obs, infos = v.reset(seed=2)
        finals = 0
        for _ in range(100):
            obs, rew, term, trunc, infos = v.step(random_actions(rng, obs["action_mask"]))
            self.assertEqual(rew.shape, (4,))
            np.testing.assert_allclose(infos["rewards"].sum(axis=1), 0, atol=1e-6)  # zero-sum
            self.assertTrue((obs["action_mask"].sum(axis=1) > 0).all())  # never empty: finished envs were reset
            if "final_obs" in infos:
                done = term | trunc
                np.testing.assert_array_equal(infos["_final_obs"], done)
                for i in np.flatnonzero(done):
                    f = infos["final_obs"][i]
                    self.assertEqual(f["planes"].shape, v.tercio_spec.planes_shape)
                    self.assertEqual(int(f["action_mask"].sum()), 0)
                    self.assertGreater(int(infos["final_info"]["decisions"][i]), 0)
                    if trunc[i]:
                        self.assertEqual(int(infos["final_info"]["winner"][i]), WINNER_TRUNCATED)
                    finals += 1
        self.assertGreater(finals, 0)

    def test_same_seed_same_actions_same_game(self):
        v1, v2 = self.make(2), self.make(2)
        rng = np.random.default_rng(5)
        o1, _ = v1.reset(seed=11)
        o2, _ = v2.reset(seed=11)
        for _ in range(30):
            a = random_actions(rng, o1["action_mask"])
            o1, *_ = v1.step(a)
            o2, *_ = v2.step(a)
            np.testing.assert_array_equal(o1["planes"], o2["planes"])
            np.testing.assert_array_equal(o1["action_mask"], o2["action_mask"])

    def test_refused_steps_change_nothing(self):
        v, ref = self.make(3), self.make(3)
        rng = np.random.default_rng(3)
        obs, _ = v.reset(seed=4)
        ref.reset(seed=4)
        good = random_actions(rng, obs["action_mask"])
        bad = good.copy()
        bad[1] = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
        with self.assertRaises(BridgeError) as e:
            v.step(bad)
        self.assertEqual(e.exception.code, "ACTION_ILLEGAL")
        self.assertEqual(e.exception.env, 1)
        with self.assertRaises(BridgeError) as e:
            v.step(good[:2])
        self.assertEqual(e.exception.code, "BATCH_LENGTH")
        with self.assertRaises(BridgeError) as e:
            v.step([0, 0, v.tercio_spec.action_size])
        self.assertEqual(e.exception.code, "ACTION_OUT_OF_RANGE")
        a, *_ = v.step(good)
        b, *_ = ref.step(good)
        np.testing.assert_array_equal(a["planes"], b["planes"])

    def test_copy_option(self):
        # copy=True (default): arrays of their own, writable, untouched by later steps.
        rng = np.random.default_rng(1)
        for kw in ({}, {"delta_observations": False}, {"delta_observations": False, "sparse_planes": False}):
            v = self.make(2, **kw)
            obs, _ = v.reset(seed=1)
            kept = {k: a.copy() for k, a in obs.items()}
            obs["planes"][0, 0, 0, 0] = 5.0
            self.assertTrue(obs["action_mask"].flags.writeable)
            nxt, *_ = v.step(random_actions(rng, kept["action_mask"]))
            self.assertEqual(obs["planes"][0, 0, 0, 0], 5.0)
            for k in kept:
                if k != "planes":
                    np.testing.assert_array_equal(obs[k], kept[k])
        # copy=False: read-only; with deltas, views of the client's copy that the next step overwrites.
        w = self.make(2, copy=False)
        o, _ = w.reset(seed=1)
        self.assertFalse(o["planes"].flags.writeable)
        self.assertFalse(o["entities"].flags.writeable)
        self.assertFalse(o["action_mask"].flags.writeable)
        before = o["globals"].copy()
        o2, *_ = w.step(random_actions(rng, o["action_mask"]))
        self.assertIs(o2["globals"].base, o["globals"].base)
        self.assertFalse(np.array_equal(before, o["globals"]))  # overwritten in place

    def test_sparse_and_dense_planes_are_identical(self):
        d, s = self.make(3, sparse_planes=False), self.make(3, sparse_planes=True)
        rng = np.random.default_rng(9)
        od, _ = d.reset(seed=6)
        os_, _ = s.reset(seed=6)
        for _ in range(40):
            np.testing.assert_array_equal(od["planes"], os_["planes"])
            self.assertEqual(os_["planes"].dtype, np.float32)
            a = random_actions(rng, od["action_mask"])
            od, *_ = d.step(a)
            os_, *_ = s.step(a)

    def test_pipelined_parts_give_the_same_results(self):
        one, two = self.make(5), self.make(5, pipeline=2)
        rng = np.random.default_rng(4)
        o1, _ = one.reset(seed=21)
        o2, _ = two.reset(seed=21)
        finals = 0
        for _ in range(60):
            for k in o1:
                np.testing.assert_array_equal(o1[k], o2[k])
            a = random_actions(rng, o1["action_mask"])
            o1, r1, t1, u1, i1 = one.step(a)
            o2, r2, t2, u2, i2 = two.step(a)
            np.testing.assert_array_equal(r1, r2)
            np.testing.assert_array_equal(t1 | u1, t2 | u2)
            np.testing.assert_array_equal(i1["player"], i2["player"])
            self.assertEqual("final_obs" in i1, "final_obs" in i2)
            if "final_obs" in i1:
                np.testing.assert_array_equal(i1["_final_obs"], i2["_final_obs"])
                np.testing.assert_array_equal(i1["final_info"]["decisions"], i2["final_info"]["decisions"])
                for i in np.flatnonzero(i1["_final_obs"]):
                    np.testing.assert_array_equal(i1["final_obs"][i]["planes"], i2["final_obs"][i]["planes"])
                    finals += 1
        self.assertGreater(finals, 0)
        self.assertIn("turn", two.render(4))
        bad = random_actions(rng, o2["action_mask"])
        bad[3] = int(np.flatnonzero(o2["action_mask"][3] == 0)[0])
        with self.assertRaises(BridgeError) as e:
            two.step(bad)
        self.assertEqual((e.exception.code, e.exception.env), ("ACTION_ILLEGAL", 3))

    def test_events_and_render(self):
        v = self.make(2, events=True)
        rng = np.random.default_rng(0)
        obs, _ = v.reset(seed=1)
        texts = 0
        for _ in range(10):
            obs, _, _, _, infos = v.step(random_actions(rng, obs["action_mask"]))
            texts += sum(len(t) for t in infos.get("events", []))
        self.assertGreater(texts, 0)
        self.assertIn("turn", v.render(1))
        self.assertTrue(v.render(0, "svg").lstrip().startswith("<svg"))

    def test_closed_set_is_gone(self):
        conn = Connection(server_url())
        self.addCleanup(conn.close)
        v = TercioVecEnv(SCENARIO, 2, connection=conn)
        v.reset(seed=1)
        v.close()
        self.assertFalse(conn.closed)  # a shared connection stays open
        with self.assertRaises(BridgeError) as e:
            v.step([0, 0])
        self.assertEqual(e.exception.code, "ENV_NOT_FOUND")

    def test_bad_make_envs(self):
        with self.assertRaises(BridgeError) as e:
            TercioVecEnv("no-such-battle", 1, server_url())
        self.assertEqual(e.exception.code, "SCENARIO_NOT_FOUND")
        with self.assertRaises(BridgeError) as e:
            TercioVecEnv(SCENARIO, 100000, server_url())
        self.assertEqual(e.exception.code, "ENV_LIMIT")


if __name__ == "__main__":
    unittest.main()
