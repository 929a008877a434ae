#!/usr/bin/env python3
"""The PyTorch example trainer beside the TF.js trainer, in one run, on the same machine.

    .venv/bin/python clients/python/examples/bench_trainers.py [--iterations 6] [--tfjs-updates 10] [--json FILE]

Runs examples/ppo_torch.py's train() (its defaults: 64 envs x 64 decisions = 4,096 samples per
iteration, MLP 128x128 over entities + globals + mask, 4 epochs of 4 minibatches, vs a random
server-side opponent, over TercioAsyncVecEnv with 2 sets), then `npx tsx bench/train.ts --prior`
(the TF.js trainer with the shipped baseline's recipe: 32 envs x 32 decisions = 1,024 samples per
update, the `small` conv net, 2 epochs). The first iteration of each is warm-up and left out; the
figures are medians. One PPO iteration (rollout + update) is what bench/train.ts calls an update.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import ppo_torch  # noqa: E402
from tercio_client import LocalServer, TercioAsyncVecEnv  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--iterations", type=int, default=6)
    ap.add_argument("--tfjs-updates", type=int, default=10)
    ap.add_argument("--json")
    b = ap.parse_args()
    a = ppo_torch.parse_args(["--iterations", str(b.iterations)])
    import torch
    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    load0 = os.getloadavg()
    with LocalServer() as url:
        envs = TercioAsyncVecEnv(a.scenario, a.num_envs, url, batch_size=a.num_envs // a.sets, seed=a.seed,
                                 max_decisions=a.max_decisions, reward_shaping=a.shaping, opponent=a.opponent,
                                 opponent_player=1 - a.seat)
        try:
            _, hist = ppo_torch.train(a, envs)
        finally:
            envs.close()
    h = hist[1:] or hist
    med = lambda k: statistics.median(r[k] for r in h)  # noqa: E731
    torch_row = {"samples_per_iteration": a.num_envs * a.steps, "env_steps_per_s": med("steps_per_s"),
                 "rollout_steps_per_s": med("rollout_steps_per_s"), "sample_passes_per_s": med("sample_passes_per_s"),
                 "iterations_per_s": med("iterations_per_s"), "sgd_steps_per_s": med("updates_per_s")}
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "tfjs.json"
        r = subprocess.run(["npx", "tsx", "bench/train.ts", "--prior", "--updates", str(b.tfjs_updates), "--json", str(out)],
                           cwd=str(REPO), capture_output=True, text=True)
        if r.returncode != 0:
            print(r.stdout, r.stderr, file=sys.stderr)
            return 1
        tf = json.loads(out.read_text())["ppo"]
    tf_row = {"samples_per_iteration": round(tf["agentStepsPerSec"] / tf["updatesPerSec"]), "env_steps_per_s": tf["agentStepsPerSec"],
              "rollout_steps_per_s": tf["rolloutAgentStepsPerSec"], "sample_passes_per_s": tf["samplePassesPerSec"],
              "iterations_per_s": tf["updatesPerSec"], "sgd_steps_per_s": None}
    load1 = os.getloadavg()
    print(f"\n{'trainer':<44} {'samples/it':>10} {'env steps/s':>11} {'rollout/s':>9} {'passes/s':>9} {'it/s':>6} {'SGD steps/s':>11}")
    for name, row in (("ppo_torch.py (torch CPU, MLP, bridge async)", torch_row), ("bench/train.ts --prior (TF.js wasm, conv)", tf_row)):
        sgd = f"{row['sgd_steps_per_s']:>11.1f}" if row["sgd_steps_per_s"] is not None else f"{'-':>11}"
        print(f"{name:<44} {row['samples_per_iteration']:>10} {row['env_steps_per_s']:>11.0f} {row['rollout_steps_per_s']:>9.0f} "
              f"{row['sample_passes_per_s']:>9.0f} {row['iterations_per_s']:>6.2f} {sgd}")
    print(f"load average {load0[0]:.1f} at the start, {load1[0]:.1f} at the end; torch {torch.__version__}, {a.threads} thread(s)")
    if b.json:
        Path(b.json).write_text(json.dumps({"torch": torch_row, "tfjs": tf_row, "load": [load0, load1]}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
