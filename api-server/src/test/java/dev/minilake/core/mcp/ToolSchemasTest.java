package dev.minilake.core.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Input schemas generated from argument records, and URI templates whose {+var} spans slashes. */
class ToolSchemasTest {

    record Inner(@Arg("a name") String name) {
    }

    record Args(@Arg("the id") Long id,
                @Arg(value = "some tags", required = false) List<String> tags,
                @Arg(value = "labels", required = false) Map<String, String> labels,
                @Arg(value = "nested", required = false) List<Inner> inner,
                @Arg(value = "flag", required = false) Boolean flag) {
    }

    record Undescribed(String name) {
    }

    @Test
    void schemaFollowsTheRecord() {
        ObjectNode s = ToolSchemas.of(Args.class);
        assertThat(s.get("type").asText()).isEqualTo("object");
        assertThat(s.get("additionalProperties").asBoolean()).isFalse();
        assertThat(s.get("required").toString()).isEqualTo("[\"id\"]");
        assertThat(s.at("/properties/id/type").asText()).isEqualTo("integer");
        assertThat(s.at("/properties/id/description").asText()).isEqualTo("the id");
        assertThat(s.at("/properties/tags/items/type").asText()).isEqualTo("string");
        assertThat(s.at("/properties/labels/additionalProperties/type").asText()).isEqualTo("string");
        assertThat(s.at("/properties/inner/items/properties/name/type").asText()).isEqualTo("string");
        assertThat(s.at("/properties/flag/type").asText()).isEqualTo("boolean");
        assertThat(ToolSchemas.required(Args.class)).containsExactly("id");
    }

    @Test
    void anUndescribedArgumentFailsTheDeclaration() {
        assertThatThrownBy(() -> ToolSchemas.of(Undescribed.class)).hasMessageContaining("no @Arg description");
    }

    @Test
    void uriTemplates() {
        assertThat(UriTemplates.match("minilake://workspace{+path}", "minilake://workspace/Users/dev/a+b.py"))
                .containsEntry("path", "/Users/dev/a+b.py");
        assertThat(UriTemplates.match("minilake://run/{run_id}/output", "minilake://run/42/output")).containsEntry("run_id", "42");
        assertThat(UriTemplates.match("minilake://run/{run_id}/output", "minilake://run/4/2/output")).isNull();
        assertThat(new UriTemplates().create("minilake://catalog/{catalog}").matches("minilake://catalogs")).isFalse();
    }
}
