"""The server-side opponent from Python: the client only ever sees its own seat."""
import unittest

import numpy as np

from .support import SCENARIO, random_actions, server_url
from tercio_client import BridgeError, TercioEnv, TercioVecEnv


class OpponentTest(unittest.TestCase):
    def test_vec_env_against_heuristic_sees_only_its_seat(self):
        for me in (0, 1):
            v = TercioVecEnv(SCENARIO, 4, server_url(), opponent="heuristic", opponent_player=1 - me, max_decisions=60, seed=3)
            self.addCleanup(v.close)
            rng = np.random.default_rng(me)
            obs, infos = v.reset(seed=5)
            self.assertTrue((infos["player"] == me).all())
            opp = ends = 0
            for _ in range(120):
                obs, rew, term, trunc, infos = v.step(random_actions(rng, obs["action_mask"]))
                self.assertTrue((infos["player"] == me).all(), infos["player"])
                self.assertTrue((infos["actor"] == me).all())
                self.assertEqual(len(infos["opponent_actions"]), 4)
                opp += sum(len(a) for a in infos["opponent_actions"])
                ends += int((term | trunc).sum())
                for t in (t for acts in infos["opponent_actions"] for t in acts):
                    self.assertIn(t.split(":")[0], ("choice", "wing", "unit", "hex"))
            self.assertGreater(opp, 0)
            self.assertGreater(ends, 0)

    def test_single_env_against_heuristic(self):
        env = TercioEnv(SCENARIO, server_url(), opponent="heuristic", opponent_player=1, max_decisions=50)
        self.addCleanup(env.close)
        rng = np.random.default_rng(2)
        obs, info = env.reset(seed=9)
        self.assertEqual(info["player"], 0)
        done, opp = False, 0
        while not done:
            obs, reward, term, trunc, info = env.step(int(rng.choice(env.legal_actions())))
            done = term or trunc
            opp += len(info["opponent_actions"])
            if not done:
                self.assertEqual(info["player"], 0)
        self.assertGreater(opp, 0)

    def test_same_seeds_same_opponent(self):
        runs = []
        for _ in range(2):
            v = TercioVecEnv(SCENARIO, 2, server_url(), opponent="heuristic:epsilon=0.3", max_decisions=60, seed=8)
            self.addCleanup(v.close)
            rng = np.random.default_rng(0)
            obs, infos = v.reset(seed=8)
            moves = [infos["opponent_actions"].tolist()]
            for _ in range(30):
                obs, *_, infos = v.step(random_actions(rng, obs["action_mask"]))
                moves.append(infos["opponent_actions"].tolist())
            runs.append(moves)
        self.assertEqual(runs[0], runs[1])

    def test_bad_opponent_is_refused(self):
        with self.assertRaises(BridgeError) as e:
            TercioVecEnv(SCENARIO, 1, server_url(), opponent="grandmaster")
        self.assertEqual(e.exception.code, "AGENT_INVALID")
        with self.assertRaises(BridgeError) as e:
            TercioVecEnv(SCENARIO, 1, server_url(), opponent="random", opponent_player=2)
        self.assertEqual(e.exception.code, "BAD_REQUEST")


if __name__ == "__main__":
    unittest.main()
