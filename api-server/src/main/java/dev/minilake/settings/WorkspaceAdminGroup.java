package dev.minilake.settings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import org.springframework.stereotype.Component;

import java.util.List;

/** Routes of the workspace admin objects; the logic is in {@link WorkspaceAdminService}. */
@Component
public class WorkspaceAdminGroup implements ApiGroup {
    private final WorkspaceAdminService s;

    public WorkspaceAdminGroup(WorkspaceAdminService s) {
        this.s = s;
    }

    @Override
    public String name() {
        return "workspace-admin";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.CRUD;
    }

    @Override
    public String note() {
        return "workspace-conf, IP access lists, git credentials, notification destinations, settings (etags); stored, not enforced";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("WorkspaceConfAPI", "IpAccessListsAPI", "GitCredentialsAPI", "NotificationDestinationsAPI", "SettingsAPI");
    }

    @Override
    public void routes(Routes r) {
        r.get("/api/2.0/workspace-conf", req -> s.getConf(req.query("keys").orElse(null)));
        r.patch("/api/2.0/workspace-conf", JsonNode.class, (req, body) -> {
            s.setConf(body);
            return null;
        });

        String ip = "/api/2.0/ip-access-lists";
        r.post(ip, ObjectNode.class, (req, body) -> s.createIpList(body));
        r.get(ip, req -> s.listOf("ip_access_lists", s.ipLists.list()));
        r.get(ip + "/{id}", req -> s.wrap("ip_access_list", s.ipLists.get(req.pathVar("id"))));
        r.put(ip + "/{id}", ObjectNode.class, (req, body) -> s.replaceIpList(req.pathVar("id"), body));
        r.patch(ip + "/{id}", ObjectNode.class, (req, body) -> s.updateIpList(req.pathVar("id"), body));
        r.delete(ip + "/{id}", req -> {
            s.ipLists.delete(req.pathVar("id"));
            return null;
        });

        String git = "/api/2.0/git-credentials";
        r.post(git, ObjectNode.class, (req, body) -> s.createGitCredential(body));
        r.get(git, req -> s.listOf("credentials", s.gitCredentials.list().stream().map(s.gitCredentials::visible).toList()));
        r.get(git + "/{id}", req -> s.gitCredentials.visible(s.gitCredentials.get(req.pathVar("id"))));
        r.patch(git + "/{id}", ObjectNode.class, (req, body) -> {
            s.updateGitCredential(req.pathVar("id"), body);
            return null;
        });
        r.delete(git + "/{id}", req -> {
            s.gitCredentials.delete(req.pathVar("id"));
            return null;
        });

        String nd = "/api/2.0/notification-destinations";
        r.post(nd, ObjectNode.class, (req, body) -> s.createDestination(body));
        r.get(nd, req -> s.listOf("results", s.destinations.list().stream().map(s::destinationView).toList()));
        r.get(nd + "/{id}", req -> s.destinationView(s.destinations.get(req.pathVar("id"))));
        r.patch(nd + "/{id}", ObjectNode.class, (req, body) -> s.updateDestination(req.pathVar("id"), body));
        r.delete(nd + "/{id}", req -> {
            s.destinations.delete(req.pathVar("id"));
            return null;
        });

        String setting = "/api/2.0/settings/types/{type}/names/default";
        r.get(setting, req -> s.getSetting(req.pathVar("type"), req.query("etag").orElse(null)));
        r.patch(setting, JsonNode.class, (req, body) -> s.updateSetting(req.pathVar("type"), body));
        r.delete(setting, req -> s.deleteSetting(req.pathVar("type"), req.query("etag").orElse(null)));
    }
}
