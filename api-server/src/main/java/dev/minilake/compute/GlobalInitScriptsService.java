package dev.minilake.compute;

import dev.minilake.compute.AdminDtos.GlobalInitScript;
import dev.minilake.compute.AdminDtos.GlobalInitScriptRequest;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.iam.CurrentUserService;
import org.springframework.stereotype.Service;

import java.util.Comparator;
import java.util.List;
import java.util.UUID;

/** Global init scripts as validated CRUD, named like the SDK's GlobalInitScriptsAPI: stored, never run. */
@Service
public class GlobalInitScriptsService {
    private final Collection<GlobalInitScript> scripts;
    private final CurrentUserService users;

    public GlobalInitScriptsService(Store store, CurrentUserService users) {
        this.scripts = store.collection("global_init_script", GlobalInitScript.class);
        this.users = users;
    }

    public String create(GlobalInitScriptRequest req) {
        String id = UUID.randomUUID().toString().replace("-", "").substring(0, 16).toUpperCase();
        long now = System.currentTimeMillis();
        String me = users.userName();
        int position = req.position() == null ? (int) scripts.count() : req.position();
        scripts.insert(id, new GlobalInitScript(id, req.name(), req.script(), req.enabled() != null && req.enabled(),
                position, now, me, now, me));
        return id;
    }

    public void update(String id, GlobalInitScriptRequest req) {
        GlobalInitScript old = get(id);
        scripts.put(id, new GlobalInitScript(id, req.name(), req.script(),
                req.enabled() == null ? old.enabled() : req.enabled(),
                req.position() == null ? old.position() : req.position(),
                old.created_at(), old.created_by(), System.currentTimeMillis(), users.userName()));
    }

    public GlobalInitScript get(String id) {
        return scripts.get(id).orElseThrow(() -> ApiException.notFound("Global init script " + id));
    }

    /** In execution order (position), without their content. */
    public List<GlobalInitScript> list() {
        return scripts.list().stream().sorted(Comparator.comparing(GlobalInitScript::position))
                .map(GlobalInitScript::withoutContent).toList();
    }

    public void delete(String id) {
        if (!scripts.delete(id)) throw ApiException.notFound("Global init script " + id);
    }
}
