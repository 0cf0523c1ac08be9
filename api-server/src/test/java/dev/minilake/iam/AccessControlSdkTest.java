package dev.minilake.iam;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.iam.Actor;
import com.databricks.sdk.service.iam.CheckPolicyRequest;
import com.databricks.sdk.service.iam.CheckPolicyResponse;
import com.databricks.sdk.service.iam.ComplexValue;
import com.databricks.sdk.service.iam.ConsistencyToken;
import com.databricks.sdk.service.iam.Group;
import com.databricks.sdk.service.iam.RequestAuthzIdentity;
import com.databricks.sdk.service.iam.User;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * check_policy through the real Java SDK (answered from real admins membership); restricted sharing
 * groups over HTTP, as the Java SDK 0.141 has no AssumeGroupAPI, asserting the Python SDK's fields.
 */
class AccessControlSdkTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String RSG = "/api/2.0/access-control/restricted-sharing-groups";
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    CheckPolicyResponse check(String actorId) {
        return w.accessControl().checkPolicy(new CheckPolicyRequest().setActor(new Actor().setActorId(Long.parseLong(actorId)))
                .setPermission("servicePrincipal/use").setResource("accounts/1/servicePrincipals/2")
                .setConsistencyToken(new ConsistencyToken().setValue("tok-1"))
                .setAuthzIdentity(RequestAuthzIdentity.REQUEST_AUTHZ_IDENTITY_USER_CONTEXT));
    }

    @Test
    void checkPolicyFollowsRealAdminsMembership() {
        CheckPolicyResponse me = check(CurrentUserService.USER_ID);
        assertThat(me.getIsPermitted()).isTrue();
        assertThat(me.getConsistencyToken().getValue()).isEqualTo("tok-1");

        String bob = w.users().create(new User().setUserName("bob@example.com")).getId();
        assertThat(check(bob).getIsPermitted()).isFalse();
        w.groups().patch(new com.databricks.sdk.service.iam.PartialUpdate().setId(CurrentUserService.ADMINS_GROUP_ID)
                .setSchemas(List.of(com.databricks.sdk.service.iam.PatchSchema.URN_IETF_PARAMS_SCIM_API_MESSAGES_2_0_PATCH_OP))
                .setOperations(List.of(new com.databricks.sdk.service.iam.Patch().setOp(com.databricks.sdk.service.iam.PatchOp.ADD)
                        .setPath("members").setValue(List.of(java.util.Map.of("value", bob))))));
        assertThat(check(bob).getIsPermitted()).isTrue();
    }

    @Test
    void checkPolicyRejectsMissingFieldsAndUnknownActors() {
        assertThatThrownBy(() -> check("999")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.accessControl().checkPolicy(new CheckPolicyRequest().setResource("r")
                .setAuthzIdentity(RequestAuthzIdentity.REQUEST_AUTHZ_IDENTITY_USER_CONTEXT)))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("permission");
    }

    String group(String name) {
        return w.groups().create(new Group().setDisplayName(name)).getId();
    }

    HttpResponse<String> send(String method, String path) {
        return server.send(method, path, method.equals("POST") ? "{}" : null, java.util.Map.of("Content-Type", "application/json"));
    }

    JsonNode json(HttpResponse<String> r) throws Exception {
        return JSON.readTree(r.body());
    }

    @Test
    void restrictedSharingGroupsCrud() throws Exception {
        String id = group("contractors");
        HttpResponse<String> created = send("POST", RSG + "?restricted_sharing_group_id=" + id);
        assertThat(created.statusCode()).isEqualTo(200);
        assertThat(json(created).path("name").asText()).isEqualTo("restricted-sharing-groups/" + id);
        assertThat(json(created).path("restricted_sharing_group_id").asText()).isEqualTo(id);
        assertThat(json(created).path("group_display_name").asText()).isEqualTo("contractors");

        HttpResponse<String> got = send("GET", "/api/2.0/access-control/restricted-sharing-groups/" + id);
        assertThat(got.statusCode()).isEqualTo(200);
        assertThat(json(got).path("group_display_name").asText()).isEqualTo("contractors");

        // the display name is read live from SCIM
        w.groups().update(new Group().setId(id).setDisplayName("vendors"));
        assertThat(json(send("GET", "/api/2.0/access-control/restricted-sharing-groups/" + id)).path("group_display_name").asText())
                .isEqualTo("vendors");

        String second = group("interns");
        send("POST", RSG + "?restricted_sharing_group_id=" + second);
        JsonNode page = json(send("GET", RSG + "?page_size=1"));
        assertThat(page.path("restricted_sharing_groups")).hasSize(1);
        List<String> all = new ArrayList<>();
        String token = page.path("next_page_token").asText();
        page.path("restricted_sharing_groups").forEach(g -> all.add(g.path("group_display_name").asText()));
        json(send("GET", RSG + "?page_size=1&page_token=" + token)).path("restricted_sharing_groups")
                .forEach(g -> all.add(g.path("group_display_name").asText()));
        assertThat(all).containsExactlyInAnyOrder("vendors", "interns");

        assertThat(send("DELETE", "/api/2.0/access-control/restricted-sharing-groups/" + id).statusCode()).isEqualTo(200);
        HttpResponse<String> gone = send("GET", "/api/2.0/access-control/restricted-sharing-groups/" + id);
        assertThat(gone.statusCode()).isEqualTo(404);
        assertThat(json(gone).path("error_code").asText()).isEqualTo("RESOURCE_DOES_NOT_EXIST");

        // a group deleted from SCIM drops off the list
        w.groups().delete(second);
        assertThat(json(send("GET", RSG)).path("restricted_sharing_groups")).isEmpty();
    }

    @Test
    void duplicateIs409() throws Exception {
        String id = group("contractors");
        send("POST", RSG + "?restricted_sharing_group_id=" + id);
        HttpResponse<String> again = send("POST", RSG + "?restricted_sharing_group_id=" + id);
        assertThat(again.statusCode()).isEqualTo(409);
        assertThat(json(again).path("error_code").asText()).isEqualTo("RESOURCE_ALREADY_EXISTS");
        assertThat(json(send("GET", RSG)).path("restricted_sharing_groups")).hasSize(1);
    }

    @Test
    void badRequestsAre400AndStoreNothing() throws Exception {
        HttpResponse<String> missing = send("POST", RSG);
        assertThat(missing.statusCode()).isEqualTo(400);
        assertThat(missing.body()).contains("restricted_sharing_group_id");
        HttpResponse<String> system = send("POST", RSG + "?restricted_sharing_group_id=" + CurrentUserService.ADMINS_GROUP_ID);
        assertThat(system.statusCode()).isEqualTo(400);
        assertThat(system.body()).contains("admins");
        assertThat(send("GET", "/api/2.0/access-control/not-a-group-name").statusCode()).isEqualTo(400);
        assertThat(json(send("GET", RSG)).path("restricted_sharing_groups")).isEmpty();
    }

    @Test
    void unknownGroupsAre404() throws Exception {
        HttpResponse<String> r = send("POST", RSG + "?restricted_sharing_group_id=12345");
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(json(r).path("error_code").asText()).isEqualTo("RESOURCE_DOES_NOT_EXIST");
        assertThat(send("GET", "/api/2.0/access-control/restricted-sharing-groups/12345").statusCode()).isEqualTo(404);
        assertThat(send("DELETE", "/api/2.0/access-control/restricted-sharing-groups/12345").statusCode()).isEqualTo(404);
    }
}
