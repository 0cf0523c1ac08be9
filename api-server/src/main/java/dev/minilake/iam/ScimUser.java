package dev.minilake.iam;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/** A SCIM 2.0 user as the SDK's iam.User decodes it. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ScimUser(List<String> schemas, String id, String userName, String displayName, Boolean active,
                       Name name, List<ComplexValue> emails, List<ComplexValue> groups, List<ComplexValue> entitlements,
                       String externalId) {

    public record Name(String givenName, String familyName) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ComplexValue(String value, String display, String type, Boolean primary, String $ref) {
    }

    public static final String SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
}
