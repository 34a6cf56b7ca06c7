"""A duplicate comment that cannot be deleted, or a re-listing that fails after ours was posted,
never leaves a stale verdict up nor reads as "not posted": the comment kept is brought up to date
first, and the log says exactly what was written and what failed after."""

from __future__ import annotations

import pytest

from action_runner import PR, Run, Runner
from handoff_audit.errors import InputError

BOT = "github-actions[bot]"
STALE = "<!-- handoff-audit-comment -->\n### ✅ handoff-audit: all clear (stale)"


def _warnings(run: Run) -> list[str]:
    return [line for line in run.out.splitlines() if line.startswith("::warning")]


def _two_stale_comments(runner: Runner) -> None:
    runner.fake.add_comment(PR, BOT, STALE)
    runner.fake.add_comment(PR, BOT, STALE + " duplicate")


@pytest.mark.parametrize("status", [403, 500])
def test_a_duplicate_that_cannot_be_deleted_leaves_the_kept_comment_up_to_date(
    runner: Runner, status: int
) -> None:
    _two_stale_comments(runner)
    runner.fake.fail("DELETE", r"/issues/comments/\d+$", status, "Resource not accessible", 20)
    done = runner.run("pull_request", runner.pull_request())
    assert (done.code, done.outputs["blocked"]) == (1, "true")
    kept, _ = runner.fake.ours(PR)
    assert "Merge blocked" in kept["body"] and "all clear" not in kept["body"]
    assert "comment on #2: updated\n" in done.out
    [warning] = _warnings(done)
    assert "comment on #2 is up to date (updated), but the duplicate comment 1001 was left" in (
        warning
    )
    assert f"HTTP {status}" in warning
    assert "not posted" not in done.out and "fork" not in done.out


def test_the_exit_2_path_updates_the_kept_comment_when_a_duplicate_cannot_go(
    runner: Runner,
) -> None:
    runner.repo.write(".handoff-audit.yml", "max-lines: x\n")
    runner.head = runner.repo.commit("a broken key")
    _two_stale_comments(runner)
    runner.fake.fail("DELETE", r"/issues/comments/\d+$", 403, "Resource not accessible", 20)
    with pytest.raises(InputError, match="max-lines"):
        runner.run("pull_request", runner.pull_request())
    kept, _ = runner.fake.ours(PR)
    assert "the audit could not run" in kept["body"] and "all clear" not in kept["body"]


@pytest.mark.parametrize("status", [403, 500])
def test_a_race_whose_delete_fails_still_leaves_the_older_comment_up_to_date(
    runner: Runner, status: int
) -> None:
    def other_run() -> None:  # another run's comment, with an older verdict, comes first
        runner.fake.add_comment(PR, BOT, "<!-- handoff-audit-comment -->\nOTHER RUN (older)")
        runner.fake.fail("DELETE", r"/issues/comments/\d+$", status, "boom", 20)

    runner.fake.before_create = other_run
    done = runner.run("pull_request", runner.pull_request())
    older, ours = runner.fake.ours(PR)
    assert "Merge blocked" in older["body"] and "Merge blocked" in ours["body"]
    assert "comment on #2: created, and an older one updated\n" in done.out
    [warning] = _warnings(done)
    assert "but the duplicate comment 1001 was left" in warning
    assert "not posted" not in done.out and "fork" not in done.out


def test_a_failed_re_listing_after_the_create_says_the_comment_was_posted(
    runner: Runner,
) -> None:
    runner.fake.before_create = lambda: runner.fake.fail(
        "GET", rf"/issues/{PR}/comments$", 502, "Bad Gateway", 20
    )
    done = runner.run("pull_request", runner.pull_request())
    [comment] = runner.fake.ours(PR)
    assert "Merge blocked" in comment["body"]
    assert "comment on #2: created\n" in done.out
    [warning] = _warnings(done)
    assert "comment on #2 is up to date (created), but checking for a duplicate" in warning
    assert "HTTP 502" in warning and "not posted" not in done.out


def test_a_read_only_403_warning_ends_with_one_period(runner: Runner) -> None:
    runner.fake.read_only_tokens.add("bot-token")
    done = runner.run("pull_request", runner.pull_request())
    [warning] = _warnings(done)
    assert "comment was not posted" in warning and "fork" in warning
    assert ".." not in warning


def test_an_older_comment_that_cannot_be_updated_keeps_ours(runner: Runner) -> None:
    def other_run() -> None:
        runner.fake.add_comment(PR, BOT, "<!-- handoff-audit-comment -->\nOTHER RUN (older)")
        runner.fake.fail("PATCH", r"/issues/comments/\d+$", 403, "Resource not accessible", 20)

    runner.fake.before_create = other_run
    done = runner.run("pull_request", runner.pull_request())
    _, ours = runner.fake.ours(PR)
    assert "Merge blocked" in ours["body"]  # the verdict stays up: ours is not deleted
    assert [r.method for r in runner.fake.writes()].count("DELETE") == 0
    [warning] = _warnings(done)
    assert "(created), but the older comment 1000 of another run was left as it was" in warning
