"""The package as a user installs it: the scenario ids it registers are its server's, envs made without a
url start one shared server of the package's own and stop it at the last close and at exit, a killed
Python process takes its server with it, a missing or too-old Node is one clear error, and the whole
Gymnasium vector API (set_attr included) is there."""
import json
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
import unittest
from pathlib import Path

import gymnasium as gym

import tercio_client
from tercio_client import Connection, NodeNotFound, TercioVecEnv, server

from .support import SCENARIO, server_url


def alive(pid: int) -> bool:
    """True while the process exists and is not a zombie waiting for its parent."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def wait_gone(pid: int, seconds: float = 10.0) -> float:
    t = time.monotonic()
    while time.monotonic() - t < seconds:
        if not alive(pid):
            return time.monotonic() - t
        time.sleep(0.05)
    raise AssertionError(f"process {pid} is still alive {seconds} s later")


def python(code: str, env_extra=None, **kw) -> subprocess.Popen:
    """A fresh interpreter without TERCIO_URL (so its envs start the package's server), in a temp folder."""
    env = {k: v for k, v in os.environ.items() if k != "TERCIO_URL"}
    env.update(env_extra or {})
    return subprocess.Popen([sys.executable, "-c", textwrap.dedent(code)], env=env, cwd=tempfile.gettempdir(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


class VersionTest(unittest.TestCase):
    def test_the_package_and_its_server_report_one_version(self):
        # Both come from package.json at build time: the server's Welcome, `tercio-server.mjs version`, the wheel.
        self.assertRegex(tercio_client.__version__, r"^\d+\.\d+\.\d+")
        with Connection(server_url()) as c:
            self.assertEqual(c.welcome.server_version, tercio_client.__version__)
        out = subprocess.run([server.find_node(), str(server.server_script()), "version"], capture_output=True,
                             text=True, check=True).stdout.strip()
        self.assertEqual(out, tercio_client.__version__)


class ScenarioIdsTest(unittest.TestCase):
    def test_registered_ids_are_the_servers_builtins(self):
        with Connection(server_url()) as c:
            served = [s.id for s in c.welcome.scenarios]
        self.assertGreaterEqual(len(served), 12)
        self.assertEqual(list(tercio_client.BUILTIN_SCENARIOS), served)
        for s in served:
            self.assertIn(f"tercio/{s}", gym.registry)

    def test_every_builtin_scenario_makes_and_steps(self):
        for s in tercio_client.BUILTIN_SCENARIOS:
            with self.subTest(scenario=s):
                env = gym.make(f"tercio/{s}", url=server_url(), max_decisions=5)
                try:
                    obs, info = env.reset(seed=1)
                    legal = obs["action_mask"].nonzero()[0]
                    self.assertGreater(len(legal), 0)
                    env.step(int(legal[0]))
                finally:
                    env.close()


class OwnServerTest(unittest.TestCase):
    def test_envs_share_one_server_stopped_at_the_last_close(self):
        p = python(f"""
            import gymnasium, tercio_client
            from tercio_client import server
            a = gymnasium.make("tercio/{SCENARIO}")
            b = tercio_client.TercioVecEnv("{SCENARIO}", 2)
            pid = server.shared_server().pid
            print(pid, a.unwrapped.vec.conn.url == b.conn.url, flush=True)
            a.close()
            print(server.shared_server() is not None and server.shared_server().pid == pid, flush=True)
            b.close()
            print(server.shared_server() is None, flush=True)
            c = gymnasium.make("tercio/{SCENARIO}")
            print(server.shared_server().pid, flush=True)   # a new one, left running: stopped at exit
        """)
        out, err = p.communicate(timeout=120)
        self.assertEqual(p.returncode, 0, err)
        lines = out.split()
        self.assertEqual(lines[1:4], ["True", "True", "True"], out)
        first, second = int(lines[0]), int(lines[4])
        self.assertFalse(alive(first), "the first server stopped when its last env closed")
        wait_gone(second, 5)

    def test_a_killed_python_process_takes_its_server_with_it(self):
        p = python(f"""
            import time, gymnasium, tercio_client
            from tercio_client import server
            env = gymnasium.make("tercio/{SCENARIO}")
            env.reset(seed=1)
            print(server.shared_server().pid, flush=True)
            time.sleep(600)
        """)
        try:
            pid = int(p.stdout.readline())
            self.assertTrue(alive(pid))
            os.kill(p.pid, signal.SIGKILL)
            p.wait(10)
            wait_gone(pid, 10)
        finally:
            p.kill()
            p.communicate()

    def test_missing_node_is_one_clear_error(self):
        saved = os.environ.get("TERCIO_NODE")
        try:
            os.environ["TERCIO_NODE"] = "/nonexistent/node"
            with self.assertRaisesRegex(NodeNotFound, r"Node\.js >= 20"):
                server.find_node()
            with tempfile.TemporaryDirectory() as d:
                old = Path(d) / "node"
                old.write_text("#!/bin/sh\necho v18.19.0\n")
                old.chmod(0o755)
                os.environ["TERCIO_NODE"] = str(old)
                with self.assertRaisesRegex(NodeNotFound, r"Node\.js v18\.19\.0.*needs Node\.js >= 20.*install Node\.js"):
                    server.LocalServer().start()
        finally:
            if saved is None:
                os.environ.pop("TERCIO_NODE", None)
            else:
                os.environ["TERCIO_NODE"] = saved

    def test_checkers_and_vector_modes_with_no_server_started_by_hand(self):
        p = python(f"""
            import gymnasium, tercio_client
            from gymnasium.utils.env_checker import check_env
            from pettingzoo.test import api_test
            env = gymnasium.make("tercio/{SCENARIO}", max_decisions=40)
            check_env(env.unwrapped)
            env.close()
            for mode in ("sync", "async"):
                v = gymnasium.make_vec("tercio/{SCENARIO}", num_envs=2, vectorization_mode=mode, max_decisions=20)
                obs, info = v.reset(seed=1)
                for _ in range(5):
                    obs, *_ = v.step(v.action_space.sample(mask=tuple(m.astype("int8") for m in obs["action_mask"])))
                v.close()
                print(mode, "ok", flush=True)
            aec = tercio_client.TercioAECEnv("{SCENARIO}", max_decisions=40)
            api_test(aec, num_cycles=20)
            aec.close()
            print("api_test ok", flush=True)
        """)
        out, err = p.communicate(timeout=600)
        self.assertEqual(p.returncode, 0, err[-3000:])
        self.assertRegex(out, r"(?s)sync ok\nasync ok\n.*Passed API test\napi_test ok\n", err[-2000:])


class VectorApiTest(unittest.TestCase):
    def test_set_attr(self):
        v = TercioVecEnv(SCENARIO, 3, server_url(), max_decisions=10)
        try:
            v.set_attr("copy", False)
            self.assertEqual(v.get_attr("copy"), (False,) * 3)
            v.set_attr("render_mode", ["ansi"] * 3)
            self.assertEqual(len(v.render()), 3)
            v.set_attr("my_note", "x")
            self.assertEqual(v.get_attr("my_note"), ("x",) * 3)
            with self.assertRaisesRegex(ValueError, "3 envs"):
                v.set_attr("copy", [True, True])
            with self.assertRaisesRegex(ValueError, "share"):
                v.set_attr("copy", [True, False, True])
            with self.assertRaisesRegex(ValueError, "render_mode"):
                v.set_attr("render_mode", "rgb_array")
            with self.assertRaisesRegex(AttributeError, "fixed"):
                v.set_attr("num_envs", 4)
            self.assertEqual(v.num_envs, 3)
        finally:
            v.close()

    def test_the_whole_vector_env_api_is_defined_here(self):
        from gymnasium.vector import VectorEnv
        for name in ("reset", "step", "close", "render", "call", "get_attr", "set_attr"):
            self.assertIsNot(getattr(TercioVecEnv, name), getattr(VectorEnv, name, None), name)


if __name__ == "__main__":
    unittest.main()
