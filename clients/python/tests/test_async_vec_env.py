"""TercioAsyncVecEnv: the same trajectories as the sync TercioVecEnv for the same seeds and actions,
whatever order the sets are stepped in; env_id bookkeeping; auto-reset and final observations;
bad actions refused (client-side at send(), server-side at recv()) without changing anything; close."""
import unittest

import numpy as np

from .support import SCENARIO, server_url
from tercio_client import BridgeError, Connection, TercioAsyncVecEnv, TercioVecEnv, WINNER_TRUNCATED
from tercio_client import tercio_pb2 as pb

OBS_KEYS = ("planes", "entities", "globals", "action_mask")
INFO_KEYS = ("player", "actor", "rewards", "legal_count", "decision_kind", "decisions", "skipped")


def pick(masks: np.ndarray, u: np.ndarray) -> np.ndarray:
    """Legal action number floor(u * legal count) of each row: a function of the env's own state and
    its own random number, so both envs choose the same actions whatever order they step in."""
    out = np.empty(len(masks), dtype=np.int64)
    for k, m in enumerate(masks):
        legal = np.flatnonzero(m)
        out[k] = legal[int(u[k] * len(legal))]
    return out


def record(rows: dict, ids, obs, reward, term, trunc, info) -> None:
    """Appends each env's step (copied) to rows[env]."""
    for k, i in enumerate(ids):
        r = {key: np.array(obs[key][k]) for key in OBS_KEYS}
        r.update(reward=float(reward[k]), terminated=bool(term[k]), truncated=bool(trunc[k]))
        r.update({key: np.array(info[key][k]) for key in INFO_KEYS})
        if "final_obs" in info and info["_final_obs"][k]:
            f = info["final_obs"][k]
            r["final"] = {key: np.array(f[key]) for key in OBS_KEYS}
            r["episode"] = (np.array(info["final_info"]["returns"][k]), int(info["final_info"]["decisions"][k]), int(info["final_info"]["winner"][k]))
        for key in ("opponent_actions", "opponent_after_reset"):
            if key in info:
                r[key] = list(info[key][k])
        rows.setdefault(int(i), []).append(r)


class AsyncVecEnvTest(unittest.TestCase):
    N, B = 6, 2  # three sets of two envs

    def make_async(self, **kw):
        kw.setdefault("max_decisions", 30)
        kw.setdefault("batch_size", self.B)
        a = TercioAsyncVecEnv(SCENARIO, self.N, server_url(), **kw)
        self.addCleanup(a.close)
        return a

    def make_sync(self, **kw):
        kw.setdefault("max_decisions", 30)
        v = TercioVecEnv(SCENARIO, self.N, server_url(), **kw)
        self.addCleanup(v.close)
        return v

    def sync_rows(self, steps: int, u: np.ndarray, seed: int, **kw) -> dict:
        v = self.make_sync(**kw)
        rows: dict = {}
        obs, info = v.reset(seed=seed)
        z = np.zeros(self.N)
        record(rows, range(self.N), obs, z, z.astype(bool), z.astype(bool), info)
        for t in range(steps):
            out = v.step(pick(obs["action_mask"], u[t]))
            obs = out[0]
            record(rows, range(self.N), *out)
        return rows

    def async_rows(self, steps: int, u: np.ndarray, seed: int, order_seed: int, **kw) -> dict:
        """Steps every set `steps` times, receiving and sending in a random interleaving: sets are
        held back and sent out of the order they were received in."""
        a = self.make_async(**kw)
        rng = np.random.default_rng(order_seed)
        rows: dict = {}
        count = [0] * (self.N // self.B)  # steps sent per set
        held = []  # (set, obs mask, env_id) received, actions not sent yet
        a.async_reset(seed=seed)
        flight = len(count)
        while flight or held:
            if flight and (not held or rng.random() < 0.5):
                obs, reward, term, trunc, info = a.recv()
                flight -= 1
                ids = info["env_id"]
                record(rows, ids, obs, reward, term, trunc, info)
                held.append((int(ids[0]) // self.B, np.array(obs["action_mask"]), ids))
            else:
                j, mask, ids = held.pop(int(rng.integers(len(held))))
                if count[j] < steps:
                    a.send(pick(mask, u[count[j], ids]), ids)
                    count[j] += 1
                    flight += 1
        return rows

    def assert_same_rows(self, want: dict, got: dict) -> int:
        self.assertEqual(sorted(want), sorted(got))
        finals = 0
        for i in want:
            self.assertEqual(len(want[i]), len(got[i]))
            for t, (w, g) in enumerate(zip(want[i], got[i])):
                self.assertEqual(sorted(w), sorted(g), f"env {i} step {t}")
                for key in w:
                    if key == "final":
                        for k in OBS_KEYS:
                            np.testing.assert_array_equal(w[key][k], g[key][k], f"env {i} step {t} final {k}")
                        finals += 1
                    elif key == "episode":
                        np.testing.assert_array_equal(w[key][0], g[key][0])
                        self.assertEqual(w[key][1:], g[key][1:])
                    elif isinstance(w[key], np.ndarray):
                        np.testing.assert_array_equal(w[key], g[key], f"env {i} step {t} {key}")
                    else:
                        self.assertEqual(w[key], g[key], f"env {i} step {t} {key}")
        return finals

    def check_same_trajectories(self, steps=70, **kw):
        u = np.random.default_rng(3).random((steps, self.N))
        want = self.sync_rows(steps, u, 12, **{k: v for k, v in kw.items() if k != "copy"})
        for order_seed in (1, 2):
            got = self.async_rows(steps, u, 12, order_seed, **kw)
            finals = self.assert_same_rows(want, got)
            self.assertGreater(finals, 0)  # episodes ended (max_decisions 30) and were auto-reset
        return want

    def test_same_trajectories_as_the_sync_env(self):
        self.check_same_trajectories()

    def test_same_trajectories_without_copies(self):
        self.check_same_trajectories(copy=False)

    def test_same_trajectories_with_whole_arrays(self):
        self.check_same_trajectories(delta_observations=False)

    def test_same_trajectories_against_a_server_opponent(self):
        rows = self.check_same_trajectories(steps=40, opponent="random", opponent_player=1)
        self.assertTrue(any(r["opponent_actions"] for env in rows.values() for r in env))

    def test_env_id_bookkeeping(self):
        a = self.make_async()
        self.assertEqual((a.num_envs, a.batch_size, a.tercio_spec.count), (6, 2, 6))
        with self.assertRaises(RuntimeError):
            a.recv()  # nothing in flight
        a.async_reset(seed=5)
        got = []
        for _ in range(3):
            obs, rew, term, trunc, info = a.recv()
            self.assertEqual(info["env_id"].dtype, np.int32)
            self.assertEqual(obs["planes"].shape, (2,) + a.tercio_spec.planes_shape)
            self.assertEqual(rew.shape, (2,))
            self.assertEqual(info["player"].shape, (2,))
            got.append((info["env_id"].tolist(), obs["action_mask"].copy()))
        self.assertEqual([g[0] for g in got], [[0, 1], [2, 3], [4, 5]])  # sets come back in request order
        masks = {tuple(ids): m for ids, m in got}
        # Sent out of order: [4, 5], then (env_id=None) the set received longest ago, [0, 1].
        a.send(pick(masks[(4, 5)], np.zeros(2)), np.array([4, 5]))
        a.send(pick(masks[(0, 1)], np.zeros(2)))
        self.assertEqual(a.conn.in_flight, 2)
        with self.assertRaises(BridgeError) as e:
            a.send(pick(masks[(4, 5)], np.zeros(2)), [4, 5])  # already in flight
        self.assertEqual(e.exception.code, "BAD_REQUEST")
        with self.assertRaises(BridgeError) as e:
            a.send(pick(masks[(2, 3)], np.zeros(2)), [1, 2])  # not one set's ids
        self.assertEqual(e.exception.code, "BAD_REQUEST")
        self.assertIn("turn", a.render(3))  # a synchronous request while two steps are in flight
        self.assertEqual(a.recv()[4]["env_id"].tolist(), [4, 5])
        a.send(pick(masks[(2, 3)], np.zeros(2)))  # the oldest waiting set is now [2, 3]
        self.assertEqual(a.recv()[4]["env_id"].tolist(), [0, 1])
        obs, _, _, _, info = a.recv()
        self.assertEqual(info["env_id"].tolist(), [2, 3])
        self.assertTrue((info["actor"] >= 0).all())  # a step, not the reset
        with self.assertRaises(ValueError):
            TercioAsyncVecEnv(SCENARIO, 5, server_url(), batch_size=2)

    def test_async_reset_with_steps_in_flight_and_per_env_seeds(self):
        a = self.make_async()
        ref = self.make_sync()
        seeds = [40, 41, 42, 43, 44, 45]
        want, _ = ref.reset(seed=seeds)
        a.async_reset(seed=7)
        obs, _, _, _, info = a.recv()
        a.send(pick(obs["action_mask"], np.zeros(2)), info["env_id"])
        a.async_reset(seed=seeds)  # two resets and a step in flight: collected and dropped first
        for j in range(3):
            obs, rew, _, _, info = a.recv()
            ids = info["env_id"]
            self.assertEqual(ids.tolist(), [2 * j, 2 * j + 1])
            for k in OBS_KEYS:
                np.testing.assert_array_equal(obs[k], want[k][ids])
            np.testing.assert_array_equal(info["actor"], [-1, -1])
            np.testing.assert_array_equal(rew, [0, 0])
        with self.assertRaises(BridgeError) as e:
            a.async_reset(seed=[1, 2])
        self.assertEqual(e.exception.code, "BATCH_LENGTH")

    def test_auto_reset_and_final_observations(self):
        a = self.make_async(max_decisions=8)
        u = np.random.default_rng(0)
        a.async_reset(seed=3)
        ended = set()
        for _ in range(60):
            obs, rew, term, trunc, info = a.recv()
            ids = info["env_id"]
            self.assertTrue((obs["action_mask"].sum(axis=1) > 0).all())  # finished envs were reset
            np.testing.assert_allclose(info["rewards"].sum(axis=1), 0, atol=1e-6)
            done = term | trunc
            if done.any():
                np.testing.assert_array_equal(info["_final_obs"], done)
                for k in np.flatnonzero(done):
                    f = info["final_obs"][k]
                    self.assertEqual(int(f["action_mask"].sum()), 0)  # the finished position: no legal action
                    self.assertEqual(int(info["final_info"]["decisions"][k]), 8)
                    self.assertEqual(int(info["final_info"]["winner"][k]), WINNER_TRUNCATED)
                    self.assertLess(int(info["decisions"][k]), 8)  # the new episode's count (forced decisions skipped count)
                    ended.add(int(ids[k]))
            else:
                self.assertNotIn("final_obs", info)
            a.send(pick(obs["action_mask"], u.random(2)), ids)
        self.assertEqual(ended, set(range(6)))  # every set ended episodes and reported them under its own ids

    def test_bad_actions_change_nothing(self):
        a = self.make_async()
        ref = self.make_sync()
        want, _ = ref.reset(seed=9)
        a.async_reset(seed=9)
        batches = [a.recv() for _ in range(3)]
        obs, _, _, _, info = batches[1]  # envs 2, 3
        good = pick(obs["action_mask"], np.zeros(2))
        bad = good.copy()
        bad[1] = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
        # Client-side: refused at send(), nothing goes out.
        with self.assertRaises(BridgeError) as e:
            a.send(bad, info["env_id"])
        self.assertEqual((e.exception.code, e.exception.env), ("ACTION_ILLEGAL", 3))
        with self.assertRaises(BridgeError) as e:
            a.send([0, a.tercio_spec.action_size], info["env_id"])
        self.assertEqual((e.exception.code, e.exception.env), ("ACTION_OUT_OF_RANGE", 3))
        with self.assertRaises(BridgeError) as e:
            a.send(good[:1], info["env_id"])
        self.assertEqual(e.exception.code, "BATCH_LENGTH")
        self.assertEqual(a.conn.in_flight, 0)
        # Server-side (the client's check switched off): refused at recv(), the set waits for actions again.
        check, a._check = a._check, lambda j, acts: None
        a.send(bad, info["env_id"])
        with self.assertRaises(BridgeError) as e:
            a.recv()
        self.assertEqual((e.exception.code, e.exception.env), ("ACTION_ILLEGAL", 3))
        a._check = check
        # Then every set steps on as if nothing had happened.
        acts = np.concatenate([pick(b[0]["action_mask"], np.zeros(2)) for b in batches])
        want, wr, wt, wu, wi = ref.step(acts)
        for j in (1, 0, 2):
            a.send(acts[2 * j:2 * j + 2], [2 * j, 2 * j + 1])
        for j in (1, 0, 2):
            obs, rew, _, _, info = a.recv()
            self.assertEqual(info["env_id"].tolist(), [2 * j, 2 * j + 1])
            for k in OBS_KEYS:
                np.testing.assert_array_equal(obs[k], want[k][2 * j:2 * j + 2])
            np.testing.assert_array_equal(rew, wr[2 * j:2 * j + 2])

    def test_close(self):
        # Own connection: closed with steps in flight, then closed again; anything afterwards says CLOSED.
        a = TercioAsyncVecEnv(SCENARIO, 4, server_url(), batch_size=2, max_decisions=20)
        a.async_reset(seed=1)
        obs, _, _, _, info = a.recv()
        a.send(pick(obs["action_mask"], np.zeros(2)), info["env_id"])
        a.close()
        self.assertTrue(a.conn.closed)
        a.close()
        for call in (a.recv, lambda: a.async_reset(seed=1), lambda: a.send([0, 0])):
            with self.assertRaises(BridgeError) as e:
                call()
            self.assertEqual(e.exception.code, "CLOSED")
        # Shared connection: its replies are collected, its sets freed, the connection stays usable.
        conn = Connection(server_url())
        self.addCleanup(conn.close)
        b = TercioAsyncVecEnv(SCENARIO, 4, batch_size=2, connection=conn)
        handles = [h for h, _, _ in b._vec._parts]
        b.async_reset(seed=1)
        b.close()
        self.assertFalse(conn.closed)
        self.assertEqual(conn.in_flight, 0)
        for h in handles:
            with self.assertRaises(BridgeError) as e:
                conn.request(step=pb.Step(env_set=h, actions=[0, 0]))
            self.assertEqual(e.exception.code, "ENV_NOT_FOUND")

    def test_bench_async_mode(self):
        from tercio_client import bench
        r = bench.run(server_url(), SCENARIO, 4, 0, 1, 2, batches=10, batch_size=2)
        self.assertEqual((r["num_envs"], r["batch_size"], r["batches"], r["env_steps"]), (4, 2, 10, 20))
        self.assertGreater(r["steps_per_s"], 0)
        self.assertGreater(r["kb_per_batch"], 0)

    def test_connection_replies_by_id(self):
        # Connection.send/reply: replies may be collected in any order; each goes to its own request.
        conn = Connection(server_url())
        self.addCleanup(conn.close)
        make = lambda n: conn.request(make_envs=pb.MakeEnvs(scenario_id=SCENARIO, count=n, base_seed=1)).env_spec.env_set
        h1, h2 = make(1), make(2)
        r1 = conn.send(reset=pb.Reset(env_set=h1, seed=1))
        r2 = conn.send(reset=pb.Reset(env_set=h2, seed=1))
        r3 = conn.send(step=pb.Step(env_set=h2, actions=[10**6, 0]))
        self.assertEqual(conn.reply(r2).batch.count, 2)
        with self.assertRaises(BridgeError) as e:
            conn.reply(r3)
        self.assertEqual((e.exception.code, e.exception.env), ("ACTION_OUT_OF_RANGE", 0))
        self.assertEqual(conn.reply(r1).batch.count, 1)
        self.assertEqual(conn.in_flight, 0)
        with self.assertRaises(BridgeError) as e:
            conn.reply(r1)
        self.assertEqual(e.exception.code, "OUT_OF_ORDER")


if __name__ == "__main__":
    unittest.main()
