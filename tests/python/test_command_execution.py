"""/api/1.2 command execution with the Python SDK: indented snippets (what the SDK's own dbutils
proxy sends) run dedented, as a notebook cell does, and the proxy's answer round-trips."""
import textwrap

from databricks.sdk import WorkspaceClient
from databricks.sdk.service import compute


def _running_cluster(w):
    return w.clusters.create(cluster_name="cmd", spark_version="15.4.x-scala2.12", num_workers=0).result().cluster_id


def test_indented_code_is_dedented_as_textwrap_dedent_does(w):
    cid = _running_cluster(w)
    ctx = w.command_execution.create(cluster_id=cid, language=compute.Language.PYTHON).result()
    code = """
        import json
        def f(v):
            return {"v": v}
        print(json.dumps(f(1)))
        """
    assert textwrap.dedent(code) != code
    r = w.command_execution.execute(cluster_id=cid, context_id=ctx.id, language=compute.Language.PYTHON,
                                    command=code).result()
    assert r.status == compute.CommandStatus.FINISHED
    assert r.results.result_type == compute.ResultType.TEXT, r.results.cause
    assert r.results.data == '{"v": 1}'
    # the issue's own example
    r = w.command_execution.execute(cluster_id=cid, context_id=ctx.id, language=compute.Language.PYTHON,
                                    command="\n    import json\n    print(1)\n").result()
    assert r.results.data == "1"


def test_the_sdks_dbutils_proxy_runs_on_the_cluster(w, server):
    cid = _running_cluster(w)
    w.dbfs.put("/tmp/proxy.txt", contents="aGVsbG8gcHJveHk=", overwrite=True)  # "hello proxy"
    remote = WorkspaceClient(host=server.url, token="dev", cluster_id=cid).dbutils
    # a util the SDK does not implement locally goes through its _ProxyUtil: an indented snippet that
    # calls dbutils on the cluster and answers with dbutils.notebook.exit(json.dumps(result))
    fs_on_cluster = remote.__getattr__("fs")
    assert fs_on_cluster.head("dbfs:/tmp/proxy.txt") == "hello proxy"
    names = [entry[1] for entry in fs_on_cluster.ls("dbfs:/tmp")]
    assert "proxy.txt" in names
