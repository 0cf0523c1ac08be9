"""Jobs through the real Python databricks-sdk: run_now().result() waits for a real python3 run."""
import base64
import json
import re

from databricks.sdk.service import jobs, workspace


def _upload(w, path, text):
    w.workspace.import_(path=path, format=workspace.ImportFormat.AUTO, overwrite=True,
                        content=base64.b64encode(text.encode()).decode())


def test_run_now_result_returns_real_stdout_of_a_dag(w):
    _upload(w, "/Workspace/Shared/extract.py",
            "import sys\nprint('extracted', sys.argv[1])\ndbutils.jobs.taskValues.set('rows', 42)\n")
    _upload(w, "/Workspace/Shared/report.py",
            "print('rows upstream:', dbutils.jobs.taskValues.get('extract', 'rows'))\n")
    job = w.jobs.create(name="py-dag", tasks=[
        jobs.Task(task_key="extract",
                  spark_python_task=jobs.SparkPythonTask(python_file="/Workspace/Shared/extract.py",
                                                         parameters=["{{job.run_id}}"])),
        jobs.Task(task_key="report", depends_on=[jobs.TaskDependency(task_key="extract")],
                  spark_python_task=jobs.SparkPythonTask(python_file="/Workspace/Shared/report.py")),
    ])

    run = w.jobs.run_now(job_id=job.job_id).result()

    assert run.state.life_cycle_state == jobs.RunLifeCycleState.TERMINATED
    assert run.state.result_state == jobs.RunResultState.SUCCESS
    by_key = {t.task_key: t for t in run.tasks}
    assert w.jobs.get_run_output(by_key["extract"].run_id).logs.strip() == f"extracted {run.run_id}"
    assert "rows upstream: 42" in w.jobs.get_run_output(by_key["report"].run_id).logs


def test_failed_task_reports_its_error(w):
    _upload(w, "/Workspace/Shared/boom.py", "raise ValueError('bad input row 7')\n")
    run = w.jobs.submit(run_name="boom", tasks=[jobs.SubmitTask(
        task_key="boom", spark_python_task=jobs.SparkPythonTask(python_file="/Workspace/Shared/boom.py"))]).result()
    assert run.state.result_state == jobs.RunResultState.FAILED
    out = w.jobs.get_run_output(run.tasks[0].run_id)
    assert "bad input row 7" in (out.error or "") + (out.error_trace or "") + (out.logs or "")


def test_a_missing_job_or_run_is_answered_as_databricks_does(server, w):
    """400 INVALID_PARAMETER_VALUE "Job 123 does not exist." on the wire, which the SDK's own error
    overrides turn into ResourceDoesNotExist (a NotFound) for jobs/get and runs/get."""
    import pytest
    import requests
    from databricks.sdk.errors import NotFound, ResourceDoesNotExist

    for path, param, message in [("/api/2.2/jobs/get", "job_id", "Job 987654 does not exist."),
                                 ("/api/2.0/jobs/get", "job_id", "Job 987654 does not exist."),
                                 ("/api/2.2/jobs/runs/get", "run_id", "Run 987654 does not exist.")]:
        r = requests.get(server.url + path, params={param: 987654}, headers={"Authorization": "Bearer dev"}, timeout=30)
        assert r.status_code == 400, r.text
        assert r.json() == {"error_code": "INVALID_PARAMETER_VALUE", "message": message}
    with pytest.raises(ResourceDoesNotExist):
        w.jobs.get(987654)
    with pytest.raises(NotFound):
        w.jobs.get_run(987654)
    # reset and delete say it in the words the Terraform provider reads as "gone"
    for path, body in [("/api/2.2/jobs/reset", {"job_id": 987654, "new_settings": {"name": "x"}}),
                       ("/api/2.2/jobs/delete", {"job_id": 987654})]:
        r = requests.post(server.url + path, json=body, headers={"Authorization": "Bearer dev"}, timeout=30)
        assert r.status_code == 400 and r.json()["message"] == "Job 987654 does not exist.", r.text
    # a job that exists still reads, and once deleted it is gone the same way
    job = w.jobs.create(name="short-lived", tasks=[jobs.Task(task_key="t", spark_python_task=jobs.SparkPythonTask(
        python_file="/Workspace/x.py"))])
    assert w.jobs.get(job.job_id).settings.name == "short-lived"
    w.jobs.delete(job.job_id)
    with pytest.raises(ResourceDoesNotExist, match=f"Job {job.job_id} does not exist."):
        w.jobs.get(job.job_id)


def _upload_notebook(w, path, source, language=workspace.Language.PYTHON):
    w.workspace.import_(path=path, format=workspace.ImportFormat.SOURCE, language=language, overwrite=True,
                        content=base64.b64encode(source.encode()).decode())


def test_runs_export_renders_the_notebook_with_its_cell_outputs(w):
    _upload_notebook(w, "/Shared/report", "# Databricks notebook source\n"
                     "total = sum(range(10))\nprint('total is', total)\n"
                     "# COMMAND ----------\n"
                     "print('<b>escaped</b>', total * 2)\n")
    run = w.jobs.submit(run_name="nb", tasks=[jobs.SubmitTask(
        task_key="nb", notebook_task=jobs.NotebookTask(notebook_path="/Shared/report"))]).result()
    assert run.state.result_state == jobs.RunResultState.SUCCESS
    export = w.jobs.export_run(run.tasks[0].run_id)
    assert len(export.views) == 1
    view = export.views[0]
    assert view.type == jobs.ViewType.NOTEBOOK and view.name == "report"
    html = view.content
    assert html.startswith("<!DOCTYPE html>") and "</html>" in html
    # the outputs the run printed, not only the source
    assert "total is 45" in html and "&lt;b&gt;escaped&lt;/b&gt; 90" in html
    assert "print(&#39;total is&#39;, total)" in html
    # and the notebook model Databricks embeds, with each command's result
    model = json.loads(base64.b64decode(re.search(r"__DATABRICKS_NOTEBOOK_MODEL = '([^']+)'", html).group(1)))
    assert [c["results"]["data"] for c in model["commands"]] == ["total is 45\n", "<b>escaped</b> 90\n"]
    # the whole run exports its notebook tasks too; DASHBOARDS has none
    assert w.jobs.export_run(run.run_id).views[0].content == html
    assert w.jobs.export_run(run.tasks[0].run_id, views_to_export=jobs.ViewsToExport.DASHBOARDS).views in (None, [])


def test_runs_export_shows_the_error_of_the_failing_cell(w):
    _upload_notebook(w, "/Shared/fails", "# Databricks notebook source\nprint('before')\n"
                     "# COMMAND ----------\nraise ValueError('row 7 is bad')\n"
                     "# COMMAND ----------\nprint('never')\n")
    run = w.jobs.submit(run_name="nb", tasks=[jobs.SubmitTask(
        task_key="nb", notebook_task=jobs.NotebookTask(notebook_path="/Shared/fails"))]).result()
    assert run.state.result_state == jobs.RunResultState.FAILED
    html = w.jobs.export_run(run.tasks[0].run_id).views[0].content
    assert "before" in html and "ValueError: row 7 is bad" in html and "never" not in html


def test_a_sql_notebook_exports_its_query_results(w):
    _upload_notebook(w, "/Shared/q", "-- Databricks notebook source\nSELECT 6 * 7 AS answer\n",
                     language=workspace.Language.SQL)
    run = w.jobs.submit(run_name="nb", tasks=[jobs.SubmitTask(
        task_key="nb", notebook_task=jobs.NotebookTask(notebook_path="/Shared/q"))]).result()
    assert run.state.result_state == jobs.RunResultState.SUCCESS
    html = w.jobs.export_run(run.tasks[0].run_id).views[0].content
    assert "SELECT 6 * 7 AS answer" in html and "42" in html


def test_the_sdk_runtime_dbutils_works_inside_a_job_task(w):
    """`from databricks.sdk.runtime import dbutils` gives the task's own dbutils, as on a cluster:
    fs on a volume, a secret's value, widgets from job parameters, task values."""
    w.secrets.create_scope("rt")
    w.secrets.put_secret("rt", "pw", string_value="s3cr3t")
    w.catalogs.create(name="rtc")
    w.schemas.create(name="s", catalog_name="rtc")
    from databricks.sdk.service import catalog
    w.volumes.create(catalog_name="rtc", schema_name="s", name="v", volume_type=catalog.VolumeType.MANAGED)
    script = ("from databricks.sdk.runtime import dbutils, display\n"
              "import databricks.sdk.runtime as rt\n"
              "print('local implementation:', rt.is_local_implementation)\n"
              "dbutils.fs.put('/Volumes/rtc/s/v/out.txt', 'written by the task', True)\n"
              "print('read back:', dbutils.fs.head('/Volumes/rtc/s/v/out.txt'))\n"
              "print('secret matches:', dbutils.secrets.get('rt', 'pw') == 's3cr3t')\n"
              "dbutils.jobs.taskValues.set('k', 7)\n")
    _upload(w, "/Shared/rt.py", script)
    _upload_notebook(w, "/Shared/rt_nb", "# Databricks notebook source\n"
                     "from databricks.sdk.runtime import dbutils\nprint('widget:', dbutils.widgets.get('day'))\n")
    job = w.jobs.create(name="rt", parameters=[jobs.JobParameterDefinition(name="day", default="mon")], tasks=[
        jobs.Task(task_key="py", spark_python_task=jobs.SparkPythonTask(python_file="/Shared/rt.py")),
        jobs.Task(task_key="nb", notebook_task=jobs.NotebookTask(notebook_path="/Shared/rt_nb")),
    ])
    run = w.jobs.run_now(job.job_id, job_parameters={"day": "tue"}).result()
    by_key = {t.task_key: t for t in run.tasks}
    py = w.jobs.get_run_output(by_key["py"].run_id)
    assert run.state.result_state == jobs.RunResultState.SUCCESS, (py.error, py.error_trace)
    assert "local implementation: False" in py.logs
    assert "read back: written by the task" in py.logs
    assert "secret matches: True" in py.logs
    assert b"written by the task" == w.files.download("/Volumes/rtc/s/v/out.txt").contents.read()
    assert "widget: tue" in w.jobs.get_run_output(by_key["nb"].run_id).logs


def test_the_sdk_runtime_dbutils_works_inside_a_python_wheel_task(w, tmp_path):
    import zipfile
    name, dist = "rtwheel", "rtwheel-1.0.dist-info"
    files = {f"{name}/__init__.py": "def main():\n    from databricks.sdk.runtime import dbutils\n"
                                     "    dbutils.jobs.taskValues.set('from_wheel', 5)\n"
                                     "    print('wheel sees', dbutils.fs.head('dbfs:/tmp/wheel.txt'))\n",
             f"{dist}/METADATA": "Metadata-Version: 2.1\nName: rtwheel\nVersion: 1.0\n",
             f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: hand\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
             f"{dist}/entry_points.txt": "[console_scripts]\nrun = rtwheel:main\n"}
    files[f"{dist}/RECORD"] = "".join(f"{p},,\n" for p in files) + f"{dist}/RECORD,,\n"
    whl = tmp_path / "rtwheel-1.0-py3-none-any.whl"
    with zipfile.ZipFile(whl, "w") as z:
        for p, text in files.items():
            z.writestr(p, text)
    w.dbfs.put("/tmp/wheel.txt", contents=base64.b64encode(b"dbfs bytes").decode(), overwrite=True)
    w.workspace.upload("/Shared/rtwheel-1.0-py3-none-any.whl", whl.read_bytes(), format=workspace.ImportFormat.AUTO,
                       overwrite=True)
    run = w.jobs.submit(run_name="wheel", tasks=[jobs.SubmitTask(
        task_key="whl", python_wheel_task=jobs.PythonWheelTask(package_name="rtwheel", entry_point="run"),
        libraries=[__import__("databricks.sdk.service.compute", fromlist=["Library"]).Library(
            whl="/Workspace/Shared/rtwheel-1.0-py3-none-any.whl")])]).result()
    out = w.jobs.get_run_output(run.tasks[0].run_id)
    assert run.state.result_state == jobs.RunResultState.SUCCESS, (out.error, out.error_trace)
    assert "wheel sees dbfs bytes" in out.logs
