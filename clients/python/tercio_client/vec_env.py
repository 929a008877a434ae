"""TercioVecEnv: a whole set of envs stepped with one message per step.

Gymnasium vector-env conventions: observations are dicts of batched arrays
(`planes`, `entities`, `globals`, `action_mask`), finished envs are reset in the
same step, and their last observations are in infos["final_observation"]
(object array, with the boolean mask infos["_final_observation"]).

Observation arrays are zero-copy, read-only views of the received message and
stay valid after the next step (each step gets a new message); pass copy=True
for writable arrays. Planes travel sparsely by default (sparse_planes=True) and
are scattered into a fresh, writable array.
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Tuple, Union

import numpy as np

from . import spaces
from . import tercio_pb2 as pb
from .connection import Connection
from .spec import EnvSpec

DEFAULT_URL = "ws://127.0.0.1:8765"
WINNER_DRAW = 2
WINNER_TRUNCATED = 3


def _arr(data: bytes, dtype, shape, copy: bool) -> np.ndarray:
    a = np.frombuffer(data, dtype=dtype)
    a = a.reshape(shape)
    return a.copy() if copy else a


class TercioVecEnv:
    """`num_envs` envs of one ruleset and scenario on a bridge server.

    reset(seed=None | int | list of ints) -> (obs, infos)
    step(actions) -> (obs, rewards, terminated, truncated, infos)

    `rewards` is the reward of the player who acted in each env; both players'
    rewards are in infos["rewards"] (shape (n, 2), zero-sum). infos["player"] is
    the player to act now (the seat the next action is for).
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, scenario: str = "piwam-training", num_envs: int = 8, url: Optional[str] = None, *,
                 token: str = "", ruleset: str = "", scenario_json: Optional[str] = None, seed: int = 0,
                 skip_forced: bool = True, max_decisions: Optional[int] = None, reward_shaping: float = 0.0,
                 events: bool = False, copy: bool = False, sparse_planes: bool = True, connection: Optional[Connection] = None,
                 client_name: str = "tercio_client.TercioVecEnv"):
        self._own_conn = connection is None
        self.conn = connection if connection is not None else Connection(url or DEFAULT_URL, token=token, client_name=client_name)
        self.copy = copy
        self._sparse = sparse_planes
        self._closed = False
        # Sparse planes are ~5x fewer bytes per batch; decoded back to the same dense arrays here.
        opts = pb.EnvOptions(skip_forced=skip_forced, reward_shaping=reward_shaping, events=events, sparse_planes=sparse_planes)
        if max_decisions is not None:
            opts.max_decisions = max_decisions
        m = pb.MakeEnvs(ruleset=ruleset, count=num_envs, base_seed=seed, options=opts)
        if scenario_json is not None:
            m.scenario_json = scenario_json
        else:
            m.scenario_id = scenario
        try:
            self.spec = EnvSpec.from_proto(self.conn.request(make_envs=m).env_spec)
        except BaseException:
            if self._own_conn:
                self.conn.close()
            raise
        self.num_envs = num_envs
        s = self.spec
        self._shapes = {
            "planes": (num_envs,) + tuple(s.planes_shape),
            "entities": (num_envs,) + tuple(s.entities_shape),
            "globals": (num_envs,) + tuple(s.globals_shape),
            "action_mask": (num_envs, s.action_size),
        }
        self.single_observation_space = spaces.observation_space(s)
        self.single_action_space = spaces.discrete(s.action_size)
        self._rows = np.arange(num_envs)
        self._last_mask: Optional[np.ndarray] = None

    # -- Gymnasium vector API --------------------------------------------------------------------

    def reset(self, seed: Union[None, int, Sequence[int]] = None, options: Optional[dict] = None) -> Tuple[Dict[str, np.ndarray], Dict[str, Any]]:
        r = pb.Reset(env_set=self.spec.env_set)
        if isinstance(seed, (int, np.integer)):
            r.seed = int(seed)
        elif seed is not None:
            r.seeds.extend(int(x) for x in seed)
        b = self.conn.request(reset=r).batch
        obs, _, _, _, infos = self._decode(b)
        return obs, infos

    def step(self, actions) -> Tuple[Dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        acts = np.asarray(actions, dtype=np.int64).reshape(-1)
        b = self.conn.request(step=pb.Step(env_set=self.spec.env_set, actions=acts.tolist())).batch
        return self._decode(b)

    def action_masks(self) -> np.ndarray:
        """Boolean (n, N) mask of the current observations (for maskable policies)."""
        if self._last_mask is None:
            raise RuntimeError("call reset() first")
        return self._last_mask.astype(bool)

    def render(self, env: int = 0, fmt: str = "ascii") -> str:
        """Picture of env `env`: fmt "ascii" (text) or "svg" (an SVG document)."""
        f = {"ascii": pb.ASCII, "svg": pb.SVG}[fmt]
        return self.conn.request(render=pb.Render(env_set=self.spec.env_set, env=env, format=f)).frame.text

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        try:
            if not self.conn.closed:
                self.conn.request(close_envs=pb.CloseEnvs(env_set=self.spec.env_set))
        except Exception:
            pass
        if self._own_conn:
            self.conn.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- decoding ----------------------------------------------------------------------------------

    def _decode(self, b):
        n = self.num_envs
        c = self.copy
        sh = self._shapes
        if self._sparse:
            planes = np.zeros(sh["planes"], dtype=np.float32)
            planes.reshape(-1)[np.frombuffer(b.planes_index, dtype="<u4")] = np.frombuffer(b.planes_value, dtype="<f4")
        else:
            planes = _arr(b.planes, "<f4", sh["planes"], c)
        obs = {
            "planes": planes,
            "entities": _arr(b.entities, "<f4", sh["entities"], c),
            "globals": _arr(b.globals, "<f4", sh["globals"], c),
            "action_mask": _arr(b.masks, np.uint8, sh["action_mask"], c),
        }
        self._last_mask = obs["action_mask"]
        rewards2 = _arr(b.rewards, "<f4", (n, 2), False)
        actor = _arr(b.actor, np.int8, (n,), False)
        reward = np.where(actor >= 0, rewards2[self._rows, np.maximum(actor, 0)], 0.0).astype(np.float32)
        terminated = _arr(b.terminated, np.uint8, (n,), False).astype(bool)
        truncated = _arr(b.truncated, np.uint8, (n,), False).astype(bool)
        infos: Dict[str, Any] = {
            "player": _arr(b.player, np.int8, (n,), False),
            "actor": actor,
            "rewards": rewards2,
            "legal_count": _arr(b.legal_count, "<i4", (n,), False),
            "decision_kind": _arr(b.decision_kind, "<i2", (n,), False),
            "decisions": _arr(b.decisions, "<i4", (n,), False),
            "skipped": _arr(b.skipped, "<i4", (n,), False),
        }
        k = len(b.final_envs)
        if k:
            s = self.spec
            idx = np.fromiter(b.final_envs, dtype=np.int64, count=k)
            fp = _arr(b.final_planes, "<f4", (k,) + tuple(s.planes_shape), c)
            fe = _arr(b.final_entities, "<f4", (k,) + tuple(s.entities_shape), c)
            fg = _arr(b.final_globals, "<f4", (k,) + tuple(s.globals_shape), c)
            fm = _arr(b.final_masks, np.uint8, (k, s.action_size), c)
            final = np.full(n, None, dtype=object)
            for j, i in enumerate(idx):
                final[i] = {"planes": fp[j], "entities": fe[j], "globals": fg[j], "action_mask": fm[j]}
            has = np.zeros(n, dtype=bool)
            has[idx] = True
            ret = np.zeros((n, 2), dtype=np.float32)
            ret[idx] = _arr(b.episode_return, "<f4", (k, 2), False)
            length = np.zeros(n, dtype=np.int32)
            length[idx] = _arr(b.episode_decisions, "<i4", (k,), False)
            winner = np.full(n, -1, dtype=np.int8)
            winner[idx] = _arr(b.winner, np.int8, (k,), False)
            infos["final_observation"] = final
            infos["_final_observation"] = has
            # Episode statistics in the RecordEpisodeStatistics layout (r = returns of both players).
            infos["episode"] = {"r": ret, "l": length, "winner": winner}
            infos["_episode"] = has
        if len(b.events):
            ev = [[] for _ in range(n)]
            for e in b.events:
                ev[e.env] = list(e.text)
            infos["events"] = ev
        return obs, reward, terminated, truncated, infos
