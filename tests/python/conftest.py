"""Starts the built MiniLake jar as a real process on a free port; every test starts from reset."""
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import tempfile
import time

import pytest
import requests

# pytester runs sample user suites against the pytest-minilake plugin (test_pytest_plugin.py)
pytest_plugins = ["pytester"]

ROOT = pathlib.Path(__file__).resolve().parents[2]
JAR = pathlib.Path(os.environ.get("MINILAKE_JAR", ROOT / "api-server/target/minilake.jar"))
DATA_ROOT = ROOT / ".cache" / "pytest-servers"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, env=None, java_options=()):
        if not JAR.exists():
            raise RuntimeError(f"{JAR} is missing: build it with `mvn -q package -DskipTests`")
        self.port = _free_port()
        self.url = f"http://localhost:{self.port}"
        # the data dir lies outside the temp dir, which is the storage root for EXTERNAL tables:
        # a storage root may not contain the data dir (SQL could then reach the control store)
        DATA_ROOT.mkdir(parents=True, exist_ok=True)
        self.data_dir = tempfile.mkdtemp(prefix="minilake-py-", dir=DATA_ROOT)
        self.log = open(os.path.join(self.data_dir, "..", f"minilake-py-{self.port}.log"), "w")
        # job tasks run in this (virtualenv) Python, which has pyspark and the SDK
        # EXTERNAL tables in the tests live in temp dirs, so the temp root is an allowed storage root
        defaults = {"MINILAKE_PYTHON": os.environ.get("MINILAKE_PYTHON", sys.executable),
                    "MINILAKE_STORAGE_ROOTS": tempfile.gettempdir()}
        full_env = dict(os.environ, **defaults, **(env or {}))
        self.proc = subprocess.Popen(
            ["java", *java_options, "-jar", str(JAR), "--port", str(self.port), "--data-dir", self.data_dir],
            stdout=self.log, stderr=subprocess.STDOUT, env=full_env)
        self._await_ready()

    def _await_ready(self, timeout=120):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"MiniLake exited with {self.proc.returncode}; see {self.log.name}")
            try:
                if requests.get(self.url + "/_minilake/ready", timeout=2).status_code == 200:
                    return
            except requests.ConnectionError:
                pass
            time.sleep(0.1)
        raise RuntimeError("MiniLake was not ready in time")

    def reset(self):
        r = requests.post(self.url + "/_minilake/reset", timeout=60)
        assert r.status_code == 200, r.text

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()
        shutil.rmtree(self.data_dir, ignore_errors=True)


@pytest.fixture(scope="session")
def server():
    s = Server()
    yield s
    s.stop()


@pytest.fixture(autouse=True)
def _clean_workspace(server):
    server.reset()


@pytest.fixture
def w(server):
    from databricks.sdk import WorkspaceClient
    return WorkspaceClient(host=server.url, token="dev")
