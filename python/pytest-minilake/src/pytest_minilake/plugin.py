"""The pytest plugin: fixtures minilake, workspace_client and spark, with a reset before each test."""
import os

import pytest
import requests

from .server import MiniLake

_USES_MINILAKE = {"minilake", "workspace_client", "spark"}


def pytest_addoption(parser):
    group = parser.getgroup("minilake")
    group.addoption("--minilake-jar", default=None, help="the MiniLake jar to start (default: ini minilake_jar, "
                                                         "MINILAKE_JAR, then api-server/target/minilake.jar)")
    group.addoption("--minilake-url", default=None, help="use a MiniLake already running at this URL (or MINILAKE_URL)")
    parser.addini("minilake_jar", "the MiniLake jar to start", default=None)
    parser.addini("minilake_java", "the java binary that runs the jar", default="java")


def pytest_configure(config):
    config.addinivalue_line("markers", "minilake_keep_state: do not reset MiniLake before this test")


def _jar(config):
    chosen = config.getoption("minilake_jar") or config.getini("minilake_jar") or os.environ.get("MINILAKE_JAR")
    if chosen:
        return os.path.abspath(chosen)
    return os.path.join(str(config.rootpath), "api-server", "target", "minilake.jar")


@pytest.fixture(scope="session")
def minilake(request):
    """A running MiniLake for the whole session: the server at --minilake-url/MINILAKE_URL, or the jar started on a free port."""
    config = request.config
    url = config.getoption("minilake_url") or os.environ.get("MINILAKE_URL")
    if url:
        server = MiniLake(url)
        server._wait_ready(60)
        yield server
        return
    server = MiniLake.start(_jar(config), java=config.getini("minilake_java"))
    yield server
    server.stop()


@pytest.fixture(autouse=True)
def _minilake_reset(request):
    """Resets MiniLake before every test that uses it, unless the test is marked minilake_keep_state."""
    if not _USES_MINILAKE & set(request.fixturenames) or request.node.get_closest_marker("minilake_keep_state"):
        yield
        return
    request.getfixturevalue("minilake").reset()
    yield


@pytest.fixture
def workspace_client(minilake):
    """A databricks.sdk.WorkspaceClient pointed at MiniLake (any token works)."""
    pytest.importorskip("databricks.sdk", reason="workspace_client needs the databricks-sdk package")
    return minilake.workspace_client()


@pytest.fixture
def spark(minilake):
    """A Spark Connect session on MiniLake's warm Spark (started on first use; it stays warm across resets)."""
    pytest.importorskip("pyspark.sql.connect.session", reason="the spark fixture needs pyspark with Spark Connect "
                                                                "(pip install 'pyspark[connect]')")
    from pyspark.sql import SparkSession
    r = requests.post(minilake.url + "/_minilake/spark/start?wait=true", timeout=600)
    if r.status_code != 200 or r.json().get("state") != "WARM":
        pytest.skip(f"MiniLake's warm Spark is not available: {r.text[:300]}")
    session = SparkSession.builder.remote(r.json()["connect_url"]).getOrCreate()
    yield session
    session.stop()
