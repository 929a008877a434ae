#!/usr/bin/env python3
"""The PyTorch example trainer beside the TF.js trainer, in one run, on the same machine.

    .venv/bin/python clients/python/examples/bench_trainers.py [--iterations 6] [--tfjs-updates 10] [--json FILE]

Runs examples/ppo_torch.py's train() (its defaults: 64 envs x 64 decisions = 4,096 samples per
iteration, MLP 128x128 over entities + globals + mask, 4 epochs of 4 minibatches, vs a random
server-side opponent, over TercioAsyncVecEnv with 2 sets), then `npx tsx bench/train.ts --prior`
(the TF.js trainer with the shipped baseline's recipe, its `inline` and `dual` loops; see the
bench's header). The first iteration of each is warm-up and left out; the figures are medians.
One PPO iteration (rollout + update) is what bench/train.ts calls an update. Run from the Tercio
repository (the TF.js side is its bench/train.ts); --num-envs, --steps and --hidden shrink the
PyTorch side (tests use tiny budgets).
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
sys.path.insert(0, str(HERE))

import ppo_torch  # noqa: E402
from tercio_client import TercioAsyncVecEnv  # noqa: E402

TFJS_LOOPS = ("inline", "dual")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--iterations", type=int, default=6)
    ap.add_argument("--tfjs-updates", type=int, default=10)
    ap.add_argument("--num-envs", type=int, default=None)
    ap.add_argument("--steps", type=int, default=None)
    ap.add_argument("--hidden", type=int, default=None)
    ap.add_argument("--json")
    b = ap.parse_args()
    extra = [x for k in ("num_envs", "steps", "hidden") if getattr(b, k) is not None
             for x in (f"--{k.replace('_', '-')}", str(getattr(b, k)))]
    a = ppo_torch.parse_args(["--iterations", str(b.iterations), *extra])
    import torch
    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    load0 = os.getloadavg()
    # No url: on the server tercio_client starts by itself.
    envs = TercioAsyncVecEnv(a.scenario, a.num_envs, batch_size=a.num_envs // a.sets, seed=a.seed,
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
        r = subprocess.run(["npx", "tsx", "bench/train.ts", "--prior", "--loops", ",".join(TFJS_LOOPS),
                            "--updates", str(b.tfjs_updates), "--json", str(out)], cwd=str(REPO), capture_output=True, text=True)
        if r.returncode != 0:
            print(r.stdout, r.stderr, file=sys.stderr)
            return 1
        loops = json.loads(out.read_text())["loops"]
    # bench/train.ts's per-loop medians (format tercio-bench-train/4, "loops").
    tf_rows = {}
    for loop in TFJS_LOOPS:
        tf = loops[loop]
        samples = tf["agentStepsPerSec"] / tf["updatesPerSec"]
        tf_rows[loop] = {"samples_per_iteration": round(samples), "env_steps_per_s": tf["agentStepsPerSec"],
                         "rollout_steps_per_s": samples / tf["rolloutSecPerUpdate"], "sample_passes_per_s": tf["samplePassesPerSec"],
                         "iterations_per_s": tf["updatesPerSec"], "sgd_steps_per_s": None}
    load1 = os.getloadavg()
    print(f"\n{'trainer':<44} {'samples/it':>10} {'env steps/s':>11} {'rollout/s':>9} {'passes/s':>9} {'it/s':>6} {'SGD steps/s':>11}")
    named = [("ppo_torch.py (torch CPU, MLP, bridge async)", torch_row)]
    named += [(f"bench/train.ts --prior, {loop} (TF.js wasm)", row) for loop, row in tf_rows.items()]
    for name, row in named:
        sgd = f"{row['sgd_steps_per_s']:>11.1f}" if row["sgd_steps_per_s"] is not None else f"{'-':>11}"
        print(f"{name:<44} {row['samples_per_iteration']:>10} {row['env_steps_per_s']:>11.0f} {row['rollout_steps_per_s']:>9.0f} "
              f"{row['sample_passes_per_s']:>9.0f} {row['iterations_per_s']:>6.2f} {sgd}")
    print(f"load average {load0[0]:.1f} at the start, {load1[0]:.1f} at the end; torch {torch.__version__}, {a.threads} thread(s)")
    if b.json:
        Path(b.json).write_text(json.dumps({"torch": torch_row, "tfjs": tf_rows, "load": [load0, load1]}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
