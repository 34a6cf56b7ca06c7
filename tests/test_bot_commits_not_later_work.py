"""A bot's commit (a dependency bump by `dependabot[bot]`) is no later work: `handoff-outdated`
neither fires on it nor names it as the newest work, and reading who wrote a commit costs no
git process more (the author comes with the history walk `check` already makes)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from agent_support import feature_repo, run_hook
from conftest import GitRepo, Result
from handoff_audit.git import plumbing
from test_brief_show import committed_packet
from test_setup_not_later_work import HANDOFF

Run = Callable[..., Result]

DEPENDABOT = "dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>"
APP = "GitHub Action <41898282+github-actions[bot]@users.noreply.github.com>"


def _branch_with_handoff(git_repo: GitRepo) -> None:
    git_repo.write("app.py", "x = 1\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/refunds")
    git_repo.write("app.py", "x = 2\n")
    git_repo.write("HANDOFF.md", HANDOFF)
    git_repo.commit("refunds + handoff")


def _commit_as(git_repo: GitRepo, author: str, path: str, text: str, message: str) -> str:
    git_repo.write(path, text)
    git_repo.git("add", "-A")
    git_repo.git("commit", "-q", "-m", message, f"--author={author}")
    return git_repo.head()


def _outdated(run_cli: Run, root: Path) -> list[dict[str, Any]]:
    result = run_cli(["check", "--format", "json"], cwd=root)
    assert result.code in (0, 1), result.err
    return [f for f in result.json()["findings"] if f["rule"] == "handoff-outdated"]


def test_a_dependabot_bump_alone_leaves_the_handoff_current(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _branch_with_handoff(git_repo)
    _commit_as(git_repo, DEPENDABOT, "requirements.txt", "requests==2.32.4\n", "Bump requests")

    assert _outdated(run_cli, git_repo.root) == []


def test_a_maintenance_bot_named_only_by_its_email_is_one_too(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _branch_with_handoff(git_repo)
    _commit_as(git_repo, APP, "requirements.txt", "requests==2.32.4\n", "Bump requests")

    assert _outdated(run_cli, git_repo.root) == []


def test_the_newest_work_named_is_a_persons_not_the_bots(git_repo: GitRepo, run_cli: Run) -> None:
    _branch_with_handoff(git_repo)
    human = _commit_as(git_repo, "Ann <ann@example.com>", "app.py", "x = 3\n", "fix rounding")
    bot = _commit_as(git_repo, DEPENDABOT, "requirements.txt", "requests==2.32.4\n", "Bump it")

    [finding] = _outdated(run_cli, git_repo.root)

    assert f"1 later commit touches other files, the newest {human[:12]}" in finding["message"]
    assert bot[:12] not in finding["message"] and "requirements.txt" not in finding["message"]


def test_reading_the_author_costs_no_git_process(tmp_path: Path, run_cli: Run) -> None:
    def git_processes_of_check(repo: GitRepo, author: str) -> int:
        _branch_with_handoff(repo)
        _commit_as(repo, author, "requirements.txt", "requests==2.32.4\n", "Bump requests")
        before = plumbing.spawn_count()
        assert run_cli(["check"], cwd=repo.root).code in (0, 1)
        return plumbing.spawn_count() - before

    person = git_processes_of_check(GitRepo(tmp_path / "person"), "Ann <ann@example.com>")
    bot = git_processes_of_check(GitRepo(tmp_path / "bot"), DEPENDABOT)
    assert bot == person


def test_the_stop_hook_lets_a_session_end_after_a_bot_commit(git_repo: GitRepo) -> None:
    _branch_with_handoff(git_repo)
    _commit_as(git_repo, DEPENDABOT, "requirements.txt", "requests==2.32.4\n", "Bump requests")

    done = run_hook({"hook_event_name": "Stop", "cwd": str(git_repo.root)}, cwd=git_repo.root)

    assert done.code == 0, done.err


def test_show_lists_the_persons_commits_since_the_handoff_not_the_bots(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _branch_with_handoff(git_repo)
    human = _commit_as(git_repo, "Ann <ann@example.com>", "app.py", "x = 3\n", "fix rounding")
    bot = _commit_as(git_repo, DEPENDABOT, "requirements.txt", "requests==2.32.4\n", "Bump it")

    shown = run_cli(["show"], cwd=git_repo.root)

    assert shown.code == 0, shown.err
    assert f"1 commit, which the handoff may not describe:\n  - {human[:7]} fix rounding\n" in (
        shown.out
    )
    assert bot[:7] not in shown.out and "requirements.txt" not in shown.out


def test_a_renovate_bump_does_not_outdate_a_packet(git_repo: GitRepo, run_cli: Run) -> None:
    repo = feature_repo(git_repo, "feat/refunds")
    committed_packet(repo)
    renovate = "renovate[bot] <29139614+renovate[bot]@users.noreply.github.com>"
    _commit_as(repo, renovate, "requirements.txt", "requests==2.32.4\n", "Update requests")

    result = run_cli(["check", "--format", "json"], cwd=repo.root)

    assert result.code in (0, 1), result.err
    assert "packet-outdated" not in [f["rule"] for f in result.json()["findings"]]


CLAUDE_APP = "claude[bot] <209825114+claude[bot]@users.noreply.github.com>"
BORS = "bors[bot] <26634292+bors[bot]@users.noreply.github.com>"


def test_a_coding_agents_commit_as_an_app_is_work_the_hook_holds_for(git_repo: GitRepo) -> None:
    _branch_with_handoff(git_repo)
    _commit_as(git_repo, CLAUDE_APP, "app.py", "x = 3\n", "fix rounding")

    stop = run_hook({"hook_event_name": "Stop", "cwd": str(git_repo.root)}, cwd=git_repo.root)

    assert stop.code == 2, stop.err
    assert "HANDOFF.md" in stop.err


def _merge_as(git_repo: GitRepo, author: str) -> str:
    """Merge a topic branch whose one commit (a person's) changes ``app.py``, as ``author``."""
    git_repo.git("switch", "-q", "-c", "topic")
    _commit_as(git_repo, "Ann <ann@example.com>", "app.py", "x = 3\n", "fix rounding")
    git_repo.git("switch", "-q", "feat/refunds")
    git_repo.git("merge", "-q", "--no-ff", "--no-commit", "topic")
    git_repo.git("commit", "-q", "-m", "Merge #1", f"--author={author}")
    return git_repo.head()


def test_a_merge_bots_merge_of_a_persons_work_counts(git_repo: GitRepo, run_cli: Run) -> None:
    _branch_with_handoff(git_repo)
    merge = _merge_as(git_repo, BORS)

    [finding] = _outdated(run_cli, git_repo.root)

    assert f"the newest {merge[:12]} (`Merge #1`) changed `app.py`" in finding["message"]


def test_a_merge_counts_even_when_a_maintenance_bot_made_it(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _branch_with_handoff(git_repo)
    merge = _merge_as(git_repo, DEPENDABOT)

    [finding] = _outdated(run_cli, git_repo.root)

    assert f"the newest {merge[:12]} (`Merge #1`)" in finding["message"]


def test_show_lists_a_coding_agents_app_commit(git_repo: GitRepo, run_cli: Run) -> None:
    _branch_with_handoff(git_repo)
    agent = _commit_as(git_repo, CLAUDE_APP, "app.py", "x = 3\n", "fix rounding")

    shown = run_cli(["show"], cwd=git_repo.root)

    assert shown.code == 0, shown.err
    assert f"  - {agent[:7]} fix rounding\n" in shown.out


MAINTENANCE_IDENTITIES = [
    "ImgBotApp <ImgBotHelp@gmail.com>",
    "pre-commit-ci[bot] <66853113+pre-commit-ci[bot]@users.noreply.github.com>",
    "github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>",
    "allcontributors[bot] <46447321+allcontributors[bot]@users.noreply.github.com>",
    "snyk-bot <snyk-bot@snyk.io>",
    "Mend Renovate <bot@renovateapp.com>",
    "WhiteSource Renovate <bot@renovateapp.com>",
    "Renovate Bot <renovate@whitesourcesoftware.com>",
    "dependabot-preview[bot] <27856297+dependabot-preview[bot]@users.noreply.github.com>",
]


@pytest.mark.parametrize("author", MAINTENANCE_IDENTITIES)
def test_a_maintenance_bot_under_its_own_identity_is_no_later_work(
    git_repo: GitRepo, run_cli: Run, author: str
) -> None:
    """Each maintenance bot as it signs its commits, on GitHub or with its own address: its
    commit neither outdates the handoff nor is listed by `show` as work it may not describe."""
    _branch_with_handoff(git_repo)
    bot = _commit_as(git_repo, author, "requirements.txt", "requests==2.32.4\n", "Bump requests")

    assert _outdated(run_cli, git_repo.root) == []
    shown = run_cli(["show"], cwd=git_repo.root)
    assert shown.code == 0, shown.err
    assert bot[:7] not in shown.out


def test_the_stop_hook_lets_a_session_end_after_a_mend_renovate_bump(git_repo: GitRepo) -> None:
    _branch_with_handoff(git_repo)
    _commit_as(
        git_repo,
        "Mend Renovate <bot@renovateapp.com>",
        "requirements.txt",
        "requests==2.32.4\n",
        "Update dependency requests to v2.32.4",
    )

    done = run_hook({"hook_event_name": "Stop", "cwd": str(git_repo.root)}, cwd=git_repo.root)

    assert done.code == 0, done.err


@pytest.mark.parametrize(
    "author",
    ["Jane Roe <jane@renovateapp.com>", "Renovate Fan <bot@example.com>"],
)
def test_a_person_beside_a_bots_name_or_domain_still_counts(
    git_repo: GitRepo, run_cli: Run, author: str
) -> None:
    _branch_with_handoff(git_repo)
    work = _commit_as(git_repo, author, "app.py", "x = 3\n", "fix rounding")

    [finding] = _outdated(run_cli, git_repo.root)

    assert f"the newest {work[:12]}" in finding["message"]


def test_a_merge_by_mend_renovate_counts(git_repo: GitRepo, run_cli: Run) -> None:
    _branch_with_handoff(git_repo)
    merge = _merge_as(git_repo, "Mend Renovate <bot@renovateapp.com>")

    [finding] = _outdated(run_cli, git_repo.root)

    assert f"the newest {merge[:12]} (`Merge #1`)" in finding["message"]
