"""`docker run` as a user runs it: the image (minilake:0.1.0, built by `scripts/containers
--build-image` when missing) is run with a published port and a named volume, and the real Python
SDK drives it through that port: the seed's catalog, a MANAGED table, SELECT, a Python job run with
its output, a Spark job writing Delta files, then a new container on the same volume still has the data.

The engine is MINILAKE_CONTAINER_ENGINE (docker or podman; `. "$(scripts/containers --env-file)"`
sets it), else whichever of docker and podman answers. Skips, saying why, only when none does.
"""
import base64
import os
import pathlib
import shutil
import subprocess
import time
import uuid

import pytest
import requests

ROOT = pathlib.Path(__file__).resolve().parents[2]
IMAGE = os.environ.get("MINILAKE_IMAGE", "minilake:0.1.0")


def _engine():
    names = [os.environ["MINILAKE_CONTAINER_ENGINE"]] if os.environ.get("MINILAKE_CONTAINER_ENGINE") else ["docker", "podman"]
    for name in names:
        if shutil.which(name) and subprocess.run([name, "info"], capture_output=True).returncode == 0:
            return name
    return None


ENGINE = _engine()
pytestmark = pytest.mark.skipif(ENGINE is None, reason="no container engine answers (docker or podman): "
                                "run scripts/containers, then . \"$(scripts/containers --env-file)\"")


@pytest.fixture(autouse=True)
def _clean_workspace():
    """These tests talk to the container, not to conftest's jar server: nothing to reset."""


def _run(*args, check=True):
    return subprocess.run([ENGINE, *args], check=check, capture_output=True, text=True)


@pytest.fixture(scope="module")
def image():
    if _run("image", "inspect", IMAGE, check=False).returncode != 0:
        print(f"building {IMAGE} with scripts/containers --build-image (takes minutes)", flush=True)
        subprocess.run([str(ROOT / "scripts/containers"), "--build-image"], check=True,
                       env=dict(os.environ, MINILAKE_IMAGE=IMAGE))
    return IMAGE


@pytest.fixture
def volume():
    name = f"minilake-test-{uuid.uuid4().hex[:8]}"
    _run("volume", "create", name)
    yield name
    _run("volume", "rm", "-f", name, check=False)


class Container:
    def __init__(self, image, volume):
        self.id = _run("run", "-d", "-p", "127.0.0.1::8000", "-v", f"{volume}:/data", image).stdout.strip()
        port = _run("port", self.id, "8000/tcp").stdout.strip().splitlines()[0].rsplit(":", 1)[1]
        self.url = f"http://127.0.0.1:{port}"
        started = time.time()
        while time.time() - started < 120:
            try:
                if requests.get(self.url + "/_minilake/ready", timeout=2).status_code == 200:
                    print(f"container ready in {time.time() - started:.1f} s at {self.url}", flush=True)
                    return
            except requests.ConnectionError:
                pass
            if _run("inspect", "-f", "{{.State.Running}}", self.id).stdout.strip() != "true":
                break
            time.sleep(0.3)
        logs = _run("logs", self.id, check=False)
        self.remove()
        raise AssertionError(f"the container was not ready: {logs.stdout[-3000:]}{logs.stderr[-3000:]}")

    def client(self):
        from databricks.sdk import WorkspaceClient
        return WorkspaceClient(host=self.url, token="dev")

    def remove(self):
        _run("rm", "-f", "-t", "10", self.id, check=False)


def test_docker_run_serves_the_seed_examples_and_keeps_data_on_its_volume(image, volume):
    from databricks.sdk.service import jobs, workspace
    from databricks.sdk.service.catalog import ColumnInfo, DataSourceFormat, TableType

    c = Container(image, volume)
    try:
        # runs as the image's non-root user
        assert _run("exec", c.id, "id", "-u").stdout.strip() != "0"
        w = c.client()
        w.catalogs.create(name="sales")
        w.schemas.create(name="store", catalog_name="sales")
        w.tables.create(name="orders", catalog_name="sales", schema_name="store", table_type=TableType.MANAGED,
                        data_source_format=DataSourceFormat.DELTA, storage_location="/data/sales/store/orders",
                        columns=[ColumnInfo(name="id", type_text="BIGINT"),
                                 ColumnInfo(name="customer", type_text="STRING"),
                                 ColumnInfo(name="amount", type_text="DECIMAL(10,2)")])
        wh = w.warehouses.create(name="dev", cluster_size="Small")
        w.statement_execution.execute_statement(
            warehouse_id=wh.id, statement="INSERT INTO sales.store.orders VALUES (1, 'Ana', 459.90)")
        r = w.statement_execution.execute_statement(
            warehouse_id=wh.id, statement="SELECT customer, amount FROM sales.store.orders")
        assert r.result.data_array == [["Ana", "459.90"]]
        assert w.tables.get("sales.store.orders").table_type == TableType.MANAGED

        # a Python job run inside the container, its stdout back through runs/get-output
        w.workspace.import_(path="/Workspace/Shared/hello.py", format=workspace.ImportFormat.AUTO, overwrite=True,
                            content=base64.b64encode(b"import sys, os\nprint('hello from', sys.argv[1], os.getuid())\n").decode())
        started = time.time()
        run = w.jobs.submit(run_name="in-container", tasks=[jobs.SubmitTask(
            task_key="hello", spark_python_task=jobs.SparkPythonTask(
                python_file="/Workspace/Shared/hello.py", parameters=["the-container"]))]).result()
        print(f"python job run finished in {time.time() - started:.1f} s", flush=True)
        assert run.state.result_state == jobs.RunResultState.SUCCESS, run.state
        logs = w.jobs.get_run_output(run.tasks[0].run_id).logs
        assert logs.startswith("hello from the-container "), logs
        assert logs.split()[-1] != "0"

        # a Spark task: the image's own Spark (its Java runtime, its jars' native codecs) writes and
        # reads a Delta table on the volume
        w.workspace.import_(path="/Workspace/Shared/spark_nums.py", format=workspace.ImportFormat.AUTO, overwrite=True,
                            content=base64.b64encode(b"from pyspark.sql import SparkSession\n"
                                                     b"spark = SparkSession.builder.getOrCreate()\n"
                                                     b"spark.range(3).write.format('delta').mode('overwrite').save('/data/nums')\n"
                                                     b"print('rows:', spark.read.format('delta').load('/data/nums').count())\n").decode())
        started = time.time()
        run = w.jobs.submit(run_name="spark-in-container", tasks=[jobs.SubmitTask(
            task_key="spark", spark_python_task=jobs.SparkPythonTask(python_file="/Workspace/Shared/spark_nums.py"))]).result()
        print(f"spark job run (Spark started cold) finished in {time.time() - started:.1f} s", flush=True)
        assert run.state.result_state == jobs.RunResultState.SUCCESS, run.state
        assert "rows: 3" in w.jobs.get_run_output(run.tasks[0].run_id).logs
        assert _run("exec", c.id, "ls", "/data/nums/_delta_log").stdout.strip()
    finally:
        c.remove()

    # a new container on the same named volume serves the same data
    again = Container(image, volume)
    try:
        w = again.client()
        r = w.statement_execution.execute_statement(
            warehouse_id="dev", statement="SELECT id, customer, amount FROM sales.store.orders")
        assert r.result.data_array == [["1", "Ana", "459.90"]]
        assert [c.name for c in w.catalogs.list()].count("sales") == 1
    finally:
        again.remove()
