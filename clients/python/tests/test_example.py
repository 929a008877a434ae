"""Every example in examples/, run as a user runs it, with tiny budgets and no server started by hand:
ppo_torch.py (a short training run, its ONNX export checked with onnxruntime; test/onnx/roundtrip.test.ts
checks the same model in Node), bench_ray.py and bench_trainers.py (which also runs the repository's
bench/train.ts). Skipped (with the reason) where PyTorch / onnx / onnxruntime / ray are not importable;
the project's venv (`npm run setup`) has them. A new example without a test here fails test_every_example_is_run."""
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

import numpy as np


HAVE = {m: importlib.util.find_spec(m) is not None for m in ("torch", "onnx", "onnxruntime", "ray")}
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
EXAMPLE = EXAMPLES / "ppo_torch.py"
TESTED = {"ppo_torch.py", "bench_ray.py", "bench_trainers.py"}


def run_example(name: str, *args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    """The example in a fresh interpreter, from a folder of its own, with no TERCIO_URL: its envs start
    the server the installed package carries."""
    env = {k: v for k, v in os.environ.items() if k != "TERCIO_URL"}
    with tempfile.TemporaryDirectory() as cwd:
        return subprocess.run([sys.executable, str(EXAMPLES / name), *args], capture_output=True, text=True,
                              timeout=timeout, cwd=cwd, env=env)


class ExamplesListTest(unittest.TestCase):
    def test_every_example_is_run(self):
        self.assertEqual({p.name for p in EXAMPLES.glob("*.py")}, TESTED)


MISSING = [m for m, ok in HAVE.items() if not ok]


@unittest.skipUnless(all(HAVE[m] for m in ("torch", "onnx", "onnxruntime")), f"not importable: {MISSING} (npm run setup): PPO example not run")
class PPOExampleTest(unittest.TestCase):
    def test_short_run_and_export(self):
        with tempfile.TemporaryDirectory() as d:
            model, figures = Path(d) / "p.onnx", Path(d) / "fig.json"
            out = run_example("ppo_torch.py", "--num-envs", "4", "--steps", "40", "--iterations", "2", "--max-decisions", "30",
                              "--hidden", "32", "--export", str(model), "--json", str(figures), timeout=300)
            self.assertEqual(out.returncode, 0, out.stderr)
            lines = [l for l in out.stdout.splitlines() if l.strip()[:1].isdigit()]
            self.assertEqual(len(lines), 2, out.stdout)
            self.assertIn("win rate vs random", out.stdout)
            hist = json.loads(figures.read_text())
            self.assertEqual([h["env_steps"] for h in hist], [160, 320])
            self.assertTrue(all(h["updates"] == 16 and h["updates_per_s"] > 0 for h in hist), hist)
            self.check_onnx(model)

    def check_onnx(self, model: Path):
        import onnx
        import onnxruntime as ort
        import torch

        sys.path.insert(0, str(EXAMPLES))
        import ppo_torch

        meta = {p.key: p.value for p in onnx.load(str(model)).metadata_props}
        self.assertEqual(meta["tercio.format"], ppo_torch.ONNX_FORMAT)
        self.assertRegex(meta["tercio.spec_hash"], r"^[0-9a-f]{16}$")
        env = json.loads(meta["tercio.env"])
        self.assertEqual((env["scenario"], env["max_decisions"], env["reward_shaping"]), ("piwam-training", 30, 0.5))
        layout = json.loads(meta["tercio.observation"])
        self.assertEqual([i["name"] for i in layout["inputs"]], ["entities", "globals", "action_mask"])
        # onnxruntime (Python) on random observations with random masks agrees with a fresh torch
        # network carrying the same weights, loaded from the graph's initializers.
        sess = ort.InferenceSession(str(model), providers=["CPUExecutionProvider"])
        rng = np.random.default_rng(0)
        feeds = {}
        for i in layout["inputs"]:
            shape = (5, *i["shape"])
            feeds[i["name"]] = rng.random(shape) < 0.3 if i["name"] == "action_mask" else rng.standard_normal(shape).astype(np.float32)
        feeds["action_mask"][:, 0] = True
        logits, value = sess.run(["logits", "value"], feeds)
        self.assertEqual(logits.shape, (5, layout["inputs"][-1]["shape"][0]))
        self.assertTrue(np.all(logits[~feeds["action_mask"]] <= -1e8), "masked-out actions keep their -1e9 logits")
        net = ppo_torch.Policy({i["name"]: tuple(i["shape"]) for i in layout["inputs"]}, [i["name"] for i in layout["inputs"]], 32)
        init = {t.name: onnx.numpy_helper.to_array(t) for t in onnx.load(str(model)).graph.initializer}
        # (the TorchScript exporter keeps the parameter names as initializer names)
        net.load_state_dict({k: torch.as_tensor(init["net." + k].copy()) for k in net.state_dict()})
        with torch.no_grad():
            tl, tv = net({k: torch.as_tensor(v) for k, v in feeds.items()})
        legal = feeds["action_mask"]
        np.testing.assert_allclose(logits[legal], tl.numpy()[legal], atol=1e-5)
        np.testing.assert_allclose(value, tv.numpy(), atol=1e-5)


@unittest.skipUnless(HAVE["ray"], f"not importable: {MISSING} (npm run setup): bench_ray.py not run")
class BenchRayExampleTest(unittest.TestCase):
    def test_tiny_run(self):
        with tempfile.TemporaryDirectory() as d:
            out = run_example("bench_ray.py", "--sets", "2", "--envs", "4", "--batches", "5", "--rounds", "1",
                              "--json", str(Path(d) / "r.json"))
            self.assertEqual(out.returncode, 0, out.stderr[-3000:])
            rows = json.loads((Path(d) / "r.json").read_text())["rows"]
            self.assertEqual(set(rows), {"async client", "Ray actors"})
            self.assertTrue(all(len(v) == 1 and v[0] > 0 for v in rows.values()), rows)


@unittest.skipUnless(HAVE["torch"], f"not importable: {MISSING} (npm run setup): bench_trainers.py not run")
class BenchTrainersExampleTest(unittest.TestCase):
    def test_tiny_run(self):
        with tempfile.TemporaryDirectory() as d:
            out = run_example("bench_trainers.py", "--iterations", "2", "--tfjs-updates", "4", "--num-envs", "4",
                              "--steps", "16", "--hidden", "16", "--json", str(Path(d) / "t.json"), timeout=900)
            self.assertEqual(out.returncode, 0, out.stderr[-3000:])
            j = json.loads((Path(d) / "t.json").read_text())
            self.assertEqual(j["torch"]["samples_per_iteration"], 64)
            self.assertEqual(set(j["tfjs"]), {"inline", "dual"})
            for row in (j["torch"], *j["tfjs"].values()):
                self.assertGreater(row["env_steps_per_s"], 0)
                self.assertGreater(row["rollout_steps_per_s"], 0)
            self.assertIn("bench/train.ts --prior, dual", out.stdout)


if __name__ == "__main__":
    unittest.main()
