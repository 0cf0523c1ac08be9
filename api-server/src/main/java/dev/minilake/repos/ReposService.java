package dev.minilake.repos;

import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.DataDir;
import dev.minilake.core.store.Store;
import dev.minilake.files.FileTrees;
import dev.minilake.iam.CurrentUserService;
import dev.minilake.workspace.WorkspaceService;
import org.springframework.stereotype.Service;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Git folders (the SDK's ReposAPI): a repo is a real git clone kept under the data dir, whose
 * working tree is imported into a workspace folder (notebooks recognised by their source header,
 * like any AUTO import). {@code update} fetches and checks out a branch or tag and re-imports the
 * tree. file:// URLs and local paths clone for real; a remote that cannot be reached fails with
 * git's own message. Edits made in the workspace are not committed back (no commit/push API).
 */
@Service
public class ReposService {
    static final long ID_BASE = 3_000_000_000_000_000L;

    /** What the store keeps for a repo. */
    public record StoredRepo(long id, String path, String url, String provider, String branch, String head_commit_id,
                             List<String> sparse_patterns) {
    }

    private final Store store;
    private final Collection<StoredRepo> repos;
    private final WorkspaceService workspace;
    private final CurrentUserService users;
    private final Path clones;

    public ReposService(Store store, WorkspaceService workspace, CurrentUserService users, DataDir dataDir) {
        this.store = store;
        this.repos = store.collection("repo", StoredRepo.class);
        this.workspace = workspace;
        this.users = users;
        this.clones = dataDir.area("repos");
    }

    public synchronized StoredRepo create(String url, String provider, String path, List<String> sparse) throws Exception {
        if (url == null || url.isBlank()) throw ApiException.missingField("url");
        String source = source(url);
        String repoPath = path == null || path.isBlank()
                ? "/Repos/" + users.userName() + "/" + repoName(url) : WorkspaceService.canonical(path);
        if (!repoPath.startsWith("/")) throw ApiException.invalid("path must be an absolute workspace path, got " + path);
        if (exists(repoPath)) throw ApiException.alreadyExists("A workspace object at " + repoPath);
        long id = ID_BASE + store.nextId("repo");
        Path dir = clones.resolve(Long.toString(id));
        try {
            Git.Result r = Git.run(null, "clone", "--quiet", "--", source, dir.toString());
            if (!r.ok()) throw ApiException.invalid("Could not clone " + url + ": " + r.output());
            if (sparse != null && !sparse.isEmpty()) sparseCheckout(dir, sparse);
            StoredRepo repo = new StoredRepo(id, repoPath, url, provider == null ? inferProvider(url) : provider,
                    branch(dir), head(dir), sparse == null || sparse.isEmpty() ? null : List.copyOf(sparse));
            importTree(dir, repoPath);
            repos.insert(Long.toString(id), repo);
            return repo;
        } catch (Exception e) {
            FileTrees.deleteRecursively(dir);
            if (exists(repoPath) && repos.get(Long.toString(id)).isEmpty()) workspace.delete(repoPath, true);
            throw e;
        }
    }

    public StoredRepo get(long id) {
        return repos.get(Long.toString(id)).orElseThrow(() -> ApiException.notFound("Repo " + id));
    }

    public List<StoredRepo> list(String pathPrefix) {
        String prefix = pathPrefix == null || pathPrefix.isBlank() ? null : WorkspaceService.canonical(pathPrefix);
        return repos.list().stream().filter(r -> prefix == null || r.path().startsWith(prefix))
                .sorted(Comparator.comparing(StoredRepo::path)).toList();
    }

    /** Checks out a branch (its latest commit from the remote) or a tag, and re-imports the working tree. */
    public synchronized StoredRepo update(long id, String branch, String tag, List<String> sparse) throws Exception {
        StoredRepo repo = get(id);
        if (branch != null && tag != null) throw ApiException.invalid("Give either branch or tag, not both");
        Path dir = clones.resolve(Long.toString(id));
        if (!Files.isDirectory(dir)) throw ApiException.invalid("The clone of repo " + id + " is missing from the data dir");
        Git.must(dir, "Could not fetch from " + repo.url(), "fetch", "--quiet", "--tags", "--force", "origin");
        String newBranch = repo.branch();
        if (branch != null) {
            if (Git.run(dir, "rev-parse", "--verify", "--quiet", "refs/remotes/origin/" + branch).ok()) {
                Git.must(dir, "Could not check out branch " + branch, "checkout", "--quiet", "-B", branch, "origin/" + branch);
            } else {
                Git.must(dir, "Could not check out branch " + branch, "checkout", "--quiet", branch);
            }
            newBranch = branch;
        } else if (tag != null) {
            Git.must(dir, "Could not check out tag " + tag, "checkout", "--quiet", "refs/tags/" + tag);
            newBranch = null;
        } else if (repo.branch() != null && Git.run(dir, "rev-parse", "--verify", "--quiet", "refs/remotes/origin/" + repo.branch()).ok()) {
            // no branch or tag: pull the current branch
            Git.must(dir, "Could not update branch " + repo.branch(), "checkout", "--quiet", "-B", repo.branch(), "origin/" + repo.branch());
        }
        List<String> patterns = repo.sparse_patterns();
        if (sparse != null) {
            patterns = sparse.isEmpty() ? null : List.copyOf(sparse);
            if (patterns == null) Git.must(dir, "Could not disable sparse checkout", "sparse-checkout", "disable");
            else sparseCheckout(dir, patterns);
        }
        workspace.delete(repo.path(), true);
        importTree(dir, repo.path());
        StoredRepo updated = new StoredRepo(id, repo.path(), repo.url(), repo.provider(), newBranch, head(dir), patterns);
        repos.put(Long.toString(id), updated);
        return updated;
    }

    public synchronized void delete(long id) throws IOException {
        StoredRepo repo = get(id);
        if (exists(repo.path())) workspace.delete(repo.path(), true);
        FileTrees.deleteRecursively(clones.resolve(Long.toString(id)));
        repos.delete(Long.toString(id));
    }

    void reset() throws IOException {
        DataDir.emptyDirectory(clones);
    }

    private void importTree(Path dir, String repoPath) throws IOException {
        workspace.mkdirs(repoPath);
        List<Path> entries;
        try (Stream<Path> s = Files.walk(dir)) {
            entries = s.filter(p -> !p.equals(dir)).filter(p -> !dir.relativize(p).getName(0).toString().equals(".git"))
                    .sorted().toList();
        }
        for (Path p : entries) {
            String rel = dir.relativize(p).toString().replace('\\', '/');
            String target = repoPath + "/" + rel;
            if (Files.isSymbolicLink(p)) continue; // a link could point outside the clone
            if (Files.isDirectory(p)) workspace.mkdirs(target);
            else workspace.importBytes(new WorkspaceService.ImportSpec(target, "AUTO", null, true), Files.readAllBytes(p));
        }
    }

    private boolean exists(String path) throws IOException {
        try {
            workspace.getStatus(path);
            return true;
        } catch (ApiException e) {
            return false;
        }
    }

    private static void sparseCheckout(Path dir, List<String> patterns) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("sparse-checkout", "set"));
        args.addAll(patterns);
        Git.must(dir, "Could not set the sparse checkout patterns", args.toArray(String[]::new));
    }

    private static String branch(Path dir) throws IOException, InterruptedException {
        Git.Result r = Git.run(dir, "symbolic-ref", "--quiet", "--short", "HEAD");
        return r.ok() ? r.output() : null;
    }

    private static String head(Path dir) throws IOException, InterruptedException {
        Git.Result r = Git.run(dir, "rev-parse", "HEAD");
        return r.ok() ? r.output() : null;
    }

    /** What git is given: file:// URLs and remote URLs as they are; a local path must be a directory. */
    static String source(String url) {
        if (url.startsWith("/")) {
            if (!Files.isDirectory(Path.of(url))) throw ApiException.invalid("No git repository at local path " + url);
            return url;
        }
        if (url.startsWith("file://")) {
            Path p = Path.of(URI.create(url));
            if (!Files.isDirectory(p)) throw ApiException.invalid("No git repository at " + url);
            return url;
        }
        if (url.startsWith("-")) throw ApiException.invalid("Invalid git URL " + url);
        return url;
    }

    static String repoName(String url) {
        String u = url.replaceAll("/+$", "");
        String name = u.substring(Math.max(u.lastIndexOf('/'), u.lastIndexOf(':')) + 1);
        if (name.endsWith(".git")) name = name.substring(0, name.length() - 4);
        if (name.isBlank()) throw ApiException.invalid("Cannot derive a repo name from " + url + "; give a path");
        return name;
    }

    /** The provider names the SDK uses, from well-known hosts; null when the URL does not tell. */
    static String inferProvider(String url) {
        String u = url.toLowerCase(Locale.ROOT);
        if (u.contains("github.com")) return "gitHub";
        if (u.contains("gitlab.com")) return "gitLab";
        if (u.contains("bitbucket.org")) return "bitbucketCloud";
        if (u.contains("dev.azure.com") || u.contains("visualstudio.com")) return "azureDevOpsServices";
        if (u.contains("git-codecommit")) return "awsCodeCommit";
        return null;
    }
}
