"""The Tercio server this package carries: one bundled .mjs (the bridge and the rules engines) that the
user's Node (>= 20) runs on a free loopback port.

- LocalServer: one server process, `with LocalServer() as url: ...` (tests, examples, Ray workers).
- shared_url() / release_shared(): the server the envs of this process share when they are given no
  url and $TERCIO_URL is unset; started by the first, stopped when the last one closes and at exit.

Every server started here exits when this process dies, even by SIGKILL: it watches its stdin (a pipe
from this process) and its parent pid (--exit-with-parent).
"""
from __future__ import annotations

import atexit
import collections
import os
import re
import shutil
import subprocess
import threading
from pathlib import Path
from typing import IO, Deque, List, Optional, Sequence

MIN_NODE = (20, 0)
SERVER_DIR = Path(__file__).resolve().parent / "_server"
_INSTALL_NODE = ("install Node.js >= 20 (https://nodejs.org/en/download, or your system's package manager) and put "
                 "`node` on PATH or set TERCIO_NODE to its path; or pass url= (or set TERCIO_URL) to connect to a running "
                 "`tercio serve`")


class NodeNotFound(RuntimeError):
    """No usable Node.js to run the bundled server (missing, or older than MIN_NODE)."""


def server_script() -> Path:
    """The bundled server: $TERCIO_SERVER_SCRIPT, or the one inside this package."""
    given = os.environ.get("TERCIO_SERVER_SCRIPT")
    path = Path(given) if given else SERVER_DIR / "tercio-server.mjs"
    if not path.is_file():
        raise FileNotFoundError(f"{path} not found: this tercio_client carries no server (it was not installed from a "
                                f"built wheel: build one with `npm run build:python`), so pass url= or set TERCIO_URL")
    return path


def find_node() -> str:
    """The `node` to run the server with ($TERCIO_NODE or PATH's), checked to be >= MIN_NODE."""
    node = os.environ.get("TERCIO_NODE") or shutil.which("node")
    if node is None:
        raise NodeNotFound(f"tercio_client starts its own server with Node.js, and there is no `node` on PATH: {_INSTALL_NODE}")
    try:
        out = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    except OSError as e:
        raise NodeNotFound(f"cannot run {node} ({e}): {_INSTALL_NODE}") from None
    m = re.match(r"v(\d+)\.(\d+)", out)
    if m is None or (int(m.group(1)), int(m.group(2))) < MIN_NODE:
        raise NodeNotFound(f"{node} is Node.js {out or '(no version)'}; tercio_client's server needs Node.js >= "
                           f"{MIN_NODE[0]}: {_INSTALL_NODE}")
    return node


def _drain(stream: IO[str], keep: Deque[str], found: Optional[List[str]] = None, ready: Optional[threading.Event] = None) -> None:
    """Reads a pipe of the server to its end (so the server never blocks writing it), keeping its last lines."""
    for line in stream:
        keep.append(line)
        if found is not None and ready is not None and not ready.is_set():
            m = re.search(r"listening on (ws://\S+)", line)
            if m:
                found.append(m.group(1))
                ready.set()
    if ready is not None:
        ready.set()


class LocalServer:
    """A `tercio serve` (the bundled one) on a free loopback port; `args` are more `serve` options
    (e.g. ["--heartbeat", "1"]). start() returns its ws:// URL; stop() ends it."""

    def __init__(self, args: Optional[Sequence[str]] = None, node: Optional[str] = None, timeout: float = 60.0):
        self.args = list(args or [])
        self.node = node
        self.timeout = timeout
        self.proc: Optional["subprocess.Popen[str]"] = None
        self.url = ""
        self._log: Deque[str] = collections.deque(maxlen=50)

    def start(self) -> str:
        script = server_script()
        node = self.node or find_node()
        # stdin stays a pipe from this process: when it dies the server sees EOF and exits.
        self.proc = subprocess.Popen([node, str(script), "--exit-with-parent", "serve", "--port", "0", "--quiet", *self.args],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     cwd=str(script.parent))
        found: List[str] = []
        ready = threading.Event()
        assert self.proc.stdout is not None and self.proc.stderr is not None
        threading.Thread(target=_drain, args=(self.proc.stdout, self._log, found, ready), daemon=True).start()
        threading.Thread(target=_drain, args=(self.proc.stderr, self._log), daemon=True).start()
        ready.wait(self.timeout)
        if not found:
            code = self.proc.poll()
            self.stop()
            said = "".join(self._log).strip()
            raise RuntimeError(f"the Tercio server ({node} {script}) did not start within {self.timeout} s"
                               f"{'' if code is None else f' (exit code {code})'}{': ' + said if said else ''}")
        self.url = found[0]
        return self.url

    @property
    def pid(self) -> Optional[int]:
        return self.proc.pid if self.proc is not None else None

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if proc.stdin is not None:
            proc.stdin.close()

    def __enter__(self) -> str:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


# -- the server shared by this process's envs ------------------------------------------------------------

_lock = threading.Lock()
_shared: Optional[LocalServer] = None
_users = 0


def shared_url() -> str:
    """The URL of this process's shared server, started if it is not running; every call must be paired
    with one release_shared() (TercioVecEnv does this for envs made without a url)."""
    global _shared, _users
    with _lock:
        if _shared is None or _shared.proc is None or _shared.proc.poll() is not None:
            server = LocalServer()
            server.start()
            _shared = server
        _users += 1
        return _shared.url


def release_shared() -> None:
    """One user of the shared server is done; the last one stops it."""
    global _shared, _users
    with _lock:
        _users = max(0, _users - 1)
        if _users == 0 and _shared is not None:
            _shared.stop()
            _shared = None


def shared_server() -> Optional[LocalServer]:
    """The shared server while it runs (None otherwise)."""
    return _shared


def _stop_at_exit() -> None:
    global _shared, _users
    with _lock:
        if _shared is not None:
            _shared.stop()
        _shared, _users = None, 0


def _forget_in_child() -> None:
    """A forked child starts its own shared server when it needs one; the parent's stays the parent's."""
    global _shared, _users, _lock
    _lock = threading.Lock()
    _shared, _users = None, 0


atexit.register(_stop_at_exit)
os.register_at_fork(after_in_child=_forget_in_child)
