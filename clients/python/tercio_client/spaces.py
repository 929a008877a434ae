"""Gymnasium spaces of a Tercio env spec, and the two observation layouts.

layout "dict" (the default): {"planes", "entities", "globals", "action_mask"}.
layout "masked": {"observation": {"planes", "entities", "globals"}, "action_mask"}, the layout of
PettingZoo's classic games and of action-masking models (RLlib's, and most masked-PPO code).

Masks are int8 (1 = legal): the dtype Gymnasium's Discrete.sample(mask=...) takes.
"""
from __future__ import annotations

from typing import Dict

import numpy as np
from gymnasium import spaces

LAYOUTS = ("dict", "masked")
MASK_DTYPE = np.int8


def check_layout(layout: str) -> str:
    if layout not in LAYOUTS:
        raise ValueError(f"observation layout must be one of {LAYOUTS}, got {layout!r}")
    return layout


def features(spec) -> Dict[str, spaces.Box]:
    return {
        "planes": spaces.Box(-np.inf, np.inf, tuple(spec.planes_shape), np.float32),
        "entities": spaces.Box(-np.inf, np.inf, tuple(spec.entities_shape), np.float32),
        "globals": spaces.Box(-np.inf, np.inf, tuple(spec.globals_shape), np.float32),
    }


def mask_space(spec) -> spaces.Box:
    return spaces.Box(0, 1, (spec.action_size,), MASK_DTYPE)


def observation_space(spec, layout: str = "dict") -> spaces.Dict:
    """The observation space of one env."""
    if check_layout(layout) == "masked":
        return spaces.Dict({"observation": spaces.Dict(features(spec)), "action_mask": mask_space(spec)})
    return spaces.Dict({**features(spec), "action_mask": mask_space(spec)})


def arrange(obs: Dict[str, np.ndarray], layout: str) -> dict:
    """Puts the client's flat observation dict ({planes, entities, globals, action_mask}) in `layout`."""
    if layout == "masked":
        return {"observation": {"planes": obs["planes"], "entities": obs["entities"], "globals": obs["globals"]},
                "action_mask": obs["action_mask"]}
    return obs


def mask_of(obs: dict) -> np.ndarray:
    """The action mask of an observation in either layout."""
    return obs["action_mask"]
