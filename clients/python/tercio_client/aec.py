"""TercioAECEnv: the two-player game in PettingZoo's AEC style (PettingZoo's
AECEnv base class when installed, not required).

Agents are "player_0" and "player_1"; `agent_selection` is the player the rules
ask to decide now (reactions included, so turns do not simply alternate).
observe(agent) is the latest observation encoded from that agent's point of
view. When the game ends both agents are terminated (or truncated) and must be
stepped with None, as in PettingZoo.
"""
from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np

from .env import TercioEnv

try:
    from pettingzoo import AECEnv as _Base  # type: ignore
except Exception:  # pragma: no cover - depends on the machine
    _Base = object

AGENTS = ("player_0", "player_1")


class TercioAECEnv(_Base):
    metadata = {"name": "tercio_v1", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, scenario: str = "piwam-training", url: Optional[str] = None, render_mode: Optional[str] = None, **kwargs):
        if kwargs.get("opponent"):
            raise ValueError("TercioAECEnv has both players as agents; for a server-side opponent use TercioEnv or TercioVecEnv")
        self.env = TercioEnv(scenario, url, **kwargs)
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.observation_spaces = {a: self.env.observation_space for a in AGENTS}
        self.action_spaces = {a: self.env.action_space for a in AGENTS}
        self.agents: list = []
        self.rewards: Dict[str, float] = {}
        self._cumulative_rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, Dict[str, Any]] = {}
        self._obs: Dict[str, Optional[dict]] = {}
        self.agent_selection: Optional[str] = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        obs, info = self.env.reset(seed=seed)
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos = {a: {} for a in AGENTS}
        self._obs = {a: None for a in AGENTS}
        self._select(obs, info)

    def _select(self, obs, info) -> None:
        agent = AGENTS[info["player"]]
        self._obs[agent] = obs
        self.infos[agent] = info
        self.agent_selection = agent

    def observe(self, agent: str):
        return self._obs.get(agent)

    def last(self, observe: bool = True):
        a = self.agent_selection
        return (self.observe(a) if observe else None, self._cumulative_rewards[a], self.terminations[a], self.truncations[a], self.infos[a])

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError(f"{agent} is done: step it with None")
            self.agents.remove(agent)
            self._cumulative_rewards[agent] = 0.0
            self.agent_selection = self.agents[0] if self.agents else None
            return
        self._cumulative_rewards[agent] = 0.0
        obs, _, term, trunc, info = self.env.step(action)
        rw = info["rewards"]
        for i, a in enumerate(AGENTS):
            self.rewards[a] = float(rw[i])
            self._cumulative_rewards[a] += float(rw[i])
        if term or trunc:
            for a in AGENTS:
                self.terminations[a] = bool(term)
                self.truncations[a] = bool(trunc)
                # The last observation is encoded for the last actor; both agents see it (mask all zero).
                self._obs[a] = obs
                self.infos[a] = dict(info)
            self.agent_selection = agent
        else:
            self._select(obs, info)

    def action_mask(self, agent: Optional[str] = None) -> np.ndarray:
        o = self.observe(agent or self.agent_selection)
        return np.zeros(self.env.spec_.action_size, dtype=bool) if o is None else o["action_mask"].astype(bool)

    def render(self) -> str:
        return self.env.render()

    def close(self) -> None:
        self.env.close()
