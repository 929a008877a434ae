"""Starts a local `tercio serve` (from this repository) for tests, examples and
benchmarks: `with LocalServer() as url: ...`."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import threading
from pathlib import Path
from typing import List, Optional

REPO = Path(__file__).resolve().parents[3]


class LocalServer:
    def __init__(self, args: Optional[List[str]] = None, node: Optional[str] = None, timeout: float = 60.0):
        self.args = args or []
        self.node = node or os.environ.get("TERCIO_NODE") or shutil.which("node") or "node"
        self.timeout = timeout
        self.proc: Optional[subprocess.Popen] = None
        self.url = ""

    def start(self) -> str:
        main = REPO / "bridge" / "main.mjs"
        if not main.exists():
            raise FileNotFoundError(f"{main} not found: LocalServer runs the server of the Tercio repository")
        self.proc = subprocess.Popen([self.node, str(main), "serve", "--port", "0", "--quiet", *self.args], cwd=str(REPO),
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        found: List[str] = []

        def read():
            assert self.proc is not None and self.proc.stdout is not None
            for line in self.proc.stdout:
                m = re.search(r"listening on (ws://\S+)", line)
                if m:
                    found.append(m.group(1))
                    return

        t = threading.Thread(target=read, daemon=True)
        t.start()
        t.join(self.timeout)
        if not found:
            err = ""
            if self.proc.poll() is not None and self.proc.stderr is not None:
                err = self.proc.stderr.read()
            self.stop()
            raise RuntimeError(f"the bridge server did not start within {self.timeout} s {err}")
        self.url = found[0]
        return self.url

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None

    def __enter__(self) -> str:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
