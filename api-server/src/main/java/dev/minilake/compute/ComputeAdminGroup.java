package dev.minilake.compute;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.compute.AdminDtos.CreateGlobalInitScriptResponse;
import dev.minilake.compute.AdminDtos.CreateInstancePoolResponse;
import dev.minilake.compute.AdminDtos.GlobalInitScriptRequest;
import dev.minilake.compute.AdminDtos.InstanceProfile;
import dev.minilake.compute.AdminDtos.ListGlobalInitScriptsResponse;
import dev.minilake.compute.AdminDtos.ListInstancePools;
import dev.minilake.compute.AdminDtos.ListInstanceProfilesResponse;
import dev.minilake.compute.AdminDtos.PoolIdRequest;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import org.springframework.stereotype.Component;

import java.util.List;

import static dev.minilake.compute.ClustersGroup.done;

/** Instance pools, instance profiles and global init scripts: the compute admin objects, validated CRUD. */
@Component
public class ComputeAdminGroup implements ApiGroup {
    private final InstancePoolsService pools;
    private final InstanceProfilesService profiles;
    private final GlobalInitScriptsService scripts;

    public ComputeAdminGroup(InstancePoolsService pools, InstanceProfilesService profiles, GlobalInitScriptsService scripts) {
        this.pools = pools;
        this.profiles = profiles;
        this.scripts = scripts;
    }

    @Override
    public String name() {
        return "compute-admin";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.CRUD;
    }

    @Override
    public String note() {
        return "validated CRUD, no compute";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("InstancePoolsAPI", "InstanceProfilesAPI", "GlobalInitScriptsAPI");
    }

    @Override
    public void routes(Routes r) {
        String p = "/api/2.0/instance-pools";
        r.post(p + "/create", ObjectNode.class, (req, b) -> new CreateInstancePoolResponse(pools.create(b)));
        r.post(p + "/edit", ObjectNode.class, (req, b) -> done(() -> pools.edit(b)));
        r.post(p + "/delete", PoolIdRequest.class, (req, b) -> done(() -> pools.delete(b.instance_pool_id())));
        r.get(p + "/get", req -> pools.get(req.requiredQuery("instance_pool_id")));
        r.get(p + "/list", req -> new ListInstancePools(pools.list()));

        String i = "/api/2.0/instance-profiles";
        r.post(i + "/add", InstanceProfile.class, (req, b) -> done(() -> profiles.add(b)));
        r.post(i + "/edit", InstanceProfile.class, (req, b) -> done(() -> profiles.edit(b)));
        r.post(i + "/remove", InstanceProfile.class, (req, b) -> done(() -> profiles.remove(b.instance_profile_arn())));
        r.get(i + "/list", req -> new ListInstanceProfilesResponse(profiles.list()));

        String g = "/api/2.0/global-init-scripts";
        r.post(g, GlobalInitScriptRequest.class, (req, b) -> new CreateGlobalInitScriptResponse(scripts.create(b)));
        r.get(g, req -> new ListGlobalInitScriptsResponse(scripts.list()));
        r.get(g + "/{id}", req -> scripts.get(req.pathVar("id")));
        r.patch(g + "/{id}", GlobalInitScriptRequest.class, (req, b) -> done(() -> scripts.update(req.pathVar("id"), b)));
        r.delete(g + "/{id}", req -> done(() -> scripts.delete(req.pathVar("id"))));
    }
}
