package dev.minilake.catalog.ucsecrets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.catalog.MetastoreService;
import dev.minilake.catalog.Names;
import dev.minilake.catalog.Names.ObjectName;
import dev.minilake.core.api.Paging;
import dev.minilake.catalog.SchemasService;
import dev.minilake.core.crypto.SecretSeal;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.iam.CurrentUserService;
import org.springframework.stereotype.Service;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Unity Catalog secrets ({@code catalog.schema.secret}), named like the SDK's SecretsUcAPI. Stored in
 * the metadata store, encrypted at rest by SecretSeal. The input-only {@code value} is never returned; the
 * value comes back as {@code effective_value} only when get is called with {@code include_value=true}
 * (READ_SECRET is not checked: every caller may read). expire_time is informational, as in Databricks.
 */
@Service
public class UcSecretsService {
    static final int MAX_VALUE_BYTES = 60 * 1024;
    static final Set<String> UPDATABLE = Set.of("value", "comment", "owner", "expire_time");

    public record ListSecretsResponse(List<ObjectNode> secrets, String next_page_token) {
    }

    private final Store store;
    private final SchemasService schemas;
    private final MetastoreService metastore;
    private final CurrentUserService user;
    private final ObjectMapper json;
    private final Collection<ObjectNode> secrets;

    private final SecretSeal seal;

    public UcSecretsService(Store store, SchemasService schemas, MetastoreService metastore, CurrentUserService user, ObjectMapper json,
                            SecretSeal seal) {
        this.seal = seal;
        this.store = store;
        this.schemas = schemas;
        this.metastore = metastore;
        this.user = user;
        this.json = json;
        this.secrets = store.collection("uc_secret", ObjectNode.class);
    }

    public synchronized ObjectNode create(ObjectNode body) {
        ObjectName n = Names.object("secret", body.path("catalog_name").asText(null), body.path("schema_name").asText(null),
                body.path("name").asText(null));
        String value = value(body.get("value"));
        if (value == null) throw ApiException.missingField("value");
        String expire = expireTime(body.get("expire_time"));
        String schemaId = schemaId(n);
        dropStale(n.schemaName().fullName(), schemaId);
        String now = now();
        String me = user.userName();
        ObjectNode s = json.createObjectNode();
        s.put("name", n.name()).put("catalog_name", n.catalog()).put("schema_name", n.schema()).put("full_name", n.fullName());
        if (body.hasNonNull("comment")) s.put("comment", body.get("comment").asText());
        String owner = body.hasNonNull("owner") ? body.get("owner").asText() : me;
        s.put("owner", owner).put("effective_owner", owner);
        if (expire != null) s.put("expire_time", expire);
        s.put("metastore_id", metastore.metastoreId()).put("create_time", now).put("created_by", me)
                .put("update_time", now).put("updated_by", me);
        s.put("value", seal.seal(value.getBytes(StandardCharsets.UTF_8))).put("schema_id", schemaId);
        if (!secrets.insert(n.fullName(), n.schemaName().fullName(), s)) throw ApiException.alreadyExists("Secret '" + n.fullName() + "'");
        return view(s, false);
    }

    public ObjectNode get(String fullName, boolean includeValue) {
        return view(require(fullName), includeValue);
    }

    /** Secrets sorted by full name, of all schemas, one catalog or one schema. */
    public ListSecretsResponse list(String catalog, String schema, Long pageSize, String pageToken) {
        List<ObjectNode> all;
        if (schema != null && !schema.isBlank()) {
            if (catalog == null || catalog.isBlank()) throw ApiException.invalid("schema_name needs catalog_name.");
            Names.SchemaName s = Names.schema(catalog, schema);
            String id = schemaId(new ObjectName(s.catalog(), s.schema(), "x"));
            dropStale(s.fullName(), id);
            all = secrets.listByParent(s.fullName());
        } else if (catalog != null && !catalog.isBlank()) {
            all = secrets.listByIdPrefix(Names.validate("catalog name", catalog) + ".");
        } else {
            all = secrets.list();
        }
        List<ObjectNode> live = all.stream().filter(this::live)
                .sorted(Comparator.comparing((ObjectNode s) -> s.get("full_name").asText())).toList();
        Paging.Page<ObjectNode> p = Paging.page(live, s -> s.get("full_name").asText(), pageSize, pageToken);
        return new ListSecretsResponse(p.items().stream().map(s -> view(s, false)).toList(), p.nextPageToken());
    }

    /** Updates value, comment, owner and expire_time as named by the mask (or every one sent). */
    public synchronized ObjectNode update(String fullName, ObjectNode body, String updateMask) {
        ObjectNode old = require(fullName);
        Set<String> fields = new LinkedHashSet<>();
        if (updateMask == null || updateMask.isBlank() || updateMask.trim().equals("*")) {
            body.fieldNames().forEachRemaining(f -> {
                if (UPDATABLE.contains(f) && !body.get(f).isNull()) fields.add(f);
            });
        } else {
            for (String f : updateMask.split(",")) {
                String field = f.trim().replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
                if (!UPDATABLE.contains(field)) {
                    throw ApiException.invalid("Invalid update_mask field '" + f + "': value, comment, owner and expire_time can be updated.");
                }
                fields.add(field);
            }
        }
        ObjectNode next = old.deepCopy();
        for (String f : fields) {
            JsonNode v = body.get(f);
            switch (f) {
                case "value" -> {
                    String value = value(v);
                    if (value == null) throw ApiException.missingField("value");
                    next.put("value", seal.seal(value.getBytes(StandardCharsets.UTF_8)));
                }
                case "expire_time" -> {
                    String e = expireTime(v);
                    if (e == null) next.remove("expire_time");
                    else next.put("expire_time", e);
                }
                case "owner" -> {
                    if (v == null || v.asText().isBlank()) throw ApiException.missingField("owner");
                    next.put("owner", v.asText()).put("effective_owner", v.asText());
                }
                default -> {
                    if (v == null || v.isNull()) next.remove(f);
                    else next.put(f, v.asText());
                }
            }
        }
        next.put("update_time", now()).put("updated_by", user.userName());
        secrets.put(old.get("full_name").asText(), old.get("catalog_name").asText() + "." + old.get("schema_name").asText(), next);
        return view(next, false);
    }

    public synchronized void delete(String fullName) {
        ObjectNode s = require(fullName);
        secrets.delete(s.get("full_name").asText());
    }

    // ---- internals

    private ObjectNode require(String fullName) {
        ObjectName n = Names.objectFullName("secret", fullName);
        return secrets.get(n.fullName()).filter(s -> {
            if (live(s)) return true;
            secrets.delete(n.fullName());
            return false;
        }).orElseThrow(() -> ApiException.notFound("Secret '" + n.fullName() + "'"));
    }

    /** True while the secret's schema is the one it was created in. */
    private boolean live(ObjectNode s) {
        try {
            String c = s.get("catalog_name").asText();
            String sc = s.get("schema_name").asText();
            return schemas.exists(c, sc) && s.path("schema_id").asText().equals(schemas.get(c + "." + sc).schema_id());
        } catch (ApiException gone) {
            return false;
        }
    }

    private void dropStale(String schemaFullName, String schemaId) {
        List<ObjectNode> stale = secrets.listByParent(schemaFullName).stream()
                .filter(s -> !schemaId.equals(s.path("schema_id").asText())).toList();
        if (!stale.isEmpty()) store.inTransaction(() -> stale.forEach(s -> secrets.delete(s.get("full_name").asText())));
    }

    private String schemaId(ObjectName n) {
        if (!schemas.exists(n.catalog(), n.schema())) throw ApiException.notFound("Schema '" + n.schemaName().fullName() + "'");
        return schemas.get(n.schemaName().fullName()).schema_id();
    }

    private static String value(JsonNode v) {
        if (v == null || v.isNull()) return null;
        if (!v.isTextual()) throw ApiException.invalid("value must be a string.");
        if (v.asText().getBytes(StandardCharsets.UTF_8).length > MAX_VALUE_BYTES) {
            throw ApiException.invalid("The secret value exceeds " + MAX_VALUE_BYTES + " bytes.");
        }
        return v.asText();
    }

    private static String expireTime(JsonNode v) {
        if (v == null || v.isNull()) return null;
        try {
            return Instant.parse(v.asText()).toString();
        } catch (DateTimeParseException e) {
            throw ApiException.invalid("Invalid expire_time '" + v.asText() + "': expected an RFC 3339 timestamp.");
        }
    }

    /** The wire form: never the stored value; effective_value only when asked for. */
    private ObjectNode view(ObjectNode s, boolean includeValue) {
        ObjectNode out = s.deepCopy();
        out.remove("value");
        out.remove("schema_id");
        if (includeValue) out.put("effective_value", plain(s.get("value").asText()));
        return out;
    }

    /** The stored value in plaintext; values stored before sealing existed are plaintext already. */
    private String plain(String stored) {
        return SecretSeal.isSealed(stored) ? new String(seal.open(stored), StandardCharsets.UTF_8) : stored;
    }

    private static String now() {
        return Instant.ofEpochMilli(System.currentTimeMillis()).toString();
    }
}
