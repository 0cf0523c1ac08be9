"""The real Databricks CLI v1.9.0 against MiniLake: real output, real effects (checked with the SDK)."""
import json
import time

import pytest
import requests


def test_current_user_me(cli):
    me = cli.json("current-user", "me")
    assert me["userName"] == "dev@minilake.local"


def test_catalogs_schemas_tables(cli, w, server):
    created = cli.json("catalogs", "create", "cli_cat")
    assert created["name"] == "cli_cat"
    assert "cli_cat" in [c["name"] for c in cli.json("catalogs", "list")]
    cli.json("schemas", "create", "s1", "cli_cat")
    assert "s1" in [s["name"] for s in cli.json("schemas", "list", "cli_cat")]
    # a real table, made through SQL on the warehouse, listed by the CLI
    r = requests.post(server.url + "/api/2.0/sql/statements", json={
        "warehouse_id": "dev", "statement": "CREATE TABLE cli_cat.s1.t (id INT)", "wait_timeout": "30s"})
    assert r.json()["status"]["state"] == "SUCCEEDED", r.text
    assert [t["name"] for t in cli.json("tables", "list", "cli_cat", "s1")] == ["t"]
    cli.run("schemas", "delete", "cli_cat.s1", "--force")
    cli.run("catalogs", "delete", "cli_cat", "--force")
    assert "cli_cat" not in [c.name for c in w.catalogs.list()]


def test_fs_on_dbfs(cli, w, tmp_path):
    src = tmp_path / "hello.txt"
    src.write_text("hello from the cli\n")
    cli.run("fs", "mkdir", "dbfs:/cli")
    cli.run("fs", "cp", str(src), "dbfs:/cli/hello.txt")
    assert "hello.txt" in cli.run("fs", "ls", "dbfs:/cli").stdout
    assert cli.run("fs", "cat", "dbfs:/cli/hello.txt").stdout == "hello from the cli\n"
    assert w.dbfs.get_status("/cli/hello.txt").file_size == 19
    back = tmp_path / "back.txt"
    cli.run("fs", "cp", "dbfs:/cli/hello.txt", str(back))
    assert back.read_text() == "hello from the cli\n"
    cli.run("fs", "rm", "dbfs:/cli/hello.txt")
    assert "hello.txt" not in cli.run("fs", "ls", "dbfs:/cli").stdout


def test_fs_on_volumes(cli, w, tmp_path):
    w.catalogs.create(name="vc")
    w.schemas.create(name="vs", catalog_name="vc")
    from databricks.sdk.service.catalog import VolumeType
    w.volumes.create(catalog_name="vc", schema_name="vs", name="vol", volume_type=VolumeType.MANAGED)
    src = tmp_path / "v.csv"
    src.write_text("a,b\n1,2\n")
    cli.run("fs", "cp", str(src), "dbfs:/Volumes/vc/vs/vol/v.csv")
    assert "v.csv" in cli.run("fs", "ls", "dbfs:/Volumes/vc/vs/vol").stdout
    assert cli.run("fs", "cat", "dbfs:/Volumes/vc/vs/vol/v.csv").stdout == "a,b\n1,2\n"
    assert w.files.download("/Volumes/vc/vs/vol/v.csv").contents.read() == b"a,b\n1,2\n"  # the same bytes
    cli.run("fs", "rm", "dbfs:/Volumes/vc/vs/vol/v.csv")
    assert "v.csv" not in cli.run("fs", "ls", "dbfs:/Volumes/vc/vs/vol").stdout


def test_workspace(cli, w, tmp_path):
    nb = tmp_path / "nb.py"
    nb.write_text("# Databricks notebook source\nprint('nb')\n")
    cli.run("workspace", "mkdirs", "/Users/dev@minilake.local/cli")
    cli.run("workspace", "import", "/Users/dev@minilake.local/cli/nb", "--file", str(nb),
            "--format", "SOURCE", "--language", "PYTHON")
    listing = cli.json("workspace", "list", "/Users/dev@minilake.local/cli")
    assert [(o["path"], o["object_type"]) for o in listing] == [("/Users/dev@minilake.local/cli/nb", "NOTEBOOK")]
    out = tmp_path / "out.py"
    cli.run("workspace", "export", "/Users/dev@minilake.local/cli/nb", "--format", "SOURCE", "--file", str(out))
    assert "print('nb')" in out.read_text()
    cli.run("workspace", "delete", "/Users/dev@minilake.local/cli", "--recursive")
    assert "cli" not in [o.path.rsplit("/", 1)[-1] for o in w.workspace.list("/Users/dev@minilake.local")]


def test_jobs_create_run_now_get_run(cli, w, tmp_path):
    script = tmp_path / "job.py"
    script.write_text("import sys\nprint('job says', 6 * 7)\n")
    cli.run("workspace", "import", "/Shared/job.py", "--file", str(script), "--format", "AUTO")
    spec = {"name": "cli-job", "tasks": [{"task_key": "main",
                                          "spark_python_task": {"python_file": "/Workspace/Shared/job.py"}}]}
    job_id = cli.json("jobs", "create", "--json", json.dumps(spec))["job_id"]
    run = cli.json("jobs", "run-now", str(job_id), timeout=300)  # waits for TERMINATED
    assert run["state"]["result_state"] == "SUCCESS", run
    got = cli.json("jobs", "get-run", str(run["run_id"]))
    assert got["job_id"] == job_id and got["state"]["life_cycle_state"] == "TERMINATED"
    task_run = got["tasks"][0]["run_id"]
    output = cli.json("jobs", "get-run-output", str(task_run))
    assert "job says 42" in output["logs"]


def test_warehouses_list(cli, w):
    w.warehouses.create(name="cli-wh", cluster_size="2X-Small", max_num_clusters=1).result()
    ids = [wh["id"] for wh in cli.json("warehouses", "list")]
    assert ids == [wh.id for wh in w.warehouses.list()] and ids


def test_secrets(cli, w):
    cli.run("secrets", "create-scope", "cli-scope")
    cli.run("secrets", "put-secret", "cli-scope", "k1", "--string-value", "s3cr3t")
    keys = cli.json("secrets", "list-secrets", "cli-scope")
    assert [k["key"] for k in keys] == ["k1"]
    assert "cli-scope" in [s.name for s in w.secrets.list_scopes()]


def test_api_get(cli):
    body = cli.json("api", "get", "/api/2.1/unity-catalog/catalogs")
    assert "catalogs" in body or body == {}
    err = cli.run("api", "get", "/api/2.1/unity-catalog/catalogs/nope", check=False)
    assert err.returncode != 0 and "nope" in (err.stderr + err.stdout)
