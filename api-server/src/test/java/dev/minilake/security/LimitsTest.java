package dev.minilake.security;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.BadRequest;
import com.databricks.sdk.core.error.platform.NotFound;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.files.Put;
import com.databricks.sdk.service.sql.Disposition;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.Format;
import com.databricks.sdk.service.sql.StatementResponse;
import com.databricks.sdk.service.sql.StatementState;
import com.databricks.sdk.service.workspace.Import;
import com.databricks.sdk.service.workspace.ImportFormat;
import com.databricks.sdk.service.workspace.Language;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.Test;

import java.util.Base64;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Issue 29: Databricks' size limits, enforced with its errors, and nothing half-written. */
class LimitsTest {
    static final MiniLakeServer server = MiniLakeServer.shared();
    static final WorkspaceClient w = server.workspace();

    @Test
    void anInlineResultOver25MiBFailsAndSaysToUseExternalLinks() {
        // 30,000 rows of 1,000 characters: about 30 MB as JSON
        StatementResponse big = run("SELECT repeat('x', 1000) AS s FROM range(30000)", Disposition.INLINE);
        assertThat(big.getStatus().getState()).isEqualTo(StatementState.FAILED);
        assertThat(big.getStatus().getError().getErrorCode().toString()).isEqualTo("BAD_REQUEST");
        assertThat(big.getStatus().getError().getMessage()).contains("Inline byte limit exceeded").contains("EXTERNAL_LINKS");
        assertThat(big.getResult()).isNull();

        // just under the limit still works, and EXTERNAL_LINKS takes the large one
        assertThat(run("SELECT repeat('x', 1000) AS s FROM range(20000)", Disposition.INLINE).getStatus().getState())
                .isEqualTo(StatementState.SUCCEEDED);
        StatementResponse links = run("SELECT repeat('x', 1000) AS s FROM range(30000)", Disposition.EXTERNAL_LINKS);
        assertThat(links.getStatus().getState()).isEqualTo(StatementState.SUCCEEDED);
        assertThat(links.getManifest().getTotalRowCount()).isEqualTo(30000L);
    }

    @Test
    void aWorkspaceImportOver10MBIsRefusedAndNothingIsWritten() {
        server.reset();
        byte[] content = new byte[10 * 1024 * 1024 + 1];
        java.util.Arrays.fill(content, (byte) '#');
        assertThatThrownBy(() -> w.workspace().importContent(new Import().setPath("/Shared/huge.py").setFormat(ImportFormat.SOURCE)
                .setLanguage(Language.PYTHON).setContent(Base64.getEncoder().encodeToString(content))))
                .isInstanceOf(BadRequest.class).hasMessageContaining("10 MB");
        assertThatThrownBy(() -> w.workspace().getStatus("/Shared/huge.py")).isInstanceOfAny(ResourceDoesNotExist.class, NotFound.class);
    }

    @Test
    void aDbfsInlinePutOver1MBIsRefusedAndNothingIsWritten() {
        server.reset();
        byte[] content = new byte[1024 * 1024 + 1];
        assertThatThrownBy(() -> w.dbfs().put(new Put().setPath("/tmp/huge.bin").setContents(Base64.getEncoder().encodeToString(content))))
                .isInstanceOf(BadRequest.class).hasMessageContaining("1 MB");
        assertThatThrownBy(() -> w.dbfs().getStatus("/tmp/huge.bin")).isInstanceOfAny(ResourceDoesNotExist.class, NotFound.class);
        // at the limit it is taken
        w.dbfs().put(new Put().setPath("/tmp/ok.bin").setContents(Base64.getEncoder().encodeToString(new byte[1024 * 1024])));
        assertThat(w.dbfs().getStatus("/tmp/ok.bin").getFileSize()).isEqualTo(1024L * 1024);
    }

    private static StatementResponse run(String sql, Disposition disposition) {
        return w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev").setStatement(sql)
                .setDisposition(disposition).setFormat(disposition == Disposition.INLINE ? Format.JSON_ARRAY : Format.ARROW_STREAM)
                .setWaitTimeout("50s"));
    }
}
