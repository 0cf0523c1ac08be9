"""The seed's Asset Bundle (job daily_load, spark_python_task src/load.py) through the real CLI,
direct engine: validate, deploy -t dev, run (real stdout of the script), redeploy in place, destroy."""
import json
import os
import shutil

import pytest

from .conftest import Cli, client_env

BUNDLE = """\
bundle:
  name: my_pipeline

targets:
  dev:
    mode: development
    default: true
    workspace:
      host: {host}

resources:
  jobs:
    daily_load:
      name: daily_load
      # the CLI refuses a task without compute; serverless (an environment) is the smallest addition
      environments:
        - environment_key: default
          spec:
            client: "1"
      tasks:
        - task_key: main
          environment_key: default
          spark_python_task:
            python_file: ./src/load.py
"""

LOAD_PY = "rows = [('Ana', 459.90), ('Bo', 12.5)]\nprint('loaded', len(rows), 'rows:', VERSION)\n"


def write_bundle(root, host, version):
    (root / "src").mkdir(exist_ok=True)
    (root / "databricks.yml").write_text(BUNDLE.format(host=host))
    (root / "src/load.py").write_text(f"VERSION = '{version}'\n" + LOAD_PY)


def jobs_named(w, suffix):
    return [j for j in w.jobs.list() if j.settings.name.endswith(suffix)]


@pytest.mark.parametrize("engine", ["direct", "terraform"])
def test_seed_bundle(engine, server, w, tmp_path):
    if engine == "terraform":
        env = client_env()
        provider = env.get("DATABRICKS_TF_PROVIDER_VERSION")
        mirror = os.path.expanduser("~/.cache/minilake-clients/tf-mirror/registry.terraform.io/databricks/"
                                    f"databricks/{provider}/linux_amd64/terraform-provider-databricks_v{provider}")
        if not (env.get("DATABRICKS_TF_EXEC_PATH") and os.path.exists(env["DATABRICKS_TF_EXEC_PATH"])
                and os.path.exists(mirror)):
            pytest.skip("Terraform engine: terraform or terraform-provider-databricks is not built "
                        "(scripts/clients could not build it from the Go proxy; see docs/clients.md)")
    cli = Cli(server.url, {"DATABRICKS_BUNDLE_ENGINE": engine})
    root = tmp_path / "my_pipeline"
    root.mkdir()
    write_bundle(root, server.url, "v1")

    cli.run("bundle", "validate", cwd=root)
    summary = json.loads(cli.run("bundle", "validate", "--output", "json", cwd=root).stdout)
    assert summary["bundle"]["name"] == "my_pipeline"
    assert summary["bundle"]["target"] == "dev"

    cli.run("bundle", "deploy", "-t", "dev", cwd=root)
    jobs = jobs_named(w, "daily_load")
    assert len(jobs) == 1
    job_id = jobs[0].job_id
    # development mode prefixes the name with the user and tags the job
    assert jobs[0].settings.name.startswith("[dev ")
    task = w.jobs.get(job_id).settings.tasks[0]
    assert task.spark_python_task.python_file.endswith("/files/src/load.py")

    run = cli.run("bundle", "run", "daily_load", "-t", "dev", cwd=root)
    assert "loaded 2 rows: v1" in run.stdout, run.stdout + run.stderr

    # an edit, redeployed, updates the same job in place (jobs/reset), and the new file runs
    write_bundle(root, server.url, "v2")
    (root / "databricks.yml").write_text(BUNDLE.format(host=server.url).replace(
        "      name: daily_load\n", "      name: daily_load\n      max_concurrent_runs: 3\n"))
    cli.run("bundle", "deploy", "-t", "dev", cwd=root)
    jobs = jobs_named(w, "daily_load")
    assert [j.job_id for j in jobs] == [job_id]
    assert w.jobs.get(job_id).settings.max_concurrent_runs == 3
    run = cli.run("bundle", "run", "daily_load", "-t", "dev", cwd=root)
    assert "loaded 2 rows: v2" in run.stdout, run.stdout + run.stderr

    cli.run("bundle", "destroy", "-t", "dev", "--auto-approve", cwd=root)
    assert jobs_named(w, "daily_load") == []
    shutil.rmtree(cli.home, ignore_errors=True)
