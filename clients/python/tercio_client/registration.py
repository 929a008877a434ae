"""Gymnasium ids of the built-in scenarios, registered when tercio_client is imported:

    import gymnasium, tercio_client
    env = gymnasium.make("tercio/piwam-training")   # on this package's own server (or url=..., $TERCIO_URL)

Every TercioEnv keyword (illegal_action, observation_layout, max_decisions, opponent, ...) passes through make().
The ids are those of the server this package carries (every built-in scenario of the Tercio release it was
built from); a running server lists its own in Connection(url).welcome.scenarios. Another id:
register_scenario("my-scenario") (a built-in id of your server), or
gymnasium.make("tercio/piwam-training", scenario_json=text).
"""
from __future__ import annotations

import json

import gymnasium as gym

from .server import SERVER_DIR

NAMESPACE = "tercio"


def _bundled_scenarios() -> tuple[str, ...]:
    """The built-in scenario ids of the server bundled in this package (written beside it when the wheel
    was built, by running that server), or none when the package carries no server."""
    try:
        ids = json.loads((SERVER_DIR / "scenarios.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ()
    return tuple(str(i) for i in ids)


BUILTIN_SCENARIOS = _bundled_scenarios()


def env_id(scenario: str) -> str:
    return f"{NAMESPACE}/{scenario}"


def register_scenario(scenario: str) -> str:
    """Registers `tercio/<scenario>` (TercioEnv of that scenario id); returns the id. Idempotent."""
    i = env_id(scenario)
    if i not in gym.registry:
        gym.register(id=i, entry_point="tercio_client.env:TercioEnv", kwargs={"scenario": scenario},
                     vector_entry_point="tercio_client.vec_env:TercioVecEnv", disable_env_checker=False)
    return i


def register_builtin() -> None:
    for s in BUILTIN_SCENARIOS:
        register_scenario(s)
