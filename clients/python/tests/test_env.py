import unittest

import numpy as np

from .support import SCENARIO, server_url
from tercio_client import TercioAECEnv, TercioEnv


class TercioEnvTest(unittest.TestCase):
    def test_episode_until_truncation(self):
        env = TercioEnv(SCENARIO, server_url(), max_decisions=30)
        self.addCleanup(env.close)
        rng = np.random.default_rng(0)
        obs, info = env.reset(seed=3)
        self.assertTrue(env.observation_space["planes"].contains(obs["planes"]))
        self.assertIn(info["player"], (0, 1))
        self.assertIsInstance(info["decision_kind"], str)
        steps, done = 0, False
        while not done:
            mask = env.action_masks()
            self.assertEqual(int(mask.sum()), info["legal_count"])
            a = int(rng.choice(env.legal_actions()))
            self.assertTrue(env.action_text(a).split(":")[0] in ("choice", "wing", "unit", "hex"))
            obs, reward, term, trunc, info = env.step(a)
            self.assertAlmostEqual(float(info["rewards"].sum()), 0.0, places=6)
            done = term or trunc
            steps += 1
            self.assertLess(steps, 1000)
        self.assertTrue(trunc or term)
        self.assertEqual(int(obs["action_mask"].sum()), 0)
        self.assertEqual(info["winner"], 3)  # truncated (max_decisions)
        self.assertEqual(info["player"], -1)
        self.assertEqual(info["returns"].shape, (2,))
        with self.assertRaises(RuntimeError):
            env.step(0)
        obs2, _ = env.reset(seed=3)
        obs3, _ = env.reset(seed=3)
        np.testing.assert_array_equal(obs2["planes"], obs3["planes"])
        self.assertIsNone(env.render())  # no render mode: nothing (Gymnasium's rule)


class AECTest(unittest.TestCase):
    def test_full_game_in_aec_style(self):
        env = TercioAECEnv(SCENARIO, server_url(), max_decisions=40)
        self.addCleanup(env.close)
        env.reset(seed=5)
        rng = np.random.default_rng(2)
        seen = set()
        checked_dead_step = False
        for _ in range(500):
            if not env.agents:
                break
            agent = env.agent_selection
            obs, rew, term, trunc, info = env.last()
            if term or trunc:
                if not checked_dead_step:
                    with self.assertRaises(ValueError):
                        env.step(0)  # a finished agent must be stepped with None
                    checked_dead_step = True
                env.step(None)
                continue
            seen.add(agent)
            self.assertIs(obs, env.observe(agent))
            self.assertEqual(int(obs["action_mask"].sum()), info["legal_count"])
            env.step(int(rng.choice(np.flatnonzero(env.action_mask()))))
        self.assertTrue(checked_dead_step)
        self.assertEqual(env.agents, [])
        self.assertEqual(seen, {"player_0", "player_1"})  # both seats were asked to decide
        self.assertTrue(all(env.truncations.values()) or all(env.terminations.values()))
        self.assertAlmostEqual(sum(env.rewards.values()), 0.0, places=6)

if __name__ == "__main__":
    unittest.main()
