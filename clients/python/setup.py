"""The wheel carries its own server: build_py writes the bundled bridge (scripts/bundle-bridge.mjs: one
.mjs for the user's Node, and the scenario ids it serves) into the build folder's tercio_client/_server/.
Everything setuptools writes goes to a temporary folder, never into the source tree.

    pip wheel --no-deps --no-build-isolation -w DIST clients/python     # or: python -m build --wheel --no-isolation
Needs Node >= 20 and the repository's node_modules (esbuild). TERCIO_SERVER_BUNDLE=DIR takes an already
bundled DIR (tercio-server.mjs, scenarios.json) instead.
The package's version is Tercio's, package.json's: the one the bundled server was built with and reports."""
import json
import atexit
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
BUNDLER = HERE.parents[1] / "scripts" / "bundle-bridge.mjs"
PACKAGE_JSON = HERE.parents[1] / "package.json"
FILES = ("tercio-server.mjs", "scenarios.json")
FROM_REPO = ("build the wheel from the Tercio repository "
             "(or set TERCIO_SERVER_BUNDLE to a folder made by scripts/bundle-bridge.mjs)")

_tmp = tempfile.mkdtemp(prefix="tercio-client-build-")
atexit.register(shutil.rmtree, _tmp, True)


def node() -> str:
    found = os.environ.get("TERCIO_NODE") or shutil.which("node")
    if found is None:
        raise SystemExit("tercio-client: building the wheel needs Node.js >= 20 on PATH (it bundles the server)")
    return found


def version() -> str:
    """Tercio's version: the given bundle's (TERCIO_SERVER_BUNDLE), else the repository's package.json."""
    given = os.environ.get("TERCIO_SERVER_BUNDLE")
    if given:
        return subprocess.run([node(), str(Path(given) / FILES[0]), "version"], check=True, capture_output=True,
                              text=True).stdout.strip()
    if not PACKAGE_JSON.exists():
        raise SystemExit(f"tercio-client: {PACKAGE_JSON} not found: {FROM_REPO}")
    return str(json.loads(PACKAGE_JSON.read_text(encoding="utf-8"))["version"])


class BuildPyWithServer(build_py):
    def run(self) -> None:
        super().run()
        out = Path(self.build_lib) / "tercio_client" / "_server"
        out.mkdir(parents=True, exist_ok=True)
        given = os.environ.get("TERCIO_SERVER_BUNDLE")
        if given:
            for f in FILES:
                shutil.copyfile(Path(given) / f, out / f)
            return
        if not BUNDLER.exists():
            raise SystemExit(f"tercio-client: {BUNDLER} not found: {FROM_REPO}")
        subprocess.run([node(), str(BUNDLER), str(out)], check=True)


setup(
    version=version(),
    cmdclass={"build_py": BuildPyWithServer},
    options={"build": {"build_base": os.path.join(_tmp, "build")}, "egg_info": {"egg_base": _tmp}},
)
