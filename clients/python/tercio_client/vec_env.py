"""TercioVecEnv: a whole set of envs stepped with one message per step.

A `gymnasium.vector.VectorEnv` (Gymnasium 1.x): observations are dicts of
batched arrays (`planes`, `entities`, `globals`, `action_mask`, or the "masked"
layout, see spaces.py). Autoreset mode SAME_STEP (the default): finished envs
are reset in the same step, their last observations are in infos["final_obs"]
(object array) and the infos of their last step (winner, returns, ...) in
infos["final_info"], each with its boolean mask (infos["_final_obs"], ...).
Autoreset mode NEXT_STEP (autoreset_mode=AutoresetMode.NEXT_STEP, what
Gymnasium's vector observation wrappers require): a finished env's row is its
last observation, with infos["winner"] / infos["returns"] (and their `_key`
masks), and the next step resets it, ignoring its action (reward 0, not
terminated), exactly as gymnasium.vector.SyncVectorEnv(autoreset_mode=NEXT_STEP)
over TercioEnvs.

Observations travel as changes by default (delta_observations=True, when the
server has the "delta-observations" capability): the client keeps the last
observation of every env and applies the changed 32-bit words of each Batch,
a few tens of KB where whole arrays are hundreds. With copy=True (the default)
every reset/step returns arrays of its own; copy=False returns read-only views
that a later reset/step may overwrite (Gymnasium's `copy` convention: cheaper,
for callers that copy into their own storage at once). Without deltas, planes
travel sparsely by default (sparse_planes=True).
"""
from __future__ import annotations

import dataclasses
import os
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union, overload

import numpy as np
import numpy.typing as npt

from gymnasium import logger as gym_logger
from gymnasium import spaces as gym_spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from . import spaces
from . import tercio_pb2 as pb
from .connection import BridgeError, Connection
from . import server as _server
from .spec import EnvSpec
from .spaces import FlatObs, Observation

# reset/step results: batched observation (in the env's layout), rewards, terminated, truncated, infos.
StepResult = Tuple[Observation, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]
# One request of a batch, as Connection.send's keywords: {"step": pb.Step(...)} or {"reset": pb.Reset(...)}.
Request = Dict[str, Any]

WINNER_DRAW = 2
WINNER_TRUNCATED = 3


def entropy_seed() -> int:
    """A base seed from the operating system's entropy (unseeded envs play different games)."""
    return int(np.random.SeedSequence().generate_state(1)[0])


def _arr(data: bytes, dtype: npt.DTypeLike, shape: Tuple[int, ...], copy: bool) -> np.ndarray:
    a = np.frombuffer(data, dtype=dtype).reshape(shape)
    return a.copy() if copy else a


def _pairs(data: bytes) -> np.ndarray:
    return np.frombuffer(data, dtype="<u4").reshape(-1, 2)


class _DeltaCopy:
    """The client's copy of one env set's observations (EnvOptions.delta_observations): one array
    of 32-bit words, planes | entities | globals | masks (masks as bytes, then zeros up to a
    multiple of 64 bytes), and read-only views of its parts."""

    def __init__(self, spec: EnvSpec, n: int):
        P = n * int(np.prod(spec.planes_shape))
        E = n * int(np.prod(spec.entities_shape))
        G = n * int(np.prod(spec.globals_shape))
        M = n * spec.action_size
        words = -(-(4 * (P + E + G) + M) // 64) * 16
        self.words = np.zeros(words, dtype="<u4")
        f = self.words.view("<f4")
        self.obs = {
            "planes": f[:P].reshape((n,) + tuple(spec.planes_shape)),
            "entities": f[P:P + E].reshape((n,) + tuple(spec.entities_shape)),
            "globals": f[P + E:P + E + G].reshape((n,) + tuple(spec.globals_shape)),
            "action_mask": self.words[P + E + G:].view(spaces.MASK_DTYPE)[:M].reshape(n, spec.action_size),
        }
        for v in self.obs.values():
            v.flags.writeable = False

    def apply(self, b: pb.Batch, finals_sent: bool = True) -> Optional[FlatObs]:
        """Applies a Batch; returns the final observations of b.final_envs (fresh arrays) or None
        (also when the Batch sends none: NEXT_STEP, where the rows themselves are the last observations)."""
        w = self.words
        if b.delta_reset:
            w.fill(0)
        finals = None
        if len(b.final_envs) and finals_sent:
            p = _pairs(b.final_delta)
            w[p[:, 0]] = p[:, 1]
            idx = np.fromiter(b.final_envs, dtype=np.int64, count=len(b.final_envs))
            finals = {k: v[idx] for k, v in self.obs.items()}
        p = _pairs(b.delta)
        w[p[:, 0]] = p[:, 1]
        return finals


_STEP_KEYS = ("player", "actor", "rewards", "legal_count", "decision_kind", "decisions", "skipped")
_MODES = {AutoresetMode.SAME_STEP: pb.SAME_STEP, AutoresetMode.NEXT_STEP: pb.NEXT_STEP}


def autoreset_mode_of(mode: Union[AutoresetMode, str]) -> AutoresetMode:
    """AutoresetMode.SAME_STEP / NEXT_STEP, or their values or names ("SameStep", "next_step", ...)."""
    if isinstance(mode, AutoresetMode):
        m = mode
    else:
        key = str(mode).replace("-", "_").upper()
        found = next((x for x in AutoresetMode if x.name == key or x.value.upper() == key.replace("_", "")), None)
        if found is None:
            raise ValueError(f"autoreset_mode must be AutoresetMode.SAME_STEP or AutoresetMode.NEXT_STEP, got {mode!r}")
        m = found
    if m not in _MODES:
        raise ValueError(f"autoreset_mode must be AutoresetMode.SAME_STEP or AutoresetMode.NEXT_STEP, got {mode!r}")
    return m


def part_seeds(seed: Union[None, int, Sequence[int]], num_envs: int, parts: Sequence[Tuple[int, int]],
               caller: str) -> List[Union[None, int, List[int]]]:
    """The reset seeds of each part (offset, count) of num_envs envs: env i gets seeds[i] (a list per part),
    or seed + i (the part's base seed), or with None its own next seed."""
    if seed is None:
        return [None] * len(parts)
    if isinstance(seed, (int, np.integer)):
        return [(int(seed) + off) % 2**32 for off, _ in parts]
    seeds = [int(x) for x in seed]
    if len(seeds) != num_envs:
        raise BridgeError("BATCH_LENGTH", f"{caller}: {num_envs} envs but {len(seeds)} seeds")
    return [seeds[off:off + c] for off, c in parts]


class TercioVecEnv(VectorEnv[Observation, np.ndarray, np.ndarray]):
    """`num_envs` envs of one ruleset and scenario on a bridge server, as a Gymnasium vector env.

    reset(seed=None | int | list of ints) -> (obs, infos)
    step(actions) -> (obs, rewards, terminated, truncated, infos)

    `rewards` is the reward of the player who acted in each env; both players'
    rewards are in infos["rewards"] (shape (n, 2), zero-sum). infos["player"] is
    the player to act now (the seat the next action is for), infos["actor"] the
    player whose action this step applied (-1 after a reset). infos["rewards"] and
    infos["actor"] describe the step just taken, also in envs whose episode ended
    in it; "player", "legal_count", "decision_kind" and "decisions" describe the
    current observation (after the auto-reset). Where an episode ended,
    infos["final_obs"][i] is its last observation and infos["final_info"] holds
    "winner" (0, 1, WINNER_DRAW, WINNER_TRUNCATED), "returns" (both players'
    episode returns), "decisions" (its length), "actor" and "rewards" of its last
    step, each with its `_key` mask (Gymnasium's vector-info layout).

    autoreset_mode=AutoresetMode.NEXT_STEP (Gymnasium's default mode, which its vector
    observation wrappers require): where an episode ends, the row is its last observation
    (mask all zero), infos["winner"] / infos["returns"] (masks `_winner`, `_returns`) its
    outcome, and no final_obs; the next step resets that env and ignores its action (any id
    goes): reward 0, terminated and truncated False, infos["actor"] -1, the new episode's
    first observation. `metadata["autoreset_mode"]` says which mode an instance is in.

    A masked-out action raises BridgeError ACTION_ILLEGAL and steps nothing
    (choose actions from infos masks or action_masks()). The Tercio env spec
    (shapes, channel names, action texts, hash) is `tercio_spec`; `spec` is
    Gymnasium's (None unless made by gymnasium.make_vec).
    """

    metadata: Dict[str, Any] = {"render_modes": ["ansi"], "autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, scenario: str = "piwam-training", num_envs: int = 8, url: Optional[str] = None, *,
                 token: str = "", ruleset: str = "", scenario_json: Optional[str] = None, seed: Optional[int] = None,
                 skip_forced: bool = True, max_decisions: Optional[int] = None, reward_shaping: float = 0.0,
                 events: bool = False, copy: bool = True, delta_observations: bool = True, sparse_planes: bool = True,
                 opponent: str = "", opponent_player: int = 1, pipeline: int = 1, observation_layout: str = "dict",
                 render_mode: Optional[str] = None, autoreset_mode: Union[AutoresetMode, str] = AutoresetMode.SAME_STEP,
                 connection: Optional[Connection] = None, client_name: str = "tercio_client.TercioVecEnv"):
        """seed: env i starts from seed + i and derives its later episodes' seeds from it (a Reset without
        seeds, and every auto-reset); None = a base seed from the OS's entropy.
        opponent: an agent spec ("random", "heuristic", "heuristic:epsilon=0.1", "search:iters=200", "ckpt:DIR", ...)
        that the server plays as `opponent_player` (0 or 1); every step then leaves each env with the other player
        to act, and infos["opponent_actions"] lists the opponent's decisions (action texts).
        observation_layout: "dict" or "masked" (spaces.py). render_mode: None or "ansi" (render() returns text).
        pipeline=K splits the envs into K sets on the server and sends their requests back to back, so the
        transfer of one set's batch overlaps the stepping of the next; results are identical to K=1.
        autoreset_mode: AutoresetMode.SAME_STEP (default) or AutoresetMode.NEXT_STEP (or "same_step" / "next_step")."""
        spaces.check_layout(observation_layout)
        mode = autoreset_mode_of(autoreset_mode)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None or one of {self.metadata['render_modes']}, got {render_mode!r}")
        self._own_conn = connection is None
        # No url and no $TERCIO_URL: the server this package carries, shared by the process's envs.
        self._shared_server = connection is None and not (url or os.environ.get("TERCIO_URL"))
        if connection is not None:
            self.conn = connection
        else:
            target = _server.shared_url() if self._shared_server else (url or os.environ["TERCIO_URL"])
            try:
                self.conn = Connection(target, token=token, client_name=client_name)
            except BaseException:
                self._release_server()
                raise
        self.copy = copy
        self.layout = observation_layout
        self.render_mode = render_mode
        caps = set(self.conn.welcome.capabilities)
        # Negotiated: a server without the capability gets (and sends) whole arrays.
        self._delta = delta_observations and "delta-observations" in caps
        self._sparse = sparse_planes and not self._delta
        self._opponent = bool(opponent)
        self._closed = False
        missing = [c for c, wanted in (("opponent", bool(opponent)), ("autoreset-next-step", mode == AutoresetMode.NEXT_STEP))
                   if wanted and c not in caps]
        if missing:
            if self._own_conn:
                self.conn.close()
            self._release_server()
            raise BridgeError("UNSUPPORTED", f"the server at {self.conn.url} lacks capability {missing[0]!r} "
                                             f"({'server-side opponents' if missing[0] == 'opponent' else 'next-step autoreset'})")
        self.autoreset_mode = mode
        self._next_step = mode == AutoresetMode.NEXT_STEP
        # Per instance: the class's metadata says SAME_STEP, the default.
        self.metadata = {**type(self).metadata, "autoreset_mode": mode}
        opts = pb.EnvOptions(skip_forced=skip_forced, reward_shaping=reward_shaping, events=events, sparse_planes=self._sparse,
                             delta_observations=self._delta, opponent=opponent, opponent_player=opponent_player,
                             autoreset_mode=_MODES[mode])
        if max_decisions is not None:
            opts.max_decisions = max_decisions
        self.base_seed = entropy_seed() if seed is None else int(seed) % 2**32
        k = max(1, min(int(pipeline), num_envs))
        sizes = [num_envs // k + (1 if i < num_envs % k else 0) for i in range(k)]
        self._parts: List[Tuple[int, int, int]] = []  # (env_set, offset, count)
        spec: Optional[EnvSpec] = None
        try:
            off = 0
            for c in sizes:
                # Env i of the whole vector is seeded seed + i, whichever part it lives in.
                m = pb.MakeEnvs(ruleset=ruleset, count=c, base_seed=(self.base_seed + off) % 2**32, options=opts)
                if scenario_json is not None:
                    m.scenario_json = scenario_json
                else:
                    m.scenario_id = scenario
                sp = EnvSpec.from_proto(self.conn.request(make_envs=m).env_spec)
                spec = spec or sp
                self._parts.append((sp.env_set, off, c))
                off += c
        except BaseException:
            for h, _, _ in self._parts:
                try:
                    self.conn.request(close_envs=pb.CloseEnvs(env_set=h))
                except Exception:
                    pass
            if self._own_conn:
                self.conn.close()
            self._release_server()
            raise
        assert spec is not None  # k >= 1 parts
        self.tercio_spec = dataclasses.replace(spec, count=num_envs)
        self.num_envs = num_envs
        s = self.tercio_spec
        self.single_observation_space = spaces.observation_space(s, observation_layout)
        self.single_action_space = gym_spaces.Discrete(s.action_size)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._last_mask: Optional[np.ndarray] = None
        self._waiting = np.zeros(num_envs, dtype=bool)  # NEXT_STEP: envs the next step resets (their action is ignored)
        self._copies = [_DeltaCopy(s, c) for _, _, c in self._parts] if self._delta else None
        self._all = np.ones(num_envs, dtype=bool)
        self._all.flags.writeable = False

    # -- Gymnasium vector API --------------------------------------------------------------------

    def reset(self, *, seed: Union[None, int, Sequence[int]] = None,
              options: Optional[Dict[str, Any]] = None) -> Tuple[Observation, Dict[str, Any]]:
        """seed: None (each env starts the next episode of its own seed sequence), an int (env i gets seed + i)
        or one seed per env. options: not used."""
        reqs = self._resets(seed, "reset")
        super().reset(seed=int(seed) if isinstance(seed, (int, np.integer)) else None)
        obs, _, _, _, infos = self._run([{"reset": r} for r in reqs])
        return obs, infos

    def _resets(self, seed: Union[None, int, Sequence[int]], caller: str) -> List[pb.Reset]:
        """The Reset of every part (see part_seeds)."""
        resets = []
        for (h, _, _), s in zip(self._parts, part_seeds(seed, self.num_envs, [(off, c) for _, off, c in self._parts], caller)):
            r = pb.Reset(env_set=h)
            if isinstance(s, list):
                r.seeds.extend(s)
            elif s is not None:
                r.seed = s
            resets.append(r)
        return resets

    def step(self, actions: npt.ArrayLike) -> StepResult:
        acts = np.asarray(actions, dtype=np.int64).reshape(-1)
        if self._waiting.any() and len(acts) == self.num_envs:
            acts = np.where(self._waiting, 0, acts)  # ignored by the server; any value goes
        if len(self._parts) > 1:
            self._check(acts)  # parts step independently: refuse a bad batch before any part moves
        return self._run([{"step": pb.Step(env_set=h, actions=acts[off:off + c].tolist())} for h, off, c in self._parts])

    def _check(self, acts: np.ndarray) -> None:
        n, N = self.num_envs, self.tercio_spec.action_size
        if len(acts) != n:
            raise BridgeError("BATCH_LENGTH", f"Step: {n} envs but {len(acts)} actions")
        bad = np.flatnonzero((acts < 0) | (acts >= N))
        if len(bad):
            i = int(bad[0])
            raise BridgeError("ACTION_OUT_OF_RANGE", f"Step: env {i}: action {int(acts[i])} is outside 0..{N - 1}", env=i)
        if self._last_mask is not None:
            bad = np.flatnonzero((self._last_mask[np.arange(n), acts] == 0) & ~self._waiting)
            if len(bad):
                i = int(bad[0])
                raise BridgeError("ACTION_ILLEGAL", f"Step: env {i}: {self.tercio_spec.action_text(int(acts[i]))} (id {int(acts[i])}) is masked out", env=i)

    def _run(self, reqs: List[Request]) -> StepResult:
        if len(reqs) == 1:
            (kind, body), = reqs[0].items()
            obs, rew, term, trunc, infos = self._decode(self.conn.request(**{kind: body}).batch, 0)
        else:
            replies = self.conn.request_many(reqs)
            # Every Batch is applied, even when another part was refused: the delta copies must
            # follow what the server sent.
            parts = [self._decode(r.batch, j) for j, r in enumerate(replies) if r.WhichOneof("kind") == "batch"]
            for r in replies:
                if r.WhichOneof("kind") == "error":
                    err = r.error
                    raise BridgeError(err.code, err.message, err.request_id, err.env if err.HasField("env") else None)
            obs, rew, term, trunc, infos = self._merge(parts)
        self._last_mask = obs["action_mask"]
        if self._next_step:
            np.logical_or(term, trunc, out=self._waiting)  # all False after a Reset
        obs, infos = self._present(obs, infos, self._all)
        return obs, rew, term, trunc, infos

    def _present(self, obs: FlatObs, infos: Dict[str, Any], all_rows: np.ndarray) -> Tuple[Observation, Dict[str, Any]]:
        """The observation in the chosen layout, and the infos with Gymnasium's `_key` masks."""
        for k in _STEP_KEYS:
            infos["_" + k] = all_rows
        for k in ("events", "opponent_actions", "opponent_after_reset"):
            if k in infos:
                infos["_" + k] = all_rows
        if self.layout != "dict" and "final_obs" in infos:
            f = infos["final_obs"]
            for j in np.flatnonzero(infos["_final_obs"]):
                f[j] = spaces.arrange(f[j], self.layout)
        return spaces.arrange(obs, self.layout), infos

    def action_masks(self) -> np.ndarray:
        """Boolean (n, N) mask of the current observations (for maskable policies). NEXT_STEP: the rows of
        envs whose episode just ended (the next step resets them, ignoring their action) are all True, so
        a masked policy still has a distribution to sample from there."""
        if self._last_mask is None:
            raise RuntimeError("call reset() first")
        m = self._last_mask.astype(bool)
        m[self._waiting] = True
        return m

    def observe(self, players: Union[int, Sequence[int]], envs: Optional[Sequence[int]] = None) -> Observation:
        """The current observation of `envs` (default: all, in order) from seat `players` (0 or 1: one for
        all, or one per env), whether that seat is to act or not: the server encodes it on request
        (capability "observe"). For the seat to act it is the step's observation; for the other seat the
        same encoding from its side, with nothing legal (mask zero). Batched arrays in the env's layout."""
        flat = self._observe_flat(players, envs)
        return spaces.arrange(flat, self.layout)

    def _observe_flat(self, players: Union[int, Sequence[int]], envs: Optional[Sequence[int]]) -> FlatObs:
        if "observe" not in self.conn.welcome.capabilities:
            raise BridgeError("UNSUPPORTED", f"the server at {self.conn.url} cannot encode another seat's view (capability 'observe')")
        idx = list(range(self.num_envs)) if envs is None else [int(i) for i in envs]
        seats = [int(players)] * len(idx) if isinstance(players, (int, np.integer)) else [int(p) for p in players]
        if len(seats) != len(idx):
            raise BridgeError("BATCH_LENGTH", f"observe: {len(idx)} envs but {len(seats)} players")
        s = self.tercio_spec
        shapes = {"planes": tuple(s.planes_shape), "entities": tuple(s.entities_shape), "globals": tuple(s.globals_shape),
                  "action_mask": (s.action_size,)}
        out = {k: np.zeros((len(idx),) + sh, dtype=spaces.MASK_DTYPE if k == "action_mask" else np.float32) for k, sh in shapes.items()}
        bad = [i for i in idx if not 0 <= i < self.num_envs]
        if bad:
            raise IndexError(f"observe: env {bad[0]} is outside 0..{self.num_envs - 1}")
        for h, off, c in self._parts:
            rows = [j for j, i in enumerate(idx) if off <= i < off + c]
            if not rows:
                continue
            o = self.conn.request(observe=pb.Observe(env_set=h, envs=[idx[j] - off for j in rows],
                                                     players=[seats[j] for j in rows])).observation
            k = len(rows)
            got: Dict[str, Tuple[bytes, npt.DTypeLike]] = {"planes": (o.planes, "<f4"), "entities": (o.entities, "<f4"), "globals": (o.globals, "<f4"),
                   "action_mask": (o.masks, spaces.MASK_DTYPE)}
            for key, (data, dt) in got.items():
                out[key][rows] = np.frombuffer(data, dtype=dt).reshape((k,) + shapes[key])
        return out

    @overload
    def render(self) -> Optional[Tuple[str, ...]]: ...
    @overload
    def render(self, env: int, fmt: str = "ascii") -> str: ...

    def render(self, env: Optional[int] = None, fmt: str = "ascii") -> Union[str, Tuple[str, ...], None]:
        """render(): with render_mode "ansi", a tuple of every env's picture as text (None without a render mode).
        render(env=i, fmt="ascii" | "svg"): env i's picture, whatever the render mode."""
        if env is None:
            if self.render_mode is None:
                gym_logger.warn("TercioVecEnv.render() without a render mode: make it with render_mode='ansi' "
                                "(or call render(env=i))")
                return None
            return tuple(self._render(i, "ascii") for i in range(self.num_envs))
        return self._render(env, fmt)

    def _render(self, env: int, fmt: str) -> str:
        f = {"ascii": pb.ASCII, "svg": pb.SVG}[fmt]
        if not 0 <= env < self.num_envs:
            raise IndexError(f"env {env} is outside 0..{self.num_envs - 1}")
        h, off, _ = next(p for p in self._parts if p[1] <= env < p[1] + p[2])
        text: str = self.conn.request(render=pb.Render(env_set=h, env=env - off, format=f)).frame.text
        return text

    # Gymnasium's per-env accessors. Every env of the vector shares one spec and one set of spaces.
    _PER_ENV_CALLS = ("render", "action_masks", "legal_actions")

    def call(self, name: str, *args: Any, **kwargs: Any) -> Tuple[Any, ...]:
        """Per-env results of `render` (text), `action_masks` (bool rows) or `legal_actions` (ids)."""
        if name == "render":
            fmt = kwargs.get("fmt", args[0] if args else "ascii")
            return tuple(self._render(i, fmt) for i in range(self.num_envs))
        if name == "action_masks":
            return tuple(self.action_masks())
        if name == "legal_actions":
            return tuple(np.flatnonzero(m) for m in self.action_masks())
        raise AttributeError(f"TercioVecEnv.call: {name!r} is not a per-env method (known: {', '.join(self._PER_ENV_CALLS)})")

    def get_attr(self, name: str) -> Tuple[Any, ...]:
        """An attribute of every env: the same value for each (they share spec, spaces and options)."""
        single = {"observation_space": self.single_observation_space, "action_space": self.single_action_space}
        v = single[name] if name in single else getattr(self, name)
        return (v,) * self.num_envs

    # Attributes set_attr may change: client-side ones. The server-side options (scenario, seeds, limits,
    # shaping, opponent) are fixed when the envs are made.
    _SETTABLE = ("copy", "render_mode")

    def set_attr(self, name: str, values: Any) -> None:
        """Sets an attribute of every env (Gymnasium's set_attr): `values` is one value, or a list/tuple of
        num_envs values, which must then all be equal (the envs share their options). Settable: "copy",
        "render_mode", and names the env does not have (the caller's own data); other attributes raise
        AttributeError."""
        if isinstance(values, (list, tuple)):
            if len(values) != self.num_envs:
                raise ValueError(f"set_attr({name!r}): {len(values)} values for {self.num_envs} envs")
            if any(v is not values[0] and v != values[0] for v in values[1:]):
                raise ValueError(f"set_attr({name!r}): the envs of a TercioVecEnv share their attributes; "
                                 f"got different values {values!r}")
            value = values[0] if values else None
        else:
            value = values
        if name == "render_mode" and value not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None or one of {self.metadata['render_modes']}, got {value!r}")
        if name not in self._SETTABLE and hasattr(self, name):
            raise AttributeError(f"TercioVecEnv.set_attr: {name!r} is fixed when the envs are made "
                                 f"(settable: {', '.join(self._SETTABLE)}, or a name of your own)")
        setattr(self, name, value)

    def close(self, **kwargs: Any) -> None:
        if self._closed:
            return
        self._closed = True
        self.closed = True
        for h, _, _ in self._parts:
            try:
                if not self.conn.closed:
                    self.conn.request(close_envs=pb.CloseEnvs(env_set=h))
            except Exception:
                pass
        if self._own_conn:
            self.conn.close()
        self._release_server()

    def _release_server(self) -> None:
        if self._shared_server:
            self._shared_server = False
            _server.release_shared()

    def __enter__(self) -> "TercioVecEnv":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        # VectorEnv.__del__ calls close(); a half-made env (a refused MakeEnvs) has nothing to close.
        if getattr(self, "_parts", None) is not None and not getattr(self, "_closed", True):
            try:
                self.close()
            except Exception:
                pass

    # -- decoding ----------------------------------------------------------------------------------

    def _decode(self, b: pb.Batch, part: int = 0) -> Tuple[FlatObs, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        n = b.count
        c = self.copy
        s = self.tercio_spec
        finals = None
        if self._delta:
            assert self._copies is not None  # made with the env when deltas are on
            dc = self._copies[part]
            finals = dc.apply(b, not self._next_step)
            obs = {k: v.copy() for k, v in dc.obs.items()} if c else dict(dc.obs)
        else:
            sh = {
                "planes": (n,) + tuple(s.planes_shape),
                "entities": (n,) + tuple(s.entities_shape),
                "globals": (n,) + tuple(s.globals_shape),
                "action_mask": (n, s.action_size),
            }
            if self._sparse:
                planes = np.zeros(sh["planes"], dtype=np.float32)
                planes.reshape(-1)[np.frombuffer(b.planes_index, dtype="<u4")] = np.frombuffer(b.planes_value, dtype="<f4")
            else:
                planes = _arr(b.planes, "<f4", sh["planes"], c)
            obs = {
                "planes": planes,
                "entities": _arr(b.entities, "<f4", sh["entities"], c),
                "globals": _arr(b.globals, "<f4", sh["globals"], c),
                "action_mask": _arr(b.masks, spaces.MASK_DTYPE, sh["action_mask"], c),
            }
        # Few numpy calls per step: this runs once per batch on the trainer's critical path.
        rewards2 = np.frombuffer(b.rewards, dtype="<f4").reshape(n, 2)
        actor = np.frombuffer(b.actor, dtype=np.int8)
        reward = rewards2[np.arange(n), actor & 1]  # a copy; actor -1 (after Reset) reads column 1, zeroed next
        reward[actor < 0] = 0.0
        terminated = np.frombuffer(b.terminated, dtype=np.bool_).copy()  # bytes 0/1
        truncated = np.frombuffer(b.truncated, dtype=np.bool_).copy()
        infos: Dict[str, Any] = {
            "player": np.frombuffer(b.player, dtype=np.int8),
            "actor": actor,
            "rewards": rewards2,
            "legal_count": np.frombuffer(b.legal_count, dtype="<i4"),
            "decision_kind": np.frombuffer(b.decision_kind, dtype="<i2"),
            "decisions": np.frombuffer(b.decisions, dtype="<i4"),
            "skipped": np.frombuffer(b.skipped, dtype="<i4"),
        }
        k = len(b.final_envs)
        if k and self._next_step:
            # The rows are the episodes' last observations; their outcome goes where SyncVectorEnv puts a
            # TercioEnv's last info ("winner", "returns", with `_key` masks). The next step resets them.
            idx = np.fromiter(b.final_envs, dtype=np.int64, count=k)
            has = np.zeros(n, dtype=bool)
            has[idx] = True
            winner = np.full(n, -1, dtype=np.int8)
            winner[idx] = _arr(b.winner, np.int8, (k,), False)
            ret = np.zeros((n, 2), dtype=np.float32)
            ret[idx] = _arr(b.episode_return, "<f4", (k, 2), False)
            infos.update(winner=winner, _winner=has, returns=ret, _returns=has.copy())
        elif k:
            idx = np.fromiter(b.final_envs, dtype=np.int64, count=k)
            if finals is not None:
                fp, fe, fg, fm = finals["planes"], finals["entities"], finals["globals"], finals["action_mask"]
            else:
                fp = _arr(b.final_planes, "<f4", (k,) + tuple(s.planes_shape), c)
                fe = _arr(b.final_entities, "<f4", (k,) + tuple(s.entities_shape), c)
                fg = _arr(b.final_globals, "<f4", (k,) + tuple(s.globals_shape), c)
                fm = _arr(b.final_masks, spaces.MASK_DTYPE, (k, s.action_size), c)
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
            infos["final_obs"] = final
            infos["_final_obs"] = has
            infos["final_info"] = {"winner": winner, "_winner": has, "returns": ret, "_returns": has,
                                   "decisions": length, "_decisions": has,
                                   "actor": np.where(has, actor, -1).astype(np.int8), "_actor": has,
                                   "rewards": np.where(has[:, None], rewards2, 0).astype(np.float32), "_rewards": has}
            infos["_final_info"] = has
        if len(b.events):
            ev = np.empty(n, dtype=object)
            for i in range(n):
                ev[i] = []
            for e in b.events:
                ev[e.env] = list(e.text)
            infos["events"] = ev
        if self._opponent:
            acts = np.empty(n, dtype=object)
            after = np.empty(n, dtype=object)
            for i in range(n):
                acts[i], after[i] = [], []
            for o in b.opponent_actions:
                acts[o.env] = list(o.actions)
                after[o.env] = list(o.after_reset)
            # after_reset: its opening decisions of the next episode, where an episode ended (auto-reset).
            infos["opponent_actions"] = acts
            infos["opponent_after_reset"] = after
        return obs, reward, terminated, truncated, infos

    def _merge(self, parts: List[Tuple[FlatObs, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]]
               ) -> Tuple[FlatObs, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        """Concatenates the decoded results of the parts (in env order)."""
        n = self.num_envs
        obs = {k: np.concatenate([p[0][k] for p in parts]) for k in parts[0][0]}
        reward, term, trunc = (np.concatenate([p[i] for p in parts]) for i in (1, 2, 3))
        infos: Dict[str, Any] = {k: np.concatenate([p[4][k] for p in parts]) for k in _STEP_KEYS}
        offs = [off for _, off, _ in self._parts]
        if any("final_obs" in p[4] for p in parts):
            final = np.full(n, None, dtype=object)
            has = np.zeros(n, dtype=bool)
            fin: Dict[str, np.ndarray] = {}
            for p, off in zip(parts, offs):
                inf = p[4]
                if "final_obs" not in inf:
                    continue
                c = len(inf["_final_obs"])
                final[off:off + c] = inf["final_obs"]
                has[off:off + c] = inf["_final_obs"]
                for key, v in inf["final_info"].items():
                    if key.startswith("_"):
                        continue
                    if key not in fin:
                        fin[key] = np.full((n,) + v.shape[1:], -1 if key in ("winner", "actor") else 0, dtype=v.dtype)
                    fin[key][off:off + c] = v
            infos.update(final_obs=final, _final_obs=has, _final_info=has)
            infos["final_info"] = {**fin, **{"_" + key: has for key in fin}}
        for key, fill in (("winner", -1), ("returns", 0)):
            if any(key in p[4] for p in parts):
                v = next(p[4][key] for p in parts if key in p[4])
                col = np.full((n,) + v.shape[1:], fill, dtype=v.dtype)
                has = np.zeros(n, dtype=bool)
                for p, (_, off, c) in zip(parts, self._parts):
                    if key in p[4]:
                        col[off:off + c] = p[4][key]
                        has[off:off + c] = p[4]["_" + key]
                infos[key], infos["_" + key] = col, has
        for key in ("events", "opponent_actions", "opponent_after_reset"):
            if any(key in p[4] for p in parts):
                col = np.empty(n, dtype=object)
                for p, (_, off, c) in zip(parts, self._parts):
                    for j in range(c):
                        col[off + j] = p[4][key][j] if key in p[4] else []
                infos[key] = col
        return obs, reward, term, trunc, infos
