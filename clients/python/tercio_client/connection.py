"""A synchronous bridge connection.

The websocket protocol comes from websockets' sans-I/O layer, driven over a
blocking socket in the caller's thread: a request is one send and one receive,
with no event loop and no thread hop (those cost ~0.4 ms per round trip,
as much as stepping 64 envs). A daemon thread answers the server's heartbeat
pings while the caller is busy elsewhere (e.g. training): ten times a second it
looks at the socket, only while no request is in flight.
"""
from __future__ import annotations

import collections
import select
import socket
import ssl
import threading
from typing import Any, Deque, Dict, List, Optional, Set, Union

from websockets.frames import Frame, Opcode
from websockets.uri import parse_uri

try:  # websockets >= 11
    from websockets.client import ClientProtocol as _Client
except ImportError:  # websockets 10 (Debian 12's python3-websockets)
    from websockets.client import ClientConnection as _Client

from . import tercio_pb2 as pb

PROTOCOL_VERSION = 1
_RECV_BYTES = 1 << 18
_IDLE_CHECK_S = 0.1
# Public names since websockets 10 (the OP_* aliases went away in 17).
_DATA_OPCODES = (Opcode.BINARY, Opcode.TEXT, Opcode.CONT)


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


class ServerUnavailable(BridgeError, ConnectionRefusedError):
    """Nothing listens at the URL (connection refused): no `tercio serve` is running there."""

    def __init__(self, url: str, detail: str):
        super().__init__("SERVER_UNAVAILABLE", f"no Tercio bridge server at {url} ({detail}): start one with "
                                               f"`npx tercio serve` in the Tercio repository (add `--port 0` for any free "
                                               f"port; it prints its URL), or pass the URL of a running one")
        self.url = url


def _error(reply: pb.Envelope) -> BridgeError:
    err = reply.error
    return BridgeError(err.code, err.message, err.request_id, err.env if err.HasField("env") else None)


class Connection:
    """One websocket to a `tercio serve`, after a successful Hello.

    `welcome` holds the server's Welcome (version, capabilities, rulesets, scenarios).
    Requests from several threads are serialised.
    """

    def __init__(self, url: str = "ws://127.0.0.1:8765", token: str = "", client_name: str = "tercio_client",
                 timeout: float = 120.0, protocol_version: int = PROTOCOL_VERSION):
        self.url = url
        self.timeout = timeout
        self._next_id = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._messages: Deque[bytes] = collections.deque()
        self._fragments: List[bytes] = []
        self._closed: Optional[ConnectionClosed] = None
        self._pending: Set[int] = set()  # ids of requests sent whose replies reply() has not returned
        self._early: Dict[int, pb.Envelope] = {}  # replies read while waiting for another request's
        self._sock: Optional[socket.socket] = None
        self.bytes_received = 0  # websocket bytes read from the server (frames included)
        self._buf = bytearray(_RECV_BYTES)
        self._view = memoryview(self._buf)
        uri = parse_uri(url)
        self._ws = _Client(uri, max_size=None)
        try:
            try:
                sock = socket.create_connection((uri.host, uri.port), timeout)
            except ConnectionRefusedError as e:
                raise ServerUnavailable(url, e.strerror or "connection refused") from None
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            if uri.secure:
                sock = ssl.create_default_context().wrap_socket(sock, server_hostname=uri.host)
            sock.settimeout(timeout)
            self._sock = sock
            self._ws.send_request(self._ws.connect())
            self._flush()
            self._handshake()
            reply = self.request(hello=pb.Hello(protocol_version=protocol_version, client_name=client_name,
                                                token=token or ""))
            self.welcome: pb.Welcome = reply.welcome
        except BaseException:
            self.close()
            raise
        threading.Thread(target=self._idle, name="tercio-bridge-heartbeat", daemon=True).start()

    # -- socket and protocol ------------------------------------------------------------------------

    def _socket(self) -> socket.socket:
        if self._sock is None:
            raise self._closed or ConnectionClosed(1006, "not connected")
        return self._sock

    def _flush(self) -> None:
        for data in self._ws.data_to_send():
            if data:
                self._socket().sendall(data)

    def _handshake(self) -> None:
        while True:
            for ev in self._ws.events_received():
                if self._ws.handshake_exc is not None:
                    raise ConnectionClosed(1006, f"websocket handshake failed: {self._ws.handshake_exc}")
                return
            if not self._read():
                raise ConnectionClosed(1006, "the server closed the connection during the websocket handshake")

    def _read(self) -> int:
        """Feeds what the socket has (blocking until something comes) to the protocol; 0 at EOF."""
        try:
            n = self._socket().recv_into(self._buf)
        except socket.timeout:
            raise BridgeError("TIMEOUT", f"no reply from {self.url} within {self.timeout} s") from None
        except OSError as e:
            n = 0
            self._closed = self._closed or ConnectionClosed(1006, str(e))
        if n:
            self.bytes_received += n
            self._ws.receive_data(self._view[:n])  # type: ignore[arg-type]  # any buffer does (its stub says bytes)
        else:
            self._ws.receive_eof()
        try:
            self._flush()  # pongs, the close handshake's answer
        except OSError:
            pass
        return n

    def _pump(self) -> None:
        """Reads from the socket and files complete messages."""
        n = self._read()
        for f in self._ws.events_received():
            if isinstance(f, Frame) and f.opcode in _DATA_OPCODES:
                if f.fin and not self._fragments:
                    self._messages.append(bytes(f.data))
                else:
                    self._fragments.append(bytes(f.data))
                    if f.fin:
                        self._messages.append(b"".join(self._fragments))
                        self._fragments.clear()
        if self._closed is None and (not n or self._ws.close_rcvd is not None):
            c = self._ws.close_rcvd
            self._closed = ConnectionClosed(c.code, c.reason) if c is not None else ConnectionClosed(1006, "connection lost")
        if self._closed is not None and not n:
            self._socket().close()

    def _recv(self) -> bytes:
        while not self._messages:
            if self._closed is not None:
                raise self._closed
            self._pump()
        return self._messages.popleft()

    def _send(self, data: Union[bytes, str]) -> None:
        if self._closed is not None:
            raise self._closed
        if isinstance(data, str):
            self._ws.send_text(data.encode("utf-8"))
        else:
            self._ws.send_binary(data)
        try:
            self._flush()
        except OSError:
            # The server cut us off (e.g. a message above its max payload): its close frame says why.
            while self._closed is None:
                self._pump()
            raise self._closed from None

    def _idle(self) -> None:
        while not self._stop.wait(_IDLE_CHECK_S):
            if not self._lock.acquire(blocking=False):
                continue  # a request is in flight: it reads the socket itself
            try:
                if self._closed is not None or self._sock is None:
                    return
                if select.select([self._sock], [], [], 0)[0]:
                    self._pump()
            except Exception:
                pass
            finally:
                self._lock.release()

    def _envelope(self, kind: Dict[str, Any]) -> bytes:
        self._next_id = (self._next_id % 0xFFFFFFFF) + 1
        data: bytes = pb.Envelope(id=self._next_id, **kind).SerializeToString()
        return data

    # -- requests -----------------------------------------------------------------------------------

    def request(self, **kind: Any) -> pb.Envelope:
        """Sends one request (e.g. `step=pb.Step(...)`) and returns its reply; raises BridgeError on an Error."""
        return self.reply(self.send(**kind))

    def send(self, **kind: Any) -> int:
        """Sends one request without waiting for its reply; returns its id, for reply(id). Several
        requests may be in flight: the server answers them in order, one while it works on the next."""
        with self._lock:
            data = self._envelope(kind)
            rid = self._next_id
            self._send(data)
            self._pending.add(rid)
        return rid

    def reply(self, rid: int, raise_error: bool = True) -> pb.Envelope:
        """Waits for the reply to request `rid` (see send()). Replies to other requests read on the way
        are kept for their own reply() call. An Error reply raises BridgeError (or is returned as it is
        with raise_error=False)."""
        with self._lock:
            if rid not in self._pending:
                raise BridgeError("OUT_OF_ORDER", f"no request {rid} is waiting for its reply")
            env = self._early.pop(rid, None)
            while env is None:
                e = pb.Envelope.FromString(self._recv())
                if e.id == rid:
                    env = e
                elif e.id in self._pending and e.id not in self._early:
                    self._early[e.id] = e
                else:
                    self._pending.discard(rid)
                    raise BridgeError("OUT_OF_ORDER", f"reply {e.id} to request {rid}")
            self._pending.discard(rid)
        if raise_error and env.WhichOneof("kind") == "error":
            raise _error(env)
        return env

    @property
    def in_flight(self) -> int:
        """Requests sent whose replies have not been collected by reply()."""
        return len(self._pending)

    def request_many(self, kinds: List[Dict[str, Any]]) -> List[pb.Envelope]:
        """Sends several requests back to back, then reads their replies (in order): the server
        answers one while it works on the next. `kinds` is a list of dicts like {"step": pb.Step(...)}.
        Returns the replies; Error replies are returned as they are (`reply.error`), not raised."""
        ids = [self.send(**k) for k in kinds]
        return [self.reply(rid, raise_error=False) for rid in ids]

    def send_raw(self, data: Union[bytes, str]) -> None:
        """Sends bytes (or text) as they are: for tests of the server's robustness. If the server
        closes the connection meanwhile, the next receive or request says so."""
        with self._lock:
            try:
                self._send(data)
            except ConnectionClosed:
                pass

    def recv_raw(self) -> pb.Envelope:
        with self._lock:
            return pb.Envelope.FromString(self._recv())

    @property
    def closed(self) -> bool:
        return self._closed is not None or self._sock is None

    def close(self) -> None:
        self._stop.set()
        sock = self._sock
        if sock is None:
            return
        with self._lock:
            if self._closed is None:
                try:
                    self._ws.send_close(1000)
                    self._flush()
                    # The server answers and closes the TCP connection; don't wait long for it.
                    sock.settimeout(min(self.timeout, 2.0))
                    while self._closed is None:
                        self._pump()
                except Exception:
                    pass
            self._closed = self._closed or ConnectionClosed(1000, "closed by the client")
            try:
                sock.close()
            except OSError:
                pass

    def __enter__(self) -> "Connection":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass
