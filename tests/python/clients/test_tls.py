"""`minilake --tls`: a self-signed certificate generated on first use; the real CLI trusts it through
Go's documented SSL_CERT_FILE, the Python SDK through REQUESTS_CA_BUNDLE."""
import os
import pathlib
import subprocess

import pytest
import requests

from conftest import Server
from clients.conftest import Cli


class TlsServer(Server):
    def __init__(self):
        import shutil
        import tempfile
        from conftest import JAR, _free_port
        self.port = _free_port()
        self.url = f"https://localhost:{self.port}"
        self.data_dir = tempfile.mkdtemp(prefix="minilake-tls-")
        self.cert = pathlib.Path(self.data_dir) / "tls/minilake.crt"
        self.log = open(os.path.join(self.data_dir, "..", f"minilake-tls-{self.port}.log"), "w")
        self.proc = subprocess.Popen(["java", "-jar", str(JAR), "--port", str(self.port),
                                      "--data-dir", self.data_dir, "--tls"],
                                     stdout=self.log, stderr=subprocess.STDOUT)
        self._await_ready()

    def _await_ready(self, timeout=120):
        import time
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"MiniLake --tls exited with {self.proc.returncode}; see {self.log.name}")
            try:
                if self.cert.exists() and requests.get(self.url + "/_minilake/ready", verify=str(self.cert),
                                                       timeout=2).status_code == 200:
                    return
            except requests.ConnectionError:
                pass
            time.sleep(0.2)
        raise RuntimeError("MiniLake --tls was not ready in time")


@pytest.fixture(scope="module")
def tls_server():
    s = TlsServer()
    yield s
    s.stop()


def test_cli_over_https(tls_server):
    with pytest.raises(requests.exceptions.SSLError):
        requests.get(tls_server.url + "/_minilake/ready", timeout=5)  # really TLS, not trusted by default
    cli = Cli(tls_server.url, {"SSL_CERT_FILE": str(tls_server.cert)})
    assert cli.json("current-user", "me")["userName"] == "dev@minilake.local"
    cli.json("catalogs", "create", "over_tls")
    assert "over_tls" in [c["name"] for c in cli.json("catalogs", "list")]
    untrusted = Cli(tls_server.url, {"SSL_CERT_FILE": "/nonexistent"}).run("current-user", "me", check=False)
    assert untrusted.returncode != 0 and "certificate" in untrusted.stderr


def test_python_sdk_over_https(tls_server, monkeypatch):
    monkeypatch.setenv("REQUESTS_CA_BUNDLE", str(tls_server.cert))
    from databricks.sdk import WorkspaceClient
    w = WorkspaceClient(host=tls_server.url, token="dev")
    assert w.current_user.me().user_name == "dev@minilake.local"
