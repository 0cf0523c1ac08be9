package dev.minilake.core.api;

import dev.minilake.core.error.ApiException;

import java.util.List;
import java.util.function.Function;

/**
 * Unity Catalog paging: items sorted by name; the page token is the last name of the previous page,
 * so a page stays right when objects are created or dropped between calls. max_results 0 or absent
 * means everything (the SDKs send 0 to ask for the server's default).
 */
public final class Paging {
    private Paging() {
    }

    public record Page<T>(List<T> items, String nextPageToken) {
    }

    /**
     * The APIs with a {@code page_size} that has a default and a ceiling: unset or 0 gives
     * {@code defaultSize}, more than {@code maxSize} is coerced to it.
     */
    public static <T> Page<T> page(List<T> sorted, Function<T, String> key, String sizeParam, Long pageSize, String pageToken,
                                   int defaultSize, int maxSize) {
        requireNotNegative(sizeParam, pageSize);
        long size = pageSize == null || pageSize == 0 ? defaultSize : Math.min(pageSize, maxSize);
        return page(sorted, key, size, pageToken);
    }

    /** {@code sorted} must be sorted by {@code key}. */
    public static <T> Page<T> page(List<T> sorted, Function<T, String> key, Long maxResults, String pageToken) {
        requireNotNegative("max_results", maxResults);
        List<T> rest = pageToken == null || pageToken.isEmpty() ? sorted
                : sorted.stream().filter(t -> key.apply(t).compareTo(pageToken) > 0).toList();
        if (maxResults == null || maxResults == 0 || rest.size() <= maxResults) return new Page<>(rest, null);
        List<T> items = rest.subList(0, maxResults.intValue());
        return new Page<>(List.copyOf(items), key.apply(items.get(items.size() - 1)));
    }

    private static void requireNotNegative(String param, Long size) {
        if (size != null && size < 0) throw ApiException.invalid("Invalid " + param + " " + size + ": must be zero or positive.");
    }
}
