package dev.minilake.engines;

import dev.minilake.core.settings.Settings;
import dev.minilake.core.store.DataDir;
import dev.minilake.engines.delta.DeltaMirrors;
import dev.minilake.engines.delta.DeltaTables;
import dev.minilake.engines.delta.KernelDeltaTables;
import dev.minilake.engines.delta.StorageLocations;
import dev.minilake.engines.duckdb.DuckDbEngine;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The engines, each behind a small interface, as beans the API groups' services receive. */
@Configuration(proxyBeanMethods = false)
public class EngineConfiguration {

    @Bean
    public Lake lake(Settings settings, DataDir dataDir) {
        return new Lake(settings, dataDir);
    }

    @Bean(destroyMethod = "close")
    public DuckDbEngine duckDbEngine(Lake lake) {
        return new DuckDbEngine(lake);
    }

    @Bean
    public DeltaTables deltaTables() {
        return new KernelDeltaTables();
    }

    @Bean
    public DeltaMirrors deltaMirrors(DuckDbEngine duckdb, DeltaTables delta) {
        return new DeltaMirrors(duckdb, delta);
    }

    @Bean
    public StorageLocations storageLocations(Lake lake) {
        return new StorageLocations(lake);
    }
}
