package dev.minilake.engines.sqltranslate;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class IdentifierClauseTest {
    static String bind(String sql, Map<String, String> params) {
        return IdentifierClause.bind(sql, n -> Optional.ofNullable(params.get(n)));
    }

    @Test
    void literalsAndParametersBecomeQuotedNames() {
        assertThat(bind("SELECT * FROM identifier('main.s.t')", Map.of())).isEqualTo("SELECT * FROM `main`.`s`.`t`");
        assertThat(bind("SELECT IDENTIFIER(:c) FROM IDENTIFIER( :cat || '.s.' || :t )", Map.of("c", "`a``b`", "cat", "main", "t", "`x y`")))
                .isEqualTo("SELECT `a``b` FROM `main`.`s`.`x y`");
    }

    @Test
    void textWithoutTheClauseIsUntouched() {
        String sql = "SELECT identifier_col, 'IDENTIFIER(x)' FROM t";
        assertThat(bind(sql, Map.of())).isSameAs(sql);
    }

    @Test
    void namePartsFollowSpark() {
        assertThat(IdentifierClause.nameParts("a.`b.c`.d")).containsExactly("a", "b.c", "d");
        assertThatThrownBy(() -> IdentifierClause.nameParts("a..b")).hasMessageStartingWith("[INVALID_IDENTIFIER]");
        assertThatThrownBy(() -> IdentifierClause.nameParts("t; DROP TABLE t")).hasMessageStartingWith("[INVALID_IDENTIFIER]");
        assertThatThrownBy(() -> IdentifierClause.nameParts("`open")).hasMessageStartingWith("[INVALID_IDENTIFIER]");
    }

    @Test
    void onlyConstantStringsAndBoundParameters() {
        assertThatThrownBy(() -> bind("SELECT * FROM IDENTIFIER(upper('t'))", Map.of())).hasMessageStartingWith("[NOT_A_CONSTANT_STRING");
        assertThatThrownBy(() -> bind("SELECT * FROM IDENTIFIER(:p)", Map.of())).hasMessageContaining("UNBOUND_SQL_PARAMETER");
        assertThatThrownBy(() -> bind("SELECT * FROM IDENTIFIER(", Map.of())).hasMessageStartingWith("[PARSE_SYNTAX_ERROR]");
    }
}
