package dev.minilake.iam;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.settings.Settings;
import org.springframework.stereotype.Service;

/**
 * The one current user (MINILAKE_USER): a real SCIM user, member of admins, named like the SDK's
 * CurrentUserAPI. Other groups ask it for the user's name (home folders, run owners).
 */
@Service
public class CurrentUserService {
    /** Stable across restarts and resets, so clients that cache it stay right. */
    public static final String USER_ID = "4242424242424242";
    public static final String ADMINS_GROUP_ID = "4242424242420001";

    private final Settings settings;
    private final ScimService scim;

    public CurrentUserService(Settings settings, ScimService scim) {
        this.settings = settings;
        this.scim = scim;
    }

    public ObjectNode me() {
        return scim.get(ScimKind.USER, USER_ID);
    }

    public String userName() {
        return settings.userName();
    }

    public long workspaceId() {
        return settings.workspaceId();
    }
}
