"""The server's answers to protocol mistakes, seen from Python."""
import socket
import time
import unittest

from .support import server_url
from tercio_client import BridgeError, Connection, ConnectionClosed, LocalServer, ServerUnavailable, TercioEnv, tercio_pb2 as pb


class ProtocolTest(unittest.TestCase):
    def test_welcome(self):
        with Connection(server_url(), client_name="unittest") as c:
            w = c.welcome
            self.assertEqual(w.protocol_version, 1)
            self.assertIn("render:ascii", w.capabilities)
            self.assertIn("piwam-training", [s.id for s in w.scenarios])
            self.assertGreater(w.max_envs, 0)

    def test_no_server_says_what_to_start(self):
        with socket.socket() as s:  # a port nothing listens on
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        url = f"ws://127.0.0.1:{port}"
        for make in (lambda: Connection(url), lambda: TercioEnv("piwam-training", url)):
            with self.assertRaises(ServerUnavailable) as e:
                make()
            self.assertEqual(e.exception.code, "SERVER_UNAVAILABLE")
            self.assertIn("npx tercio serve", str(e.exception))
            self.assertIn(url, str(e.exception))
            self.assertIsInstance(e.exception, ConnectionRefusedError)  # callers catching the OS error still do

    def test_wrong_protocol_version(self):
        with self.assertRaises(BridgeError) as e:
            Connection(server_url(), protocol_version=2)
        self.assertEqual(e.exception.code, "PROTOCOL_VERSION")

    def test_malformed_and_unknown(self):
        with Connection(server_url()) as c:
            c.send_raw(b"\xff\xff\xff\xff\x0f")
            r = c.recv_raw()
            self.assertEqual(r.error.code, "MALFORMED")
            c.send_raw("not protobuf")
            self.assertEqual(c.recv_raw().error.code, "MALFORMED")
            c.send_raw(pb.Envelope(id=9).SerializeToString())
            r = c.recv_raw()
            self.assertEqual((r.error.code, r.error.request_id), ("UNKNOWN_KIND", 9))
            with self.assertRaises(BridgeError) as e:
                c.request(batch=pb.Batch(count=1))
            self.assertEqual(e.exception.code, "UNEXPECTED_KIND")
            with self.assertRaises(BridgeError) as e:
                c.request(render=pb.Render(env_set=12345, env=0))
            self.assertEqual(e.exception.code, "ENV_NOT_FOUND")
            # Still usable.
            self.assertEqual(c.request(make_envs=pb.MakeEnvs(scenario_id="piwam-training", count=1)).WhichOneof("kind"), "env_spec")

    def test_oversized_message_closes_with_1009(self):
        with Connection(server_url()) as c:
            c.send_raw(b"\x00" * (c.welcome.max_payload + 1))
            with self.assertRaises(ConnectionClosed) as e:
                c.request(make_envs=pb.MakeEnvs(scenario_id="piwam-training", count=1))
            self.assertEqual(e.exception.close_code, 1009)

    def test_idle_connection_answers_heartbeats(self):
        # The server drops a peer that leaves a ping unanswered for one interval: a client busy
        # elsewhere (no requests for 4 intervals here) must still answer them.
        with LocalServer(["--heartbeat", "1"]) as url, Connection(url) as c:
            time.sleep(4.5)
            self.assertFalse(c.closed)
            self.assertEqual(c.request(make_envs=pb.MakeEnvs(scenario_id="piwam-training", count=1)).WhichOneof("kind"), "env_spec")

    def test_idle_env_answers_read_checks_with_heartbeat_off(self):
        # The server drops a peer that leaves its replies unread past --send-timeout, heartbeat or not,
        # proven by a ping behind them: an env whose replies were read, then left unused, stays connected.
        with LocalServer(["--heartbeat", "0", "--send-timeout", "0.3"]) as url:
            env = TercioEnv("piwam-training", url, seed=1)
            try:
                env.reset(seed=1)
                time.sleep(2.0)  # well past the deadline, with read checks every 0.075 s
                self.assertFalse(env.vec.conn.closed)
                env.step(int(env.legal_actions()[0]))
            finally:
                env.close()


if __name__ == "__main__":
    unittest.main()
