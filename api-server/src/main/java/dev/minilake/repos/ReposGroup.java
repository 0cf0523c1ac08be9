package dev.minilake.repos;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.error.ApiException;
import dev.minilake.sql.queries.SqlObjects;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Git folders (ReposAPI): real clones of file:// or local git repositories, imported into the workspace. */
@Component
public class ReposGroup implements ApiGroup {
    private final ReposService service;
    private final ObjectMapper json;

    public ReposGroup(ReposService service, ObjectMapper json) {
        this.service = service;
        this.json = json;
    }

    @Override
    public String name() {
        return "repos";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "create clones with git (file:// and local paths; remotes need network) into a workspace folder, "
                + "update checks out a branch or tag; workspace edits are never committed or pushed; git credentials unused";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("ReposAPI");
    }

    @Override
    public void routes(Routes r) {
        r.post("/api/2.0/repos", ObjectNode.class, (req, b) -> view(service.create(SqlObjects.text(b, "url"),
                SqlObjects.text(b, "provider"), SqlObjects.text(b, "path"), patterns(b))));
        r.get("/api/2.0/repos", req -> {
            var page = SqlObjects.page(service.list(req.query("path_prefix").orElse(null)), null,
                    req.query("next_page_token").orElse(null), 100, 100);
            ObjectNode out = json.createObjectNode();
            var list = out.putArray("repos");
            page.items().forEach(x -> list.add(view(x)));
            if (page.nextPageToken() != null) out.put("next_page_token", page.nextPageToken());
            return out;
        });
        r.get("/api/2.0/repos/{id}", req -> view(service.get(id(req.pathVar("id")))).put("git_cli_enabled", false));
        r.patch("/api/2.0/repos/{id}", ObjectNode.class, (req, b) -> {
            service.update(id(req.pathVar("id")), SqlObjects.text(b, "branch"), SqlObjects.text(b, "tag"), patterns(b));
            return Map.of();
        });
        r.delete("/api/2.0/repos/{id}", req -> {
            service.delete(id(req.pathVar("id")));
            return Map.of();
        });
    }

    @Override
    public void reset() throws Exception {
        service.reset();
    }

    private ObjectNode view(ReposService.StoredRepo repo) {
        ObjectNode o = json.createObjectNode().put("id", repo.id()).put("path", repo.path()).put("url", repo.url());
        if (repo.provider() != null) o.put("provider", repo.provider());
        if (repo.branch() != null) o.put("branch", repo.branch());
        if (repo.head_commit_id() != null) o.put("head_commit_id", repo.head_commit_id());
        if (repo.sparse_patterns() != null) {
            var arr = o.putObject("sparse_checkout").putArray("patterns");
            repo.sparse_patterns().forEach(arr::add);
        }
        return o;
    }

    private static List<String> patterns(JsonNode b) {
        JsonNode sc = b.get("sparse_checkout");
        if (sc == null || sc.isNull()) return null;
        List<String> out = new ArrayList<>();
        sc.path("patterns").forEach(p -> out.add(p.asText()));
        return out;
    }

    private static long id(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw ApiException.notFound("Repo " + s);
        }
    }
}
