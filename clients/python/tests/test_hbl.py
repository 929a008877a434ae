"""Hell Broke Loose (hbl) over the bridge: whole games on hbl-training through
TercioEnv, with random masked actions on both seats and against the
server-side heuristic; the deck counts reach the observation's globals."""
import unittest

import numpy as np

from .support import server_url
from tercio_client import TercioEnv

SCENARIO = "hbl-training"


class HblEnvTest(unittest.TestCase):
    def play(self, env: TercioEnv, seed: int):
        rng = np.random.default_rng(seed)
        obs, info = env.reset(seed=seed)
        steps, ret = 0, 0.0
        while True:
            self.assertEqual(int(obs["action_mask"].sum()), info["legal_count"])
            obs, reward, term, trunc, info = env.step(int(rng.choice(env.legal_actions())))
            ret += float(reward)
            steps += 1
            self.assertLess(steps, 5000)
            if term or trunc:
                return obs, info, steps, ret

    def test_self_play_game_ends_by_the_rules(self):
        env = TercioEnv(SCENARIO, server_url())
        self.addCleanup(env.close)
        obs, _ = env.reset(seed=7)
        spec = env.tercio_spec
        self.assertEqual(obs["planes"].shape[1:], (12, 12))
        self.assertTrue(env.observation_space["globals"].contains(obs["globals"]))
        # Both decks' remaining cards by type (count / 10): the default 30-card decks, untouched before the first card.
        names = list(spec.global_names)
        for who in ("own", "enemy"):
            idx = [i for i, n in enumerate(names) if n.startswith(f"{who}-deck:")]
            self.assertEqual(len(idx), 10)
            self.assertAlmostEqual(float(obs["globals"][idx].sum()) * 10, 30.0, places=4)
        obs, info, steps, _ = self.play(env, 7)
        self.assertIn(info["winner"], (0, 1, 2))  # ended by the rules (3 would be truncation)
        self.assertGreater(steps, 10)
        self.assertEqual(int(obs["action_mask"].sum()), 0)

    def test_game_against_the_server_heuristic(self):
        env = TercioEnv(SCENARIO, server_url(), opponent="heuristic")
        self.addCleanup(env.close)
        _, info, steps, ret = self.play(env, 11)
        self.assertIn(info["winner"], (0, 1, 2))
        self.assertGreater(steps, 0)
        self.assertIn(round(ret), (-1, 0, 1))


if __name__ == "__main__":
    unittest.main()
