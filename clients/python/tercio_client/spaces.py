"""Observation and action spaces: Gymnasium's when it is installed, else small
stand-ins with the same attributes (shape, dtype, n, sample, contains)."""
from __future__ import annotations

import numpy as np

try:  # Gymnasium is optional: used when present, never required.
    import gymnasium as _gym  # type: ignore

    HAVE_GYMNASIUM = True
except Exception:  # pragma: no cover - depends on the machine
    _gym = None
    HAVE_GYMNASIUM = False


class _Box:
    def __init__(self, low, high, shape, dtype):
        self.low, self.high, self.shape, self.dtype = low, high, tuple(shape), np.dtype(dtype)

    def sample(self, rng=None):
        rng = rng or np.random.default_rng()
        return rng.uniform(0, 1, self.shape).astype(self.dtype)

    def contains(self, x) -> bool:
        x = np.asarray(x)
        return x.shape == self.shape and bool(np.all(x >= self.low)) and bool(np.all(x <= self.high))

    def __repr__(self):
        return f"Box({self.low}, {self.high}, {self.shape}, {self.dtype})"


class _Discrete:
    def __init__(self, n):
        self.n, self.shape, self.dtype = int(n), (), np.dtype(np.int64)

    def sample(self, mask=None, rng=None):
        rng = rng or np.random.default_rng()
        if mask is None:
            return int(rng.integers(self.n))
        legal = np.flatnonzero(mask)
        return int(rng.choice(legal))

    def contains(self, x) -> bool:
        return isinstance(x, (int, np.integer)) and 0 <= int(x) < self.n

    def __repr__(self):
        return f"Discrete({self.n})"


class _Dict(dict):
    @property
    def spaces(self):
        return self

    def sample(self, rng=None):
        return {k: v.sample(rng=rng) for k, v in self.items()}

    def contains(self, x) -> bool:
        return isinstance(x, dict) and all(k in x and s.contains(x[k]) for k, s in self.items())


def box(low, high, shape, dtype):
    if HAVE_GYMNASIUM:
        return _gym.spaces.Box(low=low, high=high, shape=tuple(shape), dtype=dtype)
    return _Box(low, high, shape, dtype)


def discrete(n):
    return _gym.spaces.Discrete(n) if HAVE_GYMNASIUM else _Discrete(n)


def dict_space(d):
    return _gym.spaces.Dict(d) if HAVE_GYMNASIUM else _Dict(d)


def observation_space(spec):
    return dict_space({
        "planes": box(-np.inf, np.inf, spec.planes_shape, np.float32),
        "entities": box(-np.inf, np.inf, spec.entities_shape, np.float32),
        "globals": box(-np.inf, np.inf, spec.globals_shape, np.float32),
        "action_mask": box(0, 1, (spec.action_size,), np.uint8),
    })
