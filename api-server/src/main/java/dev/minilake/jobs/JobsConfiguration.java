package dev.minilake.jobs;

import dev.minilake.core.settings.Settings;
import dev.minilake.jobs.exec.KubernetesTaskExecutor;
import dev.minilake.jobs.exec.LocalTaskExecutor;
import dev.minilake.jobs.exec.TaskExecutor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The one place that picks where tasks run (MINILAKE_EXECUTOR). */
@Configuration(proxyBeanMethods = false)
public class JobsConfiguration {
    @Bean
    public TaskExecutor taskExecutor(Settings settings) {
        return switch (settings.executor()) {
            case "local" -> new LocalTaskExecutor();
            case "kubernetes" -> new KubernetesTaskExecutor(settings);
            default -> throw new IllegalStateException("MINILAKE_EXECUTOR=" + settings.executor() + " is not known");
        };
    }
}
