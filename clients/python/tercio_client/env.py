"""TercioEnv: one game as a Gymnasium-style env (Gymnasium's Env base class when installed).

One step is one decision by whichever player is to act: info["player"] says
who acts next, `reward` is the reward of the player who just acted and
info["rewards"] holds both players' (zero-sum). The observation is a dict with
`planes`, `entities`, `globals` and `action_mask` (uint8, 1 = legal).

With opponent="heuristic" (any agent spec of the server, see TercioVecEnv) the
server plays `opponent_player` (default 1): every step returns with the other
seat to act, and info["opponent_actions"] lists the opponent's decisions.
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

import numpy as np

from . import spaces
from .vec_env import TercioVecEnv

try:
    import gymnasium as _gym  # type: ignore

    _Base = _gym.Env
except Exception:  # pragma: no cover - depends on the machine
    _Base = object


def _row(obs: Dict[str, np.ndarray], i: int) -> Dict[str, np.ndarray]:
    return {k: v[i] for k, v in obs.items()}


class TercioEnv(_Base):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, scenario: str = "piwam-training", url: Optional[str] = None, render_mode: Optional[str] = None, **kwargs):
        """kwargs: token, ruleset, scenario_json, seed, skip_forced, max_decisions, reward_shaping, events, copy,
        delta_observations, sparse_planes, opponent, opponent_player, connection (as TercioVecEnv's)."""
        self.vec = TercioVecEnv(scenario, 1, url, client_name="tercio_client.TercioEnv", **kwargs)
        self.spec_ = self.vec.spec
        self.observation_space = self.vec.single_observation_space
        self.action_space = self.vec.single_action_space
        self.render_mode = render_mode
        self._mask: Optional[np.ndarray] = None
        self._done = True

    @property
    def env_spec(self):
        """The bridge's env spec (shapes, channel names, action texts, hash)."""
        return self.spec_

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None) -> Tuple[Dict[str, np.ndarray], Dict[str, Any]]:
        obs, infos = self.vec.reset(seed=seed)
        self._done = False
        o = _row(obs, 0)
        self._mask = o["action_mask"]
        return o, self._info(infos)

    def step(self, action) -> Tuple[Dict[str, np.ndarray], float, bool, bool, Dict[str, Any]]:
        if self._done:
            raise RuntimeError("the episode is over (or never started): call reset()")
        obs, reward, term, trunc, infos = self.vec.step([int(action)])
        info = self._info(infos)
        o = _row(obs, 0)
        if term[0] or trunc[0]:
            # The server has already started the next episode; this env shows the last observation until reset().
            o = infos["final_observation"][0]
            ep = infos["episode"]
            info["episode"] = {"r": ep["r"][0].copy(), "l": int(ep["l"][0]), "winner": int(ep["winner"][0])}
            info["player"] = None
            self._done = True
        self._mask = o["action_mask"]
        return o, float(reward[0]), bool(term[0]), bool(trunc[0]), info

    def _info(self, infos) -> Dict[str, Any]:
        p = int(infos["player"][0])
        a = int(infos["actor"][0])
        k = int(infos["decision_kind"][0])
        info = {
            "player": p if p >= 0 else None,
            "actor": a if a >= 0 else None,
            "rewards": infos["rewards"][0].copy(),
            "legal_count": int(infos["legal_count"][0]),
            "decision_kind": self.spec_.decision_kinds[k] if k >= 0 else None,
            "decisions": int(infos["decisions"][0]),
        }
        if "events" in infos:
            info["events"] = infos["events"][0]
        if "opponent_actions" in infos:
            info["opponent_actions"] = infos["opponent_actions"][0]
            info["opponent_after_reset"] = infos["opponent_after_reset"][0]
        return info

    def action_masks(self) -> np.ndarray:
        """Boolean mask of the legal actions now (the MaskablePPO convention)."""
        if self._mask is None:
            raise RuntimeError("call reset() first")
        return self._mask.astype(bool)

    def legal_actions(self) -> np.ndarray:
        return np.flatnonzero(self.action_masks())

    def action_text(self, action: int) -> str:
        return self.spec_.action_text(int(action))

    def render(self) -> str:
        return self.vec.render(0)

    def close(self) -> None:
        self.vec.close()
