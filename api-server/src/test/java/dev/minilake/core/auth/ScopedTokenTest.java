package dev.minilake.core.auth;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.PermissionDenied;
import com.databricks.sdk.service.catalog.CreateSchema;
import com.databricks.sdk.service.catalog.PermissionsChange;
import com.databricks.sdk.service.catalog.Privilege;
import com.databricks.sdk.service.catalog.UpdatePermissions;
import com.databricks.sdk.service.iam.AccessControlRequest;
import com.databricks.sdk.service.iam.Group;
import com.databricks.sdk.service.iam.MeRequest;
import com.databricks.sdk.service.iam.PermissionLevel;
import com.databricks.sdk.service.iam.ServicePrincipal;
import com.databricks.sdk.service.iam.SetObjectPermissions;
import com.databricks.sdk.service.iam.UpdateObjectPermissions;
import com.databricks.sdk.service.iam.User;
import com.databricks.sdk.service.jobs.CreateJob;
import com.databricks.sdk.service.jobs.Run;
import com.databricks.sdk.service.jobs.RunNow;
import com.databricks.sdk.service.jobs.RunResultState;
import com.databricks.sdk.service.jobs.SparkPythonTask;
import com.databricks.sdk.service.jobs.Task;
import com.databricks.sdk.service.settings.CreateOboTokenRequest;
import com.databricks.sdk.service.settings.CreateTokenRequest;
import com.databricks.sdk.service.settings.RevokeTokenRequest;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.StatementState;
import com.databricks.sdk.service.workspace.CreateScope;
import com.databricks.sdk.service.workspace.DeleteScope;
import com.databricks.sdk.service.workspace.Import;
import com.databricks.sdk.service.workspace.ImportFormat;
import com.databricks.sdk.service.workspace.PutAcl;
import com.databricks.sdk.service.workspace.PutSecret;
import com.databricks.sdk.service.workspace.AclPermission;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 29: a confined scoped token (what a job task, a command context and the warm Spark get)
 * cannot mint tokens, change permissions, users or secrets, read secret values, reset the
 * workspace or drive /mcp and /jupyter; it still does normal work. Strict mode, real Java SDK.
 */
class ScopedTokenTest {
    static final String ADMIN = "admin-" + System.nanoTime();
    static MiniLakeServer server;

    @BeforeAll
    static void start() throws Exception {
        server = MiniLakeServer.startWith(Map.of("MINILAKE_AUTH", "strict", "MINILAKE_TOKEN", ADMIN));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void aConfinedTokenCannotWidenItsPowerAndNothingChanges() throws Exception {
        WorkspaceClient admin = server.workspace(ADMIN);
        admin.secrets().createScope(new CreateScope().setScope("team"));
        admin.secrets().putSecret(new PutSecret().setScope("team").setKey("k").setStringValue("v"));
        String adminTokenId = admin.tokens().create(new CreateTokenRequest().setComment("kept")).getTokenInfo().getTokenId();
        server.send("POST", "/api/2.1/unity-catalog/secrets", "{\"catalog_name\":\"main\",\"schema_name\":\"default\",\"name\":\"uc\",\"value\":\"x\"}",
                Map.of("Authorization", "Bearer " + ADMIN, "Content-Type", "application/json"));
        String me = admin.currentUser().me(new MeRequest()).getId();
        int tokensBefore = count(admin.tokens().list());
        int usersBefore = count(admin.users().list(new com.databricks.sdk.service.iam.ListUsersRequest()));

        try (ScopedTokens.Token scoped = server.bean(ScopedTokens.class).issue("test task")) {
            WorkspaceClient task = server.workspace(scoped.value());
            Map<String, Executable> attacks = new LinkedHashMap<>();
            attacks.put("mint a PAT", () -> task.tokens().create(new CreateTokenRequest().setComment("escape")));
            attacks.put("mint an on-behalf-of token", () -> task.tokenManagement().createOboToken(
                    new CreateOboTokenRequest().setApplicationId("x").setLifetimeSeconds(3600L)));
            attacks.put("revoke a token", () -> task.tokens().delete(new RevokeTokenRequest().setTokenId(adminTokenId)));
            attacks.put("delete any token", () -> task.tokenManagement().delete(adminTokenId));
            attacks.put("set job permissions", () -> task.permissions().set(new SetObjectPermissions().setRequestObjectType("jobs")
                    .setRequestObjectId("1").setAccessControlList(List.of(new AccessControlRequest().setUserName("me").setPermissionLevel(PermissionLevel.IS_OWNER)))));
            attacks.put("update permissions", () -> task.permissions().update(new UpdateObjectPermissions().setRequestObjectType("clusters")
                    .setRequestObjectId("1").setAccessControlList(List.of(new AccessControlRequest().setUserName("me").setPermissionLevel(PermissionLevel.CAN_MANAGE)))));
            attacks.put("grant itself ALL PRIVILEGES", () -> task.grants().update(new UpdatePermissions().setSecurableType("catalog")
                    .setFullName("main").setChanges(List.of(new PermissionsChange().setPrincipal("task").setAdd(List.of(Privilege.ALL_PRIVILEGES))))));
            attacks.put("create a user", () -> task.users().create(new User().setUserName("evil@example.com")));
            attacks.put("delete a user", () -> task.users().delete(me));
            attacks.put("create a group", () -> task.groups().create(new Group().setDisplayName("admins2")));
            attacks.put("create a service principal", () -> task.servicePrincipals().create(new ServicePrincipal().setDisplayName("sp")));
            attacks.put("create a secret scope", () -> task.secrets().createScope(new CreateScope().setScope("mine")));
            attacks.put("overwrite a secret", () -> task.secrets().putSecret(new PutSecret().setScope("team").setKey("k").setStringValue("evil")));
            attacks.put("grant itself MANAGE on a scope", () -> task.secrets().putAcl(new PutAcl().setScope("team").setPrincipal("users").setPermission(AclPermission.MANAGE)));
            attacks.put("delete a secret scope", () -> task.secrets().deleteScope(new DeleteScope().setScope("team")));
            attacks.put("read a secret value (Secrets API)", () -> task.secrets().getSecret("team", "k"));
            attacks.put("read a UC secret value", () -> http(scoped, "GET", "/api/2.1/unity-catalog/secrets/main.default.uc?include_value=true", null));
            attacks.put("reset the workspace", () -> http(scoped, "POST", "/_minilake/reset", ""));
            attacks.put("drive MCP", () -> http(scoped, "POST", "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}"));
            attacks.put("drive Jupyter", () -> http(scoped, "GET", "/jupyter/api/kernels", null));
            attacks.put("set a legacy SQL ACL", () -> http(scoped, "POST", "/api/2.0/preview/sql/permissions/queries/1", "{\"access_control_list\":[]}"));
            attacks.put("migrate permissions", () -> http(scoped, "POST", "/api/2.0/permissionmigration",
                    "{\"workspace_id\":1,\"from_workspace_group_name\":\"a\",\"to_account_group_name\":\"b\"}"));
            int refused = 0;
            for (var a : attacks.entrySet()) {
                try {
                    a.getValue().execute();
                } catch (PermissionDenied | Refused e) {
                    refused++;
                    continue;
                } catch (Throwable e) {
                    throw new AssertionError(a.getKey() + " was not refused with PERMISSION_DENIED: " + e, e);
                }
                throw new AssertionError(a.getKey() + " succeeded");
            }
            System.out.println("scoped-token attacks tried: " + attacks.size() + ", refused: " + refused);
            assertThat(refused).isEqualTo(attacks.size());

            // normal work still works with the same token
            assertThat(task.currentUser().me(new MeRequest()).getUserName()).isNotBlank();
            task.schemas().create(new CreateSchema().setCatalogName("main").setName("from_task"));
            assertThat(task.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev").setStatement("SELECT 42")
                    .setWaitTimeout("30s")).getStatus().getState()).isEqualTo(StatementState.SUCCEEDED);
            assertThat(count(task.secrets().listScopes())).isEqualTo(1);
            task.permissions().get("jobs", "1");
        }
        // nothing changed
        assertThat(count(admin.tokens().list())).isEqualTo(tokensBefore);
        assertThat(count(admin.users().list(new com.databricks.sdk.service.iam.ListUsersRequest()))).isEqualTo(usersBefore);
        assertThat(admin.secrets().listScopes()).extracting(s -> s.getName()).containsExactly("team");
        assertThat(admin.secrets().listAcls("team")).noneMatch(a -> "users".equals(a.getPrincipal()));
        assertThat(admin.schemas().get("main.from_task").getName()).isEqualTo("from_task"); // not reset
    }

    @Test
    void anOperatorTokenIsNotConfinedAndTheAdminTokenNeither() {
        try (ScopedTokens.Token operator = server.bean(ScopedTokens.class).issueOperator("test hooks")) {
            String id = server.workspace(operator.value()).tokens().create(new CreateTokenRequest().setComment("hook")).getTokenInfo().getTokenId();
            server.workspace(ADMIN).tokens().delete(new RevokeTokenRequest().setTokenId(id));
        }
    }

    @Test
    void aRealJobTaskCannotMintAPatButKeepsWorking() throws Exception {
        WorkspaceClient w = server.workspace(ADMIN);
        String script = """
                import os, json, urllib.request, urllib.error
                def call(method, path, body):
                    req = urllib.request.Request(os.environ["DATABRICKS_HOST"] + path, method=method, data=json.dumps(body).encode(),
                        headers={"Authorization": "Bearer " + os.environ["DATABRICKS_TOKEN"], "Content-Type": "application/json"})
                    try:
                        return urllib.request.urlopen(req).status
                    except urllib.error.HTTPError as e:
                        return e.code
                print("mint", call("POST", "/api/2.0/token/create", {"comment": "escape"}))
                print("sql", call("POST", "/api/2.0/sql/statements", {"statement": "SELECT 1", "warehouse_id": "dev", "wait_timeout": "30s"}))
                """;
        w.workspace().importContent(new Import().setPath("/Shared/mint.py").setFormat(ImportFormat.AUTO).setOverwrite(true)
                .setContent(Base64.getEncoder().encodeToString(script.getBytes(StandardCharsets.UTF_8))));
        long jobId = w.jobs().create(new CreateJob().setName("mint").setTasks(List.of(new Task().setTaskKey("mint")
                .setSparkPythonTask(new SparkPythonTask().setPythonFile("/Workspace/Shared/mint.py"))))).getJobId();
        int before = count(w.tokens().list());

        Run run = w.jobs().runNow(new RunNow().setJobId(jobId)).get(Duration.ofSeconds(90));

        assertThat(run.getState().getResultState()).isEqualTo(RunResultState.SUCCESS);
        String logs = w.jobs().getRunOutput(run.getTasks().iterator().next().getRunId()).getLogs();
        assertThat(logs).contains("mint 403").contains("sql 200");
        assertThat(count(w.tokens().list())).isEqualTo(before);
    }

    private static void http(ScopedTokens.Token token, String method, String path, String body) {
        HttpResponse<String> r = server.send(method, path, body, Map.of("Authorization", "Bearer " + token.value(),
                "Content-Type", "application/json", "Accept", "application/json, text/event-stream"));
        if (r.statusCode() == 403 && r.body().contains("\"PERMISSION_DENIED\"")) throw new Refused();
        throw new AssertionError(method + " " + path + " answered " + r.statusCode() + " " + r.body());
    }

    /** A raw HTTP call answered 403 PERMISSION_DENIED. */
    private static final class Refused extends RuntimeException {
    }

    private static int count(Iterable<?> items) {
        int n = 0;
        for (Object ignored : items) n++;
        return n;
    }
}
