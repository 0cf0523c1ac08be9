package dev.minilake.iam;

import dev.minilake.core.settings.Settings;
import org.springframework.stereotype.Service;

import java.util.List;

/** The one current user: stable, an admin, named by MINILAKE_USER. Named like the SDK's CurrentUserAPI. */
@Service
public class CurrentUserService {
    /** Stable across restarts and resets, so clients that cache it stay right. */
    public static final String USER_ID = "4242424242424242";
    public static final String ADMINS_GROUP_ID = "4242424242420001";

    private final Settings settings;

    public CurrentUserService(Settings settings) {
        this.settings = settings;
    }

    public ScimUser me() {
        String userName = settings.userName();
        String local = userName.contains("@") ? userName.substring(0, userName.indexOf('@')) : userName;
        return new ScimUser(List.of(ScimUser.SCHEMA), USER_ID, userName, local, true,
                new ScimUser.Name(local, null),
                List.of(new ScimUser.ComplexValue(userName, null, "work", true, null)),
                List.of(new ScimUser.ComplexValue(ADMINS_GROUP_ID, "admins", "direct", null, "Groups/" + ADMINS_GROUP_ID)),
                List.of(new ScimUser.ComplexValue("allow-cluster-create", null, null, null, null),
                        new ScimUser.ComplexValue("databricks-sql-access", null, null, null, null),
                        new ScimUser.ComplexValue("workspace-access", null, null, null, null)),
                null);
    }

    public long workspaceId() {
        return settings.workspaceId();
    }
}
