"""Delta observations (the default) against whole arrays: the same observations,
bit for bit, over many random steps with auto-resets, final observations,
Resets, refused steps and pipelined parts. (test/bridge/delta.test.ts checks
the same against the in-process VecEnv.)"""
import unittest

import numpy as np

from .support import SCENARIO, random_actions, server_url
from tercio_client import BridgeError, TercioVecEnv


def bits(a: np.ndarray) -> np.ndarray:
    """The bit patterns of an observation array (NaN payloads and -0 included)."""
    a = np.ascontiguousarray(a)
    return a.view(np.uint32) if a.dtype == np.float32 else a


class DeltaTest(unittest.TestCase):
    def make(self, n, **kw):
        kw.setdefault("max_decisions", 40)
        v = TercioVecEnv(SCENARIO, n, server_url(), **kw)
        self.addCleanup(v.close)
        return v

    def same_obs(self, a, b, what):
        self.assertEqual(sorted(a), sorted(b))
        for k in a:
            self.assertEqual(a[k].shape, b[k].shape, f"{what} {k}")
            self.assertEqual(a[k].dtype, b[k].dtype, f"{what} {k}")
            np.testing.assert_array_equal(bits(a[k]), bits(b[k]), err_msg=f"{what} {k}")

    def run_pair(self, n, delta_kw, steps=150, resets=(0, 70)):
        whole = self.make(n, delta_observations=False, sparse_planes=False)
        delta = self.make(n, **delta_kw)
        self.assertTrue(delta._delta)
        rng = np.random.default_rng(n)
        finals = 0
        for t in range(steps):
            if t in resets:
                ow, iw = whole.reset(seed=100 + t)
                od, idl = delta.reset(seed=100 + t)
            else:
                a = random_actions(rng, ow["action_mask"])
                if t == 33:
                    bad = a.copy()
                    bad[n - 1] = whole.tercio_spec.action_size
                    with self.assertRaises(BridgeError):
                        delta.step(bad)
                ow, rw, tw, uw, iw = whole.step(a)
                od, rd, td, ud, idl = delta.step(a)
                np.testing.assert_array_equal(rw, rd)
                np.testing.assert_array_equal(tw | uw, td | ud)
            self.same_obs(ow, od, f"step {t}")
            for k in ("player", "legal_count", "decisions", "rewards"):
                np.testing.assert_array_equal(iw[k], idl[k])
            self.assertEqual("final_obs" in iw, "final_obs" in idl)
            if "final_obs" in iw:
                np.testing.assert_array_equal(iw["_final_obs"], idl["_final_obs"])
                np.testing.assert_array_equal(iw["final_info"]["returns"], idl["final_info"]["returns"])
                for i in np.flatnonzero(iw["_final_obs"]):
                    self.same_obs(iw["final_obs"][i], idl["final_obs"][i], f"final of env {i} at step {t}")
                    finals += 1
        self.assertGreater(finals, 5)  # max_decisions 40: many auto-resets

    def test_delta_equals_whole_arrays(self):
        self.run_pair(6, {})

    def test_delta_without_copies(self):
        self.run_pair(5, {"copy": False})

    def test_delta_pipelined(self):
        self.run_pair(7, {"pipeline": 3})

    def test_negotiated_off(self):
        v = self.make(2, delta_observations=False)
        self.assertFalse(v._delta)
        obs, _ = v.reset(seed=1)
        self.assertEqual(obs["planes"].shape, (2,) + v.tercio_spec.planes_shape)


if __name__ == "__main__":
    unittest.main()
