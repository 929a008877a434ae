"""examples/ppo_torch.py: a short training run, and its ONNX export checked with onnxruntime.

Skipped (with the reason) where PyTorch / onnx / onnxruntime are not importable; the project's
venv (`npm run setup`) has them. test/onnx/roundtrip.test.ts checks the same model in Node."""
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

import numpy as np

from .support import server_url

HAVE = {m: importlib.util.find_spec(m) is not None for m in ("torch", "onnx", "onnxruntime")}
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
EXAMPLE = EXAMPLES / "ppo_torch.py"


@unittest.skipUnless(all(HAVE.values()), f"not importable: {[m for m, ok in HAVE.items() if not ok]} (npm run setup): PPO example not run")
@unittest.skipIf(os.environ.get("TERCIO_SKIP_EXAMPLE") == "1", "TERCIO_SKIP_EXAMPLE=1 (the caller runs the example itself)")
class PPOExampleTest(unittest.TestCase):
    def test_short_run_and_export(self):
        with tempfile.TemporaryDirectory() as d:
            model, figures = Path(d) / "p.onnx", Path(d) / "fig.json"
            out = subprocess.run([sys.executable, str(EXAMPLE), "--url", server_url(), "--num-envs", "4", "--steps", "40",
                                  "--iterations", "2", "--max-decisions", "30", "--hidden", "32", "--export", str(model),
                                  "--json", str(figures)], capture_output=True, text=True, timeout=300)
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


if __name__ == "__main__":
    unittest.main()
