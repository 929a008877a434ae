"""TercioAECEnv: the two-player game as a PettingZoo AEC env.

Agents are "player_0" and "player_1"; `agent_selection` is the player the rules
ask to decide now (reactions included, so turns do not simply alternate).
Rewards follow PettingZoo: `rewards` holds the last step's rewards of every
agent, `last()` the reward accumulated since the agent last acted. When the
game ends both agents are terminated (or truncated), each gets its final reward
once, and each must then be stepped with None (PettingZoo's dead steps), which
removes it from `agents` and from `rewards`/`terminations`/`truncations`/`infos`.

observe(agent): every agent sees the current position from its own seat. The
agent to act sees the step's observation; any other agent (the waiting one, and
both once the game is over) a view the server encodes for its seat on request
(the bridge's Observe: one round trip, made at most once per agent and step),
with its mask all zero. The env keeps a finished game on the server until the
next reset (TercioEnv's NEXT_STEP autoreset), so at the end both agents see the
final position, each from its own seat. No agent is ever shown the other
player's point of view. (With a server without the "observe" capability, the
waiting agent sees its own latest observation, or zeros before its first turn.)

Illegal actions: as TercioEnv (illegal_action="penalty" by default: the game
ends, the player who chose it loses).
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Union

import gymnasium as gym
import numpy as np
from pettingzoo import AECEnv

from gymnasium.vector import AutoresetMode

from . import spaces
from .connection import BridgeError
from .env import TercioEnv
from .spaces import FlatObs, Observation

AGENTS = ("player_0", "player_1")


class TercioAECEnv(AECEnv):
    metadata: Dict[str, Any] = {"name": "tercio_v1", "render_modes": ["ansi", "human"], "is_parallelizable": False, "render_fps": 4}

    def __init__(self, scenario: str = "piwam-training", url: Optional[str] = None, render_mode: Optional[str] = None,
                 *, observation_layout: str = "dict", **kwargs: Any):
        """kwargs: TercioEnv's (illegal_action, illegal_action_penalty, seed, max_decisions, reward_shaping, ...)."""
        super().__init__()
        if kwargs.get("opponent"):
            raise ValueError("TercioAECEnv has both players as agents; for a server-side opponent use TercioEnv or TercioVecEnv")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None or one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.layout = spaces.check_layout(observation_layout)
        try:
            # NEXT_STEP: the finished game stays on the server (for each agent's final view) until reset().
            self.env = TercioEnv(scenario, url, render_mode="ansi", autoreset_mode=AutoresetMode.NEXT_STEP, **kwargs)
        except BridgeError as e:
            if e.code != "UNSUPPORTED":
                raise
            self.env = TercioEnv(scenario, url, render_mode="ansi", **kwargs)
        self._fresh = "observe" in self.env.vec.conn.welcome.capabilities
        self._seen: Dict[str, FlatObs] = {}  # views of the other seats fetched since the last step
        self.tercio_spec = self.env.tercio_spec
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        # One space object per agent (seeding one agent's space must not move the other's).
        self.observation_spaces: Dict[str, gym.spaces.Dict] = {a: spaces.observation_space(self.tercio_spec, observation_layout) for a in AGENTS}
        self.action_spaces: Dict[str, gym.spaces.Discrete[np.int64]] = {a: gym.spaces.Discrete(self.tercio_spec.action_size) for a in AGENTS}
        self.agents: List[str] = []
        self.rewards: Dict[str, float] = {}
        self._cumulative_rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, Dict[str, Any]] = {}
        self._views: Dict[str, FlatObs] = {}  # each agent's own latest observation (flat layout)
        self.agent_selection: Optional[str] = None
        blank = {k: np.zeros(s.shape or (), s.dtype) for k, s in spaces.observation_space(self.tercio_spec, "dict").spaces.items()}
        for v in blank.values():
            v.flags.writeable = False
        self._blank = blank

    def observation_space(self, agent: str) -> gym.spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gym.spaces.Discrete[np.int64]:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """options: not used."""
        _, info = self.env.reset(seed=seed)
        if seed is not None:
            for i, a in enumerate(AGENTS):
                self.action_spaces[a].seed(seed + i)
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self._views = {}
        self._seen = {}
        self._skip_agent_selection = None
        self._select(info)

    def _current(self) -> FlatObs:
        """The env's current observation (flat layout), from the seat that acted last or acts now."""
        if self.env._obs is None:
            raise RuntimeError("call reset() first")
        return self.env._obs

    def _selected(self) -> str:
        if self.agent_selection is None:
            raise RuntimeError("call reset() first")
        return self.agent_selection

    def _select(self, info: Dict[str, Any]) -> None:
        agent = AGENTS[info["player"]]
        self._views[agent] = self._current()
        self.infos = {a: dict(info) for a in self.agents}
        self.agent_selection = agent

    def observe(self, agent: str) -> Observation:
        over = bool(self.terminations.get(agent) or self.truncations.get(agent))
        if agent == self.agent_selection and not over and agent in self._views:
            o = self._views[agent]
        elif self._fresh and self.env._obs is not None:
            if agent not in self._seen:
                self._seen[agent] = self._view_of(agent)
            o = self._seen[agent]
        else:
            o = self._views.get(agent, self._blank)
        if agent != self.agent_selection or over:
            if o["action_mask"].any():
                o = dict(o, action_mask=np.zeros_like(o["action_mask"]))
        return spaces.arrange(o, self.layout)

    def _view_of(self, agent: str) -> FlatObs:
        """`agent`'s view of the game now, from the server (capability "observe")."""
        if self.env._info.get("illegal_action") and self.env._info.get("actor") == AGENTS.index(agent):
            # The game ended on this agent's masked-out action, which the server never applied:
            # its view is the one the env returned (its last, nothing legal).
            return self._current()
        o = {k: v[0] for k, v in self.env.vec._observe_flat(AGENTS.index(agent), [0]).items()}
        for v in o.values():
            v.flags.writeable = False
        return o

    def step(self, action: Union[int, np.integer, None]) -> None:
        agent = self._selected()
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._seen = {}
        assert action is not None  # None is the dead step's action only
        _, _, term, trunc, info = self.env.step(action)
        rw = info["rewards"]
        self.rewards = {a: float(rw[i]) for i, a in enumerate(AGENTS)}
        if term or trunc:
            self._views[agent] = self._current()  # the final observation, from the last actor's point of view
            for a in AGENTS:
                self.terminations[a] = bool(term)
                self.truncations[a] = bool(trunc)
            self.infos = {a: dict(info) for a in self.agents}
        else:
            self._select(info)
        self._accumulate_rewards()

    def action_mask(self, agent: Optional[str] = None) -> np.ndarray:
        """Boolean mask of `agent`'s legal actions now (all False when it is not its turn)."""
        return spaces.mask_of(self.observe(agent or self._selected())).astype(bool)

    def render(self) -> Optional[str]:
        """render_mode "ansi": the board as text; "human": printed, returns None."""
        if self.render_mode is None:
            gym.logger.warn("TercioAECEnv.render() without a render mode: make the env with render_mode='ansi' or 'human'")
            return None
        text = self.env.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.env.close()
