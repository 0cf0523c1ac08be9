package dev.minilake.faults;

import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Reply;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.api.Validated;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import dev.minilake.core.web.FaultRules;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Fault injection for testing clients' retry logic: {@code POST /_minilake/faults} adds a rule
 * ({@code {"path": "/api/2.1/unity-catalog/catalogs", "status": 503, "count": 2}}), and matching
 * requests get that error, with {@code Retry-After} when asked, until the count is used up.
 */
@Component
public class FaultsGroup implements ApiGroup {
    private final FaultRules rules;

    public FaultsGroup(FaultRules rules) {
        this.rules = rules;
    }

    /** A rule as clients send it. {@code error_code} defaults from the status (503 TEMPORARILY_UNAVAILABLE, 429 REQUEST_LIMIT_EXCEEDED). */
    public record CreateFault(String method, String path, Integer status, String error_code, String message, Integer count,
                              Integer retry_after_seconds, Long delay_ms) implements Validated {
        @Override
        public void validate() {
            if (path == null || !path.startsWith("/")) throw ApiException.invalid("path must be an absolute path pattern, e.g. /api/2.1/unity-catalog/**");
            if (path.startsWith("/_minilake")) throw ApiException.invalid("The control plane (/_minilake/...) cannot be faulted");
            if (status == null && error_code == null) throw ApiException.missingField("status");
            if (count != null && count < 0) throw ApiException.invalid("count must be 0 or more (leave it out for every request)");
            if (retry_after_seconds != null && (retry_after_seconds < 0 || retry_after_seconds > 3600)) {
                throw ApiException.invalid("retry_after_seconds must be between 0 and 3600");
            }
            if (delay_ms != null && (delay_ms < 0 || delay_ms > 600_000)) throw ApiException.invalid("delay_ms must be between 0 and 600000");
        }
    }

    public record FaultView(long id, String method, String path, int status, String error_code, String message, Integer remaining,
                            int fired, Integer retry_after_seconds, long delay_ms) {
        static FaultView of(FaultRules.Rule r) {
            return new FaultView(r.id(), r.method(), r.path(), r.status(), r.code().name(), r.message(), r.remaining(), r.fired(),
                    r.retryAfterSeconds(), r.delayMillis());
        }
    }

    @Override
    public String name() {
        return "faults";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "/_minilake/faults: injected errors (status, count, Retry-After, delay) for matching requests, to test clients' retries";
    }

    @Override
    public List<String> sdkApis() {
        return List.of();
    }

    @Override
    public void routes(Routes r) {
        r.post("/_minilake/faults", CreateFault.class, (req, b) -> FaultView.of(rules.add(b.method(), b.path(), code(b),
                b.message() != null ? b.message() : "Injected fault (MiniLake /_minilake/faults)", b.retry_after_seconds(),
                b.delay_ms() == null ? 0 : b.delay_ms(), b.count())));
        r.get("/_minilake/faults", req -> Map.of("faults", rules.list().stream().map(FaultView::of).toList()));
        r.delete("/_minilake/faults", req -> {
            rules.clear();
            return Map.of();
        });
        r.delete("/_minilake/faults/{id}", req -> {
            long id;
            try {
                id = Long.parseLong(req.pathVar("id"));
            } catch (NumberFormatException e) {
                throw ApiException.invalid("Invalid fault id '" + req.pathVar("id") + "'");
            }
            if (!rules.remove(id)) throw ApiException.notFound("Fault " + id);
            return Reply.of(200, Map.of());
        });
    }

    @Override
    public void reset() {
        rules.clear();
    }

    /** The error code a rule answers with: as named, else the usual one for its status. */
    private static ErrorCode code(CreateFault b) {
        if (b.error_code() != null) {
            ErrorCode c;
            try {
                c = ErrorCode.valueOf(b.error_code().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw ApiException.invalid("Unknown error_code '" + b.error_code() + "'");
            }
            if (b.status() != null && b.status() != c.httpStatus()) {
                throw ApiException.invalid("error_code " + c + " answers " + c.httpStatus() + ", not " + b.status());
            }
            return c;
        }
        return switch (b.status()) {
            case 400 -> ErrorCode.INVALID_PARAMETER_VALUE;
            case 401 -> ErrorCode.UNAUTHENTICATED;
            case 403 -> ErrorCode.PERMISSION_DENIED;
            case 404 -> ErrorCode.RESOURCE_DOES_NOT_EXIST;
            case 409 -> ErrorCode.RESOURCE_CONFLICT;
            case 429 -> ErrorCode.REQUEST_LIMIT_EXCEEDED;
            case 500 -> ErrorCode.INTERNAL_ERROR;
            case 501 -> ErrorCode.NOT_IMPLEMENTED;
            case 503 -> ErrorCode.TEMPORARILY_UNAVAILABLE;
            case 504 -> ErrorCode.DEADLINE_EXCEEDED;
            default -> throw ApiException.invalid("status " + b.status() + " has no Databricks error code; name one in error_code");
        };
    }
}
