"""Jobs through the real Python databricks-sdk: run_now().result() waits for a real python3 run."""
import base64

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
