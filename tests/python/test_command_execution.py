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


def _wheel(tmp_path, name="minilake_probe", value=42):
    """A minimal real wheel (one module), built by hand: pip installs it without any network."""
    import zipfile
    whl = tmp_path / f"{name}-1.0-py3-none-any.whl"
    dist = f"{name}-1.0.dist-info"
    files = {f"{name}.py": f"VALUE = {value}\n",
             f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n",
             f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: hand\nRoot-Is-Purelib: true\nTag: py3-none-any\n"}
    files[f"{dist}/RECORD"] = "".join(f"{p},,\n" for p in files) + f"{dist}/RECORD,,\n"
    with zipfile.ZipFile(whl, "w") as z:
        for p, text in files.items():
            z.writestr(p, text)
    return whl


def _run(w, cid, ctx, command, language=compute.Language.PYTHON):
    return w.command_execution.execute(cluster_id=cid, context_id=ctx.id, language=language, command=command).result()


def test_pip_installs_into_the_context_and_restart_python_keeps_the_packages_not_the_globals(w, tmp_path):
    cid = _running_cluster(w)
    ctx = w.command_execution.create(cluster_id=cid, language=compute.Language.PYTHON).result()
    other = w.command_execution.create(cluster_id=cid, language=compute.Language.PYTHON).result()
    whl = _wheel(tmp_path)
    r = _run(w, cid, ctx, f"%pip install {whl}")
    assert r.results.result_type == compute.ResultType.TEXT, r.results.cause
    assert "Successfully installed minilake-probe-1.0" in r.results.data
    assert _run(w, cid, ctx, "import minilake_probe\nminilake_probe.VALUE").results.data == "42"
    # a package the environment already has is satisfied from it: nothing is fetched
    r = _run(w, cid, ctx, "%pip install requests")
    assert "Requirement already satisfied: requests" in r.results.data, r.results.data or r.results.cause
    # restartPython: fresh globals, same installed packages
    assert _run(w, cid, ctx, "kept = 41\nimport os\nos.getpid()").results.data
    assert _run(w, cid, ctx, "dbutils.library.restartPython()").status == compute.CommandStatus.FINISHED
    r = _run(w, cid, ctx, "print('kept' in globals(), 'minilake_probe' in globals())")
    assert r.results.data == "False False", r.results.data or r.results.cause
    assert _run(w, cid, ctx, "import minilake_probe\nprint(minilake_probe.VALUE + 1)").results.data == "43"
    # another context has its own environment
    r = _run(w, cid, other, "import minilake_probe")
    assert r.results.result_type == compute.ResultType.ERROR and "ModuleNotFoundError" in r.results.summary
    # a pip that fails is the command's error
    r = _run(w, cid, ctx, f"%pip install {tmp_path / 'missing-1.0-py3-none-any.whl'}")
    assert r.results.result_type == compute.ResultType.ERROR and "pip install" in r.results.summary


def test_sh_python_sql_and_md_magics_behave_as_on_a_cluster(w):
    cid = _running_cluster(w)
    ctx = w.command_execution.create(cluster_id=cid, language=compute.Language.PYTHON).result()
    r = _run(w, cid, ctx, "%sh\necho hello from sh\necho $((6 * 7)) > answer.txt\ncat answer.txt")
    assert r.results.result_type == compute.ResultType.TEXT, r.results.cause
    assert r.results.data == "hello from sh\n42"
    # the shell's files are in the context's directory, which Python sees as well
    assert "answer.txt" in _run(w, cid, ctx, "%sh ls").results.data.split()
    assert _run(w, cid, ctx, "import os\nprint(open(os.path.join(os.environ['MINILAKE_CONTEXT_DIR'], 'answer.txt')).read().strip())"
                ).results.data == "42"
    r = _run(w, cid, ctx, "%sh echo failing >&2; exit 3")
    assert r.results.result_type == compute.ResultType.ERROR
    assert "exit status 3" in r.results.summary and "failing" in r.results.cause
    assert _run(w, cid, ctx, "%python\nanswer = 6 * 7\nanswer").results.data == "42"
    r = _run(w, cid, ctx, "%sql SELECT 40 + 2 AS answer")
    assert r.results.result_type == compute.ResultType.TABLE and r.results.data == [[42]]
    assert _run(w, cid, ctx, "%md # a title").results.data == ""
    r = _run(w, cid, ctx, "%scala println(1)")
    assert r.results.result_type == compute.ResultType.ERROR and "%scala" in r.results.summary


def test_the_sdk_runtime_dbutils_is_the_clusters_inside_a_command(w):
    cid = _running_cluster(w)
    w.dbfs.put("/tmp/rt.txt", contents="cnVudGltZQ==", overwrite=True)  # "runtime"
    ctx = w.command_execution.create(cluster_id=cid, language=compute.Language.PYTHON).result()
    r = _run(w, cid, ctx, "from databricks.sdk.runtime import dbutils as d\nimport databricks.sdk.runtime as rt\n"
                          "print(rt.is_local_implementation, d is dbutils, d.fs.head('dbfs:/tmp/rt.txt'))")
    assert r.results.data == "False True runtime", r.results.data or r.results.cause
