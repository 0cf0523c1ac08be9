"""Spark tasks work out of the box: the server started exactly as the README says (`java -jar
api-server/target/minilake.jar --port N`), with none of this test's own Python on the task's path,
runs a spark_python_task, a notebook and a wheel that import pyspark, on the task environment that
`mvn package` prepared (api-server/target/task-python). Without pyspark, the start says so in one
line and the task's error says how to fix it."""
import io
import os
import pathlib
import subprocess
import sys
import tempfile
import textwrap
import time
import zipfile

import pytest
import requests

from conftest import JAR, ROOT, _free_port

TASK_ENV = ROOT / "api-server/target/task-python"
NO_PYSPARK = "has no pyspark"


def _fresh_machine_env(**extra):
    """The environment of a new user's shell: no virtualenv of the tests', no MiniLake settings."""
    venv_bin = str(pathlib.Path(sys.prefix, "bin"))
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("MINILAKE_", "SPARK_", "PYSPARK_", "PYTHON", "VIRTUAL_ENV", "DATABRICKS_"))}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if p != venv_bin)
    env.update(extra)
    return env


class ReadmeServer:
    """`java -jar api-server/target/minilake.jar --port N`, run from the repository root."""

    def __init__(self, **env):
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = pathlib.Path(tempfile.mkdtemp(prefix="minilake-readme-")) / "server.log"
        self.log = open(self.log_path, "w")
        self.proc = subprocess.Popen(["java", "-jar", str(JAR.relative_to(ROOT)), "--port", str(self.port)],
                                     cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT, env=_fresh_machine_env(**env))
        deadline = time.time() + 120
        while time.time() < deadline:
            assert self.proc.poll() is None, self.output()
            try:
                if requests.get(self.url + "/_minilake/ready", timeout=2).status_code == 200:
                    return
            except requests.ConnectionError:
                pass
            time.sleep(0.2)
        raise AssertionError("not ready in time: " + self.output())

    def output(self):
        self.log.flush()
        return self.log_path.read_text()

    def api(self, method, route, **body):
        r = requests.request(method, self.url + route, json=body or None, timeout=60)
        assert r.status_code == 200, r.text
        return r.json()

    def run_job(self, tasks, timeout=600):
        job = self.api("POST", "/api/2.1/jobs/create", name="task-python", tasks=tasks)
        run_id = self.api("POST", "/api/2.1/jobs/run-now", job_id=job["job_id"])["run_id"]
        deadline = time.time() + timeout
        while time.time() < deadline:
            run = requests.get(self.url + "/api/2.1/jobs/runs/get", params={"run_id": run_id}).json()
            if run["state"]["life_cycle_state"] in ("TERMINATED", "INTERNAL_ERROR", "SKIPPED"):
                return run
            time.sleep(0.5)
        raise AssertionError(f"run {run_id} did not finish")

    def output_of(self, task_run_id):
        return requests.get(self.url + "/api/2.1/jobs/runs/get-output", params={"run_id": task_run_id}).json()

    def upload(self, path, content, fmt="AUTO", language=None):
        import base64
        body = {"path": path, "format": fmt, "overwrite": True, "content": base64.b64encode(content).decode()}
        if language:
            body["language"] = language
        self.api("POST", "/api/2.0/workspace/mkdirs", path=path.rsplit("/", 1)[0])
        self.api("POST", "/api/2.0/workspace/import", **body)

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


def _wheel():
    """A minimal valid wheel whose entry point uses Spark through the warm Spark's Connect endpoint."""
    buf = io.BytesIO()
    files = {
        "sparketl/__init__.py": "import sys\n"
                                "def main():\n"
                                "    from pyspark.sql import SparkSession\n"
                                "    spark = SparkSession.builder.getOrCreate()\n"
                                "    print('wheel sum:', spark.range(10).selectExpr('sum(id) AS s').first().s)\n",
        "sparketl-0.1.dist-info/entry_points.txt": "[console_scripts]\nrun = sparketl:main\n",
        "sparketl-0.1.dist-info/METADATA": "Metadata-Version: 2.1\nName: sparketl\nVersion: 0.1\n",
        "sparketl-0.1.dist-info/WHEEL": "Wheel-Version: 1.0\nGenerator: minilake-test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    files["sparketl-0.1.dist-info/RECORD"] = "".join(f"{n},,\n" for n in files) + "sparketl-0.1.dist-info/RECORD,,\n"
    with zipfile.ZipFile(buf, "w") as z:
        for name, text in files.items():
            z.writestr(name, text)
    return buf.getvalue()


@pytest.fixture(scope="module")
def readme_server():
    assert (TASK_ENV / ".minilake-task-env").is_file(), "mvn package prepares the task environment"
    s = ReadmeServer()
    yield s
    s.stop()


def test_pyspark_tasks_run_on_the_task_environment_the_build_prepared(readme_server):
    s = readme_server
    s.upload("/Shared/fresh/count.py", textwrap.dedent("""
        import sys
        from pyspark.sql import SparkSession
        spark = SparkSession.builder.getOrCreate()
        print("python:", sys.executable)
        print("count:", spark.range(1000).filter("id % 7 = 0").count())
    """).encode())
    s.upload("/Shared/fresh/nb", b"# Databricks notebook source\nprint('notebook rows:', spark.range(5).count())\n",
             fmt="SOURCE", language="PYTHON")
    import base64
    s.api("POST", "/api/2.0/dbfs/put", path="/libs/sparketl-0.1-py3-none-any.whl", overwrite=True,
          contents=base64.b64encode(_wheel()).decode())
    run = s.run_job([
        {"task_key": "script", "spark_python_task": {"python_file": "/Shared/fresh/count.py"}},
        {"task_key": "notebook", "notebook_task": {"notebook_path": "/Shared/fresh/nb"}},
        {"task_key": "wheel", "libraries": [{"whl": "dbfs:/libs/sparketl-0.1-py3-none-any.whl"}],
         "python_wheel_task": {"package_name": "sparketl", "entry_point": "run"}},
    ])
    tasks = {t["task_key"]: s.output_of(t["run_id"]) for t in run["tasks"]}
    assert run["state"]["result_state"] == "SUCCESS", {k: o.get("error") for k, o in tasks.items()}
    logs = tasks["script"]["logs"]
    # computed by Spark through Spark Connect: 0, 7, ..., 994
    assert "count: 143" in logs
    assert f"python: {TASK_ENV}/bin/python" in logs, "the task ran on the task environment, not the test's venv"
    assert "notebook rows: 5" in tasks["notebook"]["logs"]
    assert "wheel sum: 45" in tasks["wheel"]["logs"]
    assert NO_PYSPARK not in s.output()


def _bare_python(tmp_path):
    """A virtualenv without packages: a machine's python3 with no pyspark."""
    venv = tmp_path / "bare"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin/python"
    has = subprocess.run([str(python), "-c", "import importlib.util as u; print(u.find_spec('pyspark') is not None)"],
                         capture_output=True, text=True, check=True).stdout.strip()
    if has == "True":
        pytest.skip("this machine's base Python has pyspark itself")
    return python


def _await_line(server, needle, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        lines = [line for line in server.output().splitlines() if needle in line]
        if lines:
            return lines
        time.sleep(0.2)
    raise AssertionError(f"no line with {needle!r}: {server.output()[-3000:]}")


def test_without_pyspark_the_start_says_so_once_and_the_task_says_how_to_fix_it(tmp_path):
    python = _bare_python(tmp_path)
    s = ReadmeServer(MINILAKE_TASK_PYTHON=str(python))
    try:
        lines = _await_line(s, NO_PYSPARK)
        assert len(lines) == 1 and str(python) in lines[0] and "mvn -q package" in lines[0], lines
        s.upload("/Shared/fresh/needs_spark.py", b"from pyspark.sql import SparkSession\nprint('unreachable')\n")
        run = s.run_job([{"task_key": "t", "spark_python_task": {"python_file": "/Shared/fresh/needs_spark.py"}}], timeout=120)
        task = run["tasks"][0]
        assert task["state"]["result_state"] == "FAILED"
        for text in (task["state"]["state_message"], s.output_of(task["run_id"])["error"]):
            assert "No module named 'pyspark'" in text or "no pyspark" in text, text
            assert "mvn -q package -DskipTests" in text and "MINILAKE_TASK_PYTHON" in text, text
        assert len([line for line in s.output().splitlines() if NO_PYSPARK in line]) == 1
    finally:
        s.stop()


def test_without_python_the_start_says_so_in_one_line():
    s = ReadmeServer(MINILAKE_TASK_PYTHON="/nonexistent/python3")
    try:
        lines = _await_line(s, "job tasks have no Python")
        assert len(lines) == 1 and "/nonexistent/python3" in lines[0] and "MINILAKE_TASK_PYTHON" in lines[0], lines
        assert requests.get(s.url + "/_minilake/ready").status_code == 200, "the rest of MiniLake serves"
    finally:
        s.stop()
