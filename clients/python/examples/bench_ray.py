#!/usr/bin/env python3
"""Env steps/s of the Ray path (tercio_client.ray.RayVecEnv: one actor + one server per set) against
the plain async client (TercioAsyncVecEnv: one server, one connection), same envs, seeds and
uniformly random legal actions, alternating rounds in one run.

    .venv/bin/python clients/python/examples/bench_ray.py [--sets 3] [--envs 64] [--batches 300] [--rounds 2]
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

from tercio_client import LocalServer, TercioAsyncVecEnv


def run(envs, batches: int, rng: np.random.Generator) -> float:
    """Steps `batches` batches (after the reset's); returns env steps per second."""
    envs.async_reset(seed=1)
    t0 = time.perf_counter()
    for _ in range(batches):
        obs, _, _, _, info = envs.recv()
        m = obs["action_mask"]
        acts = (rng.random(m.shape) * m).argmax(1)  # a uniformly random legal action per env
        envs.send(acts, info["env_id"])
    while True:  # collect what is still in flight, so both paths are timed to the same point
        try:
            envs.recv()
        except RuntimeError:
            break
    return batches * envs.batch_size / (time.perf_counter() - t0)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scenario", default="piwam-training")
    ap.add_argument("--sets", type=int, default=3)
    ap.add_argument("--envs", type=int, default=64, help="envs per set (per message / per actor)")
    ap.add_argument("--batches", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--json")
    a = ap.parse_args()
    import ray
    from tercio_client.ray import RayVecEnv

    load0 = os.getloadavg()
    t = time.perf_counter()
    ray.init(num_cpus=os.cpu_count(), include_dashboard=False, log_to_driver=False)
    t_init = time.perf_counter() - t
    n = a.sets * a.envs
    kw = dict(batch_size=a.envs, seed=1, max_decisions=2000)
    rows = {"async client": [], "Ray actors": []}
    with LocalServer() as url:
        local = TercioAsyncVecEnv(a.scenario, n, url, **kw)
        t = time.perf_counter()
        remote = RayVecEnv(a.scenario, n, actor_options={"num_cpus": 0}, **kw)
        t_actors = time.perf_counter() - t
        try:
            run(local, 20, np.random.default_rng(0))  # warm-up both
            run(remote, 20, np.random.default_rng(0))
            for r in range(a.rounds):
                rows["async client"].append(run(local, a.batches, np.random.default_rng(r)))
                rows["Ray actors"].append(run(remote, a.batches, np.random.default_rng(r)))
        finally:
            local.close()
            remote.close()
    ray.shutdown()
    load1 = os.getloadavg()
    print(f"{a.scenario}: {a.sets} sets x {a.envs} envs, {a.batches} batches per round, {a.rounds} rounds; "
          f"ray.init {t_init:.1f} s, {a.sets} actors with their servers up in {t_actors:.1f} s")
    for k, v in rows.items():
        print(f"{k:<14} env steps/s: {', '.join(f'{x:,.0f}' for x in v)} (ms per batch {1000 * a.envs / np.median(v):.2f})")
    ratio = np.median(rows["Ray actors"]) / np.median(rows["async client"])
    print(f"Ray / async client: {ratio:.2f}; load average {load0[0]:.1f} at the start, {load1[0]:.1f} at the end")
    if a.json:
        Path(a.json).write_text(json.dumps({"rows": rows, "ratio": ratio, "ray_init_s": t_init, "actors_s": t_actors, "load": [load0, load1]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
