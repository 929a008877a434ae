"""Python client of the Tercio bridge (`tercio serve`): numpy, protobuf and websockets only.

    from tercio_client import TercioVecEnv
    envs = TercioVecEnv("piwam-training", num_envs=64, url="ws://127.0.0.1:8765")
    obs, infos = envs.reset(seed=1)
    obs, rewards, terminated, truncated, infos = envs.step(actions)
"""
from .aec import TercioAECEnv
from .async_vec_env import TercioAsyncVecEnv
from .connection import BridgeError, Connection, ConnectionClosed, PROTOCOL_VERSION
from .env import TercioEnv
from .server import LocalServer
from .spec import ActionSegment, EnvSpec
from .vec_env import TercioVecEnv, WINNER_DRAW, WINNER_TRUNCATED

__version__ = "0.1.0"

__all__ = [
    "BridgeError", "Connection", "ConnectionClosed", "PROTOCOL_VERSION", "TercioEnv", "TercioVecEnv", "TercioAsyncVecEnv",
    "TercioAECEnv", "LocalServer", "EnvSpec", "ActionSegment", "WINNER_DRAW", "WINNER_TRUNCATED",
]
