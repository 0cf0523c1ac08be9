package dev.minilake.compute;

import dev.minilake.compute.AdminDtos.InstanceProfile;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import org.springframework.stereotype.Service;

import java.util.List;
import java.util.regex.Pattern;

/** Instance profiles as validated CRUD, named like the SDK's InstanceProfilesAPI: ARNs are checked for shape only. */
@Service
public class InstanceProfilesService {
    private static final Pattern PROFILE_ARN = Pattern.compile("arn:aws[a-z-]*:iam::\\d{12}:instance-profile/[\\w+=,.@/-]+");
    private static final Pattern ROLE_ARN = Pattern.compile("arn:aws[a-z-]*:iam::\\d{12}:role/[\\w+=,.@/-]+");

    private final Collection<InstanceProfile> profiles;

    public InstanceProfilesService(Store store) {
        this.profiles = store.collection("instance_profile", InstanceProfile.class);
    }

    public void add(InstanceProfile p) {
        check(p);
        if (!profiles.insert(p.instance_profile_arn(), p.stored())) {
            throw ApiException.alreadyExists("Instance profile " + p.instance_profile_arn());
        }
    }

    public void edit(InstanceProfile p) {
        check(p);
        if (profiles.get(p.instance_profile_arn()).isEmpty()) throw ApiException.notFound("Instance profile " + p.instance_profile_arn());
        profiles.put(p.instance_profile_arn(), p.stored());
    }

    public List<InstanceProfile> list() {
        return profiles.list();
    }

    public void remove(String arn) {
        AdminDtos.require(arn, "instance_profile_arn");
        if (!profiles.delete(arn)) throw ApiException.notFound("Instance profile " + arn);
    }

    private static void check(InstanceProfile p) {
        if (!PROFILE_ARN.matcher(p.instance_profile_arn()).matches()) {
            throw ApiException.invalid("instance_profile_arn '" + p.instance_profile_arn()
                    + "' is not a valid instance profile ARN (arn:aws:iam::<account-id>:instance-profile/<name>)");
        }
        if (p.iam_role_arn() != null && !ROLE_ARN.matcher(p.iam_role_arn()).matches()) {
            throw ApiException.invalid("iam_role_arn '" + p.iam_role_arn() + "' is not a valid IAM role ARN");
        }
    }
}
