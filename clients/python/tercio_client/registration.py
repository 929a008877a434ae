"""Gymnasium ids of the built-in scenarios, registered when tercio_client is imported:

    import gymnasium, tercio_client
    env = gymnasium.make("tercio/piwam-training", url="ws://127.0.0.1:8765")   # url defaults to $TERCIO_URL

Every TercioEnv keyword (illegal_action, observation_layout, max_decisions, opponent, ...) passes through make().
A scenario of your own: register_scenario("my-scenario") (a built-in id of your server), or
gymnasium.make("tercio/piwam-training", scenario_json=text).
"""
from __future__ import annotations

import re
from pathlib import Path

import gymnasium as gym

NAMESPACE = "tercio"
# The built-in scenarios: the server's (env/scenario/builtin.ts) when this package sits in the Tercio repository
# (the editable install of `npm run setup`), else the ones known at release. Welcome.scenarios lists a running
# server's.
_BUILTIN_TS = Path(__file__).resolve().parents[3] / "env" / "scenario" / "builtin.ts"
_RELEASED = ("piwam-training", "coutras-1587", "ivry-1590", "marignan-1515-first-day", "marignan-1515-two-days")


def _server_scenarios() -> set:
    """The scenario ids the server's env/scenario/builtin.ts imports (./scenarios/<id>.json), if it is here."""
    try:
        return set(re.findall(r"from '\./scenarios/([\w.-]+)\.json'", _BUILTIN_TS.read_text(encoding="utf-8")))
    except OSError:
        return set()


# Generated-battle ids (a fresh battle each reset): builtin.ts's GENERATED_IDS.
_GENERATED_RE = re.compile(r"'([a-z]+-generated(?:-[a-z]+)?)'")


def _server_generated() -> set:
    try:
        return set(_GENERATED_RE.findall(_BUILTIN_TS.read_text(encoding="utf-8")))
    except OSError:
        return set()


BUILTIN_SCENARIOS = tuple(sorted(set(_RELEASED) | _server_scenarios() | _server_generated()))


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
