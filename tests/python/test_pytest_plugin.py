"""The pytest-minilake plugin (python/pytest-minilake), run the way a user's suite runs it, through pytester."""
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
JAR = ROOT / "api-server/target/minilake.jar"

USER_SUITE = '''
import base64
import pytest
from databricks.sdk.service import jobs, workspace


def test_catalog_and_sql(workspace_client, minilake):
    workspace_client.catalogs.create(name="sales")
    minilake.statement("CREATE TABLE sales.default.orders AS SELECT 1 AS id, 'Ana' AS customer")
    assert minilake.statement("SELECT customer FROM sales.default.orders") == [["Ana"]]


def test_each_test_starts_from_a_reset(workspace_client):
    assert "sales" not in [c.name for c in workspace_client.catalogs.list()]
    workspace_client.catalogs.create(name="kept")


@pytest.mark.minilake_keep_state
def test_a_marked_test_keeps_the_state(workspace_client):
    assert "kept" in [c.name for c in workspace_client.catalogs.list()]


def test_a_job_prints_real_stdout(workspace_client):
    w = workspace_client
    w.workspace.import_(path="/Shared/hello.py", format=workspace.ImportFormat.AUTO, overwrite=True,
                        content=base64.b64encode(b"print('hello from', 6 * 7)").decode())
    run = w.jobs.submit(run_name="hello", tasks=[jobs.SubmitTask(
        task_key="main", spark_python_task=jobs.SparkPythonTask(python_file="/Workspace/Shared/hello.py"))]).result()
    assert run.state.result_state == jobs.RunResultState.SUCCESS
    assert "hello from 42" in w.jobs.get_run_output(run.tasks[0].run_id).logs
'''


def test_a_user_suite_gets_a_server_a_client_and_a_reset_per_test(pytester):
    pytester.makepyfile(test_user=USER_SUITE)
    result = pytester.runpytest_subprocess("--minilake-jar", str(JAR), "-q", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=4)


def test_an_existing_server_is_used_through_its_url(pytester, server):
    pytester.makepyfile(test_url='''
def test_same_server(minilake, workspace_client):
    assert minilake.url == "%s"
    workspace_client.catalogs.create(name="via_url")
''' % server.url)
    result = pytester.runpytest_subprocess("--minilake-url", server.url, "-q", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)
    assert requests_get(server.url + "/api/2.1/unity-catalog/catalogs/via_url").status_code == 200


def test_a_missing_jar_says_how_to_build_it(pytester):
    pytester.makepyfile(test_nojar="def test_x(minilake):\n    pass\n")
    result = pytester.runpytest_subprocess("--minilake-jar", "/nowhere/minilake.jar", "-q", "-p", "no:cacheprovider")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*MiniLake jar not found: /nowhere/minilake.jar*mvn -q package -DskipTests*"])


def requests_get(url):
    import requests
    return requests.get(url, timeout=10)
