"""pytest runs these tests against the tercio_client that is installed (the wheel, as a user has it):
with --import-mode=importlib this folder is not put on sys.path, so the package's source beside it is
never imported by accident. TERCIO_EXPECT_INSTALLED=DIR makes the run fail unless the package comes
from DIR (test/bridge/python.test.ts sets it)."""
import os
from pathlib import Path

import tercio_client


def pytest_report_header(config):
    return f"tercio_client {tercio_client.__version__} from {Path(tercio_client.__file__).parent}"


def pytest_configure(config):
    want = os.environ.get("TERCIO_EXPECT_INSTALLED")
    got = Path(tercio_client.__file__).resolve()
    if want and Path(want).resolve() not in got.parents:
        raise RuntimeError(f"tercio_client was imported from {got}, not from the installed copy under {want}")
