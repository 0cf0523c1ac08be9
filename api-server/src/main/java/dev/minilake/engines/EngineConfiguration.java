package dev.minilake.engines;

import dev.minilake.core.settings.Settings;
import dev.minilake.core.store.DataDir;
import dev.minilake.engines.delta.DeltaTables;
import dev.minilake.engines.delta.KernelDeltaTables;
import dev.minilake.engines.delta.StorageLocations;
import dev.minilake.engines.duckdb.DuckDbEngine;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The engines, each behind a small interface, as beans the API groups' services receive. */
@Configuration(proxyBeanMethods = false)
public class EngineConfiguration {

    @Bean(destroyMethod = "close")
    public DuckDbEngine duckDbEngine(DataDir dataDir) {
        return new DuckDbEngine(dataDir);
    }

    @Bean
    public DeltaTables deltaTables() {
        return new KernelDeltaTables();
    }

    @Bean
    public StorageLocations storageLocations(Settings settings, DataDir dataDir) {
        return new StorageLocations(settings, dataDir);
    }
}
