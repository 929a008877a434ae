"""TercioAECEnv under PettingZoo's own api_test, seed_test and render_test, and the AEC rules they rely on."""
import os
import unittest
import warnings

import numpy as np
from pettingzoo.test import api_test, render_test, seed_test

from .support import SCENARIO, server_url
from tercio_client import TercioAECEnv


def aec(**kw):
    kw.setdefault("max_decisions", 40)
    return TercioAECEnv(SCENARIO, server_url(), **kw)


class PettingZooCheckersTest(unittest.TestCase):
    def test_api_test(self):
        for layout in ("dict", "masked"):
            env = aec(observation_layout=layout)
            self.addCleanup(env.close)
            with warnings.catch_warnings(record=True) as w:
                warnings.simplefilter("always")
                api_test(env, num_cycles=200)
            msgs = [str(x.message) for x in w]
            # api_test warns for dict observation spaces and observations ("probably should be ... box", "not a NumPy
            # array": Tercio's are dicts of arrays) and for all-zero masks (a waiting agent's, every final
            # observation's); nothing else.
            allowed = ("Observation space for each agent probably should be", "Observation is not a NumPy array",
                       "Action mask numpy array is all zeros")
            self.assertEqual([m for m in msgs if not m.startswith(allowed)], [], layout)

    def test_seed_test(self):
        seed_test(lambda: aec(), num_cycles=60)

    def test_render_test(self):
        render_test(lambda render_mode=None: aec(render_mode=render_mode))


class AECRulesTest(unittest.TestCase):
    def play(self, env, rng, illegal_at=None):
        """Plays one game; returns (accumulated reward of each agent from last(), steps, agents in stepping order)."""
        got = {a: 0.0 for a in env.possible_agents}
        order, steps = [], 0
        for agent in env.agent_iter(2000):
            obs, reward, term, trunc, info = env.last()
            got[agent] += reward
            order.append(agent)
            if term or trunc:
                env.step(None)
                continue
            mask = obs["action_mask"]
            if illegal_at is not None and steps == illegal_at:
                env.step(int(np.flatnonzero(mask == 0)[0]))
            else:
                env.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
        return got, steps, order

    def test_final_reward_counted_once_and_finished_agents_removed(self):
        env = aec()
        self.addCleanup(env.close)
        env.reset(seed=6)
        first = env.agent_selection
        got, steps, _ = self.play(env, np.random.default_rng(1), illegal_at=5)
        self.assertEqual(steps, 6)
        # The agent that chose a masked-out action at its 6th step lost: -1 for it, +1 for the other, once each.
        loser = [a for a, r in got.items() if r < 0]
        self.assertEqual(len(loser), 1)
        self.assertEqual(sorted(got.values()), [-1.0, 1.0])
        self.assertEqual(env.agents, [])
        for d in (env.rewards, env.terminations, env.truncations, env.infos):
            self.assertEqual(d, {})
        self.assertIn(first, env.possible_agents)

    def test_observations_are_each_agents_own(self):
        env = aec()
        self.addCleanup(env.close)
        env.reset(seed=2)
        acting = env.agent_selection
        waiting = [a for a in env.possible_agents if a != acting][0]
        o = env.observe(waiting)
        self.assertIsNotNone(o)
        self.assertIn(o, env.observation_space(waiting))
        self.assertEqual(int(o["action_mask"].sum()), 0)  # not its turn (and no view of its own yet)
        self.assertGreater(int(env.observe(acting)["action_mask"].sum()), 0)
        rng = np.random.default_rng(4)
        last_own = {}
        for agent in env.agent_iter(400):
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            last_own[agent] = {k: v.copy() for k, v in obs.items()}
            for other in env.agents:
                if other != agent and other in last_own:
                    # The waiting agent sees its own latest view (mask cleared), never the actor's.
                    seen = env.observe(other)
                    np.testing.assert_array_equal(seen["planes"], last_own[other]["planes"])
                    self.assertEqual(int(seen["action_mask"].sum()), 0)
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        self.assertEqual(set(last_own), set(env.possible_agents))


if __name__ == "__main__":
    unittest.main()
