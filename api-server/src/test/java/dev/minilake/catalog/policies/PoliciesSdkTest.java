package dev.minilake.catalog.policies;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.catalog.ColumnMaskOptions;
import com.databricks.sdk.service.catalog.ColumnTypeName;
import com.databricks.sdk.service.catalog.CreateFunction;
import com.databricks.sdk.service.catalog.CreateFunctionParameterStyle;
import com.databricks.sdk.service.catalog.CreateFunctionRequest;
import com.databricks.sdk.service.catalog.CreateFunctionRoutineBody;
import com.databricks.sdk.service.catalog.CreateFunctionSecurityType;
import com.databricks.sdk.service.catalog.CreateFunctionSqlDataAccess;
import com.databricks.sdk.service.catalog.CreatePolicyRequest;
import com.databricks.sdk.service.catalog.CreateSchema;
import com.databricks.sdk.service.catalog.FunctionParameterInfo;
import com.databricks.sdk.service.catalog.FunctionParameterInfos;
import com.databricks.sdk.service.catalog.ListPoliciesRequest;
import com.databricks.sdk.service.catalog.PolicyInfo;
import com.databricks.sdk.service.catalog.PolicyType;
import com.databricks.sdk.service.catalog.RowFilterOptions;
import com.databricks.sdk.service.catalog.SecurableType;
import com.databricks.sdk.service.catalog.UpdatePolicyRequest;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.StatementState;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** ABAC policies through the real Java SDK: validated, stored, listed with inheritance; not enforced. */
class PoliciesSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
        w.schemas().create(new CreateSchema().setCatalogName("main").setName("s"));
        var r = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                .setStatement("CREATE TABLE main.s.t (id INT, email STRING)").setWaitTimeout("30s"));
        assertThat(r.getStatus().getState()).isEqualTo(StatementState.SUCCEEDED);
        w.functions().create(new CreateFunctionRequest().setFunctionInfo(new CreateFunction().setName("positive")
                .setCatalogName("main").setSchemaName("s")
                .setInputParams(new FunctionParameterInfos().setParameters(List.of(new FunctionParameterInfo()
                        .setName("x").setTypeText("int").setTypeName(ColumnTypeName.INT).setPosition(0L))))
                .setDataType(ColumnTypeName.BOOLEAN).setFullDataType("boolean")
                .setRoutineBody(CreateFunctionRoutineBody.SQL).setRoutineDefinition("x > 0")
                .setParameterStyle(CreateFunctionParameterStyle.S).setIsDeterministic(true)
                .setSqlDataAccess(CreateFunctionSqlDataAccess.CONTAINS_SQL).setIsNullCall(false)
                .setSecurityType(CreateFunctionSecurityType.DEFINER).setSpecificName("positive")));
    }

    PolicyInfo rowFilter(SecurableType onType, String on, String name) {
        return w.policies().createPolicy(new CreatePolicyRequest().setPolicyInfo(new PolicyInfo().setName(name)
                .setOnSecurableType(onType).setOnSecurableFullname(on).setForSecurableType(SecurableType.TABLE)
                .setPolicyType(PolicyType.POLICY_TYPE_ROW_FILTER).setToPrincipals(List.of("analysts"))
                .setRowFilter(new RowFilterOptions().setFunctionName("main.s.positive"))));
    }

    @Test
    void policyLifecycle() {
        PolicyInfo p = rowFilter(SecurableType.TABLE, "main.s.t", "only_positive");
        assertThat(p.getId()).isNotBlank();
        assertThat(p.getCreatedBy()).isNotBlank();
        assertThat(p.getOnSecurableFullname()).isEqualTo("main.s.t");
        PolicyInfo got = w.policies().getPolicy("TABLE", "main.s.t", "only_positive");
        assertThat(got.getRowFilter().getFunctionName()).isEqualTo("main.s.positive");
        assertThat(got.getToPrincipals()).containsExactly("analysts");

        w.policies().createPolicy(new CreatePolicyRequest().setPolicyInfo(new PolicyInfo().setName("mask_email")
                .setOnSecurableType(SecurableType.TABLE).setOnSecurableFullname("main.s.t").setForSecurableType(SecurableType.TABLE)
                .setPolicyType(PolicyType.POLICY_TYPE_COLUMN_MASK).setToPrincipals(List.of("everyone"))
                .setColumnMask(new ColumnMaskOptions().setFunctionName("main.s.positive").setOnColumn("email"))));
        assertThat(w.policies().listPolicies("TABLE", "main.s.t")).extracting(PolicyInfo::getName).containsExactly("mask_email", "only_positive");

        PolicyInfo u = w.policies().updatePolicy(new UpdatePolicyRequest().setOnSecurableType("TABLE").setOnSecurableFullname("main.s.t")
                .setName("only_positive").setUpdateMask("comment,except_principals")
                .setPolicyInfo(new PolicyInfo().setComment("hide negatives").setExceptPrincipals(List.of("admins"))));
        assertThat(u.getComment()).isEqualTo("hide negatives");
        assertThat(u.getToPrincipals()).containsExactly("analysts");
        assertThat(w.policies().getPolicy("TABLE", "main.s.t", "only_positive").getExceptPrincipals()).containsExactly("admins");

        // rename through update
        w.policies().updatePolicy(new UpdatePolicyRequest().setOnSecurableType("TABLE").setOnSecurableFullname("main.s.t")
                .setName("only_positive").setUpdateMask("name").setPolicyInfo(new PolicyInfo().setName("positives")));
        assertThatThrownBy(() -> w.policies().getPolicy("TABLE", "main.s.t", "only_positive")).isInstanceOf(ResourceDoesNotExist.class);
        assertThat(w.policies().getPolicy("TABLE", "main.s.t", "positives").getComment()).isEqualTo("hide negatives");

        w.policies().deletePolicy("TABLE", "main.s.t", "positives");
        assertThatThrownBy(() -> w.policies().getPolicy("TABLE", "main.s.t", "positives")).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void inheritedPoliciesAreListedFromSchemaAndCatalog() {
        rowFilter(SecurableType.TABLE, "main.s.t", "on_table");
        rowFilter(SecurableType.SCHEMA, "main.s", "on_schema");
        rowFilter(SecurableType.CATALOG, "main", "on_catalog");
        assertThat(w.policies().listPolicies("TABLE", "main.s.t")).extracting(PolicyInfo::getName).containsExactly("on_table");
        assertThat(w.policies().listPolicies(new ListPoliciesRequest().setOnSecurableType("TABLE").setOnSecurableFullname("main.s.t")
                .setIncludeInherited(true))).extracting(PolicyInfo::getName).containsExactlyInAnyOrder("on_table", "on_schema", "on_catalog");
        assertThat(w.policies().listPolicies(new ListPoliciesRequest().setOnSecurableType("SCHEMA").setOnSecurableFullname("main.s")
                .setIncludeInherited(true).setMaxResults(1L))).extracting(PolicyInfo::getName).containsExactlyInAnyOrder("on_schema", "on_catalog");
    }

    @Test
    void duplicateMissingAndUnknown() {
        rowFilter(SecurableType.TABLE, "main.s.t", "p");
        assertThatThrownBy(() -> rowFilter(SecurableType.TABLE, "main.s.t", "P")).isInstanceOf(ResourceAlreadyExists.class);
        assertThatThrownBy(() -> w.policies().createPolicy(new CreatePolicyRequest().setPolicyInfo(new PolicyInfo().setName("q")
                .setOnSecurableType(SecurableType.TABLE).setOnSecurableFullname("main.s.t").setForSecurableType(SecurableType.TABLE)
                .setPolicyType(PolicyType.POLICY_TYPE_ROW_FILTER).setRowFilter(new RowFilterOptions().setFunctionName("main.s.positive")))))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("to_principals");
        assertThatThrownBy(() -> w.policies().createPolicy(new CreatePolicyRequest().setPolicyInfo(new PolicyInfo().setName("q")
                .setOnSecurableType(SecurableType.TABLE).setOnSecurableFullname("main.s.t").setForSecurableType(SecurableType.TABLE)
                .setPolicyType(PolicyType.POLICY_TYPE_COLUMN_MASK).setToPrincipals(List.of("a"))
                .setRowFilter(new RowFilterOptions().setFunctionName("main.s.positive"))))).isInstanceOf(InvalidParameterValue.class);
        assertThat(w.policies().listPolicies("TABLE", "main.s.t")).hasSize(1);
        assertThatThrownBy(() -> rowFilter(SecurableType.TABLE, "main.s.nope", "p")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.policies().createPolicy(new CreatePolicyRequest().setPolicyInfo(new PolicyInfo().setName("q")
                .setOnSecurableType(SecurableType.TABLE).setOnSecurableFullname("main.s.t").setForSecurableType(SecurableType.TABLE)
                .setPolicyType(PolicyType.POLICY_TYPE_ROW_FILTER).setToPrincipals(List.of("a"))
                .setRowFilter(new RowFilterOptions().setFunctionName("main.s.no_such_fn"))))).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> rowFilter(SecurableType.VOLUME, "main.s.t", "p")).isInstanceOf(InvalidParameterValue.class);
        assertThatThrownBy(() -> w.policies().getPolicy("TABLE", "main.s.t", "nope")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.policies().deletePolicy("TABLE", "main.s.t", "nope")).isInstanceOf(ResourceDoesNotExist.class);
        assertThat(w.policies().listPolicies("TABLE", "main.s.t")).hasSize(1);
    }
}
