"""TercioAECEnv under PettingZoo's own api_test, seed_test and render_test, and the AEC rules they rely on."""
import os
import unittest
import warnings

import numpy as np
from pettingzoo.test import api_test, render_test, seed_test

from .support import SCENARIO, server_url
from tercio_client import TercioAECEnv, TercioVecEnv
from tercio_client.aec import AGENTS


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

    def test_each_agent_sees_the_position_from_its_own_seat(self):
        env = aec()
        self.addCleanup(env.close)
        env.reset(seed=2)
        # The reference: the server's encoding of each seat, asked on a set of its own (same seed, same actions).
        ref = TercioVecEnv(SCENARIO, 1, server_url(), max_decisions=40, autoreset_mode="next_step")
        self.addCleanup(ref.close)
        ref.reset(seed=2)
        seat_global = env.tercio_spec.global_names.index("env:seat")
        acting = env.agent_selection
        waiting = [a for a in env.possible_agents if a != acting][0]
        o = env.observe(waiting)
        self.assertIn(o, env.observation_space(waiting))
        # Right after reset, before its first turn: a real view (not zeros), of its own seat, nothing legal.
        self.assertEqual(int(o["action_mask"].sum()), 0)
        self.assertTrue(o["entities"].any() and o["planes"].any())
        self.assertEqual(o["globals"][seat_global], AGENTS.index(waiting))
        mine = env.observe(acting)
        self.assertGreater(int(mine["action_mask"].sum()), 0)
        self.assertEqual(mine["globals"][seat_global], AGENTS.index(acting))
        self.assertFalse(np.array_equal(o["planes"], mine["planes"]))
        want = ref.observe(AGENTS.index(waiting), [0])
        for k in o:
            np.testing.assert_array_equal(o[k], want[k][0], k)
        # The server's Observe of the seat to act is the step's own observation.
        for k, v in ref.observe(AGENTS.index(acting)).items():
            np.testing.assert_array_equal(v[0], mine[k], k)

        rng = np.random.default_rng(4)
        compared, ended = 0, False
        for agent in env.agent_iter(400):
            obs, _, term, trunc, _ = env.last()
            for other in env.agents:
                seen = env.observe(other)
                want = ref.observe(AGENTS.index(other), [0])
                for k in seen:
                    np.testing.assert_array_equal(seen[k], want[k][0], k)
                if not (term or trunc):  # env:seat is 0 in every final observation (as TercioEnv's)
                    self.assertEqual(seen["globals"][seat_global], AGENTS.index(other))
                if other != agent or term or trunc:
                    self.assertEqual(int(seen["action_mask"].sum()), 0)
                    compared += 1
            if term or trunc:
                if not ended:
                    # The final position, each agent from its own side (own/enemy planes swapped).
                    p0, p1 = (env.observe(x)["planes"] for x in AGENTS)
                    self.assertFalse(np.array_equal(p0, p1))
                ended = True
                env.step(None)
                continue
            a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            env.step(a)
            ref.step([a])
        self.assertTrue(ended)
        self.assertGreater(compared, 20)


if __name__ == "__main__":
    unittest.main()
