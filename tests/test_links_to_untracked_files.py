"""A handoff file, twin, series file, configuration or schema that leads to a file git does not
track is never read: a pull request that commits ``HANDOFF.md -> .env`` must not make the audit
quote what an earlier workflow step (or the developer) wrote into that ignored file, in a report,
the pull request's comment or an agent's context. A plain untracked file is still audited."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from action_runner import PR, Runner
from agent_support import feature_repo, run_hook
from conftest import GitRepo, Result, check_refused, unread_files
from test_agent_session_start import claude_start

Run = Callable[..., Result]
ENV = "db-prod.internal:5432\nroot pw Tr0ub4dor-3\nmax-lines: Tr0ub4dor-3\nDB_PASSWORD: x\n"
LEAKS = ("db-prod", "Tr0ub4dor", "DB_PASSWORD:", "root pw")
"""The linked files' text (the `secret` rule's page, which SARIF carries, names `DB_PASSWORD =`)."""


def _not_read(target: str) -> str:
    return f"the file is a link to {target}, which git does not track; it was not read"


def _never_leaked(*texts: str) -> None:
    text = "\n".join(texts)
    for leak in LEAKS:
        assert leak not in text, leak


def _links(repo: GitRepo, *, env: bool = True) -> None:
    """A working note, a hand-written handoff and a series file linking to untracked files (an
    ignored ``.env``, an untracked note), committed on a feature branch; then the ``.env`` an
    earlier workflow step writes."""
    root = repo.root
    repo.write(".gitignore", ".env\n")
    (root / "HANDOFF.md").symlink_to(".env")
    (root / "SESSION_HANDOFF.md").symlink_to("local-notes.md")
    (root / "docs" / "handoffs").mkdir(parents=True)
    (root / "docs" / "handoffs" / "2026-01-01.md").symlink_to("../../.env")
    repo.commit("links")
    if env:
        (root / ".env").write_text(ENV)
        (root / "local-notes.md").write_text(ENV)


@pytest.fixture
def linked(git_repo: GitRepo) -> GitRepo:
    repo = feature_repo(git_repo, "feat/evil")
    _links(repo)
    return repo


EXPECTED = {
    "HANDOFF.md": _not_read(".env"),
    "SESSION_HANDOFF.md": _not_read("local-notes.md"),
    "docs/handoffs/2026-01-01.md": _not_read(".env"),
}


def test_check_reads_no_link_to_an_untracked_file(run_cli: Run, linked: GitRepo) -> None:
    unread = unread_files(run_cli(["check", "--format", "json"], cwd=linked.root))
    assert set(unread) == set(EXPECTED)
    assert all(unread[name].startswith(EXPECTED[name]) for name in EXPECTED)
    for fmt in ("text", "json", "sarif", "github", "markdown"):
        done = run_cli(["check", "--format", fmt], cwd=linked.root)
        _never_leaked(done.out, done.err)


def test_a_link_named_on_the_command_line_is_refused_too(run_cli: Run, linked: GitRepo) -> None:
    result = run_cli(["check", "--format", "json", "HANDOFF.md"], cwd=linked.root)
    assert unread_files(result)["HANDOFF.md"].startswith(_not_read(".env"))
    _never_leaked(result.out, result.err)


def test_the_refusal_does_not_tell_whether_the_target_exists(
    run_cli: Run, git_repo: GitRepo
) -> None:
    repo = feature_repo(git_repo, "feat/evil")
    _links(repo, env=False)
    unread = unread_files(run_cli(["check", "--format", "json"], cwd=repo.root))
    assert all(unread[name].startswith(EXPECTED[name]) for name in EXPECTED)


def test_a_link_to_a_tracked_file_and_a_plain_untracked_file_are_read(
    run_cli: Run, git_repo: GitRepo
) -> None:
    repo = feature_repo(git_repo, "feat/notes")
    repo.write("docs/notes.md", "# Handoff\n\n## Next step\n\nRound GBP refunds.\n")
    (repo.root / "HANDOFF.md").symlink_to("docs/notes.md")
    repo.commit("a link to a committed note")
    repo.write("SESSION_HANDOFF.md", "# Handoff\n\n## Next step\n\nRound GBP refunds.\n")
    result = run_cli(["check", "--format", "json"], cwd=repo.root)
    findings = result.json()["findings"]
    assert "invalid-json" not in {f["rule"] for f in findings}
    assert {"HANDOFF.md", "SESSION_HANDOFF.md"} <= {f["path"] for f in findings}


def test_a_packet_twin_linked_to_an_untracked_file_is_not_read(
    run_cli: Run, git_repo: GitRepo
) -> None:
    repo = feature_repo(git_repo, "feat/evil")
    data = {"branch": "feat/evil", "status": "active", "summary": "s", "next_action": "n"}
    repo.write("handoff.json", json.dumps(data))
    repo.write(".gitignore", ".env\n")
    (repo.root / "handoff.md").symlink_to(".env")
    repo.commit("packet")
    (repo.root / ".env").write_text(ENV)
    result = run_cli(["check", "--format", "json"], cwd=repo.root)
    assert unread_files(result)["handoff.md"].startswith(_not_read(".env"))
    _never_leaked(result.out, result.err)


def test_the_session_start_hook_quotes_nothing_of_an_untracked_file(linked: GitRepo) -> None:
    run = run_hook(claude_start(linked.root), cwd=linked.root)
    assert run.code == 0, run.err
    assert _not_read(".env") in run.out
    _never_leaked(run.out, run.err)


def test_a_configuration_linked_to_an_untracked_file_is_refused(
    run_cli: Run, git_repo: GitRepo
) -> None:
    git_repo.write(".gitignore", ".env\n")
    (git_repo.root / ".handoff-audit.yml").symlink_to(".env")
    git_repo.commit("init")
    (git_repo.root / ".env").write_text(ENV)
    done = check_refused(
        run_cli,
        git_repo.root,
        '.handoff-audit.yml: a link to ".env", which git does not track; it was not read',
    )
    _never_leaked(done.out, done.err)


def test_a_schema_git_does_not_track_is_refused(run_cli: Run, git_repo: GitRepo) -> None:
    git_repo.write(".gitignore", ".env\n")
    git_repo.write(".handoff-audit.yml", "schema: .env\n")
    git_repo.commit("init")
    (git_repo.root / ".env").write_text('{"type": "object", "DB_PASSWORD": "Tr0ub4dor-3"}\n')
    done = check_refused(
        run_cli, git_repo.root, "schema '.env' is a file git does not track; it was not read"
    )
    _never_leaked(done.out, done.err)


def test_the_action_reads_no_link_to_an_untracked_file(runner: Runner) -> None:
    _links(runner.repo)
    runner.head = runner.repo.head()
    done = runner.run("pull_request", runner.pull_request())
    assert done.code == 1, done.out
    for name, message in EXPECTED.items():
        assert f"::error file={name},title=handoff-audit%3A invalid-json::{message}" in done.out
    [comment] = runner.fake.ours(PR)
    _never_leaked(done.out, done.summary, comment["body"], json.dumps(done.outputs))


def test_a_config_option_linked_to_an_untracked_file_is_refused(
    run_cli: Run, git_repo: GitRepo
) -> None:
    """``--config`` naming a committed link to an ignored ``.env``: refused unread, like the
    configuration found in the repository."""
    git_repo.write(".gitignore", ".env\n")
    (git_repo.root / ".github").mkdir()
    (git_repo.root / ".github" / "handoff-audit.yml").symlink_to("../.env")
    git_repo.commit("init")
    (git_repo.root / ".env").write_text(ENV)
    done = run_cli(["check", "--config", ".github/handoff-audit.yml"], cwd=git_repo.root)
    assert done.code == 2, done.out
    assert done.err.count("\n") == 1
    assert (
        '--config .github/handoff-audit.yml: a link to ".env", which git does not track; it was '
        "not read" in done.err
    )
    _never_leaked(done.out, done.err)


def test_the_config_input_linked_to_an_untracked_file_is_refused(
    runner: Runner, run_cli: Run
) -> None:
    """A pull request commits the workflow's ``config`` file as a link to ``.env``, which an
    earlier step writes: the action refuses it unread, and no value of ``.env`` reaches the log,
    the summary or the comment."""
    runner.repo.write(".gitignore", ".env\n")
    (runner.repo.root / ".github").mkdir()
    (runner.repo.root / ".github" / "handoff-audit.yml").symlink_to("../.env")
    runner.head = runner.repo.commit("the pull request links the configuration to .env")
    (runner.repo.root / ".env").write_text("max-commits-behind: hunter2-S3cr3t\n" + ENV)
    runner.run("pull_request", runner.pull_request())  # sets up the environment
    runner.mp.setenv("INPUT_CONFIG", ".github/handoff-audit.yml")
    done = run_cli(["ci"], cwd=runner.repo.root)
    assert done.code == 2, done.out
    assert done.err.count("\n") == 1
    assert (
        "::error title=handoff-audit%3A input::input config: '.github/handoff-audit.yml' is a "
        'link to ".env", which git does not track; it was not read' in done.out
    )
    comments = [comment["body"] for comment in runner.fake.ours(PR)]
    summary = Path(os.environ["GITHUB_STEP_SUMMARY"]).read_text(encoding="utf-8")
    texts = (done.out, done.err, summary, *comments)
    assert not any("hunter2" in text or "S3cr3t" in text for text in texts)
    _never_leaked(*texts)
