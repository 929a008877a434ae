"""Gymnasium ids of the built-in scenarios, registered when tercio_client is imported:

    import gymnasium, tercio_client
    env = gymnasium.make("tercio/piwam-training", url="ws://127.0.0.1:8765")   # url defaults to $TERCIO_URL

Every TercioEnv keyword (illegal_action, observation_layout, max_decisions, opponent, ...) passes through make().
A scenario of your own: register_scenario("my-scenario") (a built-in id of your server), or
gymnasium.make("tercio/piwam-training", scenario_json=text).
"""
from __future__ import annotations

import gymnasium as gym

NAMESPACE = "tercio"
# The server's built-in scenarios (env/scenario/scenarios/); Welcome.scenarios lists a running server's.
BUILTIN_SCENARIOS = ("piwam-training", "coutras-1587", "ivry-1590", "marignan-1515-first-day", "marignan-1515-two-days")


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
