"""`ci` in a shallow clone (actions/checkout's default ``fetch-depth: 1``): two handoffs of a
dated series with the same date in their names are told apart by their last commits, the
clone deepened first; when it cannot be, the audit says the current file is a guess."""

from __future__ import annotations

import subprocess
from pathlib import Path

from action_runner import BRANCH, Run, Runner
from conftest import GitRepo

EARLIER = "# Handoff\n\n## State\nMorning work.\n\n## Next step\nDo the morning step.\n"
LATER = "# Handoff\n\n## State\nEvening work.\n\n## Next step\nDo the evening step.\n"


def _git(cwd: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def _shallow_workspace(runner: Runner, tmp_path: Path) -> Path:
    """The branch gets ``2026-11-05-b.md``, then later ``2026-11-05-a.md`` (the newer one,
    though its name sorts first), then other work; the workspace becomes a ``--depth 1``
    clone of a bare origin holding it, as actions/checkout makes."""
    repo = runner.repo
    repo.write("docs/handoffs/2026-11-05-b.md", EARLIER)
    repo.commit("morning handoff", date="2026-11-05T08:00:00Z")
    repo.write("docs/handoffs/2026-11-05-a.md", LATER)
    repo.commit("evening handoff", date="2026-11-05T18:00:00Z")
    repo.write("src/refund.py", "def refund(): return 0\n")
    runner.head = repo.commit("more work", date="2026-11-06T08:00:00Z")
    origin = tmp_path / "origin.git"
    _git(tmp_path, "clone", "-q", "--bare", str(repo.root), str(origin))
    clone = tmp_path / "workspace"
    _git(tmp_path, "clone", "-q", "--depth", "1", "-b", BRANCH, origin.as_uri(), str(clone))
    assert _git(clone, "rev-parse", "--is-shallow-repository") == "true"
    runner.repo = GitRepo(clone)
    return clone


def _push(runner: Runner) -> Run:
    payload = runner.event("push.branch.json")
    payload.update(ref=f"refs/heads/{BRANCH}", after=runner.head)
    return runner.run("push", payload, comment="false", fail_on="never")


def test_ci_deepens_the_clone_to_tell_two_handoffs_of_one_date_apart(
    runner: Runner, tmp_path: Path
) -> None:
    clone = _shallow_workspace(runner, tmp_path)

    done = _push(runner)

    assert done.code == 0, done.out
    assert "docs/handoffs/2026-11-05-a.md" in done.summary
    assert "docs/handoffs/2026-11-05-b.md" not in done.summary
    assert "history-unavailable" not in done.out + done.summary
    assert _git(clone, "rev-parse", "--is-shallow-repository") == "false"


def test_ci_that_cannot_deepen_says_which_files_of_one_date_it_guessed_between(
    runner: Runner, tmp_path: Path
) -> None:
    clone = _shallow_workspace(runner, tmp_path)
    _git(clone, "remote", "set-url", "origin", (tmp_path / "gone.git").as_uri())

    done = _push(runner)

    assert done.code == 0, done.out
    unavailable = [line for line in done.out.splitlines() if "history-unavailable" in line]
    [line] = [line for line in unavailable if "2026-11-05" in line]
    assert "docs/handoffs/2026-11-05-b.md and docs/handoffs/2026-11-05-a.md" in line
    assert "same date" in line and "deepening failed" in line and "fetch-depth: 0" in line
