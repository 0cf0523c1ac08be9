"""Real client binaries (built by scripts/clients) driven against a real MiniLake."""
import json
import os
import pathlib
import re
import subprocess
import tempfile

import pytest

CACHE = pathlib.Path(os.environ.get("MINILAKE_CLIENTS_CACHE", pathlib.Path.home() / ".cache/minilake-clients"))
ENV_FILE = CACHE / "clients.env"
DATABRICKS = CACHE / "bin/databricks"


def client_env():
    """The exports of clients.env, as a dict (PATH prepended)."""
    env = {}
    if ENV_FILE.exists():
        for line in ENV_FILE.read_text().splitlines():
            m = re.match(r'export (\w+)="?(.*?)"?$', line.strip())
            if m:
                env[m.group(1)] = m.group(2).replace("$PATH", os.environ.get("PATH", ""))
    return env


class Cli:
    """Runs the real `databricks` binary against one MiniLake URL, in an isolated HOME."""

    def __init__(self, host, extra_env=None):
        if not DATABRICKS.exists():
            pytest.skip(f"the Databricks CLI is not built ({DATABRICKS} missing): run scripts/clients")
        self.home = tempfile.mkdtemp(prefix="minilake-cli-home-")
        self.env = {**os.environ, **client_env(), "HOME": self.home, "DATABRICKS_HOST": host,
                    "DATABRICKS_TOKEN": "dev", "DATABRICKS_CLI_DISABLE_TELEMETRY": "1", **(extra_env or {})}
        for k in ("DATABRICKS_CONFIG_PROFILE", "DATABRICKS_CONFIG_FILE"):
            self.env.pop(k, None)

    def run(self, *args, cwd=None, check=True, env=None, timeout=300, input=None):
        p = subprocess.run([str(DATABRICKS), *args], cwd=cwd, env=dict(self.env, **(env or {})),
                           capture_output=True, text=True, timeout=timeout, input=input)
        if check and p.returncode != 0:
            raise AssertionError(f"databricks {' '.join(args)} exited {p.returncode}\n"
                                 f"stdout:\n{p.stdout}\nstderr:\n{p.stderr}")
        return p

    def json(self, *args, **kw):
        out = self.run(*args, "--output", "json", **kw).stdout
        return json.loads(out) if out.strip() else None


@pytest.fixture
def cli(server):
    return Cli(server.url)
