"""tercio_client.ray on a two-node Ray cluster on this machine (ray.cluster_utils.Cluster: a head and a
worker node, each its own raylet, one CPU each), the recipe of docs/python.md: actors and tasks land on
both nodes (their node ids), and the Ray paths give exactly what the single-process paths give for the
same seeds — env-set trajectories (RayVecEnv vs TercioAsyncVecEnv), tournament results (ray_tournament
vs `tercio tournament --json`) and collected episodes (collect_episodes vs play_episodes). Skipped, with
the reason, where ray is not importable."""
import importlib.util
import json
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

import numpy as np

from .support import SCENARIO

HAVE_RAY = importlib.util.find_spec("ray") is not None
REPO = Path(__file__).resolve().parents[3]  # the CLI the tournament is compared with


@unittest.skipUnless(HAVE_RAY, "ray is not importable (npm run setup installs it): Ray scale-out not tested")
class RayTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        import ray
        from ray.cluster_utils import Cluster
        from tercio_client import LocalServer
        cls.server = LocalServer()
        cls.url = cls.server.start()
        cls.cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1, "include_dashboard": False})
        cls.cluster.add_node(num_cpus=1)
        ray.init(address=cls.cluster.address, log_to_driver=False, configure_logging=False)
        cls.cluster.wait_for_nodes()
        cls.node_ids = {n["NodeID"] for n in ray.nodes() if n["Alive"]}

    @classmethod
    def tearDownClass(cls):
        import ray
        ray.shutdown()
        cls.cluster.shutdown()
        cls.server.stop()

    def test_the_cluster_has_two_nodes(self):
        self.assertEqual(len(self.node_ids), 2)

    def test_env_sets_on_actors_match_the_async_client(self):
        from tercio_client import TercioAsyncVecEnv
        from tercio_client.ray import RayVecEnv

        kw = dict(max_decisions=60, reward_shaping=0.5)
        ray_env = RayVecEnv(SCENARIO, num_envs=8, batch_size=4, seed=3, actor_options={"scheduling_strategy": "SPREAD"}, **kw)
        local = TercioAsyncVecEnv(SCENARIO, num_envs=8, url=self.url, batch_size=4, seed=3, **kw)
        try:
            self.assertEqual(ray_env.tercio_spec.hash, (getattr(local, "tercio_spec", None) or local.spec).hash)
            self.assertEqual(set(ray_env.nodes()), self.node_ids, "one actor on each node")
            rngs = [np.random.default_rng(100 + i) for i in range(8)]
            ray_env.async_reset(seed=7)
            local.async_reset(seed=7)
            finals = 0
            for step in range(2 + 2 * 80):
                a = ray_env.recv()
                b = local.recv()
                np.testing.assert_array_equal(a[4]["env_id"], b[4]["env_id"])
                for key in b[0]:
                    np.testing.assert_array_equal(a[0][key], b[0][key], err_msg=f"step {step} obs {key}")
                for i in (1, 2, 3):
                    np.testing.assert_array_equal(a[i], b[i], err_msg=f"step {step} field {i}")
                for key in ("player", "rewards", "decisions"):
                    np.testing.assert_array_equal(a[4][key], b[4][key], err_msg=f"step {step} info {key}")
                if "_final_obs" in b[4] or "_final_info" in b[4]:
                    fk = "_final_info" if "_final_info" in b[4] else "_final_obs"
                    np.testing.assert_array_equal(a[4][fk], b[4][fk])
                    finals += int(np.sum(b[4][fk]))
                    if "final_info" in b[4]:
                        np.testing.assert_array_equal(a[4]["final_info"]["winner"], b[4]["final_info"]["winner"])
                ids = b[4]["env_id"]
                acts = np.array([rngs[i].choice(np.flatnonzero(m)) for i, m in zip(ids, b[0]["action_mask"])])
                ray_env.send(acts, ids)
                local.send(acts, ids)
            self.assertGreater(finals, 0, "episodes ended (auto-reset and finals compared)")
        finally:
            ray_env.close()
            local.close()

    def test_tournament_as_tasks_matches_the_cli(self):
        from tercio_client.ray import ray_tournament

        agents = ["random", "heuristic:epsilon=0.2", "random"]
        rep = ray_tournament(agents, SCENARIO, games=2, seed=4, tasks=2, task_options={"scheduling_strategy": "SPREAD"})
        with tempfile.TemporaryDirectory() as d:
            out = Path(d) / "t.json"
            r = subprocess.run(["node", str(REPO / "bin" / "tercio.mjs"), "tournament", "--agents", ",".join(agents),
                                "--scenario", SCENARIO, "--games", "2", "--seed", "4", "--json", str(out), "--quiet"],
                               cwd=str(REPO), capture_output=True, text=True, timeout=300)
            self.assertEqual(r.returncode, 0, r.stderr)
            cli = json.loads(out.read_text())
        strip = lambda games: [{k: v for k, v in g.items() if k != "ms"} for g in games]  # noqa: E731
        self.assertEqual(len(rep["games"]), 6)
        self.assertEqual(strip(rep["games"]), strip(cli["games"]))
        self.assertEqual([(a["name"], a["wins"], a["draws"], a["losses"], a["rating"]) for a in rep["agents"]],
                         [(a["name"], a["wins"], a["draws"], a["losses"], a["rating"]) for a in cli["agents"]])
        self.assertEqual(rep["cross"], cli["cross"])
        self.assertEqual(rep["workers"], 2)
        self.assertRegex(rep["spec_hash"], r"^[0-9a-f]{16}$")
        self.assertEqual(set(rep["nodes"]), self.node_ids, "shards on both nodes")

    def test_episode_collection_as_tasks_matches_one_process(self):
        from tercio_client.ray import collect_episodes, play_episodes

        seeds = [11, 12, 13, 14, 15]
        kw = dict(max_decisions=80)
        nodes: list = []
        merged = collect_episodes(SCENARIO, seeds, tasks=2, task_options={"scheduling_strategy": "SPREAD"}, nodes=nodes, **kw)
        self.assertEqual(set(nodes), self.node_ids, "tasks on both nodes")
        single = play_episodes(self.url, SCENARIO, seeds, **kw)
        self.assertEqual([e["seed"] for e in merged], seeds)
        self.assertEqual(merged, single)
        for e in merged:  # every episode ended; forced decisions are counted in its length, not played
            self.assertGreaterEqual(e["length"], len(e["actions"]))
            self.assertGreater(len(e["actions"]), 0)
            self.assertIn(e["winner"], (0, 1, 2, 3))
        self.assertEqual(len({e["obs_sha256"] for e in merged}), len(seeds), "different seeds, different episodes")


if __name__ == "__main__":
    unittest.main()
