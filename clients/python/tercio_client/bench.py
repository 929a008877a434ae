"""Steps/s of a TercioVecEnv over the bridge, with uniformly random legal actions.

    python3 -m tercio_client.bench --url ws://127.0.0.1:8765 --num-envs 64 --seconds 5 [--json]
    python3 -m tercio_client.bench --url ws://127.0.0.1:8765 --num-envs 128 --batch-size 64   # TercioAsyncVecEnv

With --batch-size B (< --num-envs), a TercioAsyncVecEnv of num_envs envs in sets of B is
stepped EnvPool-style (recv a batch, choose its actions, send them) and --batches counts
batches of B envs.

bench/bridge.ts runs this next to the same envs stepped in-process.
"""
from __future__ import annotations

import argparse
import json
import time
from typing import Dict, List, Optional, Union

import numpy as np

from .async_vec_env import TercioAsyncVecEnv
from .vec_env import TercioVecEnv

# One run's figures (counts, seconds, rates), as the JSON bench/bridge.ts reads.
Figures = Dict[str, Union[int, float]]


def random_legal_batch(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    """One uniformly random legal action per row, vectorised (no Python loop over envs)."""
    r = rng.random(masks.shape, dtype=np.float32) * masks
    acts: np.ndarray = r.argmax(axis=1)
    return acts


def run(url: str, scenario: str, num_envs: int, seconds: float, seed: int, warmup: int, token: str = "", batches: int = 0,
        sparse_planes: bool = True, pipeline: int = 1, delta: bool = True, copy: bool = True, batch_size: int = 0) -> Figures:
    """Steps for `seconds`, or exactly `batches` batches when > 0 (after `warmup` batches).
    batch_size in 1..num_envs-1: the asynchronous env (run_async)."""
    if 0 < batch_size < num_envs:
        return run_async(url, scenario, num_envs, batch_size, seconds, seed, warmup, token, batches, sparse_planes, delta, copy)
    env = TercioVecEnv(scenario, num_envs, url, token=token, seed=seed, sparse_planes=sparse_planes, pipeline=pipeline,
                       delta_observations=delta, copy=copy, client_name="tercio_client.bench")
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    for _ in range(warmup):
        obs, *_ = env.step(random_legal_batch(rng, obs["action_mask"]))
    t_env = 0.0
    bytes0 = env.conn.bytes_received
    limit = batches
    batches = episodes = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while (batches < limit) if limit > 0 else (time.perf_counter() - t0 < seconds):
        acts = random_legal_batch(rng, obs["action_mask"])
        ts = time.perf_counter()
        obs, _, term, trunc, _ = env.step(acts)
        t_env += time.perf_counter() - ts
        batches += 1
        episodes += int((term | trunc).sum())
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    received = env.conn.bytes_received - bytes0
    env.close()
    return {"num_envs": num_envs, **_figures(batches, num_envs, wall, t_env, cpu, episodes, received)}


def _figures(batches: int, batch_size: int, wall: float, t_env: float, cpu: float, episodes: int, received: int) -> Figures:
    """The measured figures of a run of `batches` batches of `batch_size` envs."""
    return {
        "batches": batches,
        "env_steps": batches * batch_size,
        "seconds": wall,
        "steps_per_s": batches * batch_size / wall,
        # Time inside step() (sync) or recv() + send() (async), waiting included, per batch.
        "ms_per_batch": 1000 * t_env / max(1, batches),
        "cpu_ms_per_batch": 1000 * cpu / max(1, batches),  # this process's CPU time (action choice included)
        "episodes": episodes,
        "kb_per_batch": received / 1024 / max(1, batches),
    }


def run_async(url: str, scenario: str, num_envs: int, batch_size: int, seconds: float, seed: int, warmup: int,
              token: str = "", batches: int = 0, sparse_planes: bool = True, delta: bool = True, copy: bool = True) -> Figures:
    """TercioAsyncVecEnv: recv() a batch of batch_size envs, choose its actions, send() them; the server steps
    the other sets meanwhile. A batch here is batch_size envs."""
    env = TercioAsyncVecEnv(scenario, num_envs, url, batch_size=batch_size, token=token, seed=seed,
                            sparse_planes=sparse_planes, delta_observations=delta, copy=copy,
                            client_name="tercio_client.bench")
    rng = np.random.default_rng(seed)
    env.async_reset(seed=seed)
    for _ in range(warmup * (num_envs // batch_size)):
        obs, _, _, _, info = env.recv()
        env.send(random_legal_batch(rng, obs["action_mask"]), info["env_id"])
    t_env = 0.0
    bytes0 = env.conn.bytes_received
    limit = batches
    batches = episodes = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while (batches < limit) if limit > 0 else (time.perf_counter() - t0 < seconds):
        ts = time.perf_counter()
        obs, _, term, trunc, info = env.recv()
        t1 = time.perf_counter()
        acts = random_legal_batch(rng, obs["action_mask"])
        t2 = time.perf_counter()
        env.send(acts, info["env_id"])
        t_env += (t1 - ts) + (time.perf_counter() - t2)
        batches += 1
        episodes += int((term | trunc).sum())
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    received = env.conn.bytes_received - bytes0
    env.close()  # the batches still in flight are collected and dropped (not counted)
    return {"num_envs": num_envs, "batch_size": batch_size, **_figures(batches, batch_size, wall, t_env, cpu, episodes, received)}


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", required=True)
    ap.add_argument("--token", default="")
    ap.add_argument("--scenario", default="piwam-training")
    ap.add_argument("--num-envs", type=int, default=64)
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--batches", type=int, default=0, help="step exactly this many batches (overrides --seconds)")
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dense", action="store_true", help="without deltas, send planes densely (default: sparse)")
    ap.add_argument("--no-delta", action="store_true", help="whole observations in every batch (default: changes only)")
    ap.add_argument("--no-copy", action="store_true", help="copy=False: read-only views the next step overwrites")
    ap.add_argument("--pipeline", type=int, default=1, help="split the envs into this many sets stepped back to back")
    ap.add_argument("--batch-size", type=int, default=0,
                    help="asynchronous: TercioAsyncVecEnv of --num-envs envs in sets of this many (recv/send)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    r = run(a.url, a.scenario, a.num_envs, a.seconds, a.seed, a.warmup, a.token, a.batches, not a.dense, a.pipeline,
            not a.no_delta, not a.no_copy, a.batch_size)
    envs = f"{r['num_envs']} envs in sets of {r['batch_size']}" if "batch_size" in r else f"{r['num_envs']} envs"
    print(json.dumps(r) if a.json else f"{r['steps_per_s']:.0f} env steps/s ({envs}, {r['ms_per_batch']:.2f} ms/batch, "
                                        f"{r['kb_per_batch']:.1f} KB/batch received)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
