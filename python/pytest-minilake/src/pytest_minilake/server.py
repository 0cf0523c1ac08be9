"""A MiniLake server for a test session: started from the jar, or one already running at a URL."""
import os
import shutil
import socket
import subprocess
import tempfile
import time

import requests


class MiniLake:
    """A running MiniLake. ``url`` is what clients use as their Databricks host."""

    def __init__(self, url, process=None, data_dir=None, log_path=None):
        self.url = url.rstrip("/")
        self._process = process
        self._data_dir = data_dir
        self.log_path = log_path

    @classmethod
    def start(cls, jar, java="java", env=None, timeout=120):
        """Starts the jar on a free port with a fresh data dir and waits for /_minilake/ready."""
        if not os.path.exists(jar):
            raise FileNotFoundError(f"MiniLake jar not found: {jar} (build it with `mvn -q package -DskipTests`)")
        port = _free_port()
        data_dir = tempfile.mkdtemp(prefix="pytest-minilake-")
        log_path = os.path.join(data_dir, "minilake.log")
        log = open(log_path, "w")
        process = subprocess.Popen([java, "-jar", jar, "--port", str(port), "--data-dir", os.path.join(data_dir, "data")],
                                   stdout=log, stderr=subprocess.STDOUT, env=dict(os.environ, **(env or {})))
        server = cls(f"http://127.0.0.1:{port}", process, data_dir, log_path)
        server._wait_ready(timeout)
        return server

    def _wait_ready(self, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._process is not None and self._process.poll() is not None:
                with open(self.log_path) as f:
                    raise RuntimeError(f"MiniLake exited with {self._process.returncode}: {f.read()[-2000:]}")
            try:
                if requests.get(self.url + "/_minilake/ready", timeout=2).status_code == 200:
                    return
            except requests.ConnectionError:
                pass
            time.sleep(0.1)
        raise TimeoutError(f"MiniLake was not ready within {timeout} s (log: {self.log_path})")

    def reset(self):
        """A clean workspace: POST /_minilake/reset."""
        r = requests.post(self.url + "/_minilake/reset", timeout=120)
        r.raise_for_status()
        return r.json()

    def statement(self, sql, warehouse_id="pytest"):
        """Runs one SQL statement through the SQL API and returns its rows (JSON_ARRAY strings); raises on failure."""
        r = requests.post(self.url + "/api/2.0/sql/statements",
                          json={"warehouse_id": warehouse_id, "statement": sql, "wait_timeout": "50s"}, timeout=120)
        r.raise_for_status()
        body = r.json()
        if body["status"]["state"] != "SUCCEEDED":
            raise RuntimeError(body["status"].get("error", {}).get("message", body["status"]["state"]))
        return (body.get("result") or {}).get("data_array") or []

    def workspace_client(self, token="dev"):
        from databricks.sdk import WorkspaceClient
        return WorkspaceClient(host=self.url, token=token)

    def stop(self):
        if self._process is not None:
            self._process.terminate()
            try:
                self._process.wait(30)
            except subprocess.TimeoutExpired:
                self._process.kill()
            self._process = None
        if self._data_dir:
            shutil.rmtree(self._data_dir, ignore_errors=True)


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
