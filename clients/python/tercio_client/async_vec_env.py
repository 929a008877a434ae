"""TercioAsyncVecEnv: several batches in flight, so the server steps one while the caller works on another.

EnvPool's asynchronous API (`async_reset`, `send(actions, env_id)`, `recv()`) over one
connection: `num_envs` envs live on the server as `num_envs // batch_size` env sets of
`batch_size` envs each. recv() returns the next set whose batch arrived (sets come back in
the order their requests were sent); the caller chooses their actions and send()s them,
and meanwhile the server is already stepping the other sets. With a sync TercioVecEnv the
server and the client take turns (one steps while the other waits); here both work at
once, which is what pays on a machine with two cores or more (docs/bridge.md, Throughput).

    envs = TercioAsyncVecEnv("piwam-training", num_envs=128, batch_size=64, url=url, seed=1)
    envs.async_reset()
    while training:
        obs, rewards, terminated, truncated, info = envs.recv()   # 64 envs: info["env_id"]
        envs.send(policy(obs), info["env_id"])

Everything else is the synchronous TercioVecEnv's: env i (of all num_envs) is seeded
seed + i, so the same seeds and actions give the same trajectories as TercioVecEnv(num_envs);
auto-reset with infos["final_obs"] / infos["final_info"] (indexed within the batch, like
every other array: row k is env info["env_id"][k]); delta observations kept per set; the
`copy` convention (copy=False: read-only views that this same set's next recv() overwrites);
errors as BridgeError.
"""
from __future__ import annotations

import collections
from typing import Deque, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

from . import tercio_pb2 as pb
from .connection import BridgeError, Connection
from .vec_env import StepResult, TercioVecEnv


class TercioAsyncVecEnv:
    """`num_envs` envs on a bridge server in sets of `batch_size`, stepped asynchronously.

    async_reset(seed=None | int | list of num_envs ints): resets every env; each set's batch comes from recv().
    recv() -> (obs, rewards, terminated, truncated, info): the next set's batch, `batch_size` rows;
        info["env_id"] (int32) says which envs they are.
    send(actions, env_id=None): the actions of one set whose batch recv() returned (env_id: that batch's
        info["env_id"]; None = the set received longest ago that has no step in flight).
    step(actions, env_id=None): send() then recv().
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, scenario: str = "piwam-training", num_envs: int = 128, url: Optional[str] = None, *,
                 batch_size: Optional[int] = None, token: str = "", ruleset: str = "",
                 scenario_json: Optional[str] = None, seed: Optional[int] = None, skip_forced: bool = True,
                 max_decisions: Optional[int] = None, reward_shaping: float = 0.0, events: bool = False,
                 copy: bool = True, delta_observations: bool = True, sparse_planes: bool = True,
                 opponent: str = "", opponent_player: int = 1, observation_layout: str = "dict",
                 connection: Optional[Connection] = None, client_name: str = "tercio_client.TercioAsyncVecEnv"):
        """batch_size: envs per set (and per recv()); default num_envs // 2 (two sets, double buffering).
        num_envs must be a multiple of it. The other arguments are TercioVecEnv's."""
        bs = int(batch_size) if batch_size is not None else max(1, num_envs // 2)
        if bs < 1 or num_envs < 1 or num_envs % bs:
            raise ValueError(f"num_envs ({num_envs}) must be a positive multiple of batch_size ({bs})")
        # The sets are the sync env's pipelined parts: same seeds (env i gets seed + i), same decoding.
        self._vec = TercioVecEnv(scenario, num_envs, url, token=token, ruleset=ruleset, scenario_json=scenario_json,
                                 seed=seed, skip_forced=skip_forced, max_decisions=max_decisions,
                                 reward_shaping=reward_shaping, events=events, copy=copy,
                                 delta_observations=delta_observations, sparse_planes=sparse_planes,
                                 opponent=opponent, opponent_player=opponent_player, pipeline=num_envs // bs,
                                 observation_layout=observation_layout, connection=connection, client_name=client_name)
        v = self._vec
        self.conn = v.conn
        self.tercio_spec = v.tercio_spec
        self.base_seed = v.base_seed
        self.num_envs = num_envs
        self.batch_size = bs
        self.copy = copy
        self.single_observation_space = v.single_observation_space
        self.single_action_space = v.single_action_space
        k = num_envs // bs
        self._ids: List[np.ndarray] = []
        for _, off, c in v._parts:
            ids = np.arange(off, off + c, dtype=np.int32)
            ids.flags.writeable = False
            self._ids.append(ids)
        self._rows = np.arange(bs)
        self._all = np.ones(bs, dtype=bool)
        self._all.flags.writeable = False
        self._masks: List[Optional[np.ndarray]] = [None] * k  # each set's current action mask (checks send())
        self._flight: Deque[Tuple[int, int]] = collections.deque()  # (set, request id), in send order
        self._ready: Deque[int] = collections.deque()  # sets received and waiting for actions, oldest first
        self._closed = False

    # -- EnvPool-style asynchronous API -----------------------------------------------------------

    def async_reset(self, seed: Union[None, int, Sequence[int]] = None) -> None:
        """Resets every env (env i gets seeds[i], or seed + i, or its own next seed); the batches come
        from the next num_envs // batch_size recv() calls, in set order. Steps still in flight are
        finished first and their results dropped."""
        self._live()
        resets = self._vec._resets(seed, "async_reset")
        self._drain()
        self._ready.clear()
        for j, r in enumerate(resets):
            self._flight.append((j, self.conn.send(reset=r)))

    def send(self, actions: npt.ArrayLike, env_id: Optional[npt.ArrayLike] = None) -> None:
        """Sends the actions of one set (one action id per env, in info["env_id"] order) without waiting.
        A bad batch (length, an action out of range or masked out) raises BridgeError and sends nothing."""
        self._live()
        j = self._set_of(env_id)
        acts = np.asarray(actions, dtype=np.int64).reshape(-1)
        self._check(j, acts)
        h = self._vec._parts[j][0]
        self._flight.append((j, self.conn.send(step=pb.Step(env_set=h, actions=acts.tolist()))))
        self._ready.remove(j)  # a deque of at most a few sets

    def recv(self) -> StepResult:
        """Waits for the oldest batch in flight and returns it (batch_size rows, info["env_id"]).
        A refused request raises BridgeError (Error.env, when set, is an index into all num_envs envs);
        its set is then back to waiting for actions, with the observations recv() returned before."""
        self._live()
        if not self._flight:
            raise RuntimeError("recv() with nothing in flight: call async_reset() or send() first")
        j, rid = self._flight.popleft()
        reply = self.conn.reply(rid, raise_error=False)
        if reply.WhichOneof("kind") == "error":
            e = reply.error
            env = int(self._ids[j][0]) + e.env if e.HasField("env") else None
            if self._masks[j] is not None:  # (a refused first Reset leaves nothing to act on)
                self._ready.append(j)
            raise BridgeError(e.code, e.message, e.request_id, env)
        obs, reward, terminated, truncated, info = self._vec._decode(reply.batch, j)
        self._masks[j] = obs["action_mask"]
        self._ready.append(j)
        obs, info = self._vec._present(obs, info, self._all)
        info["env_id"] = self._ids[j]
        return obs, reward, terminated, truncated, info

    def step(self, actions: npt.ArrayLike, env_id: Optional[npt.ArrayLike] = None) -> StepResult:
        """send() then recv(): with other sets in flight, recv() returns the oldest of them, not this one."""
        self.send(actions, env_id)
        return self.recv()

    # -- the rest ---------------------------------------------------------------------------------

    def render(self, env: int = 0, fmt: str = "ascii") -> str:
        """Picture of env `env` (0..num_envs-1) as the server holds it now."""
        self._live()
        return self._vec.render(env, fmt)

    def close(self) -> None:
        """Collects the batches still in flight (dropped), frees the envs, and closes the connection if
        this env opened it. Idempotent."""
        if self._closed:
            return
        self._closed = True
        try:
            if not self.conn.closed:
                self._drain()
        except Exception:
            pass  # a broken connection: nothing left to collect
        self._vec.close()

    def __enter__(self) -> "TercioAsyncVecEnv":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- internals ----------------------------------------------------------------------------------

    def _live(self) -> None:
        if self._closed:
            raise BridgeError("CLOSED", "this TercioAsyncVecEnv was closed")

    def _drain(self) -> None:
        """Collects every reply in flight and drops it: only async_reset() and close() call this, and a
        Reset's batch starts the set's delta copy from zeros (Batch.delta_reset)."""
        while self._flight:
            self.conn.reply(self._flight.popleft()[1], raise_error=False)

    def _set_of(self, env_id: Optional[npt.ArrayLike]) -> int:
        if env_id is None:
            if not self._ready:
                raise BridgeError("BAD_REQUEST", "send(): no set is waiting for actions (recv() first)")
            return self._ready[0]
        ids = np.asarray(env_id).reshape(-1)
        bs = self.batch_size
        j = int(ids[0]) // bs if len(ids) and 0 <= int(ids[0]) < self.num_envs else -1
        if j < 0 or not np.array_equal(ids, self._ids[j]):
            raise BridgeError("BAD_REQUEST", f"send(): env_id must be one batch's info['env_id'] "
                                             f"({bs} consecutive ids starting at a multiple of {bs})")
        if j not in self._ready:
            raise BridgeError("BAD_REQUEST", f"send(): envs {j * bs}..{j * bs + bs - 1} have a request in flight "
                                             "or were never received: recv() their batch first")
        return j

    def _check(self, j: int, acts: np.ndarray) -> None:
        # Checked here so that a bad batch raises at send(), before anything is in flight.
        n, N, off = self.batch_size, self.tercio_spec.action_size, int(self._ids[j][0])
        if len(acts) != n:
            raise BridgeError("BATCH_LENGTH", f"send(): {n} envs but {len(acts)} actions")
        bad = np.flatnonzero((acts < 0) | (acts >= N))
        if len(bad):
            i = int(bad[0])
            raise BridgeError("ACTION_OUT_OF_RANGE", f"send(): env {off + i}: action {int(acts[i])} is outside 0..{N - 1}", env=off + i)
        m = self._masks[j]
        if m is not None:
            bad = np.flatnonzero(m[self._rows, acts] == 0)
            if len(bad):
                i = int(bad[0])
                raise BridgeError("ACTION_ILLEGAL", f"send(): env {off + i}: {self.tercio_spec.action_text(int(acts[i]))} "
                                                    f"(id {int(acts[i])}) is masked out", env=off + i)
