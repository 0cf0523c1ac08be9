package dev.minilake.catalog.governance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.error.ApiException;
import org.springframework.stereotype.Service;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The validate calls, answered with what can be checked locally: that the named credential and
 * location exist, that the url resolves inside the storage roots, and then the real filesystem
 * checks (path exists, list, read, write, delete permission of this process). Cloud identities are
 * never checked: there is no cloud.
 */
@Service
public class StorageValidation {
    private final ObjectMapper json;
    private final CredentialsService credentials;
    private final ExternalLocationsService locations;

    public StorageValidation(ObjectMapper json, CredentialsService credentials, ExternalLocationsService locations) {
        this.json = json;
        this.credentials = credentials;
        this.locations = locations;
    }

    /** StorageCredentialsAPI.validate: a ValidateStorageCredentialResponse. */
    public ObjectNode validateStorage(JsonNode body) {
        if (body.hasNonNull("storage_credential_name")) credentials.get(body.get("storage_credential_name").asText(), "STORAGE");
        ObjectNode out = json.createObjectNode();
        ArrayNode results = out.putArray("results");
        String url = url(body);
        if (url == null) {
            results.addObject().put("operation", "PATH_EXISTS").put("result", "SKIP").put("message", "no url or external_location_name to check");
            return out;
        }
        pathChecks(url, body.path("read_only").asBoolean(false), out, results, true);
        return out;
    }

    /** CredentialsAPI.validate_credential: a ValidateCredentialResponse. */
    public ObjectNode validateCredential(JsonNode body) {
        ObjectNode cred = body.hasNonNull("credential_name") ? credentials.get(body.get("credential_name").asText(), null) : null;
        String purpose = body.hasNonNull("purpose") ? CredentialsService.purpose(body.get("purpose").asText())
                : cred != null ? cred.path("purpose").asText() : "STORAGE";
        ObjectNode out = json.createObjectNode();
        ArrayNode results = out.putArray("results");
        String url = url(body);
        if (purpose.equals("SERVICE") || url == null) {
            results.addObject().put("result", "SKIP").put("message", cred == null
                    ? "nothing to check locally: no credential_name or url"
                    : "credential '" + cred.path("name").asText() + "' exists; its cloud identity is not checked (no cloud behind MiniLake)");
            return out;
        }
        boolean readOnly = body.path("read_only").asBoolean(cred != null && cred.path("read_only").asBoolean(false));
        pathChecks(url, readOnly, out, results, false);
        return out;
    }

    private String url(JsonNode body) {
        if (body.hasNonNull("url") && !body.get("url").asText().isBlank()) return body.get("url").asText();
        if (body.hasNonNull("external_location_name")) return locations.get(body.get("external_location_name").asText()).path("url").asText();
        return null;
    }

    private void pathChecks(String url, boolean readOnly, ObjectNode out, ArrayNode results, boolean withOperation) {
        Path dir;
        try {
            dir = locations.resolve(url);
        } catch (ApiException e) {
            add(results, withOperation, "PATH_EXISTS", false, e.getMessage());
            return;
        }
        boolean exists = Files.exists(dir), isDir = Files.isDirectory(dir);
        out.put("isDir", isDir); // the SDKs read "isDir"
        add(results, withOperation, "PATH_EXISTS", exists, exists ? dir + " exists" : dir + " does not exist");
        add(results, withOperation, "LIST", isDir && Files.isReadable(dir), isDir ? "directory listable" : "not a directory");
        add(results, withOperation, "READ", exists && Files.isReadable(dir), exists ? "readable" : "nothing to read");
        if (readOnly) {
            skip(results, withOperation, "WRITE");
            skip(results, withOperation, "DELETE");
        } else {
            boolean writable = Files.isWritable(nearestExisting(dir));
            add(results, withOperation, "WRITE", writable, writable ? "writable by MiniLake" : "not writable by MiniLake");
            add(results, withOperation, "DELETE", writable, writable ? "deletable by MiniLake" : "not deletable by MiniLake");
        }
    }

    private static Path nearestExisting(Path p) {
        Path q = p;
        while (q != null && !Files.exists(q)) q = q.getParent();
        return q == null ? p : q;
    }

    private static void add(ArrayNode results, boolean withOperation, String op, boolean pass, String message) {
        ObjectNode r = results.addObject();
        if (withOperation) r.put("operation", op);
        r.put("result", pass ? "PASS" : "FAIL").put("message", withOperation ? message : op + ": " + message);
    }

    private static void skip(ArrayNode results, boolean withOperation, String op) {
        ObjectNode r = results.addObject();
        if (withOperation) r.put("operation", op);
        r.put("result", "SKIP").put("message", (withOperation ? "" : op + ": ") + "read-only credential");
    }
}
