"""Spark and Delta against a real MiniLake: the warm Spark (Spark Connect), a spark_python_task on
it, the seed's Spark & Delta example with the catalog from `minilake spark env`, and a Connect
client reading a UC table. One warm Spark (the server's) is shared by all tests here; the seed
example runs the user's own PySpark, as the seed does."""
import base64
import os
import pathlib
import shlex
import subprocess
import sys
import tempfile
import textwrap
import time

import pytest
import requests

from conftest import JAR, ROOT, Server

SPARK_START = 300


@pytest.fixture(scope="module")
def warm(server):
    """The server's warm Spark, started once (and kept across the resets between tests)."""
    r = requests.post(server.url + "/_minilake/spark/start?wait=true", timeout=SPARK_START + 10)
    assert r.status_code == 200, r.text
    status = r.json()
    assert status["state"] == "WARM", status
    return status["connect_url"]


@pytest.fixture
def workdir():
    d = tempfile.mkdtemp(prefix="minilake-spark-py-")
    yield pathlib.Path(d)


def spark_env(server):
    """`java -jar minilake.jar spark env` parsed into a dict, as `eval "$(...)"` would export it."""
    out = subprocess.run(["java", "-jar", str(JAR), "spark", "env", "--port", str(server.port)],
                         check=True, capture_output=True, text=True).stdout
    env = {}
    for line in out.splitlines():
        assert line.startswith("export "), line
        k, v = line[len("export "):].split("=", 1)
        env[k] = shlex.split(v)[0]
    return env


def connect(url):
    from pyspark.sql import SparkSession
    return SparkSession.builder.remote(url).getOrCreate()


def sql(w, statement):
    # MiniLake runs statements for any warehouse id (a reset leaves no warehouses)
    r = w.statement_execution.execute_statement(warehouse_id="tests", statement=statement, wait_timeout="50s")
    assert r.status.state.value == "SUCCEEDED", r.status
    return r.result.data_array


def test_ready_and_services_report_the_warm_spark(server, warm):
    assert warm.startswith("sc://localhost:") and "/;token=" in warm  # Spark Connect needs its token
    ready = requests.get(server.url + "/_minilake/ready").json()
    assert ready["engines"]["spark"] == "warm"
    services = {s["name"]: s for s in requests.get(server.url + "/_minilake/services").json()["services"]}
    assert "WARM" in services["spark"]["note"] and warm.split("/;")[0] in services["spark"]["note"]
    assert "token=" not in services["spark"]["note"], "the services list never shows the Connect token"
    server.reset()
    assert requests.get(server.url + "/_minilake/spark").json()["state"] == "WARM", "a reset keeps Spark warm"


def test_spark_python_task_runs_on_the_warm_spark(server, warm, w, workdir):
    out = workdir / "nums"
    script = textwrap.dedent(f"""
        from pyspark.sql import SparkSession
        spark = SparkSession.builder.getOrCreate()
        spark.range(3).write.format("delta").mode("overwrite").save("{out}")
        print("rows:", spark.read.format("delta").load("{out}").count())
    """)
    w.workspace.upload("/Shared/spark_task.py", script.encode(), format=__import__("databricks.sdk.service.workspace", fromlist=["ImportFormat"]).ImportFormat.AUTO, overwrite=True)
    from databricks.sdk.service import jobs
    job = w.jobs.create(name="spark-task", tasks=[jobs.Task(task_key="t", spark_python_task=jobs.SparkPythonTask(python_file="/Shared/spark_task.py"))])
    started = time.time()
    run = w.jobs.run_now(job_id=job.job_id).result()
    took = time.time() - started
    assert run.state.result_state == jobs.RunResultState.SUCCESS, run.state
    output = w.jobs.get_run_output(run.tasks[0].run_id)
    assert "rows: 3" in output.logs
    assert (out / "_delta_log").is_dir(), "real Delta files written by the warm Spark"
    print(f"spark_python_task on the warm Spark: {took:.1f} s")


def test_connect_client_reads_a_uc_table_from_the_warm_spark(server, warm, w, workdir):
    w.catalogs.create(name="sales")
    w.schemas.create(name="store", catalog_name="sales")
    spark = connect(warm)
    path = str(workdir / "orders")
    spark.createDataFrame([(1, "Ana", 459.90), (2, "Bo", 12.5)], ["id", "customer", "amount"]) \
        .write.format("delta").save(path)
    spark.sql(f"CREATE TABLE sales.store.orders USING DELTA LOCATION '{path}'")
    t = w.tables.get("sales.store.orders")
    assert t.table_type.value == "EXTERNAL" and t.storage_location == path
    assert [c.type_text.lower() for c in t.columns] == ["bigint", "string", "double"]
    assert "orders" in [x.name for x in w.tables.list(catalog_name="sales", schema_name="store")]
    # a fresh Connect session (another client) reads the UC table by its three-part name
    from pyspark.sql import SparkSession
    other = SparkSession.builder.remote(warm).create()
    rows = other.table("sales.store.orders").orderBy("id").collect()
    assert [(r.id, r.customer) for r in rows] == [(1, "Ana"), (2, "Bo")]


def test_seed_managed_table_is_read_and_written_by_spark(server, warm, w):
    """The seed's Python SDK example makes a MANAGED table; Spark reads it by name (as the seed's Spark
    example reads a table), its commit is seen by the next SQL read, and Spark creates MANAGED tables."""
    from databricks.sdk.service.catalog import ColumnInfo, DataSourceFormat, TableType
    w.catalogs.create(name="sales")
    w.schemas.create(name="store", catalog_name="sales")
    w.tables.create(
        name="orders", catalog_name="sales", schema_name="store", table_type=TableType.MANAGED,
        data_source_format=DataSourceFormat.DELTA, storage_location="/data/sales/store/orders",
        columns=[ColumnInfo(name="id", type_text="BIGINT"), ColumnInfo(name="customer", type_text="STRING"),
                 ColumnInfo(name="amount", type_text="DECIMAL(10,2)")])
    sql(w, "INSERT INTO sales.store.orders VALUES (1, 'Ana', 459.90)")
    t = w.tables.get("sales.store.orders")
    assert t.table_type.value == "MANAGED" and t.data_source_format.value == "DELTA"
    assert (pathlib.Path(t.storage_location) / "_delta_log").is_dir()

    spark = connect(warm)
    rows = spark.table("sales.store.orders").collect()
    assert [(r.id, r.customer, str(r.amount)) for r in rows] == [(1, "Ana", "459.90")]
    spark.sql("INSERT INTO sales.store.orders VALUES (2, 'Bo', 12.50)")
    assert sql(w, "SELECT customer, amount FROM sales.store.orders ORDER BY id") == [["Ana", "459.90"], ["Bo", "12.50"]]
    history = sql(w, "DESCRIBE HISTORY sales.store.orders")
    assert [h[0] for h in history] == ["2", "1", "0"]

    # a table Spark creates without LOCATION is MANAGED too, and SQL reads it
    spark.sql("CREATE TABLE sales.store.events (id BIGINT, name STRING)")
    spark.sql("INSERT INTO sales.store.events VALUES (3, 'c')")
    e = w.tables.get("sales.store.events")
    assert e.table_type.value == "MANAGED"
    assert sql(w, "SELECT id, name FROM sales.store.events") == [["3", "c"]]


def test_sql_writes_reach_a_fresh_spark_read_one_version_each(server, warm, w, workdir):
    """INSERT, UPDATE, DELETE and MERGE through the SQL API (DuckDB + Kernel), each read back by Spark
    from the path, and each exactly one new Delta version in the log Spark reads."""
    path = workdir / "writes"
    sql(w, f"CREATE TABLE main.default.writes (id BIGINT, name STRING) USING DELTA LOCATION '{path}'")
    spark = connect(warm)

    def spark_rows():
        return sorted((r.id, r.name) for r in spark.read.format("delta").load(str(path)).collect())

    def versions():
        return sorted(int(p.stem) for p in (path / "_delta_log").glob("*.json"))

    steps = [
        ("INSERT INTO main.default.writes VALUES (1, 'a'), (2, 'b'), (3, 'c')", [(1, "a"), (2, "b"), (3, "c")]),
        ("UPDATE main.default.writes SET name = 'B' WHERE id = 2", [(1, "a"), (2, "B"), (3, "c")]),
        ("DELETE FROM main.default.writes WHERE id = 1", [(2, "B"), (3, "c")]),
        ("MERGE INTO main.default.writes t USING (SELECT 3 AS id, 'C' AS name UNION ALL SELECT 4, 'd') s ON t.id = s.id "
         "WHEN MATCHED THEN UPDATE SET name = s.name WHEN NOT MATCHED THEN INSERT (id, name) VALUES (s.id, s.name)",
         [(2, "B"), (3, "C"), (4, "d")]),
    ]
    for n, (statement, expected) in enumerate(steps, start=1):
        sql(w, statement)
        assert versions() == list(range(n + 1)), statement
        assert spark_rows() == expected, statement
    history = spark.sql(f"DESCRIBE HISTORY delta.`{path}`").collect()
    assert sorted(r.version for r in history) == [0, 1, 2, 3, 4]


def _free_port():
    import socket
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def standalone_cluster(workdir):
    """A real Spark standalone master and one worker, from the spark-runner's own jars. The worker
    launches executors from a SPARK_HOME, so one is laid out with those jars (jars/ and RELEASE)."""
    runner = ROOT / "spark-runner/target"
    home = workdir / "spark-home"
    (home / "jars").mkdir(parents=True)
    (home / "RELEASE").write_text("MiniLake spark-runner jars\n")
    for jar in [runner / "spark-runner.jar", *(runner / "lib").glob("*.jar")]:
        (home / "jars" / jar.name).symlink_to(jar)
    cp = f"{runner / 'spark-runner.jar'}:{runner / 'lib'}/*"
    opens = [f"--add-opens=java.base/{p}=ALL-UNNAMED" for p in
             ("java.lang", "java.lang.invoke", "java.nio", "java.util", "sun.nio.ch")]
    env = dict(os.environ, SPARK_HOME=str(home), SPARK_SCALA_VERSION="2.13", SPARK_LOCAL_IP="127.0.0.1")
    port, ui = _free_port(), _free_port()
    procs = [subprocess.Popen(["java", *opens, "-Xmx512m", "-cp", cp, "org.apache.spark.deploy.master.Master",
                               "--host", "127.0.0.1", "--port", str(port), "--webui-port", str(ui)],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)]
    url = f"spark://127.0.0.1:{port}"
    try:
        procs.append(subprocess.Popen(["java", *opens, "-Xmx512m", "-cp", cp, "org.apache.spark.deploy.worker.Worker", url,
                                       "--host", "127.0.0.1", "--cores", "1", "--memory", "1g",
                                       "--webui-port", str(_free_port()), "--work-dir", str(workdir / "work")],
                                      env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT))
        state = f"http://127.0.0.1:{ui}/json/"
        deadline = time.time() + 120
        while time.time() < deadline:
            try:
                if requests.get(state, timeout=2).json().get("aliveworkers") == 1:
                    break
            except (requests.RequestException, ValueError):
                pass
            time.sleep(0.5)
        else:
            raise AssertionError("the standalone worker did not register")
        yield url, state
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait(30)


def test_warm_spark_on_a_standalone_master(standalone_cluster):
    """MINILAKE_SPARK_MASTER=spark://...: the warm Spark is an application of that cluster, and its
    work runs in the worker's executor."""
    url, state = standalone_cluster
    other = Server(env={"MINILAKE_SPARK_MASTER": url, "SPARK_LOCAL_IP": "127.0.0.1"})
    try:
        r = requests.post(other.url + "/_minilake/spark/start?wait=true", timeout=SPARK_START + 10)
        assert r.status_code == 200 and r.json()["state"] == "WARM", r.text
        from pyspark.sql import SparkSession
        spark = SparkSession.builder.remote(r.json()["connect_url"]).create()  # not the module's shared session
        assert spark.range(1000).selectExpr("sum(id) AS s").collect()[0].s == 499500
        cluster = requests.get(state, timeout=5).json()
        apps = [a for a in cluster["activeapps"] if a["name"] == "minilake-spark"]
        assert apps and apps[0]["state"] == "RUNNING", cluster["activeapps"]
        assert cluster["coresused"] == 1, "an executor on the worker holds the core"
    finally:
        other.stop()


def test_seed_spark_and_delta_example_with_spark_env(server, w, workdir):
    """The seed's example, run by the user's own PySpark; the one changed line is the catalog class."""
    w.catalogs.create(name="sales")
    w.schemas.create(name="store", catalog_name="sales")
    events = workdir / "delta/sales/store/events"
    script = textwrap.dedent(f"""
        import os
        from pyspark.sql import SparkSession

        UC = "{server.url}"
        spark = (
            SparkSession.builder
            .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
            .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
            # MiniLake's catalog plugin instead of io.unitycatalog.spark.UCSingleCatalog
            .config("spark.sql.catalog.sales", os.environ["MINILAKE_SPARK_CATALOG_CLASS"])
            .config("spark.sql.catalog.sales.uri", UC)
            .config("spark.ui.enabled", "false")
            .getOrCreate()
        )

        spark.createDataFrame([(1, "a"), (2, "b")], ["id", "name"]) \\
            .write.format("delta").mode("overwrite").save("{events}")
        spark.sql("CREATE TABLE sales.store.events USING DELTA LOCATION '{events}'")
        spark.sql("INSERT INTO sales.store.events VALUES (3, 'c')")
        print(spark.table("sales.store.events").count())   # 3
    """)
    env = dict(os.environ, **spark_env(server))
    for connect_only in ("SPARK_REMOTE", "SPARK_CONNECT_MODE_ENABLED", "SPARK_API_MODE"):
        env.pop(connect_only, None)  # set in this process by the Connect tests; the seed runs classic PySpark
    p = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr[-4000:]
    assert p.stdout.strip().splitlines()[-1] == "3"
    assert (events / "_delta_log").is_dir()
    # DuckDB reads exactly the bytes Spark wrote
    assert sql(w, "SELECT count(*) FROM sales.store.events") == [["3"]]


def test_spark_connect_refuses_a_client_without_the_token(warm):
    """Any local process could otherwise run Spark (and so anything) as MiniLake: the Connect port needs the token."""
    from pyspark.sql import SparkSession
    tokenless = warm.split("/;")[0]
    with pytest.raises(Exception) as refused:
        SparkSession.builder.remote(tokenless).create().range(1).collect()
    assert "UNAUTHENTICATED" in str(refused.value) or "token" in str(refused.value).lower()
    # with the token the same client works: every other test here connects with the full URL


def test_sql_connector_parameters_bind_on_a_spark_pinned_warehouse(server, warm, w):
    """The warm Spark binds the connector's markers itself: `?` by position, `:name` by name, typed."""
    import datetime
    import decimal
    from databricks import sql as dbsql
    from databricks.sdk.service.sql import EndpointTagPair, EndpointTags
    wh = w.warehouses.create(name="spark-params", tags=EndpointTags(custom_tags=[
        EndpointTagPair(key="minilake.engine", value="spark")])).result().id
    with dbsql.connect(server_hostname="http://localhost", _port=server.port, http_path=f"/sql/1.0/warehouses/{wh}",
                       access_token="dev", use_sea=True, enable_telemetry=False) as conn, conn.cursor() as cur:
        cur.execute("SELECT ? + 1 AS a, ? AS s, ? AS d, ? AS day, ? AS n",
                    [41, "it's", decimal.Decimal("123.45"), datetime.date(2024, 2, 29), None])
        assert list(cur.fetchone()) == [42, "it's", decimal.Decimal("123.45"), datetime.date(2024, 2, 29), None]
        cur.execute("SELECT :x * 2 AS x, :ts AS ts", {"x": 21, "ts": datetime.datetime(2020, 1, 2, 3, 4, 5, tzinfo=datetime.timezone.utc)})
        row = cur.fetchone()
        assert row[0] == 42 and row[1].replace(tzinfo=None) == datetime.datetime(2020, 1, 2, 3, 4, 5)
    history = requests.get(server.url + "/api/2.0/sql/history/queries", headers={"Authorization": "Bearer dev"},
                           params={"filter_by.warehouse_ids": wh}).json()["res"]
    assert history and {q.get("engine") for q in history} == {"spark"}, history


def _connector(server, **kw):
    from databricks import sql as dbsql
    return dbsql.connect(server_hostname="http://localhost", _port=server.port, http_path="/sql/1.0/warehouses/dev",
                         access_token="dev", use_sea=True, enable_telemetry=False, **kw)


def test_a_sessions_time_zone_applies_to_its_statements(server, warm):
    """session_configuration={"TIMEZONE": ...} sets the session's zone, as SET TIME ZONE does: current_timezone()
    answers it and a timestamp string is read in it (Spark answers, as DuckDB's timestamps are UTC)."""
    import datetime
    with _connector(server, session_configuration={"TIMEZONE": "America/New_York"}) as conn, conn.cursor() as cur:
        cur.execute("SELECT current_timezone() AS tz, CAST('2020-01-01 12:00:00' AS TIMESTAMP) AS t")
        tz, t = cur.fetchone()
        assert tz == "America/New_York"
        assert t.astimezone(datetime.timezone.utc).replace(tzinfo=None) == datetime.datetime(2020, 1, 1, 17, 0)
        cur.execute("SET TIME ZONE 'UTC'")
        cur.execute("SELECT CAST('2020-01-01 12:00:00' AS TIMESTAMP) AS t")
        assert cur.fetchone()[0].astimezone(datetime.timezone.utc).replace(tzinfo=None) == datetime.datetime(2020, 1, 1, 12, 0)
    # another session is not affected
    with _connector(server) as conn, conn.cursor() as cur:
        cur.execute("SELECT current_timezone()")
        assert cur.fetchone()[0] == "UTC"
    # an unknown zone is refused when the session is made, with Spark's error class
    r = requests.post(server.url + "/api/2.0/sql/sessions", headers={"Authorization": "Bearer dev"},
                      json={"warehouse_id": "dev", "session_confs": {"timezone": "Nowhere/Atlantis"}})
    assert r.status_code == 400 and r.json()["error_code"] == "INVALID_PARAMETER_VALUE", r.text
    assert "INVALID_CONF_VALUE.TIME_ZONE" in r.json()["message"]


def test_typed_numeric_literals_type_as_spark_types_them(server, warm):
    """2Y, 2S, 2L, 1D, 1.5BD, 5E3BD: DuckDB's parser would read the suffix as an alias, so Spark answers."""
    import decimal
    with _connector(server) as conn, conn.cursor() as cur:
        cur.execute("SELECT 2Y, 2S, 2L, 1D, 1.5BD, 5E3BD")
        assert list(cur.fetchone()) == [2, 2, 2, 1.0, decimal.Decimal("1.5"), decimal.Decimal("5000")]
        assert [d[1] for d in cur.description] == ["tinyint", "smallint", "bigint", "double", "decimal", "decimal"]


def test_temporary_views_live_in_the_connectors_session_on_whichever_engine_answers(server, warm):
    """A temp view whose query only Spark answers is the session's Spark session's, and later
    statements that read it go there; one DuckDB made is made in Spark too when a Spark statement
    reads it; another session sees neither."""
    with _connector(server) as conn, conn.cursor() as cur:
        cur.execute("CREATE OR REPLACE TEMPORARY VIEW pairs AS SELECT * FROM VALUES (\"one\", array(11, 12)) AS data(a, b)")
        cur.execute("SELECT a, b[0] AS first FROM pairs")
        assert [tuple(r) for r in cur.fetchall()] == [("one", 11)]
        cur.execute("CREATE TEMP VIEW nums AS SELECT id AS k FROM range(3)")
        cur.execute("SELECT count(*) FROM nums")
        assert cur.fetchone()[0] == 3
        # a Spark-only function over the DuckDB temp view: Spark gets the view first
        cur.execute("SELECT k, regexp_extract(CAST(k AS STRING) || 'x', '([0-9]+)', 1) AS d FROM nums ORDER BY k")
        assert [tuple(r) for r in cur.fetchall()] == [(0, "0"), (1, "1"), (2, "2")]
        cur.execute("SELECT count(*) FROM pairs JOIN nums ON true")
        assert cur.fetchone()[0] == 3
        cur.execute("DROP VIEW pairs")
        with pytest.raises(Exception, match="TABLE_OR_VIEW_NOT_FOUND"):
            cur.execute("SELECT * FROM pairs")
        with _connector(server) as other, other.cursor() as cur2:
            with pytest.raises(Exception, match="TABLE_OR_VIEW_NOT_FOUND"):
                cur2.execute("SELECT * FROM nums")
