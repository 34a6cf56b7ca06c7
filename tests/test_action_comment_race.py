"""Two runs of one pull request at the same time (a push and its pull_request run) that both find
no comment and both create one: each lists again after creating, and the newer comment is
deleted, so that the pull request is left with one sticky comment."""

from __future__ import annotations

from action_runner import BRANCH, PR, Run, Runner


def _push(runner: Runner) -> Run:
    payload = runner.event("push.branch.json")
    payload.update(ref=f"refs/heads/{BRANCH}", after=runner.head, before=runner.base)
    return runner.run("push", payload)


def test_a_push_and_a_pull_request_run_that_race_leave_one_comment(runner: Runner) -> None:
    raced: list[Run] = []
    # The pull request's run has listed (no comment yet) and is creating its own: its create is
    # held while the push run of the same push lists, finds none, and creates one first.
    runner.fake.before_create = lambda: raced.append(_push(runner))
    done = runner.run("pull_request", runner.pull_request())
    [push] = raced
    assert "comment on #2: created\n" in push.out, push.out
    assert "comment on #2: created, then deleted as a duplicate of an older one" in done.out
    [comment] = runner.fake.ours(PR)
    assert "Merge blocked" in comment["body"]
    assert (done.code, push.code, done.outputs["blocked"]) == (1, 0, "true")
    posts = [r for r in runner.fake.writes() if r.method == "POST"]
    deletes = [r for r in runner.fake.writes() if r.method == "DELETE"]
    assert len(posts) == 2 and len(deletes) == 1
    assert deletes[0].path.endswith("/comments/1001")  # the newer one: the pull request's


def test_a_duplicate_already_deleted_by_the_racing_run_is_no_failure(runner: Runner) -> None:
    runner.fake.before_create = lambda: _push(runner)
    # GitHub's answer when a third run deleted the duplicate between our listing and our delete.
    runner.fake.fail("DELETE", r"/issues/comments/\d+$", 404, "Not Found")
    done = runner.run("pull_request", runner.pull_request())
    assert "comment on #2: created, then deleted as a duplicate" in done.out
    assert "was not posted" not in done.out
