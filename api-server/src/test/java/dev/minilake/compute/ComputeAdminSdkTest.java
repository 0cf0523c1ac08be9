package dev.minilake.compute;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.compute.AddInstanceProfile;
import com.databricks.sdk.service.compute.CreateInstancePool;
import com.databricks.sdk.service.compute.EditInstancePool;
import com.databricks.sdk.service.compute.GetInstancePool;
import com.databricks.sdk.service.compute.GlobalInitScriptCreateRequest;
import com.databricks.sdk.service.compute.GlobalInitScriptDetails;
import com.databricks.sdk.service.compute.GlobalInitScriptDetailsWithContent;
import com.databricks.sdk.service.compute.GlobalInitScriptUpdateRequest;
import com.databricks.sdk.service.compute.InstancePoolAndStats;
import com.databricks.sdk.service.compute.InstanceProfile;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Instance pools, instance profiles and global init scripts: validated CRUD through the SDK. */
class ComputeAdminSdkTest {
    static final String ARN = "arn:aws:iam::123456789012:instance-profile/minilake";

    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void instancePools() {
        String id = w.instancePools().create(new CreateInstancePool().setInstancePoolName("pool").setNodeTypeId("m5d.large")
                .setMinIdleInstances(1L).setMaxCapacity(10L)).getInstancePoolId();
        GetInstancePool p = w.instancePools().get(id);
        assertThat(p.getInstancePoolName()).isEqualTo("pool");
        assertThat(p.getMaxCapacity()).isEqualTo(10L);
        assertThat(p.getState().toString()).isEqualTo("ACTIVE");
        assertThat(p.getDefaultTags()).containsEntry("DatabricksInstancePoolId", id);

        w.instancePools().edit(new EditInstancePool().setInstancePoolId(id).setInstancePoolName("renamed")
                .setNodeTypeId("m5d.large").setMaxCapacity(20L));
        assertThat(w.instancePools().get(id).getInstancePoolName()).isEqualTo("renamed");
        assertThat(StreamSupport.stream(w.instancePools().list().spliterator(), false))
                .extracting(InstancePoolAndStats::getInstancePoolId).containsExactly(id);

        assertThatThrownBy(() -> w.instancePools().create(new CreateInstancePool().setNodeTypeId("m5d.large")))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("instance_pool_name");
        assertThatThrownBy(() -> w.instancePools().create(new CreateInstancePool().setInstancePoolName("x")))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("node_type_id");
        assertThatThrownBy(() -> w.instancePools().create(new CreateInstancePool().setInstancePoolName("x")
                .setNodeTypeId("m5d.large").setMinIdleInstances(5L).setMaxCapacity(2L)))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("max_capacity");
        w.instancePools().delete(id);
        assertThatThrownBy(() -> w.instancePools().get(id)).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void instanceProfiles() {
        w.instanceProfiles().add(new AddInstanceProfile().setInstanceProfileArn(ARN).setSkipValidation(true));
        assertThatThrownBy(() -> w.instanceProfiles().add(new AddInstanceProfile().setInstanceProfileArn(ARN)))
                .isInstanceOf(ResourceAlreadyExists.class);
        assertThatThrownBy(() -> w.instanceProfiles().add(new AddInstanceProfile().setInstanceProfileArn("not-an-arn")))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("ARN");
        w.instanceProfiles().edit(new InstanceProfile().setInstanceProfileArn(ARN)
                .setIamRoleArn("arn:aws:iam::123456789012:role/minilake"));
        List<InstanceProfile> list = StreamSupport.stream(w.instanceProfiles().list().spliterator(), false).toList();
        assertThat(list).hasSize(1);
        assertThat(list.get(0).getIamRoleArn()).isEqualTo("arn:aws:iam::123456789012:role/minilake");
        assertThat(list.get(0).getIsMetaInstanceProfile()).isFalse();
        w.instanceProfiles().remove(ARN);
        assertThat(w.instanceProfiles().list()).isEmpty();
        assertThatThrownBy(() -> w.instanceProfiles().remove(ARN)).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void globalInitScripts() {
        String script = Base64.getEncoder().encodeToString("#!/bin/bash\necho hi\n".getBytes(StandardCharsets.UTF_8));
        String id = w.globalInitScripts().create(new GlobalInitScriptCreateRequest().setName("hello").setScript(script)
                .setEnabled(true)).getScriptId();
        GlobalInitScriptDetailsWithContent got = w.globalInitScripts().get(id);
        assertThat(got.getScript()).isEqualTo(script);
        assertThat(got.getEnabled()).isTrue();
        assertThat(got.getPosition()).isZero();
        assertThat(got.getCreatedBy()).isNotBlank();

        w.globalInitScripts().update(new GlobalInitScriptUpdateRequest().setScriptId(id).setName("renamed").setScript(script)
                .setEnabled(false));
        List<GlobalInitScriptDetails> list = StreamSupport.stream(w.globalInitScripts().list().spliterator(), false).toList();
        assertThat(list).extracting(GlobalInitScriptDetails::getName).containsExactly("renamed");
        assertThat(list.get(0).getEnabled()).isFalse();

        assertThatThrownBy(() -> w.globalInitScripts().create(new GlobalInitScriptCreateRequest().setName("x").setScript("%%%")))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("base64");
        assertThatThrownBy(() -> w.globalInitScripts().create(new GlobalInitScriptCreateRequest().setScript(script)))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("name");
        w.globalInitScripts().delete(id);
        assertThatThrownBy(() -> w.globalInitScripts().get(id)).isInstanceOf(ResourceDoesNotExist.class);
    }
}
