"""What `check` says about a merge the gate blocks: the status line and the markdown verdict
agree with the findings, even when no packet was discovered (the blocked file lies where
discovery does not look), and the verdict's advice works when run as printed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conftest import GitRepo

HANDOFF = "# Handoff\n\n## State\nHalf done.\n\n## Next\nRun pytest.\n"


def feature_branch(repo: GitRepo) -> None:
    repo.write("README.md", "hello\n")
    repo.commit("base")
    repo.git("checkout", "-q", "-b", "feat/x")


def test_a_blocked_file_discovery_skips_is_not_reported_as_nothing_found(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    feature_branch(git_repo)
    git_repo.write("node_modules/x/HANDOFF.md", HANDOFF)
    git_repo.commit("wip")
    done = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1
    assert "node_modules/x/HANDOFF.md: handoff-in-merge:" in done.out
    last = done.out.splitlines()[-1]
    assert last == "0 packets checked: 1 error, 0 warnings, 0 notes. Merge blocked."
    markdown = run_cli(["check", "--target-branch", "main", "--format", "markdown"])
    assert markdown.code == 1
    assert markdown.out.splitlines()[0] == "## ❌ handoff-audit: 1 error"


def test_a_blocked_file_outside_the_paths_given_still_gets_the_counts(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    feature_branch(git_repo)
    git_repo.write("HANDOFF.md", HANDOFF)
    git_repo.write("docs/guide.txt", "read me\n")
    git_repo.commit("wip")
    done = run_cli(["check", "--target-branch", "main", "docs"], cwd=git_repo.root)
    assert done.code == 1
    assert "HANDOFF.md: handoff-in-merge:" in done.out
    assert "No handoff packets found" not in done.out
    assert done.out.endswith("0 packets checked: 1 error, 0 warnings, 0 notes. Merge blocked.\n")
    clean = run_cli(["check", "docs"], cwd=git_repo.root)
    assert clean.code == 0
    assert clean.out.startswith("No handoff packets found under the paths given")
