package dev.minilake.repos;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.workspace.CreateRepoRequest;
import com.databricks.sdk.service.workspace.CreateRepoResponse;
import com.databricks.sdk.service.workspace.ExportFormat;
import com.databricks.sdk.service.workspace.ExportRequest;
import com.databricks.sdk.service.workspace.GetRepoResponse;
import com.databricks.sdk.service.workspace.ListReposRequest;
import com.databricks.sdk.service.workspace.ListWorkspaceRequest;
import com.databricks.sdk.service.workspace.ObjectInfo;
import com.databricks.sdk.service.workspace.ObjectType;
import com.databricks.sdk.service.workspace.RepoInfo;
import com.databricks.sdk.service.workspace.UpdateRepoRequest;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Repos through the real Java SDK: a local git repository really cloned into the workspace, branches and tags checked out. */
class ReposSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();
    @TempDir
    Path tmp;

    @BeforeEach
    void reset() {
        server.reset();
    }

    String git(Path dir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("git", "-c", "user.name=t", "-c", "user.email=t@example.com"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    /** main: a notebook, a file and lib/util.py, tagged v1; feature: one more file. */
    Path origin() throws Exception {
        Path o = tmp.resolve("origin");
        Files.createDirectories(o.resolve("lib"));
        git(o, "init", "-q", "-b", "main");
        Files.writeString(o.resolve("etl.py"), "# Databricks notebook source\nprint('hi')\n");
        Files.writeString(o.resolve("README.md"), "# demo\n");
        Files.writeString(o.resolve("lib/util.py"), "def f():\n    return 1\n");
        git(o, "add", "-A");
        git(o, "commit", "-q", "-m", "first");
        git(o, "tag", "v1");
        git(o, "checkout", "-q", "-b", "feature");
        Files.writeString(o.resolve("feature.txt"), "new\n");
        git(o, "add", "-A");
        git(o, "commit", "-q", "-m", "feature");
        git(o, "checkout", "-q", "main");
        return o;
    }

    Map<String, ObjectType> listing(String path) {
        Map<String, ObjectType> out = new java.util.TreeMap<>();
        for (ObjectInfo i : w.workspace().list(new ListWorkspaceRequest().setPath(path))) {
            out.put(i.getPath().substring(path.length() + 1), i.getObjectType());
        }
        return out;
    }

    @Test
    void cloneALocalRepositoryThenCheckOutBranchAndTag() throws Exception {
        Path o = origin();
        String mainHead = git(o, "rev-parse", "main");
        CreateRepoResponse created = w.repos().create(new CreateRepoRequest().setUrl("file://" + o).setProvider("gitHub"));
        assertThat(created.getPath()).isEqualTo("/Repos/dev@minilake.local/origin");
        assertThat(created.getBranch()).isEqualTo("main");
        assertThat(created.getHeadCommitId()).isEqualTo(mainHead);
        assertThat(created.getProvider()).isEqualTo("gitHub");

        String p = created.getPath();
        assertThat(listing(p)).containsExactlyInAnyOrderEntriesOf(Map.of(
                "etl", ObjectType.NOTEBOOK, "README.md", ObjectType.FILE, "lib", ObjectType.DIRECTORY));
        String readme = new String(Base64.getDecoder().decode(w.workspace().export(new ExportRequest()
                .setPath(p + "/README.md").setFormat(ExportFormat.AUTO)).getContent()), StandardCharsets.UTF_8);
        assertThat(readme).isEqualTo("# demo\n");

        w.repos().update(new UpdateRepoRequest().setRepoId(created.getId()).setBranch("feature"));
        GetRepoResponse onFeature = w.repos().get(created.getId());
        assertThat(onFeature.getBranch()).isEqualTo("feature");
        assertThat(onFeature.getHeadCommitId()).isEqualTo(git(o, "rev-parse", "feature"));
        assertThat(listing(p)).containsKey("feature.txt");

        w.repos().update(new UpdateRepoRequest().setRepoId(created.getId()).setTag("v1"));
        GetRepoResponse onTag = w.repos().get(created.getId());
        assertThat(onTag.getHeadCommitId()).isEqualTo(mainHead);
        assertThat(onTag.getBranch()).isNull();
        assertThat(listing(p)).doesNotContainKey("feature.txt");

        // a new commit upstream is picked up when the branch is checked out again
        Files.writeString(o.resolve("later.txt"), "later\n");
        git(o, "add", "-A");
        git(o, "commit", "-q", "-m", "later");
        w.repos().update(new UpdateRepoRequest().setRepoId(created.getId()).setBranch("main"));
        assertThat(w.repos().get(created.getId()).getHeadCommitId()).isEqualTo(git(o, "rev-parse", "main"));
        assertThat(listing(p)).containsKey("later.txt");

        List<RepoInfo> listed = new ArrayList<>();
        w.repos().list(new ListReposRequest().setPathPrefix("/Repos/dev@minilake.local")).forEach(listed::add);
        assertThat(listed).extracting(RepoInfo::getId).containsExactly(created.getId());
        assertThat(w.repos().list(new ListReposRequest().setPathPrefix("/Repos/other"))).isEmpty();

        w.repos().delete(created.getId());
        assertThatThrownBy(() -> w.repos().get(created.getId())).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.workspace().getStatus(p)).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void localPathAndErrors() throws Exception {
        Path o = origin();
        CreateRepoResponse r = w.repos().create(new CreateRepoRequest().setUrl(o.toString()).setProvider("gitHub")
                .setPath("/Repos/dev@minilake.local/custom"));
        assertThat(r.getPath()).isEqualTo("/Repos/dev@minilake.local/custom");
        assertThatThrownBy(() -> w.repos().create(new CreateRepoRequest().setUrl(o.toString()).setProvider("gitHub")
                .setPath("/Repos/dev@minilake.local/custom"))).isInstanceOf(ResourceAlreadyExists.class);
        assertThatThrownBy(() -> w.repos().update(new UpdateRepoRequest().setRepoId(r.getId()).setBranch("no-such-branch")))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("no-such-branch");
        assertThatThrownBy(() -> w.repos().create(new CreateRepoRequest().setUrl("file://" + tmp.resolve("missing")).setProvider("gitHub")))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("No git repository");
        Path notGit = Files.createDirectories(tmp.resolve("plain"));
        assertThatThrownBy(() -> w.repos().create(new CreateRepoRequest().setUrl(notGit.toString()).setProvider("gitHub")))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("Could not clone");
        assertThat(w.repos().list(new ListReposRequest())).hasSize(1);
        assertThatThrownBy(() -> w.repos().get(42L)).isInstanceOf(ResourceDoesNotExist.class);
    }
}
