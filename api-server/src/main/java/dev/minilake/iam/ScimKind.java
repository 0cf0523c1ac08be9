package dev.minilake.iam;

/** The three SCIM resource types a workspace serves, with their endpoint, schema and unique attribute. */
public enum ScimKind {
    USER("Users", "urn:ietf:params:scim:schemas:core:2.0:User", "userName"),
    GROUP("Groups", "urn:ietf:params:scim:schemas:core:2.0:Group", "displayName"),
    SERVICE_PRINCIPAL("ServicePrincipals", "urn:ietf:params:scim:schemas:core:2.0:ServicePrincipal", "applicationId");

    private final String endpoint;
    private final String schema;
    private final String uniqueAttribute;

    ScimKind(String endpoint, String schema, String uniqueAttribute) {
        this.endpoint = endpoint;
        this.schema = schema;
        this.uniqueAttribute = uniqueAttribute;
    }

    public String endpoint() {
        return endpoint;
    }

    public String schema() {
        return schema;
    }

    public String uniqueAttribute() {
        return uniqueAttribute;
    }

    /** Singular, for messages: "User", "Group", "ServicePrincipal". */
    public String singular() {
        return endpoint.substring(0, endpoint.length() - 1);
    }
}
