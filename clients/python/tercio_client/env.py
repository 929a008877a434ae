"""TercioEnv: one game as a Gymnasium env.

One step is one decision by whichever player is to act: info["player"] says
who acts next (-1 once the episode is over), `reward` is the reward of the
player who just acted (info["actor"]) and info["rewards"] holds both players'
(zero-sum). The observation is a dict with `planes`, `entities`, `globals` and
`action_mask` (int8, 1 = legal), or with observation_layout="masked"
{"observation": {planes, entities, globals}, "action_mask"}.

Illegal actions (masked out): illegal_action="penalty" (the default) ends the
episode at once, the player who chose it losing (`illegal_action_penalty`, -1,
for them and its opposite for the other, info["illegal_action"] True);
illegal_action="raise" raises BridgeError ACTION_ILLEGAL and changes nothing.

Seeding (Gymnasium's rules): reset(seed=s) starts the game of seed s; reset()
continues that seed's sequence of games (and, after an episode ended, takes the
game the server already started, the one TercioVecEnv's auto-reset plays); an
env made without `seed` starts from a seed of the OS's entropy, so unseeded envs
play different games. autoreset_mode (TercioVecEnv's) only says when the server
starts that next game: SAME_STEP (the default) within the step that ended the
last one, so reset() costs no request; NEXT_STEP at reset() (one Step request),
the finished game staying on the server until then (TercioAECEnv uses this to
show each player the final position from its own seat). The games are the same.

With opponent="heuristic" (any agent spec of the server, see TercioVecEnv) the
server plays `opponent_player` (default 1): every step returns with the other
seat to act, and info["opponent_actions"] lists the opponent's decisions.
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Tuple, Union

import gymnasium as gym
import numpy as np

from . import spaces
from .connection import BridgeError
from .spaces import FlatObs, Observation
from .vec_env import WINNER_DRAW, TercioVecEnv

# step()'s result: observation, reward, terminated, truncated, info.
StepResult = Tuple[Observation, float, bool, bool, Dict[str, Any]]

ILLEGAL_ACTION_POLICIES = ("penalty", "raise")


def _row(obs: Observation, i: int) -> FlatObs:
    return {k: v[i] for k, v in obs.items()}


class TercioEnv(gym.Env[Observation, Union[int, np.integer]]):
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(self, scenario: str = "piwam-training", url: Optional[str] = None, render_mode: Optional[str] = None, *,
                 illegal_action: str = "penalty", illegal_action_penalty: float = -1.0,
                 observation_layout: str = "dict", **kwargs: Any):
        """kwargs: token, ruleset, scenario_json, seed, skip_forced, max_decisions, reward_shaping, events, copy,
        delta_observations, sparse_planes, opponent, opponent_player, autoreset_mode, connection (as TercioVecEnv's)."""
        if illegal_action not in ILLEGAL_ACTION_POLICIES:
            raise ValueError(f"illegal_action must be one of {ILLEGAL_ACTION_POLICIES}, got {illegal_action!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None or one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.layout = spaces.check_layout(observation_layout)
        self.vec = TercioVecEnv(scenario, 1, url, client_name="tercio_client.TercioEnv", **kwargs)
        self.tercio_spec = self.vec.tercio_spec
        self.observation_space = spaces.observation_space(self.tercio_spec, observation_layout)
        self.action_space = gym.spaces.Discrete(self.tercio_spec.action_size)
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.illegal_action_penalty = float(illegal_action_penalty)
        self._obs: Optional[FlatObs] = None  # current observation, flat layout
        self._info: Dict[str, Any] = {}
        self._returns = np.zeros(2, dtype=np.float32)
        self._done = True
        # After an episode end: the next episode the server already started (auto-reset), for reset().
        self._next: Optional[Tuple[FlatObs, Dict[str, Any]]] = None
        # NEXT_STEP: the episode ended and the server holds it until reset() asks for the next.
        self._waiting = False

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> Tuple[Observation, Dict[str, Any]]:
        """options: not used."""
        super().reset(seed=seed)
        if seed is None and self._next is not None:
            o, info = self._next
        elif seed is None and self._waiting:
            # NEXT_STEP: a Step starts the next game of the sequence (its action is ignored), as the
            # auto-reset would have.
            obs, _, _, _, infos = self.vec.step([0])
            o, info = _row(obs, 0), self._step_info(infos)
        else:
            obs, infos = self.vec.reset(seed=seed)
            o, info = _row(obs, 0), self._step_info(infos)
        self._next = None
        self._waiting = False
        self._done = False
        self._returns[:] = 0
        self._obs, self._info = o, info
        return spaces.arrange(o, self.layout), dict(info)

    def step(self, action: Union[int, np.integer]) -> StepResult:
        if self._done or self._obs is None:
            raise RuntimeError("the episode is over (or never started): call reset()")
        a = int(action)
        N = self.tercio_spec.action_size
        if not 0 <= a < N:
            raise BridgeError("ACTION_OUT_OF_RANGE", f"action {a} is outside 0..{N - 1}")
        if not self._obs["action_mask"][a]:
            return self._illegal(a, self._obs)
        obs, reward, term, trunc, infos = self.vec.step([a])
        info = self._step_info(infos)
        self._returns += info["rewards"]
        o = _row(obs, 0)
        if (term[0] or trunc[0]) and self.vec._next_step:
            # The row is the last observation; the server starts the next game when reset() asks.
            info.update(winner=int(infos["winner"][0]), returns=infos["returns"][0].copy())
            self._waiting = True
            self._done = True
        elif term[0] or trunc[0]:
            # The server has already started the next episode: kept for reset(); this step shows the last observation.
            self._next = (o, self._reset_info(info))
            o = infos["final_obs"][0]
            fin = infos["final_info"]
            info.update(player=-1, legal_count=0, decision_kind=None, decisions=int(fin["decisions"][0]),
                        winner=int(fin["winner"][0]), returns=fin["returns"][0].copy())
            self._done = True
        self._obs, self._info = o, info
        return spaces.arrange(o, self.layout), float(reward[0]), bool(term[0]), bool(trunc[0]), dict(info)

    def _illegal(self, a: int, last: FlatObs) -> StepResult:
        who = self._info["player"]
        text = self.tercio_spec.action_text(a)
        if self.illegal_action == "raise":
            raise BridgeError("ACTION_ILLEGAL", f"{text} (id {a}) is masked out for player {who} "
                                                f"({self._info['decision_kind']}); choose from action_masks()", env=0)
        rewards = np.zeros(2, dtype=np.float32)
        rewards[who] = self.illegal_action_penalty
        rewards[1 - who] = -self.illegal_action_penalty
        self._returns += rewards
        p = self.illegal_action_penalty
        info = dict(self._info, player=-1, actor=who, rewards=rewards, legal_count=0, decision_kind=None,
                    winner=(1 - who) if p < 0 else who if p > 0 else WINNER_DRAW, returns=self._returns.copy(),
                    illegal_action=True, illegal_action_text=text)
        # The last observation, as every final one: nothing is legal any more.
        o = dict(last, action_mask=np.zeros_like(last["action_mask"]))
        self._obs, self._info, self._done = o, info, True
        self._next = None  # the server's game is unfinished: reset() asks for the next one
        return spaces.arrange(o, self.layout), float(rewards[who]), True, False, dict(info)

    def _step_info(self, infos: Dict[str, Any]) -> Dict[str, Any]:
        k = int(infos["decision_kind"][0])
        info = {
            "player": int(infos["player"][0]),
            "actor": int(infos["actor"][0]),
            "rewards": infos["rewards"][0].copy(),
            "legal_count": int(infos["legal_count"][0]),
            "decision_kind": self.tercio_spec.decision_kinds[k] if k >= 0 else None,
            "decisions": int(infos["decisions"][0]),
        }
        if "events" in infos:
            info["events"] = infos["events"][0]
        if "opponent_actions" in infos:
            info["opponent_actions"] = infos["opponent_actions"][0]
            info["opponent_after_reset"] = infos["opponent_after_reset"][0]
        return info

    @staticmethod
    def _reset_info(info: Dict[str, Any]) -> Dict[str, Any]:
        """The info a Reset would have given for the auto-reset episode (no action applied in it yet)."""
        r = dict(info, actor=-1, rewards=np.zeros(2, dtype=np.float32))
        if "opponent_actions" in info:
            r["opponent_actions"] = info["opponent_after_reset"]
            r["opponent_after_reset"] = []
        if "events" in r:
            r["events"] = []
        return r

    def action_masks(self) -> np.ndarray:
        """Boolean mask of the legal actions now (the MaskablePPO convention)."""
        if self._obs is None:
            raise RuntimeError("call reset() first")
        return self._obs["action_mask"].astype(bool)

    def legal_actions(self) -> np.ndarray:
        return np.flatnonzero(self.action_masks())

    def action_text(self, action: int) -> str:
        return self.tercio_spec.action_text(int(action))

    def render(self) -> Optional[str]:
        """render_mode "ansi": the board as text (the server's picture of the game now); "human": printed
        (returns None); no render mode: None, with Gymnasium's warning."""
        if self.render_mode is None:
            gym.logger.warn("TercioEnv.render() without a render mode: make the env with render_mode='ansi' or 'human'")
            return None
        text = self.vec.render(env=0)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.vec.close()
