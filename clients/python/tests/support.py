"""Shared by the tests: the server URL (TERCIO_URL, or one local server started
for this process) and a seeded random legal-action chooser."""
import atexit
import os

import numpy as np

from tercio_client import LocalServer

SCENARIO = "piwam-training"
_server = None


def server_url() -> str:
    global _server
    url = os.environ.get("TERCIO_URL")
    if url:
        return url
    if _server is None:
        _server = LocalServer()
        _server.start()
        atexit.register(_server.stop)
    return _server.url


def random_actions(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int64)
