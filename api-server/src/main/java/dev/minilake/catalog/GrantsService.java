package dev.minilake.catalog;

import dev.minilake.catalog.GrantDtos.EffectivePrivilege;
import dev.minilake.catalog.GrantDtos.EffectivePrivilegeAssignment;
import dev.minilake.catalog.GrantDtos.GrantRecord;
import dev.minilake.catalog.GrantDtos.PermissionsChange;
import dev.minilake.catalog.GrantDtos.PrivilegeAssignment;
import dev.minilake.core.error.ApiException;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Grants, named like the SDK's GrantsAPI: stored per securable, inherited catalog → schema →
 * object when asked for effective permissions, and never enforced (every caller may do everything).
 */
@Service
public class GrantsService {
    /** The SDK's catalog.Privilege values: anything else would not decode in a client. */
    static final Set<String> PRIVILEGES = Set.of("ACCESS", "ALL_PRIVILEGES", "APPLY_TAG", "BROWSE", "CREATE", "CREATE_CATALOG",
            "CREATE_CLEAN_ROOM", "CREATE_CONNECTION", "CREATE_EXTERNAL_LOCATION", "CREATE_EXTERNAL_TABLE",
            "CREATE_EXTERNAL_VOLUME", "CREATE_FOREIGN_CATALOG", "CREATE_FOREIGN_SECURABLE", "CREATE_FUNCTION",
            "CREATE_MANAGED_STORAGE", "CREATE_MATERIALIZED_VIEW", "CREATE_MODEL", "CREATE_PROVIDER", "CREATE_RECIPIENT",
            "CREATE_SCHEMA", "CREATE_SERVICE_CREDENTIAL", "CREATE_SHARE", "CREATE_STORAGE_CREDENTIAL", "CREATE_TABLE",
            "CREATE_VIEW", "CREATE_VOLUME", "EXECUTE", "EXECUTE_CLEAN_ROOM_TASK", "EXTERNAL_USE_SCHEMA", "MANAGE",
            "MANAGE_ALLOWLIST", "MODIFY", "MODIFY_CLEAN_ROOM", "READ_FILES", "READ_METADATA", "READ_PRIVATE_FILES",
            "READ_VOLUME", "REFRESH", "SELECT", "SET_SHARE_PERMISSION", "USAGE", "USE_CATALOG", "USE_CONNECTION",
            "USE_MARKETPLACE_ASSETS", "USE_PROVIDER", "USE_RECIPIENT", "USE_SCHEMA", "USE_SHARE", "WRITE_FILES",
            "WRITE_PRIVATE_FILES", "WRITE_VOLUME");

    /** A securable, with its type as the SDK's SecurableType names it and its lowercase full name. */
    record Securable(String type, String fullName) {
    }

    private final UcStore uc;
    private final PhysicalCatalog physical;
    private final TablesService tables;
    private final VolumesService volumes;
    private final FunctionsService functions;

    public GrantsService(UcStore uc, PhysicalCatalog physical, TablesService tables, VolumesService volumes,
                         FunctionsService functions) {
        this.uc = uc;
        this.physical = physical;
        this.tables = tables;
        this.volumes = volumes;
        this.functions = functions;
    }

    /** The direct grants on a securable, optionally of one principal. */
    public List<PrivilegeAssignment> get(String securableType, String fullName, String principal) {
        Securable s = resolve(securableType, fullName);
        return assignments(grantsOf(s), principal);
    }

    /** Applies add/remove changes in one transaction and returns the resulting direct grants. */
    public List<PrivilegeAssignment> update(String securableType, String fullName, List<PermissionsChange> changes) {
        Securable s = resolve(securableType, fullName);
        return uc.inTransaction(() -> {
            Map<String, List<String>> grants = new LinkedHashMap<>(grantsOf(s));
            for (PermissionsChange c : changes == null ? List.<PermissionsChange>of() : changes) {
                Set<String> now = new LinkedHashSet<>(grants.getOrDefault(c.principal(), List.of()));
                if (c.add() != null) c.add().forEach(p -> now.add(privilege(p)));
                if (c.remove() != null) c.remove().forEach(p -> now.remove(privilege(p)));
                if (now.isEmpty()) grants.remove(c.principal());
                else grants.put(c.principal(), List.copyOf(now));
            }
            GrantRecord r = new GrantRecord(s.type(), s.fullName(), grants);
            if (grants.isEmpty()) uc.grants.delete(r.key());
            else uc.grants.put(r.key(), r);
            return assignments(grants, null);
        });
    }

    /** Direct and inherited grants: the object's own, then its schema's, then its catalog's. */
    public List<EffectivePrivilegeAssignment> getEffective(String securableType, String fullName, String principal) {
        Securable s = resolve(securableType, fullName);
        Map<String, List<EffectivePrivilege>> byPrincipal = new LinkedHashMap<>();
        for (Securable level : lineage(s)) {
            boolean own = level.equals(s);
            grantsOf(level).forEach((who, privileges) -> {
                if (principal != null && !principal.equals(who)) return;
                for (String p : privileges) {
                    byPrincipal.computeIfAbsent(who, k -> new ArrayList<>()).add(own ? new EffectivePrivilege(p, null, null)
                            : new EffectivePrivilege(p, level.type(), level.fullName()));
                }
            });
        }
        List<EffectivePrivilegeAssignment> out = new ArrayList<>();
        byPrincipal.forEach((who, ps) -> out.add(new EffectivePrivilegeAssignment(who, ps)));
        return out;
    }

    /** The securable itself, then each parent up to its catalog. */
    static List<Securable> lineage(Securable s) {
        String[] parts = s.fullName().split("\\.");
        List<Securable> out = new ArrayList<>(List.of(s));
        if (parts.length >= 3) out.add(new Securable("SCHEMA", parts[0] + "." + parts[1]));
        if (parts.length >= 2) out.add(new Securable("CATALOG", parts[0]));
        return out;
    }

    /** Validates the type and the name, and that the securable exists (404 otherwise). */
    private Securable resolve(String securableType, String fullName) {
        String type = securableType == null ? "" : securableType.toUpperCase(Locale.ROOT);
        switch (type) {
            case "CATALOG" -> {
                String c = Names.validate("catalog name", fullName);
                physical.requireCatalog(c);
                return new Securable(type, c);
            }
            case "SCHEMA" -> {
                Names.SchemaName n = Names.schemaFullName(fullName);
                physical.requireSchema(n.catalog(), n.schema());
                return new Securable(type, n.fullName());
            }
            case "TABLE", "VIEW" -> {
                String full = Names.objectFullName("table", fullName).fullName();
                if (!tables.exists(full)) throw ApiException.notFound("Table '" + full + "'");
                return new Securable("TABLE", full);
            }
            case "VOLUME" -> {
                return new Securable(type, volumes.get(fullName).full_name());
            }
            case "FUNCTION" -> {
                String full = Names.objectFullName("function", fullName).fullName();
                if (!functions.exists(full)) throw ApiException.notFound("Function '" + full + "'");
                return new Securable(type, full);
            }
            default -> throw ApiException.invalid("Invalid securable_type '" + securableType
                    + "': MiniLake keeps grants on catalog, schema, table, volume and function.");
        }
    }

    private Map<String, List<String>> grantsOf(Securable s) {
        return uc.grants.get(s.fullName() + "/" + s.type()).map(GrantRecord::privileges).orElse(Map.of());
    }

    private static List<PrivilegeAssignment> assignments(Map<String, List<String>> grants, String principal) {
        List<PrivilegeAssignment> out = new ArrayList<>();
        grants.forEach((who, ps) -> {
            if (principal == null || principal.equals(who)) out.add(new PrivilegeAssignment(who, ps));
        });
        return out;
    }

    private static String privilege(String p) {
        String norm = p == null ? "" : p.trim().toUpperCase(Locale.ROOT).replace(' ', '_');
        if (!PRIVILEGES.contains(norm)) throw ApiException.invalid("Invalid privilege '" + p + "'.");
        return norm;
    }
}
