package dev.minilake.jobs;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** run_if over upstream result states, as the Databricks docs define each condition. */
class RunIfTest {
    static final List<String> ALL_OK = List.of("SUCCESS", "SUCCESS");
    static final List<String> MIXED = List.of("SUCCESS", "FAILED");
    static final List<String> ALL_BAD = List.of("FAILED", "UPSTREAM_FAILED");
    static final List<String> CANCELLED = List.of("SUCCESS", "CANCELED");

    @Test
    void eachConditionOverEachUpstreamMix() {
        assertThat(met("ALL_SUCCESS")).containsExactly(true, false, false, false);
        assertThat(met("ALL_DONE")).containsExactly(true, true, true, true);
        assertThat(met("NONE_FAILED")).containsExactly(true, false, false, false);
        assertThat(met("AT_LEAST_ONE_SUCCESS")).containsExactly(true, true, false, true);
        assertThat(met("ALL_FAILED")).containsExactly(false, false, true, false);
        assertThat(met("AT_LEAST_ONE_FAILED")).containsExactly(false, true, true, false);
    }

    @Test
    void notMetStateNamesTheCause() {
        assertThat(RunIf.notMetState(MIXED)).isEqualTo("UPSTREAM_FAILED");
        assertThat(RunIf.notMetState(CANCELLED)).isEqualTo("UPSTREAM_CANCELED");
        assertThat(RunIf.notMetState(ALL_OK)).isEqualTo("EXCLUDED");
    }

    private static List<Boolean> met(String runIf) {
        return List.of(RunIf.met(runIf, ALL_OK), RunIf.met(runIf, MIXED), RunIf.met(runIf, ALL_BAD), RunIf.met(runIf, CANCELLED));
    }
}
