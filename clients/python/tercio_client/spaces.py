"""Gymnasium spaces of a Tercio env spec, and the two observation layouts.

layout "dict" (the default): {"planes", "entities", "globals", "action_mask"}.
layout "masked": {"observation": {"planes", "entities", "globals"}, "action_mask"}, the layout of
PettingZoo's classic games and of action-masking models (RLlib's, and most masked-PPO code).

Masks are int8 (1 = legal): the dtype Gymnasium's Discrete.sample(mask=...) takes.
"""
from __future__ import annotations

from typing import Any, Dict, Protocol, Tuple

import numpy as np
from gymnasium import spaces

LAYOUTS = ("dict", "masked")
# The client's flat observation (batched or one env's rows), and one in either layout (nested for "masked").
FlatObs = Dict[str, np.ndarray]
Observation = Dict[str, Any]


class Shapes(Protocol):
    """What the spaces need of an env spec (spec.EnvSpec has it)."""

    @property
    def planes_shape(self) -> Tuple[int, ...]: ...
    @property
    def entities_shape(self) -> Tuple[int, ...]: ...
    @property
    def globals_shape(self) -> Tuple[int, ...]: ...
    @property
    def action_size(self) -> int: ...

MASK_DTYPE = np.int8


def check_layout(layout: str) -> str:
    if layout not in LAYOUTS:
        raise ValueError(f"observation layout must be one of {LAYOUTS}, got {layout!r}")
    return layout


def features(spec: Shapes) -> Dict[str, spaces.Space[Any]]:
    return {
        "planes": spaces.Box(-np.inf, np.inf, tuple(spec.planes_shape), np.float32),
        "entities": spaces.Box(-np.inf, np.inf, tuple(spec.entities_shape), np.float32),
        "globals": spaces.Box(-np.inf, np.inf, tuple(spec.globals_shape), np.float32),
    }


def mask_space(spec: Shapes) -> spaces.Box:
    return spaces.Box(0, 1, (spec.action_size,), MASK_DTYPE)


def observation_space(spec: Shapes, layout: str = "dict") -> spaces.Dict:
    """The observation space of one env."""
    if check_layout(layout) == "masked":
        return spaces.Dict({"observation": spaces.Dict(features(spec)), "action_mask": mask_space(spec)})
    return spaces.Dict({**features(spec), "action_mask": mask_space(spec)})


def arrange(obs: FlatObs, layout: str) -> Observation:
    """Puts the client's flat observation dict ({planes, entities, globals, action_mask}) in `layout`."""
    if layout == "masked":
        return {"observation": {"planes": obs["planes"], "entities": obs["entities"], "globals": obs["globals"]},
                "action_mask": obs["action_mask"]}
    return obs


def mask_of(obs: Observation) -> np.ndarray:
    """The action mask of an observation in either layout."""
    mask: np.ndarray = obs["action_mask"]
    return mask
