"""A handoff file that leads into git's own folder (``.git``) is never read: a pull request that
commits ``HANDOFF.md -> .git/config`` must not make the audit read the clone's settings, where
actions/checkout keeps the job's token, and report on them. The same finding as a link out of
the repository, in `check`, `show`, the agent hook and the Action."""

from __future__ import annotations

import base64
import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from action_runner import PR, Runner
from agent_support import feature_repo, run_hook, stop_event
from conftest import GitRepo, Result, check_refused, unread_files
from git_helpers import packet
from handoff_audit.markdown import render_packet
from test_agent_session_start import claude_start

Run = Callable[..., Result]
TOKEN = "ghs_SeCrEtTokenValue1234567890abcdefABCD"
NOT_READ = "the file leads into git's own folder (.git)"
LEAKS = (
    "extraheader",
    "SeCrEtToken",
    "eC1hY2Nlc3MtdG9rZW4",  # "x-access-token:" in base64
    "AUTHORIZATION: basic",
    "repositoryformatversion",
    "line=7",
    ":7:",
)


def _persist_credentials(root: Path) -> None:
    """What actions/checkout (persist-credentials: true, its default) leaves in .git/config."""
    header = base64.b64encode(f"x-access-token:{TOKEN}".encode()).decode()
    key = "http.https://github.com/.extraheader"
    value = f"AUTHORIZATION: basic {header}"
    subprocess.run(["git", "-C", str(root), "config", "--local", key, value], check=True)


def _never_leaked(*texts: str) -> None:
    text = "\n".join(texts)
    for leak in LEAKS:
        assert leak not in text, leak


def _links(repo: GitRepo) -> None:
    """A working note, a series file and a packet twin linking into .git, directly and through
    a linked folder, committed on a feature branch."""
    root = repo.root
    (root / "HANDOFF.md").symlink_to(".git/config")
    (root / "docs" / "handoffs").mkdir(parents=True)
    (root / "docs" / "handoffs" / "2026-01-01.md").symlink_to("../../.git/config")
    (root / "gitstuff").symlink_to(".git")
    (root / "SESSION_HANDOFF.md").symlink_to("gitstuff/config")
    repo.commit("links")
    _persist_credentials(root)


@pytest.fixture
def linked(git_repo: GitRepo) -> GitRepo:
    repo = feature_repo(git_repo, "feat/evil")
    _links(repo)
    return repo


def test_check_reads_no_link_into_the_git_folder(run_cli: Run, linked: GitRepo) -> None:
    result = run_cli(["check", "--format", "json"], cwd=linked.root)
    unread = unread_files(result)
    assert set(unread) == {"HANDOFF.md", "SESSION_HANDOFF.md", "docs/handoffs/2026-01-01.md"}
    assert all(message.startswith(NOT_READ) for message in unread.values())
    assert {f["rule"] for f in result.json()["findings"]} == {"invalid-json"}
    for fmt in ("text", "json", "sarif", "github", "markdown"):
        done = run_cli(["check", "--format", fmt], cwd=linked.root)
        _never_leaked(done.out, done.err)


def test_show_refuses_a_link_into_the_git_folder(run_cli: Run, linked: GitRepo) -> None:
    for name in ("HANDOFF.md", "docs/handoffs/2026-01-01.md"):
        done = run_cli(["show", name], cwd=linked.root)
        assert done.code == 2, done.out
        assert done.err.count("\n") == 1 and f"{name}: {NOT_READ}" in done.err
        _never_leaked(done.out, done.err)


def test_the_session_start_hook_quotes_nothing_of_the_git_folder(linked: GitRepo) -> None:
    run = run_hook(claude_start(linked.root), cwd=linked.root)
    assert run.code == 0, run.err
    _never_leaked(run.out, run.err)


def test_a_packet_twin_linked_into_the_git_folder_is_not_read(
    run_cli: Run, git_repo: GitRepo
) -> None:
    repo = feature_repo(git_repo, "feat/evil")
    data = {"branch": "feat/evil", "status": "active", "summary": "s", "next_action": "n"}
    repo.write("handoff.json", json.dumps(data))
    (repo.root / "handoff.md").symlink_to(".git/config")
    repo.commit("packet")
    _persist_credentials(repo.root)
    result = run_cli(["check", "--format", "json"], cwd=repo.root)
    assert unread_files(result)["handoff.md"].startswith(NOT_READ)
    _never_leaked(result.out, result.err)


@pytest.mark.parametrize("where", ["nested", "separate-git-dir"])
def test_other_git_folders_inside_the_repository_are_not_read(
    run_cli: Run, tmp_path: Path, where: str
) -> None:
    """A nested clone's (or submodule's) .git at any depth, and the folder a ``.git`` file
    names (`git init --separate-git-dir` inside the work tree)."""
    root = tmp_path / "repo"
    if where == "nested":
        subprocess.run(["git", "init", "-q", str(root)], check=True)
        subprocess.run(["git", "init", "-q", str(root / "vendor" / "lib")], check=True)
        (root / "HANDOFF.md").symlink_to("vendor/lib/.git/config")
        config = root / "vendor" / "lib"
    else:
        root.mkdir()
        subprocess.run(
            ["git", "init", "-q", "--separate-git-dir", str(root / "gitdata"), str(root)],
            check=True,
        )
        assert (root / ".git").is_file()
        (root / "HANDOFF.md").symlink_to("gitdata/config")
        config = root
    _persist_credentials(config)
    result = run_cli(["check", "--format", "json", "HANDOFF.md"], cwd=root)
    assert unread_files(result)["HANDOFF.md"].startswith(NOT_READ)
    _never_leaked(result.out, result.err)


def test_a_configuration_linked_into_the_git_folder_is_refused(
    run_cli: Run, git_repo: GitRepo
) -> None:
    git_repo.write("README.md", "x\n")
    git_repo.commit("init")
    (git_repo.root / ".handoff-audit.yml").symlink_to(".git/config")
    _persist_credentials(git_repo.root)
    done = check_refused(
        run_cli,
        git_repo.root,
        ".handoff-audit.yml: a link into git's own folder (.git); it was not read",
    )
    _never_leaked(done.out, done.err)


def test_the_action_reads_no_link_into_the_git_folder(runner: Runner) -> None:
    _links(runner.repo)
    runner.head = runner.repo.head()
    done = runner.run("pull_request", runner.pull_request())
    assert done.code == 1, done.out
    for name in ("HANDOFF.md", "SESSION_HANDOFF.md", "docs/handoffs/2026-01-01.md"):
        assert f"::error file={name},title=handoff-audit%3A invalid-json::{NOT_READ}" in done.out
    assert "secret" not in done.out + done.summary
    [comment] = runner.fake.ours(PR)
    _never_leaked(done.out, done.summary, comment["body"], json.dumps(done.outputs))


def test_a_base_config_linked_into_the_git_folder_means_the_defaults(runner: Runner) -> None:
    repo = runner.repo
    repo.git("checkout", "-q", "main")
    (repo.root / ".handoff-audit.yml").symlink_to(".git/config")
    runner.base = repo.commit("configure")
    repo.git("checkout", "-q", "feat/refunds")
    repo.git("merge", "-q", "--no-edit", "main")
    (repo.root / ".handoff-audit.yml").unlink()  # the pull request's own configuration
    repo.write(".handoff-audit.yml", "max-lines: 300\n")
    runner.head = repo.commit("config as a file")
    _persist_credentials(repo.root)
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    [notice] = [line for line in done.out.splitlines() if line.startswith("::notice")]
    assert (
        f'{runner.base[:12]} is a symbolic link to ".git/config", which leads into git\'s own '
        "folder (.git); make it a file, or a link to a file of the repository; the merge gate "
        "uses the defaults"
    ) in notice
    _never_leaked(done.out, done.summary)


def test_the_stop_hook_quotes_nothing_of_a_twin_linked_into_the_git_folder(
    git_repo: GitRepo,
) -> None:
    """The hook's fixes carry what a twin says beyond its packet into `update` options; a twin
    that leads into .git is not a twin, and nothing of it is quoted."""
    repo = feature_repo(git_repo, "feat/evil")
    data = packet("feat/evil", repo.head(), next_action="Round GBP refunds in src/refunds.py.")
    repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    hidden = repo.root / ".git" / "info" / "notes.md"
    hidden.parent.mkdir(exist_ok=True)
    hidden.write_text(render_packet(data) + "\n## Traps\n\n- SeCrEtToken lives in extraheader\n")
    (repo.root / "handoff.md").symlink_to(".git/info/notes.md")
    repo.commit("packet")
    run = run_hook(stop_event(repo.root), cwd=repo.root)
    assert run.code == 2, (run.out, run.err)
    assert NOT_READ in run.err
    _never_leaked(run.out, run.err)


def test_update_quotes_nothing_of_a_twin_linked_into_the_git_folder(
    run_cli: Run, git_repo: GitRepo
) -> None:
    """`update` refuses to render over a twin holding text its packet lacks, naming that text;
    a twin that leads into .git is no twin, and its text is never named nor written to."""
    repo = feature_repo(git_repo, "feat/evil")
    data = packet("feat/evil", repo.head(), next_action="Round GBP refunds in src/refunds.py.")
    repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    hidden = repo.root / ".git" / "info" / "notes.md"
    hidden.parent.mkdir(exist_ok=True)
    text = render_packet(data) + "\n## Traps\n\n- SeCrEtToken lives in extraheader\n"
    hidden.write_text(text)
    (repo.root / "handoff.md").symlink_to(".git/info/notes.md")
    repo.commit("packet")
    done = run_cli(["update", "--summary", "Rounded GBP."], cwd=repo.root)
    _never_leaked(done.out, done.err)
    assert hidden.read_text() == text


def test_an_older_series_file_linked_into_the_git_folder_is_not_scanned(
    run_cli: Run, git_repo: GitRepo
) -> None:
    """Older files of a series are read for credentials too; one that leads into .git is not
    read at all, so no `secret` finding tells where the clone's token is."""
    repo = feature_repo(git_repo, "feat/evil")
    repo.write("docs/handoffs/2026-02-01.md", "# Handoff\n\n## Next step\n\nRound GBP.\n")
    (repo.root / "docs" / "handoffs" / "2026-01-01.md").symlink_to("../../.git/config")
    repo.commit("series")
    _persist_credentials(repo.root)
    result = run_cli(["check", "--format", "json"], cwd=repo.root)
    assert "secret" not in {f["rule"] for f in result.json()["findings"]}
    _never_leaked(result.out, result.err)


def test_a_schema_in_the_git_folder_is_refused(run_cli: Run, git_repo: GitRepo) -> None:
    git_repo.write("README.md", "x\n")
    git_repo.write(".handoff-audit.yml", "schema: .git/config\n")
    git_repo.commit("init")
    _persist_credentials(git_repo.root)
    done = check_refused(
        run_cli,
        git_repo.root,
        "schema '.git/config' leads into git's own folder (.git); it was not read",
    )
    _never_leaked(done.out, done.err)


def test_check_reads_no_link_into_a_nested_clones_git_folder_named_otherwise(
    run_cli: Run, git_repo: GitRepo
) -> None:
    """`git init --separate-git-dir=.vendor-git vendor/lib`: the nested clone's ``.git`` file
    leads to a git folder elsewhere in the tree, and no ``.git`` is on the link's way."""
    repo = feature_repo(git_repo, "feat/evil")
    root = repo.root
    separate = f"--separate-git-dir={root / '.vendor-git'}"
    subprocess.run(["git", "init", "-q", separate, str(root / "vendor/lib")], check=True)
    _persist_credentials(root / "vendor/lib")
    (root / "HANDOFF.md").symlink_to(".vendor-git/config")

    result = run_cli(["check", "--format", "json"], cwd=root)
    unread = unread_files(result)
    assert NOT_READ in unread["HANDOFF.md"]
    _never_leaked(result.out, result.err)
