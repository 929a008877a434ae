"""Tercio on Ray core: env sets on Ray actors, tournaments and self-play collection as Ray tasks.

    import ray
    from tercio_client.ray import RayVecEnv, ray_tournament, collect_episodes

    ray.init()                      # or ray.init(address="auto") on a cluster's head node
    envs = RayVecEnv("piwam-training", num_envs=192, batch_size=64, seed=1)
    envs.async_reset()
    while training:
        obs, rewards, terminated, truncated, info = envs.recv()      # one set: info["env_id"]
        envs.send(policy(obs), info["env_id"])
    envs.close()

- RayVecEnv: `num_envs // batch_size` Ray actors (EnvSetActor), each holding one set of
  `batch_size` envs on its own `tercio serve`, which the actor starts on its node (loopback
  only) and stops when it is closed. The trainer sees TercioAsyncVecEnv's interface:
  async_reset / send / recv / step, info["env_id"], env i seeded seed + i, so the same seeds
  and actions give the same trajectories as TercioAsyncVecEnv(num_envs, batch_size) in one
  process (tests/test_ray.py checks every array). send() returns at once (an actor call in
  flight); recv() waits for the oldest set, so the actors step while the trainer works.
- ray_tournament: the round-robin schedule of `tercio tournament` cut into shards, each shard
  played by a Ray task in Node (the bundled server's tournament-job) and the results merged by game
  index; every shard reports the env spec hash and the seeds it played, and the merge refuses
  shards that disagree. The report is `tercio tournament --json`'s (same games, ratings, cross
  table) apart from timings. ckpt:/onnx: agents need the repository's server and are refused here.
- collect_episodes: self-play (or play against a server-side agent) for a list of episode seeds,
  spread over Ray tasks (each with its own server); episode k is played from seed seeds[k] with
  a policy sampled from its own generator np.random.default_rng(seeds[k]), so an episode does
  not depend on which task played it. Merged in seed order, checked for one spec hash.

Every worker node needs Node >= 20 and this package (the wheel) installed: actors and tasks start the
server the package carries. See docs/python.md, "Ray".
"""
from __future__ import annotations

import hashlib
import json
import subprocess
import time
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt
import ray

from .connection import BridgeError
from .server import LocalServer, find_node, server_script
from .spaces import FlatObs
from .spec import EnvSpec
from .vec_env import StepResult, TercioVecEnv, part_seeds

Batch = StepResult
# A policy of collect_episodes: batched observations (flat layout) and one generator per env -> action ids.
Policy = Callable[[FlatObs, Sequence[np.random.Generator]], np.ndarray]


class EnvSetActor:
    """One env set on its own `tercio serve` (started here, on this actor's node, bound to loopback)."""

    def __init__(self, scenario: str, count: int, seed: int, env_kwargs: Dict[str, Any], server_args: Sequence[str]):
        self.server = LocalServer(list(server_args))
        url = self.server.start()
        try:
            self.env = TercioVecEnv(scenario, count, url, seed=seed, **env_kwargs)
        except Exception:
            self.server.stop()
            raise

    def spec(self) -> EnvSpec:
        return self.env.tercio_spec

    def node(self) -> str:
        node: str = ray.get_runtime_context().get_node_id()
        return node

    def reset(self, seed: Union[None, int, Sequence[int]] = None) -> Batch:
        obs, info = self.env.reset(seed=seed)
        n = self.env.num_envs
        return obs, np.zeros(n, np.float32), np.zeros(n, bool), np.zeros(n, bool), info

    def step(self, actions: npt.ArrayLike) -> Batch:
        return self.env.step(np.asarray(actions))

    def close(self) -> None:
        try:
            self.env.close()
        finally:
            self.server.stop()


class RayVecEnv:
    """`num_envs` envs as `num_envs // batch_size` Ray actors with a server each, stepped like TercioAsyncVecEnv.

    env_kwargs go to each actor's TercioVecEnv (max_decisions, reward_shaping, opponent, opponent_player,
    delta_observations, ...). actor_options are Ray's (num_cpus, resources, scheduling_strategy: e.g.
    "SPREAD" to put one set per node)."""

    def __init__(self, scenario: str = "piwam-training", num_envs: int = 128, *, batch_size: Optional[int] = None,
                 seed: int = 0, actor_options: Optional[Dict[str, Any]] = None, server_args: Sequence[str] = (),
                 **env_kwargs: Any):
        bs = int(batch_size) if batch_size is not None else max(1, num_envs // 2)
        if bs < 1 or num_envs < 1 or num_envs % bs:
            raise ValueError(f"num_envs ({num_envs}) must be a positive multiple of batch_size ({bs})")
        if not ray.is_initialized():
            raise RuntimeError("RayVecEnv: call ray.init() first (ray.init(address='auto') to join a cluster)")
        self.num_envs, self.batch_size = num_envs, bs
        k = num_envs // bs
        opts = {"num_cpus": 1, **(actor_options or {})}
        cls = ray.remote(EnvSetActor).options(**opts)
        # Set j holds envs j*bs .. j*bs+bs-1, seeded seed + j*bs + i: TercioAsyncVecEnv's numbering.
        self._actors = [cls.remote(scenario, bs, (seed + j * bs) % 2**32, env_kwargs, list(server_args)) for j in range(k)]
        specs = ray.get([a.spec.remote() for a in self._actors])
        hashes = {s.hash for s in specs}
        if len(hashes) != 1:
            self.close()
            raise BridgeError("SPEC_MISMATCH", f"the actors' servers disagree on the env spec: {sorted(hashes)}")
        self.tercio_spec: EnvSpec = specs[0]
        self._ids: List[np.ndarray] = []
        for j in range(k):
            ids = np.arange(j * bs, (j + 1) * bs, dtype=np.int32)
            ids.flags.writeable = False
            self._ids.append(ids)
        self._flight: List[Tuple[int, Any]] = []  # (set, ObjectRef) in send order
        self._ready: List[int] = []
        self._closed = False

    def nodes(self) -> List[str]:
        """The Ray node id of each set's actor."""
        nodes: List[str] = ray.get([a.node.remote() for a in self._actors])
        return nodes

    def async_reset(self, seed: Union[None, int, Sequence[int]] = None) -> None:
        """Resets every env (env i gets seeds[i], or seed + i, or its own next seed); recv() returns the sets in order."""
        self._live()
        bs = self.batch_size
        seeds = part_seeds(seed, self.num_envs, [(j * bs, bs) for j in range(len(self._actors))], "async_reset")
        self._drain()
        self._ready.clear()
        for j, (a, s) in enumerate(zip(self._actors, seeds)):
            self._flight.append((j, a.reset.remote(s)))

    def send(self, actions: npt.ArrayLike, env_id: Optional[npt.ArrayLike] = None) -> None:
        """Sends one set's actions (in info["env_id"] order) to its actor without waiting."""
        self._live()
        j = self._set_of(env_id)
        acts = np.asarray(actions, dtype=np.int64).reshape(-1)
        if len(acts) != self.batch_size:
            raise BridgeError("BATCH_LENGTH", f"send(): {self.batch_size} envs but {len(acts)} actions")
        self._flight.append((j, self._actors[j].step.remote(acts)))
        self._ready.remove(j)

    def recv(self) -> Batch:
        """The oldest set in flight: (obs, rewards, terminated, truncated, info) with info["env_id"]."""
        self._live()
        if not self._flight:
            raise RuntimeError("recv() with nothing in flight: call async_reset() or send() first")
        j, ref = self._flight.pop(0)
        self._ready.append(j)
        obs, rew, term, trunc, info = ray.get(ref)  # an actor's BridgeError is raised here
        info = dict(info)
        info["env_id"] = self._ids[j]
        return obs, rew, term, trunc, info

    def step(self, actions: npt.ArrayLike, env_id: Optional[npt.ArrayLike] = None) -> Batch:
        self.send(actions, env_id)
        return self.recv()

    def close(self) -> None:
        """Stops every actor's server and the actors. Idempotent."""
        if getattr(self, "_closed", False):
            return
        self._closed = True
        try:
            ray.get([a.close.remote() for a in self._actors])
        finally:
            for a in self._actors:
                ray.kill(a)

    def __enter__(self) -> "RayVecEnv":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _live(self) -> None:
        if self._closed:
            raise BridgeError("CLOSED", "this RayVecEnv was closed")

    def _drain(self) -> None:
        for _, ref in self._flight:
            try:
                ray.get(ref)
            except Exception:
                pass
        self._flight.clear()

    def _set_of(self, env_id: Optional[npt.ArrayLike]) -> int:
        if env_id is None:
            if not self._ready:
                raise BridgeError("BAD_REQUEST", "send(): no set is waiting for actions (recv() first)")
            return self._ready[0]
        ids = np.asarray(env_id).reshape(-1)
        j = int(ids[0]) // self.batch_size if len(ids) and 0 <= int(ids[0]) < self.num_envs else -1
        if j < 0 or not np.array_equal(ids, self._ids[j]) or j not in self._ready:
            raise BridgeError("BAD_REQUEST", "send(): env_id must be the info['env_id'] of a set received and not yet sent")
        return j


# -- tournaments ----------------------------------------------------------------------------------

def _node_tournament(job: Dict[str, Any]) -> Dict[str, Any]:
    """Plays scheduled games of a tournament (or merges them) in Node: the bundled server's `tournament-job`
    (bridge/tournament-job.ts, `tercio tournament`'s schedule, so game k is the same game wherever it is played)."""
    r = subprocess.run([find_node(), str(server_script()), "tournament-job"], input=json.dumps(job), capture_output=True,
                       text=True)
    if r.returncode != 0:
        raise RuntimeError(f"tournament shard failed ({r.returncode}): {r.stderr.strip()[-2000:]}")
    out: Dict[str, Any] = json.loads(r.stdout)
    return out


@ray.remote
def _tournament_shard(job: Dict[str, Any]) -> Dict[str, Any]:
    out = _node_tournament(job)
    out["indices"] = job["indices"]
    out["node"] = ray.get_runtime_context().get_node_id()
    return out


def _schedule_size(agents: int, games: int) -> int:
    return agents * (agents - 1) // 2 * games


def ray_tournament(agents: Sequence[str], scenario: str = "piwam-training", *, games: int = 2, seed: int = 1,
                   tasks: int = 2, ruleset: Optional[str] = None, names: Optional[Sequence[str]] = None,
                   max_decisions: Optional[int] = None, task_options: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    """A round-robin tournament (agent specs of agents/registry.ts) played as `tasks` Ray tasks, merged.

    Returns `tercio tournament --json`'s report (format tercio-tournament/1, "workers" = tasks) plus
    "spec_hash" and "scenario_hash", which every shard had to agree on, and "nodes", the Ray node ids
    the shards ran on."""
    if not ray.is_initialized():
        raise RuntimeError("ray_tournament: call ray.init() first")
    total = _schedule_size(len(agents), games)
    if len(agents) < 2 or total == 0:
        raise ValueError("a tournament needs at least two agents and one game per pairing")
    if names is None:  # the CLI's display names: the spec, with #2, #3... for repeats
        seen: Dict[str, int] = {}
        names = []
        for a in agents:
            seen[a] = seen.get(a, 0) + 1
            names.append(a if seen[a] == 1 else f"{a}#{seen[a]}")
    base = {"agents": list(agents), "scenario": scenario, "ruleset": ruleset, "games": games, "seed": seed,
            "names": list(names), "maxDecisions": max_decisions}
    tasks = max(1, min(tasks, total))
    shards = [list(range(total))[i::tasks] for i in range(tasks)]  # interleaved: long pairings spread out
    fn = _tournament_shard.options(**task_options) if task_options else _tournament_shard
    t0 = time.perf_counter()
    parts = ray.get([fn.remote({**base, "indices": s}) for s in shards])
    seconds = time.perf_counter() - t0
    hashes = {(p["specHash"], p["scenarioHash"]) for p in parts}
    if len(hashes) != 1:
        raise BridgeError("SPEC_MISMATCH", f"tournament shards played different env specs: {sorted(hashes)}")
    results: List[Optional[Dict[str, Any]]] = [None] * total
    for p in parts:
        for k, r in zip(p["indices"], p["results"]):
            if r["index"] != k or results[k] is not None:
                raise RuntimeError(f"tournament shard result {r['index']} does not match its schedule entry {k}")
            results[k] = r
    missing = [k for k, r in enumerate(results) if r is None]
    if missing:
        raise RuntimeError(f"tournament games {missing[:10]} were not played")
    summary = _node_tournament({**base, "mode": "summarise", "results": results, "workers": tasks, "seconds": seconds})
    report: Dict[str, Any] = summary["report"]
    report["spec_hash"], report["scenario_hash"] = summary["specHash"], summary["scenarioHash"]
    report["nodes"] = sorted({p["node"] for p in parts})
    if (summary["specHash"], summary["scenarioHash"]) not in hashes:
        raise BridgeError("SPEC_MISMATCH", "the merge's env spec differs from the shards'")
    return report


# -- self-play / episode collection -----------------------------------------------------------------

def random_policy(obs: Dict[str, np.ndarray], rngs: Sequence[np.random.Generator]) -> np.ndarray:
    """Uniformly random legal actions, one generator per env."""
    return np.array([rng.choice(np.flatnonzero(m)) for rng, m in zip(rngs, obs["action_mask"])], dtype=np.int64)


class OnnxPolicy:
    """Samples from an exported ONNX policy (examples/ppo_torch.py) with onnxruntime, one generator per env."""

    def __init__(self, path: str):
        self.path = path
        self._sess: Any = None  # an onnxruntime.InferenceSession, made on first use (in the worker)

    def __call__(self, obs: FlatObs, rngs: Sequence[np.random.Generator]) -> np.ndarray:
        import onnxruntime as ort
        if self._sess is None:
            so = ort.SessionOptions()
            so.intra_op_num_threads = 1
            self._sess = ort.InferenceSession(self.path, so, providers=["CPUExecutionProvider"])
        feeds = {i.name: (obs[i.name].astype(bool) if i.name == "action_mask" else obs[i.name]) for i in self._sess.get_inputs()}
        logits: np.ndarray = self._sess.run(["logits"], feeds)[0].astype(np.float64)
        out = np.zeros(len(rngs), dtype=np.int64)
        for b, rng in enumerate(rngs):
            legal = np.flatnonzero(obs["action_mask"][b])
            z = logits[b, legal] - logits[b, legal].max()
            p = np.exp(z) / np.exp(z).sum()
            out[b] = legal[rng.choice(len(legal), p=p)]
        return out


def _finished(info: Dict[str, Any]) -> List[Tuple[int, int, np.ndarray, int]]:
    """(row, winner, both returns, length) of each episode that ended in this step."""
    if "_final_info" in info and "final_info" in info:
        fi = info["final_info"]
        return [(int(r), int(fi["winner"][r]), np.asarray(fi["returns"][r]), int(fi["decisions"][r])) for r in np.flatnonzero(info["_final_info"])]
    if "_episode" in info:
        ep = info["episode"]
        return [(int(r), int(ep["winner"][r]), np.asarray(ep["r"][r]), int(ep["l"][r])) for r in np.flatnonzero(info["_episode"])]
    return []


def play_episodes(url: str, scenario: str, seeds: Sequence[int], policy: Policy = random_policy,
                  **env_kwargs: Any) -> List[Dict[str, Any]]:
    """One episode per seed, all at once in one env set (env k from seed seeds[k]); the policy acts for
    whoever is to act (self-play) unless env_kwargs name a server-side opponent. Returns per episode:
    seed, spec hash, actions, acting players, rewards (both players), winner, returns, length, and a
    SHA-256 of every observation the policy saw."""
    n = len(seeds)
    env = TercioVecEnv(scenario, n, url, **env_kwargs)
    try:
        spec = env.tercio_spec
        obs, info = env.reset(seed=[int(s) for s in seeds])
        rngs = [np.random.default_rng(int(s)) for s in seeds]
        eps: List[Dict[str, Any]] = [{"seed": int(s), "spec_hash": spec.hash, "actions": [], "players": [], "rewards": []} for s in seeds]
        digests = [hashlib.sha256() for _ in seeds]
        done = np.zeros(n, bool)
        while not done.all():
            for k in np.flatnonzero(~done):
                for key in ("planes", "entities", "globals", "action_mask"):
                    digests[k].update(np.ascontiguousarray(obs[key][k]).tobytes())
            acts = policy(obs, rngs)
            players = info["player"].copy()
            obs, _, _, _, info = env.step(acts)
            for k in np.flatnonzero(~done):
                eps[k]["actions"].append(int(acts[k]))
                eps[k]["players"].append(int(players[k]))
                eps[k]["rewards"].append([float(x) for x in info["rewards"][k]])
            for row, winner, returns, length in _finished(info):
                if not done[row]:
                    done[row] = True
                    eps[row].update(winner=winner, returns=[float(x) for x in returns], length=length,
                                    obs_sha256=digests[row].hexdigest())
        return eps
    finally:
        env.close()


@ray.remote
def _collect_task(scenario: str, seeds: List[int], policy: Policy, env_kwargs: Dict[str, Any],
                  server_args: List[str]) -> Tuple[str, List[Dict[str, Any]]]:
    with LocalServer(server_args) as url:
        return ray.get_runtime_context().get_node_id(), play_episodes(url, scenario, seeds, policy, **env_kwargs)


def collect_episodes(scenario: str, seeds: Sequence[int], policy: Policy = random_policy, *, tasks: int = 2,
                     server_args: Sequence[str] = (), task_options: Optional[Dict[str, Any]] = None,
                     nodes: Optional[List[str]] = None, **env_kwargs: Any) -> List[Dict[str, Any]]:
    """play_episodes over `tasks` Ray tasks (each starts its own `tercio serve`), merged in seed order.
    Refuses results of different env specs; the same seeds give the same episodes as play_episodes
    in one process. `nodes`: a list to append each task's Ray node id to."""
    if not ray.is_initialized():
        raise RuntimeError("collect_episodes: call ray.init() first")
    seeds = [int(s) for s in seeds]
    if len(set(seeds)) != len(seeds):
        raise ValueError("collect_episodes: seeds must be distinct (an episode is named by its seed)")
    tasks = max(1, min(tasks, len(seeds)))
    fn = _collect_task.options(**task_options) if task_options else _collect_task
    parts = ray.get([fn.remote(scenario, seeds[i::tasks], policy, env_kwargs, list(server_args)) for i in range(tasks)])
    if nodes is not None:
        nodes.extend(node for node, _ in parts)
    eps = sorted((e for _, p in parts for e in p), key=lambda e: seeds.index(e["seed"]))
    hashes = {e["spec_hash"] for e in eps}
    if len(hashes) != 1:
        raise BridgeError("SPEC_MISMATCH", f"episodes were played on different env specs: {sorted(hashes)}")
    return eps
