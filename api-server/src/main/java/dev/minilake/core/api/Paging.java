package dev.minilake.core.api;

import dev.minilake.core.error.ApiException;

import java.util.List;
import java.util.function.Function;

/**
 * The two ways Databricks APIs page a list.
 * <ul>
 *   <li>Unity Catalog's: items sorted by name; the page token is the last name of the previous page,
 *   so a page stays right when objects are created or dropped between calls. max_results 0 or
 *   absent means everything (the SDKs send 0 to ask for the server's default).</li>
 *   <li>Offset paging (jobs, runs, clusters, query history, SQL objects): the token is the offset
 *   of the page's first item, see {@link #window}.</li>
 * </ul>
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

    /**
     * One page of offset paging: the items from {@code from} up to {@code to}, whether more follow,
     * and the tokens of the next and previous pages (null when there is none).
     */
    public record Window<T>(List<T> items, int from, int to, boolean more, String nextPageToken, String prevPageToken) {
    }

    /** The page of {@code size} items starting at {@code offset} (past the end: an empty page). */
    public static <T> Window<T> window(List<T> all, long offset, long size) {
        int from = (int) Math.min(Math.max(0, offset), all.size());
        int to = (int) Math.min(all.size(), from + Math.max(0, size));
        boolean more = to < all.size();
        return new Window<>(List.copyOf(all.subList(from, to)), from, to, more, more ? Integer.toString(to) : null,
                from > 0 ? Long.toString(Math.max(0, from - size)) : null);
    }

    /** The offset an offset-paging token names: absent or blank is 0; anything but a non-negative number is a 400. */
    public static long offset(String pageToken) {
        if (pageToken == null || pageToken.isBlank()) return 0;
        try {
            long offset = Long.parseLong(pageToken.trim());
            if (offset >= 0) return offset;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw ApiException.invalid("Invalid page_token '" + pageToken + "'");
    }
}
