package dev.minilake.iam;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.iam.ComplexValue;
import com.databricks.sdk.service.iam.Group;
import com.databricks.sdk.service.iam.ListGroupsRequest;
import com.databricks.sdk.service.iam.ListServicePrincipalsRequest;
import com.databricks.sdk.service.iam.ListSortOrder;
import com.databricks.sdk.service.iam.ListUsersRequest;
import com.databricks.sdk.service.iam.MeRequest;
import com.databricks.sdk.service.iam.Patch;
import com.databricks.sdk.service.iam.PatchOp;
import com.databricks.sdk.service.iam.PartialUpdate;
import com.databricks.sdk.service.iam.ServicePrincipal;
import com.databricks.sdk.service.iam.User;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** SCIM Users, Groups and ServicePrincipals through the real Java SDK. */
class ScimSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void currentUserIsARealScimUserInAdmins() {
        User me = w.currentUser().me(new MeRequest());
        User same = w.users().get(me.getId());
        assertThat(same.getUserName()).isEqualTo(me.getUserName());
        assertThat(me.getGroups()).extracting(ComplexValue::getDisplay).contains("admins", "users");
        Group admins = groups("displayName eq \"admins\"").get(0);
        assertThat(admins.getMembers()).extracting(ComplexValue::getValue).contains(me.getId());
    }

    @Test
    void userCrudAndErrors() {
        User u = w.users().create(new User().setUserName("ana@example.com").setDisplayName("Ana"));
        assertThat(u.getId()).isNotBlank();
        assertThat(w.users().get(u.getId()).getDisplayName()).isEqualTo("Ana");
        assertThatThrownBy(() -> w.users().create(new User().setUserName("ANA@example.com")))
                .isInstanceOf(ResourceAlreadyExists.class);
        w.users().update(new User().setId(u.getId()).setUserName("ana@example.com").setDisplayName("Ana B").setActive(false));
        assertThat(w.users().get(u.getId()).getActive()).isFalse();
        w.users().delete(u.getId());
        assertThatThrownBy(() -> w.users().get(u.getId())).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.users().create(new User().setDisplayName("no name"))).isInstanceOf(InvalidParameterValue.class);
    }

    @Test
    void filtersPagingSortingAndAttributes() {
        for (String n : List.of("bob", "carol", "dave", "bea")) {
            w.users().create(new User().setUserName(n + "@example.com").setDisplayName(n.toUpperCase()));
        }
        assertThat(users(new ListUsersRequest().setFilter("userName eq \"carol@example.com\"")))
                .extracting(User::getDisplayName).containsExactly("CAROL");
        assertThat(users(new ListUsersRequest().setFilter("userName sw \"b\"")))
                .extracting(User::getUserName).containsExactlyInAnyOrder("bob@example.com", "bea@example.com");
        assertThat(users(new ListUsersRequest().setFilter("displayName co \"AV\"")))
                .extracting(User::getUserName).containsExactly("dave@example.com");
        assertThat(users(new ListUsersRequest().setFilter("userName sw \"b\" or userName eq \"dave@example.com\"")))
                .hasSize(3);
        List<User> sorted = users(new ListUsersRequest().setFilter("userName ew \"example.com\"")
                .setSortBy("userName").setSortOrder(ListSortOrder.DESCENDING));
        assertThat(sorted).extracting(User::getUserName)
                .containsExactly("dave@example.com", "carol@example.com", "bob@example.com", "bea@example.com");
        // the SDK pages with startIndex/count until a page is empty: every user comes back exactly once
        List<User> paged = users(new ListUsersRequest().setCount(2L));
        assertThat(paged).extracting(User::getUserName).doesNotHaveDuplicates().hasSize(5);
        List<User> projected = users(new ListUsersRequest().setFilter("userName eq \"bob@example.com\"").setAttributes("userName"));
        assertThat(projected.get(0).getUserName()).isEqualTo("bob@example.com");
        assertThat(projected.get(0).getDisplayName()).isNull();
    }

    @Test
    void patchGroupMembershipAddAndRemove() {
        User u = w.users().create(new User().setUserName("eve@example.com"));
        ServicePrincipal sp = w.servicePrincipals().create(new ServicePrincipal().setDisplayName("ci-bot"));
        assertThat(sp.getApplicationId()).isNotBlank();
        Group g = w.groups().create(new Group().setDisplayName("data-eng"));

        w.groups().patch(new PartialUpdate().setId(g.getId()).setOperations(List.of(
                new Patch().setOp(PatchOp.ADD).setPath("members").setValue(List.of(
                        java.util.Map.of("value", u.getId()), java.util.Map.of("value", sp.getId()))))));
        assertThat(w.groups().get(g.getId()).getMembers()).extracting(ComplexValue::getValue)
                .containsExactlyInAnyOrder(u.getId(), sp.getId());
        assertThat(w.users().get(u.getId()).getGroups()).extracting(ComplexValue::getDisplay).contains("data-eng");

        w.groups().patch(new PartialUpdate().setId(g.getId()).setOperations(List.of(
                new Patch().setOp(PatchOp.REMOVE).setPath("members[value eq \"" + u.getId() + "\"]"))));
        assertThat(w.groups().get(g.getId()).getMembers()).extracting(ComplexValue::getValue).containsExactly(sp.getId());

        w.groups().patch(new PartialUpdate().setId(g.getId()).setOperations(List.of(
                new Patch().setOp(PatchOp.REPLACE).setPath("displayName").setValue("data-platform"))));
        assertThat(w.groups().get(g.getId()).getDisplayName()).isEqualTo("data-platform");

        // deleting a member removes it from its groups
        w.servicePrincipals().delete(sp.getId());
        assertThat(w.groups().get(g.getId()).getMembers()).isNullOrEmpty();
        assertThat(StreamSupport.stream(w.servicePrincipals().list(new ListServicePrincipalsRequest()).spliterator(), false)).isEmpty();
    }

    @Test
    void filtersInTheFormsTheSdksSendOnEveryListEndpoint() {
        w.users().create(new User().setUserName("a@b.com").setDisplayName("Ann O'Neil"));
        w.users().create(new User().setUserName("ab@b.com").setDisplayName("Abe"));
        w.groups().create(new Group().setDisplayName("data-eng"));
        w.groups().create(new Group().setDisplayName("data-science"));
        ServicePrincipal bot = w.servicePrincipals().create(new ServicePrincipal().setDisplayName("ci-bot"));
        w.servicePrincipals().create(new ServicePrincipal().setDisplayName("cd-bot"));

        // single-quoted values, as the SDKs' examples and integration tests write them
        assertThat(users(new ListUsersRequest().setFilter("userName eq 'a@b.com'")))
                .extracting(User::getDisplayName).containsExactly("Ann O'Neil");
        assertThat(users(new ListUsersRequest().setFilter("displayName eq 'Ann O''Neil'")))
                .extracting(User::getUserName).containsExactly("a@b.com");
        assertThat(groups("displayName eq 'data-eng'")).extracting(Group::getDisplayName).containsExactly("data-eng");
        assertThat(sps("displayName eq 'ci-bot'")).extracting(ServicePrincipal::getApplicationId)
                .containsExactly(bot.getApplicationId());
        assertThat(sps("applicationId eq \"" + bot.getApplicationId() + "\"")).extracting(ServicePrincipal::getDisplayName)
                .containsExactly("ci-bot");
        // co, sw, and, or, not and parentheses
        assertThat(groups("displayName sw 'data-'")).hasSize(2);
        assertThat(groups("displayName co 'SCI'")).extracting(Group::getDisplayName).containsExactly("data-science");
        assertThat(sps("displayName co 'bot' and displayName sw 'cd'")).extracting(ServicePrincipal::getDisplayName)
                .containsExactly("cd-bot");
        assertThat(users(new ListUsersRequest().setFilter("userName sw 'a' and (displayName eq 'Abe' or displayName co 'neil')")))
                .hasSize(2);
        assertThat(users(new ListUsersRequest().setFilter("userName ew 'b.com' and not (displayName eq 'Abe')")))
                .extracting(User::getUserName).containsExactly("a@b.com");
        // multi-valued attributes match on any value
        assertThat(users(new ListUsersRequest().setFilter("emails.value eq 'ab@b.com'"))).isEmpty();
        assertThat(users(new ListUsersRequest().setFilter("groups.display eq 'admins'"))).hasSize(1);

        // what is not a filter is INVALID_PARAMETER_VALUE, never a 500 nor an unfiltered list
        for (String bad : List.of("displayName eq 'open", "displayName", "displayName foo 'x'", "emails[type eq \"work\"]",
                "displayName eq 'x' and", "(displayName eq 'x'", "displayName eq 'x')", "and eq 'x'")) {
            assertThatThrownBy(() -> groups(bad)).as(bad).isInstanceOf(InvalidParameterValue.class)
                    .hasMessageContaining("Invalid SCIM filter");
        }
    }

    @Test
    void putOfAServicePrincipalWithoutApplicationIdKeepsIt() {
        ServicePrincipal sp = w.servicePrincipals().create(new ServicePrincipal().setDisplayName("etl"));
        w.servicePrincipals().update(new ServicePrincipal().setId(sp.getId()).setDisplayName("etl-renamed").setActive(true));
        ServicePrincipal read = w.servicePrincipals().get(sp.getId());
        assertThat(read.getApplicationId()).isEqualTo(sp.getApplicationId());
        assertThat(read.getDisplayName()).isEqualTo("etl-renamed");
        assertThat(sps("applicationId eq '" + sp.getApplicationId() + "'")).hasSize(1);
    }

    @Test
    void memberMustExist() {
        assertThatThrownBy(() -> w.groups().create(new Group().setDisplayName("g")
                .setMembers(List.of(new ComplexValue().setValue("999")))))
                .isInstanceOf(ResourceDoesNotExist.class);
    }

    private List<User> users(ListUsersRequest req) {
        return StreamSupport.stream(w.users().list(req).spliterator(), false).toList();
    }

    private List<ServicePrincipal> sps(String filter) {
        return StreamSupport.stream(w.servicePrincipals().list(new ListServicePrincipalsRequest().setFilter(filter)).spliterator(), false).toList();
    }

    private List<Group> groups(String filter) {
        return StreamSupport.stream(w.groups().list(new ListGroupsRequest().setFilter(filter)).spliterator(), false).toList();
    }
}
