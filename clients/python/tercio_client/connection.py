"""A synchronous bridge connection.

websockets 10 only has an asyncio API, so the connection owns an event loop
running in a daemon thread: requests are handed to it and awaited from the
caller's thread. The loop keeps running between requests, so the server's
heartbeat pings are answered even while the caller is busy (e.g. training).
"""
from __future__ import annotations

import asyncio
import threading
from typing import Optional

import websockets

from . import tercio_pb2 as pb

PROTOCOL_VERSION = 1


class BridgeError(Exception):
    """An Error reply: `code` is stable (see docs/bridge.md), `env` names the env of a batch error."""

    def __init__(self, code: str, message: str, request_id: int = 0, env: Optional[int] = None):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.request_id = request_id
        self.env = env


class ConnectionClosed(BridgeError):
    def __init__(self, code: int, reason: str):
        super().__init__("CLOSED", f"connection closed ({code} {reason})".strip())
        self.close_code = code
        self.reason = reason


class Connection:
    """One websocket to a `tercio serve`, after a successful Hello.

    `welcome` holds the server's Welcome (version, capabilities, rulesets, scenarios).
    """

    def __init__(self, url: str = "ws://127.0.0.1:8765", token: str = "", client_name: str = "tercio_client",
                 timeout: float = 120.0, protocol_version: int = PROTOCOL_VERSION):
        self.url = url
        self.timeout = timeout
        self._next_id = 0
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="tercio-bridge", daemon=True)
        self._thread.start()
        self._ws = None
        try:
            self._ws = self._run(self._connect(url, timeout))
            reply = self.request(hello=pb.Hello(protocol_version=protocol_version, client_name=client_name,
                                                token=token or ""))
            self.welcome: pb.Welcome = reply.welcome
        except BaseException:
            self.close()
            raise

    @staticmethod
    async def _connect(url: str, timeout: float):
        # No compression: batches are float32 planes, deflating them costs more than sending them.
        return await websockets.connect(url, compression=None, max_size=None, max_queue=4,
                                        ping_interval=20, ping_timeout=60, open_timeout=timeout)

    def _run(self, coro):
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(self.timeout)

    async def _roundtrip(self, data: bytes) -> bytes:
        await self._ws.send(data)
        return await self._ws.recv()

    def request(self, **kind) -> pb.Envelope:
        """Sends one request (e.g. `step=pb.Step(...)`) and returns its reply; raises BridgeError on an Error."""
        self._next_id = (self._next_id % 0xFFFFFFFF) + 1
        rid = self._next_id
        data = pb.Envelope(id=rid, **kind).SerializeToString()
        try:
            raw = self._run(self._roundtrip(data))
        except websockets.exceptions.ConnectionClosed as e:
            raise ConnectionClosed(e.code, e.reason) from None
        reply = pb.Envelope()
        reply.ParseFromString(raw)
        if reply.WhichOneof("kind") == "error":
            err = reply.error
            raise BridgeError(err.code, err.message, err.request_id, err.env if err.HasField("env") else None)
        if reply.id != rid:
            raise BridgeError("OUT_OF_ORDER", f"reply {reply.id} to request {rid}")
        return reply

    async def _pipelined(self, datas):
        for d in datas:
            await self._ws.send(d)
        return [await self._ws.recv() for _ in datas]

    def request_many(self, kinds) -> list:
        """Sends several requests back to back, then reads their replies (in order): the server
        answers one while it works on the next. `kinds` is a list of dicts like {"step": pb.Step(...)}."""
        ids, datas = [], []
        for k in kinds:
            self._next_id = (self._next_id % 0xFFFFFFFF) + 1
            ids.append(self._next_id)
            datas.append(pb.Envelope(id=self._next_id, **k).SerializeToString())
        try:
            raws = self._run(self._pipelined(datas))
        except websockets.exceptions.ConnectionClosed as e:
            raise ConnectionClosed(e.code, e.reason) from None
        out = []
        first_error = None
        for rid, raw in zip(ids, raws):
            reply = pb.Envelope()
            reply.ParseFromString(raw)
            if reply.WhichOneof("kind") == "error" and first_error is None:
                err = reply.error
                first_error = BridgeError(err.code, err.message, err.request_id, err.env if err.HasField("env") else None)
            elif reply.id != rid and first_error is None:
                first_error = BridgeError("OUT_OF_ORDER", f"reply {reply.id} to request {rid}")
            out.append(reply)
        if first_error is not None:
            raise first_error
        return out

    def send_raw(self, data) -> None:
        """Sends bytes (or text) as they are: for tests of the server's robustness."""
        self._run(self._ws.send(data))

    def recv_raw(self) -> pb.Envelope:
        raw = self._run(self._ws.recv())
        reply = pb.Envelope()
        reply.ParseFromString(raw)
        return reply

    @property
    def closed(self) -> bool:
        return self._ws is None or self._ws.closed

    def close(self) -> None:
        if self._loop.is_closed():
            return
        if self._ws is not None:
            try:
                self._run(self._ws.close())
            except Exception:
                pass
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)
        self._loop.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass
