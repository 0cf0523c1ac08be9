package dev.minilake.catalog.governance;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.catalog.CreateCatalog;
import com.databricks.sdk.service.catalog.CreateSchema;
import com.databricks.sdk.service.catalog.CreateVolumeRequestContent;
import com.databricks.sdk.service.catalog.ListQuotasRequest;
import com.databricks.sdk.service.catalog.QuotaInfo;
import com.databricks.sdk.service.catalog.SecurableType;
import com.databricks.sdk.service.catalog.VolumeType;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.minilake.support.UcFixtures.all;
import static dev.minilake.support.UcFixtures.managedTable;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Resource quotas through the real Java SDK, counted from what exists. */
class ResourceQuotasSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void quotasCountWhatExists() {
        String ms = w.metastores().summary().getMetastoreId();
        long catalogsBefore = w.resourceQuotas().getQuota("METASTORE", ms, "catalog-quota").getQuotaInfo().getQuotaCount();
        assertThat(catalogsBefore).isEqualTo(all(w.catalogs().list(new com.databricks.sdk.service.catalog.ListCatalogsRequest())).size());
        w.catalogs().create(new CreateCatalog().setName("q"));
        assertThat(w.resourceQuotas().getQuota("METASTORE", ms, "catalog-quota").getQuotaInfo().getQuotaCount()).isEqualTo(catalogsBefore + 1);

        long schemasBefore = w.resourceQuotas().getQuota("CATALOG", "q", "schema-quota").getQuotaInfo().getQuotaCount();
        w.schemas().create(new CreateSchema().setCatalogName("q").setName("s"));
        w.schemas().create(new CreateSchema().setCatalogName("q").setName("s2"));
        QuotaInfo schemas = w.resourceQuotas().getQuota("CATALOG", "q", "schema-quota").getQuotaInfo();
        assertThat(schemas.getQuotaCount()).isEqualTo(schemasBefore + 2);
        assertThat(schemas.getQuotaLimit()).isEqualTo(10000L);
        assertThat(schemas.getParentSecurableType()).isEqualTo(SecurableType.CATALOG);

        managedTable(w, "q", "s", "a");
        managedTable(w, "q", "s", "b");
        managedTable(w, "q", "s", "c");
        w.volumes().create(new CreateVolumeRequestContent().setCatalogName("q").setSchemaName("s").setName("v").setVolumeType(VolumeType.MANAGED));
        assertThat(w.resourceQuotas().getQuota("SCHEMA", "q.s", "table-quota").getQuotaInfo().getQuotaCount()).isEqualTo(3L);
        assertThat(w.resourceQuotas().getQuota("SCHEMA", "q.s", "volume-quota").getQuotaInfo().getQuotaCount()).isEqualTo(1L);
        assertThat(w.resourceQuotas().getQuota("SCHEMA", "q.s2", "table-quota").getQuotaInfo().getQuotaCount()).isZero();
        w.tables().delete("q.s.b");
        assertThat(w.resourceQuotas().getQuota("SCHEMA", "q.s", "table-quota").getQuotaInfo().getQuotaCount()).isEqualTo(2L);

        List<QuotaInfo> listed = all(w.resourceQuotas().listQuotas(new ListQuotasRequest()));
        assertThat(listed).filteredOn(q -> q.getParentFullName().equals("q.s") && q.getQuotaName().equals("table-quota"))
                .singleElement().satisfies(q -> assertThat(q.getQuotaCount()).isEqualTo(2L));
        assertThat(listed).filteredOn(q -> q.getQuotaName().equals("catalog-quota")).hasSize(1);
        assertThat(all(w.resourceQuotas().listQuotas(new ListQuotasRequest().setMaxResults(2L)))).hasSameSizeAs(listed);

        assertThatThrownBy(() -> w.resourceQuotas().getQuota("CATALOG", "ghost", "schema-quota")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.resourceQuotas().getQuota("SCHEMA", "q.ghost", "table-quota")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.resourceQuotas().getQuota("CATALOG", "q", "table-quota")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.resourceQuotas().getQuota("SHARE", "q", "x")).isInstanceOf(InvalidParameterValue.class);
    }
}
