"""The real Terraform (v1.5.5) and terraform-provider-databricks driven against a real MiniLake:
the seed's HCL (catalog sandbox, schema things, sql_endpoint local-compute) plus a job, notebook,
secret scope and secret, cluster, cluster policy, job permissions, volume and schema grants.
init → apply → plan (-detailed-exitcode 0: everything reads back as written) → destroy, with the
effects checked through the SDK and SQL; and the import of an existing catalog."""
import json
import os
import pathlib
import subprocess
import tempfile

import pytest
import requests
from databricks.sdk.errors import NotFound

from .conftest import CACHE, client_env

# the provider block every configuration here starts with
PROVIDER_TF = """\
terraform {
  required_providers {
    databricks = {
      source  = "databricks/databricks"
      version = "%(provider)s"
    }
  }
}

provider "databricks" {
  host  = "%(host)s"
  token = "dev"
}
"""

MAIN_TF = PROVIDER_TF + """
resource "databricks_catalog" "sandbox" {
  name    = "sandbox"
  comment = "created by terraform"
}

resource "databricks_schema" "things" {
  catalog_name = databricks_catalog.sandbox.name
  name         = "things"
}

resource "databricks_sql_endpoint" "local" {
  name             = "local-compute"
  cluster_size     = "2X-Small"
  max_num_clusters = 1
  auto_stop_mins   = 10
}

resource "databricks_volume" "landing" {
  catalog_name = databricks_catalog.sandbox.name
  schema_name  = databricks_schema.things.name
  name         = "landing"
  volume_type  = "MANAGED"
}

resource "databricks_grants" "things" {
  schema = databricks_schema.things.id
  grant {
    principal  = "data-engineers"
    privileges = ["USE_SCHEMA", "SELECT"]
  }
}

resource "databricks_notebook" "hello" {
  path           = "/Shared/tf/hello"
  language       = "PYTHON"
  content_base64 = base64encode("# Databricks notebook source\\nprint('hello from a terraform notebook')\\n")
}

# after the notebook, which creates /Shared/tf: provider 1.123.0 creates a missing parent only when
# its own check still finds it missing, so two resources racing into one new folder can fail (on
# Databricks too); ordering them is what a user would do
resource "databricks_workspace_file" "etl" {
  path           = "/Shared/tf/etl.py"
  content_base64 = base64encode("print('etl says', 6 * 7)\\n")
  depends_on     = [databricks_notebook.hello]
}

resource "databricks_secret_scope" "app" {
  name = "app"
}

resource "databricks_secret" "token" {
  scope        = databricks_secret_scope.app.name
  key          = "api-token"
  string_value = "s3cr3t"
}

resource "databricks_cluster_policy" "small" {
  name = "small-clusters"
  definition = jsonencode({
    "autotermination_minutes" = { "type" = "range", "maxValue" = 60 }
    "num_workers"             = { "type" = "fixed", "value" = 1 }
  })
}

resource "databricks_cluster" "dev" {
  cluster_name            = "tf-dev"
  spark_version           = "15.4.x-scala2.12"
  node_type_id            = "i3.xlarge"
  num_workers             = 1
  autotermination_minutes = 30
  policy_id               = databricks_cluster_policy.small.id
}

resource "databricks_job" "etl" {
  name = "tf-etl"
  task {
    task_key            = "main"
    existing_cluster_id = databricks_cluster.dev.id
    spark_python_task {
      python_file = databricks_workspace_file.etl.workspace_path
    }
  }
}

resource "databricks_permissions" "etl" {
  job_id = databricks_job.etl.id
  access_control {
    group_name       = "users"
    permission_level = "CAN_VIEW"
  }
}
"""

IMPORT_TF = """\
terraform {
  required_providers {
    databricks = {
      source  = "databricks/databricks"
      version = "%(provider)s"
    }
  }
}

provider "databricks" {
  host  = "%(host)s"
  token = "dev"
}

resource "databricks_catalog" "existing" {
  name    = "preexisting"
  comment = "made before terraform"
}
"""


class Terraform:
    """Runs the real `terraform` binary in one working directory, offline through the mirror."""

    def __init__(self, workdir):
        env = client_env()
        self.binary = env.get("DATABRICKS_TF_EXEC_PATH", str(CACHE / "bin/terraform"))
        self.provider = env.get("MINILAKE_TF_PROVIDER_VERSION", "")
        mirror = CACHE / ("tf-mirror/registry.terraform.io/databricks/databricks/"
                          f"{self.provider}/linux_amd64/terraform-provider-databricks_v{self.provider}")
        if not (os.path.exists(self.binary) and self.provider and mirror.exists()):
            pytest.skip("terraform or terraform-provider-databricks is not built: run "
                        "`MINILAKE_CLIENTS=all scripts/clients` (see docs/clients.md)")
        self.workdir = workdir
        home = tempfile.mkdtemp(prefix="minilake-tf-home-")
        self.env = {**os.environ, **client_env(), "HOME": home, "TF_IN_AUTOMATION": "1", "TF_INPUT": "0",
                    "CHECKPOINT_DISABLE": "1"}
        for k in ("DATABRICKS_HOST", "DATABRICKS_TOKEN", "DATABRICKS_CONFIG_PROFILE", "DATABRICKS_CONFIG_FILE"):
            self.env.pop(k, None)

    def run(self, *args, ok=(0,), timeout=600):
        p = subprocess.run([self.binary, *args, "-no-color"], cwd=self.workdir, env=self.env,
                           capture_output=True, text=True, timeout=timeout)
        if p.returncode not in ok:
            raise AssertionError(f"terraform {' '.join(args)} exited {p.returncode}\n"
                                 f"stdout:\n{p.stdout}\nstderr:\n{p.stderr}")
        return p

    def state(self):
        return json.loads(self.run("show", "-json").stdout)


def sql(w, warehouse_id, statement):
    r = w.statement_execution.execute_statement(statement=statement, warehouse_id=warehouse_id,
                                                wait_timeout="30s")
    assert r.status.state.value == "SUCCEEDED", r.status
    return r.result.data_array if r.result else []


def test_apply_plan_destroy(server, w, tmp_path):
    tf = Terraform(tmp_path)
    (tmp_path / "main.tf").write_text(MAIN_TF % {"host": server.url, "provider": tf.provider})

    init = tf.run("init")
    assert "Terraform has been successfully initialized" in init.stdout
    apply = tf.run("apply", "-auto-approve")
    assert "Apply complete! Resources: 13 added, 0 changed, 0 destroyed." in apply.stdout

    # every resource reads back exactly as written: a second plan has nothing to do
    plan = tf.run("plan", "-detailed-exitcode", ok=(0, 2))
    assert plan.returncode == 0, f"the second plan wants changes:\n{plan.stdout}"

    # the effects are real, seen through the SDK and SQL
    catalog = w.catalogs.get("sandbox")
    assert catalog.comment == "created by terraform"
    duckdb_file = pathlib.Path(catalog.storage_location)
    assert duckdb_file.exists() and duckdb_file.suffix == ".duckdb"
    assert w.schemas.get("sandbox.things").name == "things"
    wh = next(x for x in w.warehouses.list() if x.name == "local-compute")
    assert wh.state.value == "RUNNING"
    assert ["things"] in sql(w, wh.id, "SHOW SCHEMAS IN sandbox")
    sql(w, wh.id, "CREATE TABLE sandbox.things.t AS SELECT 42 AS answer")
    assert sql(w, wh.id, "SELECT answer FROM sandbox.things.t") == [["42"]]

    vol = w.volumes.read("sandbox.things.landing")
    assert pathlib.Path(vol.storage_location.removeprefix("file://")).is_dir()
    grants = w.grants.get("SCHEMA", "sandbox.things")
    assert {(a.principal, tuple(sorted(p.value for p in a.privileges))) for a in grants.privilege_assignments} \
        == {("data-engineers", ("SELECT", "USE_SCHEMA"))}

    export = w.workspace.export("/Shared/tf/hello")
    import base64
    assert "hello from a terraform notebook" in base64.b64decode(export.content).decode()
    assert [s.key for s in w.secrets.list_secrets("app")] == ["api-token"]

    policy = next(p for p in w.cluster_policies.list() if p.name == "small-clusters")
    cluster = next(c for c in w.clusters.list() if c.cluster_name == "tf-dev")
    assert cluster.policy_id == policy.policy_id
    job = next(j for j in w.jobs.list() if j.settings.name == "tf-etl")
    acl = w.permissions.get("jobs", str(job.job_id)).access_control_list
    assert any(a.group_name == "users" and a.all_permissions[0].permission_level.value == "CAN_VIEW" for a in acl)

    # the job terraform created really runs the script terraform uploaded
    run = w.jobs.run_now(job.job_id).result()
    assert run.state.result_state.value == "SUCCESS", run.state
    out = w.jobs.get_run_output(run.tasks[0].run_id)
    assert "etl says 42" in out.logs

    sql(w, wh.id, "DROP TABLE sandbox.things.t")
    destroy = tf.run("destroy", "-auto-approve")
    assert "Destroy complete! Resources: 13 destroyed." in destroy.stdout

    # and everything is gone again, including the catalog's DuckDB database
    with pytest.raises(NotFound):
        w.catalogs.get("sandbox")
    assert not duckdb_file.exists()
    assert not [x for x in w.warehouses.list() if x.name == "local-compute"]
    assert not [j for j in w.jobs.list() if j.settings.name == "tf-etl"]
    assert "app" not in [s.name for s in w.secrets.list_scopes()]
    assert not [p for p in w.cluster_policies.list() if p.name == "small-clusters"]
    with pytest.raises(NotFound):
        w.workspace.get_status("/Shared/tf/hello")


def test_import_existing_catalog(server, w, tmp_path):
    tf = Terraform(tmp_path)
    w.catalogs.create(name="preexisting", comment="made before terraform")
    (tmp_path / "main.tf").write_text(IMPORT_TF % {"host": server.url, "provider": tf.provider})
    tf.run("init")
    imported = tf.run("import", "databricks_catalog.existing", "preexisting")
    assert "Import successful!" in imported.stdout
    state = tf.state()
    res = state["values"]["root_module"]["resources"][0]
    assert res["values"]["name"] == "preexisting"
    assert res["values"]["comment"] == "made before terraform"
    # the imported state matches the configuration: nothing to change
    plan = tf.run("plan", "-detailed-exitcode", ok=(0, 2))
    assert plan.returncode == 0, f"plan after import wants changes:\n{plan.stdout}"
    # a change in the configuration is applied to the real catalog
    (tmp_path / "main.tf").write_text((IMPORT_TF % {"host": server.url, "provider": tf.provider})
                                      .replace("made before terraform", "now managed by terraform"))
    apply = tf.run("apply", "-auto-approve")
    assert "0 added, 1 changed, 0 destroyed" in apply.stdout
    assert w.catalogs.get("preexisting").comment == "now managed by terraform"
    # the catalog answers through the raw REST API as well
    assert requests.get(server.url + "/api/2.1/unity-catalog/catalogs/preexisting").json()["comment"] \
        == "now managed by terraform"


JOB_TF = PROVIDER_TF + """
resource "databricks_job" "drift" {
  name = "tf-drift"
  task {
    task_key = "main"
    spark_python_task {
      python_file = "/Workspace/drift.py"
    }
  }
}
"""


def test_a_job_deleted_outside_terraform_is_planned_anew_and_destroy_still_works(server, w, tmp_path):
    """jobs/get of a deleted job answers 400 INVALID_PARAMETER_VALUE "Job N does not exist." as on
    Databricks; the provider must still read it as gone (refresh drops it, plan creates it again)."""
    tf = Terraform(tmp_path)
    (tmp_path / "main.tf").write_text(JOB_TF % {"host": server.url, "provider": tf.provider})
    tf.run("init")
    tf.run("apply", "-auto-approve")
    job_id = int(tf.state()["values"]["root_module"]["resources"][0]["values"]["id"])
    w.jobs.delete(job_id)
    plan = tf.run("plan", "-detailed-exitcode", ok=(2,))
    assert "Plan: 1 to add, 0 to change, 0 to destroy." in plan.stdout
    apply = tf.run("apply", "-auto-approve")
    assert "1 added, 0 changed, 0 destroyed" in apply.stdout
    new_id = int(tf.state()["values"]["root_module"]["resources"][0]["values"]["id"])
    assert new_id != job_id and w.jobs.get(new_id).settings.name == "tf-drift"
    w.jobs.delete(new_id)
    destroy = tf.run("destroy", "-auto-approve")
    assert "Destroy complete!" in destroy.stdout
