package dev.minilake.compute.commands;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.compute.CancelCommand;
import com.databricks.sdk.service.compute.Command;
import com.databricks.sdk.service.compute.CommandStatus;
import com.databricks.sdk.service.compute.CommandStatusResponse;
import com.databricks.sdk.service.compute.ContextStatus;
import com.databricks.sdk.service.compute.CreateCluster;
import com.databricks.sdk.service.compute.CreateContext;
import com.databricks.sdk.service.compute.DestroyContext;
import com.databricks.sdk.service.compute.Language;
import com.databricks.sdk.service.compute.ResultType;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.StatementState;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/** /api/1.2 command execution through the real Java SDK's commandExecution(): real python3 and DuckDB behind it. */
class CommandExecutionSdkTest {
    static final Duration WAIT = Duration.ofSeconds(60);
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    String cluster() throws Exception {
        return w.clusters().create(new CreateCluster().setClusterName("c").setSparkVersion("15.4.x-scala2.12")
                .setNodeTypeId("m5d.large").setNumWorkers(0L)).get(Duration.ofSeconds(20)).getClusterId();
    }

    String context(String cluster, Language lang) throws Exception {
        var ctx = w.commandExecution().create(new CreateContext().setClusterId(cluster).setLanguage(lang)).get(WAIT);
        assertThat(ctx.getStatus()).isEqualTo(ContextStatus.RUNNING);
        return ctx.getId();
    }

    CommandStatusResponse run(String cluster, String ctx, Language lang, String code) throws Exception {
        return w.commandExecution().execute(new Command().setClusterId(cluster).setContextId(ctx).setLanguage(lang)
                .setCommand(code)).get(WAIT);
    }

    @Test
    void pythonIsStatefulAndReadsAUcTable() throws Exception {
        var st = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                .setStatement("CREATE TABLE main.default.people AS SELECT * FROM (VALUES ('Ana', 31), ('Bo', 42)) t(name, age)"));
        assertThat(st.getStatus().getState()).isEqualTo(StatementState.SUCCEEDED);
        String c = cluster();
        String ctx = context(c, Language.PYTHON);

        CommandStatusResponse first = run(c, ctx, Language.PYTHON, "x = 20\nprint('hello')");
        assertThat(first.getStatus()).isEqualTo(CommandStatus.FINISHED);
        assertThat(first.getResults().getResultType()).isEqualTo(ResultType.TEXT);
        assertThat(first.getResults().getData()).isEqualTo("hello");

        // globals persist between commands; a final expression is shown
        assertThat(run(c, ctx, Language.PYTHON, "x * 2 + 2").getResults().getData()).isEqualTo("42");

        CommandStatusResponse table = run(c, ctx, Language.PYTHON,
                "rows = minilake.sql('SELECT name, age FROM main.default.people ORDER BY age')\n"
                        + "print([(r.name, r.age) for r in rows])");
        assertThat(table.getResults().getData()).isEqualTo("[('Ana', '31'), ('Bo', '42')]");

        CommandStatusResponse err = run(c, ctx, Language.PYTHON, "1 / 0");
        assertThat(err.getStatus()).isEqualTo(CommandStatus.FINISHED);
        assertThat(err.getResults().getResultType()).isEqualTo(ResultType.ERROR);
        assertThat(err.getResults().getSummary()).contains("ZeroDivisionError");
        assertThat(err.getResults().getCause()).contains("Traceback");

        // %sql inside a python context answers as a table
        CommandStatusResponse magic = run(c, ctx, Language.PYTHON, "%sql\nSELECT count(*) AS n FROM main.default.people");
        assertThat(magic.getResults().getResultType()).isEqualTo(ResultType.TABLE);
        assertThat(magic.getResults().getData()).isEqualTo(List.of(List.of(2)));

        w.commandExecution().destroy(new DestroyContext().setClusterId(c).setContextId(ctx));
        assertThatThrownBy(() -> w.commandExecution().contextStatus(c, ctx)).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void sqlContextReturnsTableResults() throws Exception {
        String c = cluster();
        String ctx = context(c, Language.SQL);
        CommandStatusResponse r = run(c, ctx, Language.SQL, "SELECT 1 AS id, 'a' AS s, CAST(2.50 AS DECIMAL(10,2)) AS d, true AS b");
        assertThat(r.getStatus()).isEqualTo(CommandStatus.FINISHED);
        assertThat(r.getResults().getResultType()).isEqualTo(ResultType.TABLE);
        assertThat(r.getResults().getIsJsonSchema()).isTrue();
        assertThat(r.getResults().getTruncated()).isFalse();
        assertThat(r.getResults().getSchema()).extracting(m -> m.get("name")).containsExactly("id", "s", "d", "b");
        assertThat(r.getResults().getSchema()).extracting(m -> m.get("type"))
                .containsExactly("\"integer\"", "\"string\"", "\"decimal(10,2)\"", "\"boolean\"");
        assertThat(r.getResults().getData().toString()).isEqualTo("[[1, a, 2.5, true]]");

        CommandStatusResponse bad = run(c, ctx, Language.SQL, "SELECT * FROM main.default.nope");
        assertThat(bad.getResults().getResultType()).isEqualTo(ResultType.ERROR);
        assertThat(bad.getResults().getSummary()).contains("nope");

        CommandStatusResponse many = run(c, ctx, Language.SQL, "SELECT * FROM range(5000)");
        assertThat(many.getResults().getTruncated()).isTrue();
        assertThat((List<?>) many.getResults().getData()).hasSize(CommandsService.MAX_ROWS);
    }

    @Test
    void aCancelWhileTheInterpreterStillStartsCancelsTheCommandNotTheContext() throws Exception {
        String c = cluster();
        String ctx = context(c, Language.PYTHON);
        // no wait for RUNNING: the SIGINT may come before the interpreter has set its handler
        String id = w.commandExecution().execute(new Command().setClusterId(c).setContextId(ctx).setLanguage(Language.PYTHON)
                .setCommand("import time\ntime.sleep(60)")).getResponse().getId();
        CommandStatusResponse cancelled = w.commandExecution().cancel(new CancelCommand().setClusterId(c).setContextId(ctx)
                .setCommandId(id)).get(WAIT);
        assertThat(cancelled.getStatus()).isEqualTo(CommandStatus.CANCELLED);
        assertThat(run(c, ctx, Language.PYTHON, "print('still here')").getResults().getData()).isEqualTo("still here");
    }

    @Test
    void cancelInterruptsARunningPythonCommand() throws Exception {
        String c = cluster();
        String ctx = context(c, Language.PYTHON);
        String id = w.commandExecution().execute(new Command().setClusterId(c).setContextId(ctx).setLanguage(Language.PYTHON)
                .setCommand("import time\ntime.sleep(60)")).getResponse().getId();
        await().atMost(Duration.ofSeconds(10)).until(() -> w.commandExecution().commandStatus(c, ctx, id).getStatus() == CommandStatus.RUNNING);
        CommandStatusResponse cancelled = w.commandExecution().cancel(new CancelCommand().setClusterId(c).setContextId(ctx)
                .setCommandId(id)).get(WAIT);
        assertThat(cancelled.getStatus()).isEqualTo(CommandStatus.CANCELLED);
        // the context survives a cancel
        assertThat(run(c, ctx, Language.PYTHON, "print('still here')").getResults().getData()).isEqualTo("still here");
    }

    @Test
    void indentedCodeIsDedentedAsACellIs() throws Exception {
        String c = cluster();
        String ctx = context(c, Language.PYTHON);
        // the shape the SDKs' dbutils proxy sends: a snippet indented as a whole, with a nested block
        String snippet = "\n        import json\n        def twice(v):\n            return v * 2\n"
                + "        (args, kwargs) = json.loads('[[21], {}]')\n        print(twice(*args))\n        ";
        CommandStatusResponse r = run(c, ctx, Language.PYTHON, snippet);
        assertThat(r.getResults().getResultType()).as(String.valueOf(r.getResults().getCause())).isEqualTo(ResultType.TEXT);
        assertThat(r.getResults().getData()).isEqualTo("42");
        // the definitions stay in the context's globals, as with any cell
        assertThat(run(c, ctx, Language.PYTHON, "    twice(5)").getResults().getData()).isEqualTo("10");
        // dbutils.notebook.exit(value) answers exactly that value, which the proxy decodes as JSON
        CommandStatusResponse exit = run(c, ctx, Language.PYTHON,
                "\n    import json\n    dbutils.notebook.exit(json.dumps({'n': twice(2)}))\n    print('not reached')\n");
        assertThat(exit.getResults().getResultType()).isEqualTo(ResultType.TEXT);
        assertThat(exit.getResults().getData()).isEqualTo("{\"n\": 4}");
        // code that is really mis-indented still fails as Python says
        CommandStatusResponse bad = run(c, ctx, Language.PYTHON, "    x = 1\n  y = 2\n");
        assertThat(bad.getResults().getResultType()).isEqualTo(ResultType.ERROR);
        assertThat(bad.getResults().getSummary()).contains("IndentationError");
        // an indented %sql cell runs as SQL
        CommandStatusResponse sql = run(c, ctx, Language.PYTHON, "\n    %sql\n    SELECT 40 + 2 AS answer\n");
        assertThat(sql.getResults().getResultType()).isEqualTo(ResultType.TABLE);
    }

    @Test
    void errorsAndLifecycle() throws Exception {
        String c = cluster();
        assertThatThrownBy(() -> w.commandExecution().create(new CreateContext().setClusterId(c).setLanguage(Language.SCALA)))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("scala");
        assertThatThrownBy(() -> w.commandExecution().create(new CreateContext().setClusterId("no-such").setLanguage(Language.PYTHON)))
                .isInstanceOf(InvalidParameterValue.class).hasMessage("Cluster no-such does not exist");
        String ctx = context(c, Language.PYTHON);
        // terminating the cluster takes its contexts with it; a terminated cluster runs nothing
        w.clusters().delete(c).get(Duration.ofSeconds(20));
        assertThatThrownBy(() -> w.commandExecution().contextStatus(c, ctx)).isInstanceOf(ResourceDoesNotExist.class);
        var r = server.send("POST", "/api/1.2/contexts/create", "{\"clusterId\":\"" + c + "\",\"language\":\"python\"}",
                Map.of("Content-Type", "application/json"));
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.body()).contains("not running");
    }
}
