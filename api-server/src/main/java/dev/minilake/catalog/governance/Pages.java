package dev.minilake.catalog.governance;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.Paging;
import dev.minilake.core.api.Request;

import java.util.List;
import java.util.function.Function;

/** A list answer paged the Unity Catalog way (max_results, page_token → next_page_token). */
final class Pages {
    private Pages() {
    }

    /** {@code sorted} must be sorted by {@code key}; items are written under {@code field}. */
    static <T> ObjectNode page(ObjectMapper json, Request req, String sizeParam, List<T> sorted, Function<T, String> key, String field) {
        Paging.Page<T> p = Paging.page(sorted, key, req.queryLong(sizeParam).orElse(null), req.query("page_token").orElse(null));
        ObjectNode out = json.createObjectNode();
        out.set(field, json.valueToTree(p.items()));
        if (p.nextPageToken() != null) out.put("next_page_token", p.nextPageToken());
        return out;
    }

    static ObjectNode page(ObjectMapper json, Request req, List<ObjectNode> sorted, String field) {
        return page(json, req, "max_results", sorted, n -> NamedRecords.key(n.path("name").asText()), field);
    }
}
