package dev.minilake.catalog;

import dev.minilake.catalog.CatalogDtos.ObjectMeta;
import dev.minilake.catalog.FunctionDtos.FunctionInfo;
import dev.minilake.catalog.GrantDtos.GrantRecord;
import dev.minilake.catalog.TableDtos.TableMeta;
import dev.minilake.catalog.VolumeDtos.VolumeInfo;
import dev.minilake.core.settings.Settings;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Unity Catalog's records in the store, all keyed by lowercase full name so that dropping a catalog
 * or schema forgets everything under it with one prefix. Catalogs, schemas, tables and functions
 * exist in DuckDB; the store keeps only their ids and descriptive fields. Volumes and grants live
 * here alone.
 */
@Component
public class UcStore {
    private final ReentrantLock ddl = new ReentrantLock();
    private final Store store;
    private final Settings settings;
    final Collection<ObjectMeta> catalogs;
    final Collection<ObjectMeta> schemas;
    final Collection<TableMeta> tables;
    final Collection<FunctionInfo> functions;
    final Collection<VolumeInfo> volumes;
    final Collection<GrantRecord> grants;

    public UcStore(Store store, Settings settings) {
        this.store = store;
        this.settings = settings;
        this.catalogs = store.collection("uc_catalog", ObjectMeta.class);
        this.schemas = store.collection("uc_schema", ObjectMeta.class);
        this.tables = store.collection("uc_table", TableMeta.class);
        this.functions = store.collection("uc_function", FunctionInfo.class);
        this.volumes = store.collection("uc_volume", VolumeInfo.class);
        this.grants = store.collection("uc_grant", GrantRecord.class);
    }

    /**
     * The record of an object DuckDB has, created on first sight for objects made through SQL, so
     * that its id is generated once and then stays stable.
     */
    static <T> T getOrCreate(Collection<T> c, String id, String parent, Supplier<T> fresh) {
        Optional<T> found = c.get(id);
        if (found.isPresent()) return found.get();
        c.insert(id, parent, fresh.get());
        return c.get(id).orElseThrow();
    }

    /** Fresh metadata for a catalog or schema owned by the current user. */
    ObjectMeta freshMeta(String fullName, String comment, java.util.Map<String, String> properties) {
        long now = System.currentTimeMillis();
        return new ObjectMeta(fullName, UUID.randomUUID().toString(), comment, owner(), properties, now, now);
    }

    String owner() {
        return settings.userName();
    }

    /**
     * Runs a DDL change under the one Unity Catalog lock, so a check ("does it exist? is it empty?")
     * and the change it guards are atomic across catalogs, schemas and their objects.
     */
    <R> R exclusive(Supplier<R> work) {
        ddl.lock();
        try {
            return work.get();
        } finally {
            ddl.unlock();
        }
    }

    void exclusive(Runnable work) {
        exclusive(() -> {
            work.run();
            return null;
        });
    }

    <R> R inTransaction(Supplier<R> work) {
        return store.inTransaction(work);
    }

    void inTransaction(Runnable work) {
        store.inTransaction(work);
    }

    /** Forgets one catalog and everything under it. */
    void forgetCatalog(String catalog) {
        inTransaction(() -> {
            catalogs.delete(catalog);
            forgetPrefix(catalog + ".");
            forgetGrant(catalog);
        });
    }

    /** Forgets one schema and everything under it. */
    void forgetSchema(String fullName) {
        inTransaction(() -> {
            schemas.delete(fullName);
            forgetPrefix(fullName + ".");
            forgetGrant(fullName);
        });
    }

    private void forgetPrefix(String prefix) {
        for (Collection<? extends Keyed> c : List.of(schemas, tables, functions, volumes, grants)) {
            for (Keyed k : c.listByIdPrefix(prefix)) c.delete(k.key());
        }
    }

    /** Grants are keyed {@code full_name/type}, so a name's grants go with it whatever the type. */
    void forgetGrant(String fullName) {
        for (GrantRecord g : grants.listByIdPrefix(fullName + "/")) grants.delete(g.key());
    }

    /** A record that knows its own store key (its lowercase full name). */
    public interface Keyed {
        String key();
    }
}
