package dev.minilake.core.web;

import java.net.URI;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Who may talk to this port, decided from the request's own headers: the {@code Host} it was sent
 * to (DNS rebinding gives a hostile page a name of its own that resolves here, so only names we
 * know are served) and the {@code Origin} a browser puts on every cross-origin and every non-GET
 * request (only MiniLake's own origin and the configured ones may call). Pure logic, no web types,
 * so the rules are unit-tested apart from the filter that applies them ({@link OriginPolicyFilter}).
 */
public final class OriginPolicy {
    /** Names a local server is always reached by. */
    private static final List<String> LOOPBACK = List.of("localhost", "127.0.0.1", "::1");

    private final Set<String> names = new LinkedHashSet<>();
    private final List<String> suffixes;
    private final boolean anyHost;
    private final Set<String> extraOrigins = new LinkedHashSet<>();

    /**
     * @param bindHost     the address the server binds (a wildcard adds nothing)
     * @param allowedHosts MINILAKE_ALLOWED_HOSTS: names, {@code *.suffix} patterns, or {@code *} for any
     * @param allowedOrigins MINILAKE_ALLOWED_ORIGINS: {@code scheme://host[:port]}
     */
    public OriginPolicy(String bindHost, List<String> allowedHosts, List<String> allowedOrigins) {
        names.addAll(LOOPBACK);
        String bind = normalizeHost(bindHost);
        if (bind != null && !bind.equals("0.0.0.0") && !bind.equals("::")) names.add(bind);
        boolean any = false;
        List<String> patterns = new java.util.ArrayList<>();
        for (String h : allowedHosts) {
            String n = h.trim().toLowerCase(Locale.ROOT);
            if (n.equals("*")) any = true;
            else if (n.startsWith("*.")) patterns.add(n.substring(1)); // ".svc.cluster.local"
            else names.add(normalizeHost(n));
        }
        this.anyHost = any;
        this.suffixes = List.copyOf(patterns);
        for (String o : allowedOrigins) {
            String n = normalizeOrigin(o);
            if (n == null) throw new IllegalArgumentException("MINILAKE_ALLOWED_ORIGINS: '" + o + "' is not an origin (scheme://host[:port])");
            extraOrigins.add(n);
        }
    }

    /** The names served, for messages. */
    public String describeHosts() {
        List<String> shown = new java.util.ArrayList<>();
        for (String n : names) shown.add(n.contains(":") ? "[" + n + "]" : n);
        for (String s : suffixes) shown.add("*" + s);
        return String.join(", ", shown);
    }

    /**
     * Whether a request sent with this {@code Host} header is served. No header (HTTP/1.0 tools) is
     * served: a browser always sends one. An IP address literal is served too: rebinding works only
     * through a name, and a wildcard-bound server (Docker, Kubernetes) is reached by its addresses.
     */
    public boolean hostAllowed(String hostHeader) {
        if (hostHeader == null || hostHeader.isBlank()) return true;
        if (anyHost) return true;
        String host = hostOf(hostHeader);
        if (host == null) return false;
        if (names.contains(host) || isIpLiteral(host)) return true;
        for (String s : suffixes) if (host.endsWith(s) && host.length() > s.length()) return true;
        return false;
    }

    /**
     * Whether a request carrying this {@code Origin} may proceed: MiniLake's own origin (the same
     * scheme, host and port the request was sent to) or a configured one. {@code null} (a file://
     * page, a sandboxed frame) is never MiniLake's own.
     */
    public boolean originAllowed(String origin, String hostHeader, String scheme) {
        String o = normalizeOrigin(origin);
        if (o == null) return false;
        if (extraOrigins.contains(o)) return true;
        if (hostHeader == null) return false;
        String own = normalizeOrigin(scheme + "://" + hostHeader.trim());
        return o.equals(own);
    }

    /** A configured cross-origin caller, which gets CORS headers (MiniLake's own origin needs none). */
    public boolean isCorsOrigin(String origin) {
        String o = normalizeOrigin(origin);
        return o != null && extraOrigins.contains(o);
    }

    /** The host part of a Host header ("localhost:8000", "[::1]:8000", "Example.COM."), lower case; null if unparseable. */
    static String hostOf(String hostHeader) {
        String h = hostHeader.trim();
        if (h.startsWith("[")) {
            int end = h.indexOf(']');
            if (end < 0) return null;
            String rest = h.substring(end + 1);
            if (!rest.isEmpty() && !rest.matches(":[0-9]{1,5}")) return null;
            return normalizeHost(h.substring(1, end));
        }
        int colon = h.lastIndexOf(':');
        if (colon >= 0) {
            if (h.indexOf(':') != colon) return null; // a bare IPv6 address is not a valid Host header
            if (!h.substring(colon + 1).matches("[0-9]{1,5}")) return null;
            h = h.substring(0, colon);
        }
        if (h.isEmpty() || !h.matches("[A-Za-z0-9._-]+")) return null;
        return normalizeHost(h);
    }

    private static String normalizeHost(String host) {
        if (host == null) return null;
        String h = host.trim().toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) h = h.substring(1, h.length() - 1);
        while (h.endsWith(".")) h = h.substring(0, h.length() - 1);
        return h;
    }

    private static boolean isIpLiteral(String host) {
        if (host.contains(":")) return true; // only IPv6 literals have colons once the port is gone
        String[] parts = host.split("\\.", -1);
        if (parts.length != 4) return false;
        for (String p : parts) {
            if (!p.matches("[0-9]{1,3}") || Integer.parseInt(p) > 255) return false;
        }
        return true;
    }

    /** "HTTP://LocalHost:80" → "http://localhost"; null for "null", garbage or anything with a path. */
    static String normalizeOrigin(String origin) {
        if (origin == null) return null;
        String t = origin.trim();
        if (t.isEmpty() || t.equalsIgnoreCase("null")) return null;
        URI u;
        try {
            u = new URI(t);
        } catch (Exception e) {
            return null;
        }
        String scheme = Optional.ofNullable(u.getScheme()).map(s -> s.toLowerCase(Locale.ROOT)).orElse(null);
        if (scheme == null || u.getHost() == null) return null;
        if (u.getRawPath() != null && !u.getRawPath().isEmpty() && !u.getRawPath().equals("/")) return null;
        if (u.getRawQuery() != null || u.getRawFragment() != null || u.getRawUserInfo() != null) return null;
        int port = u.getPort();
        if ((scheme.equals("http") && port == 80) || (scheme.equals("https") && port == 443)) port = -1;
        String host = normalizeHost(u.getHost());
        String shownHost = host.contains(":") ? "[" + host + "]" : host;
        return scheme + "://" + shownHost + (port < 0 ? "" : ":" + port);
    }
}
