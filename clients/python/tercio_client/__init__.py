"""Python client of the Tercio bridge (`tercio serve`): Gymnasium and PettingZoo envs over a protobuf websocket.

    import gymnasium, tercio_client
    env = gymnasium.make("tercio/piwam-training")   # a TercioEnv on the server this package starts by itself
    envs = tercio_client.TercioVecEnv("piwam-training", num_envs=64)   # url="ws://..." or $TERCIO_URL: a running one
    obs, infos = envs.reset(seed=1)
    obs, rewards, terminated, truncated, infos = envs.step(actions)
"""
from importlib import metadata as _metadata

from .aec import TercioAECEnv
from .async_vec_env import TercioAsyncVecEnv
from .connection import BridgeError, Connection, ConnectionClosed, PROTOCOL_VERSION, ServerUnavailable
from .env import TercioEnv
from .registration import BUILTIN_SCENARIOS, env_id, register_scenario
from .server import LocalServer, NodeNotFound
from .spec import ActionSegment, EnvSpec
from .vec_env import TercioVecEnv, WINNER_DRAW, WINNER_TRUNCATED
from . import registration as _registration

try:  # Tercio's version (package.json's), given to the wheel when it was built with its server
    __version__ = _metadata.version("tercio-client")
except _metadata.PackageNotFoundError:  # the source tree, not installed
    __version__ = "0+unknown"

_registration.register_builtin()

__all__ = [
    "BridgeError", "Connection", "ConnectionClosed", "ServerUnavailable", "PROTOCOL_VERSION", "TercioEnv", "TercioVecEnv",
    "TercioAsyncVecEnv", "TercioAECEnv", "LocalServer", "NodeNotFound", "EnvSpec", "ActionSegment", "WINNER_DRAW", "WINNER_TRUNCATED",
    "BUILTIN_SCENARIOS", "env_id", "register_scenario",
]
