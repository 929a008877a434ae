"""Smoke run of examples/ppo_torch.py: skipped (with the reason) where PyTorch is not installed."""
import importlib.util
import os
import subprocess
import sys
import unittest
from pathlib import Path

from .support import server_url

HAVE_TORCH = importlib.util.find_spec("torch") is not None
EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "ppo_torch.py"


@unittest.skipUnless(HAVE_TORCH, "PyTorch is not importable (apt-get install python3-torch): PPO example not run")
@unittest.skipIf(os.environ.get("TERCIO_SKIP_EXAMPLE") == "1", "TERCIO_SKIP_EXAMPLE=1 (the caller runs the example itself)")
class PPOExampleTest(unittest.TestCase):
    def test_short_run(self):
        out = subprocess.run([sys.executable, str(EXAMPLE), "--url", server_url(), "--num-envs", "4", "--steps", "40",
                              "--iterations", "2", "--max-decisions", "30", "--hidden", "32"],
                             capture_output=True, text=True, timeout=300)
        self.assertEqual(out.returncode, 0, out.stderr)
        lines = [l for l in out.stdout.splitlines() if l.strip()[:1].isdigit()]
        self.assertEqual(len(lines), 2, out.stdout)
        self.assertIn("win rate vs random", out.stdout)


if __name__ == "__main__":
    unittest.main()
