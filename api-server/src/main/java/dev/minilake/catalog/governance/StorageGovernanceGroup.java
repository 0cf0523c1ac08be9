package dev.minilake.catalog.governance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Request;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.error.ApiException;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/** Storage credentials, service credentials and external locations; the logic is in the services. */
@Component
public class StorageGovernanceGroup implements ApiGroup {
    private static final String UC = "/api/2.1/unity-catalog";

    private final ObjectMapper json;
    private final CredentialsService credentials;
    private final ExternalLocationsService locations;
    private final StorageValidation validation;

    public StorageGovernanceGroup(ObjectMapper json, CredentialsService credentials, ExternalLocationsService locations,
                                  StorageValidation validation) {
        this.json = json;
        this.credentials = credentials;
        this.locations = locations;
        this.validation = validation;
    }

    @Override
    public String name() {
        return "uc-storage-governance";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.CRUD;
    }

    @Override
    public String note() {
        return "storage/service credentials and external locations stored, cloud identities kept as given and never used; "
                + "real checks: location urls confined to the storage roots and non-overlapping, credential must exist, "
                + "delete/move refused while EXTERNAL tables live under a location (or locations use a credential) unless force, "
                + "validate runs local filesystem checks; temporary service credentials are empty; not enforced on table access";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("StorageCredentialsAPI", "CredentialsAPI", "ExternalLocationsAPI");
    }

    @Override
    public void routes(Routes r) {
        String sc = UC + "/storage-credentials";
        r.post(sc, ObjectNode.class, (req, b) -> CredentialsService.storageView(credentials.create(b, "STORAGE")));
        r.get(sc, req -> page(req, credentials.list("STORAGE"), CredentialsService::storageView, "storage_credentials"));
        r.get(sc + "/{name}", req -> CredentialsService.storageView(credentials.get(req.pathVar("name"), "STORAGE")));
        r.patch(sc + "/{name}", ObjectNode.class, (req, b) -> CredentialsService.storageView(credentials.update(req.pathVar("name"), b, "STORAGE")));
        r.delete(sc + "/{name}", req -> deleteCredential(req, "name", "STORAGE"));
        r.post(UC + "/validate-storage-credentials", ObjectNode.class, (req, b) -> validation.validateStorage(b));

        String cr = UC + "/credentials";
        r.post(cr, ObjectNode.class, (req, b) -> CredentialsService.credentialView(
                credentials.create(b, b.hasNonNull("purpose") ? b.get("purpose").asText() : null)));
        r.get(cr, req -> page(req, credentials.list(req.query("purpose").orElse(null)), CredentialsService::credentialView, "credentials"));
        r.get(cr + "/{name_arg}", req -> CredentialsService.credentialView(credentials.get(req.pathVar("name_arg"), null)));
        r.patch(cr + "/{name_arg}", ObjectNode.class, (req, b) -> CredentialsService.credentialView(
                credentials.update(req.pathVar("name_arg"), b, null)));
        r.delete(cr + "/{name_arg}", req -> deleteCredential(req, "name_arg", null));
        r.post(UC + "/validate-credentials", ObjectNode.class, (req, b) -> validation.validateCredential(b));
        r.post(UC + "/temporary-service-credentials", ObjectNode.class, (req, b) -> temporaryServiceCredential(b));

        String el = UC + "/external-locations";
        r.post(el, ObjectNode.class, (req, b) -> locations.create(b));
        r.get(el, req -> page(req, locations.list(), UnaryOperator.identity(), "external_locations"));
        r.get(el + "/{name}", req -> locations.get(req.pathVar("name")));
        r.patch(el + "/{name}", ObjectNode.class, (req, b) -> locations.update(req.pathVar("name"), b));
        r.delete(el + "/{name}", req -> {
            locations.delete(req.pathVar("name"), req.queryBool("force").orElse(false));
            return null;
        });
    }

    /** A credential that external locations use is kept unless {@code force}. */
    private Object deleteCredential(Request req, String var, String purpose) {
        ObjectNode c = credentials.get(req.pathVar(var), purpose);
        List<String> users = locations.usingCredential(c);
        if (!users.isEmpty() && !req.queryBool("force").orElse(false)) {
            throw ApiException.invalid("Credential '" + c.path("name").asText() + "' is used by external location(s) " + users
                    + " and cannot be deleted without force.");
        }
        credentials.delete(c.path("name").asText(), purpose);
        return null;
    }

    /** A SERVICE credential's temporary cloud token: none is needed locally, so only the expiry. */
    private Object temporaryServiceCredential(JsonNode b) {
        ObjectNode c = credentials.get(CredentialsService.requiredText(b, "credential_name"), null);
        if (!"SERVICE".equals(c.path("purpose").asText())) {
            throw ApiException.invalid("Credential '" + c.path("name").asText() + "' is a " + c.path("purpose").asText()
                    + " credential, not a SERVICE credential.");
        }
        return Map.of("expiration_time", System.currentTimeMillis() + 3_600_000L);
    }

    private Object page(Request req, List<ObjectNode> sorted, UnaryOperator<ObjectNode> view, String field) {
        return Pages.page(json, req, sorted.stream().map(view).toList(), field);
    }
}
