"""A series file dated more than a day after today (a typo, `2099-01-01-auth.md`) is not
followed: the Stop hook names that file and its rename to its last commit's date (the day before
the branch's file's date when that would tie with it or pass it), instead of
asking the branch's handoff to take the typo's date; tomorrow's date (a time zone already on
the next day) is still followed. Real repositories, the real hook."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from agent_support import run_hook, stop_event
from conftest import GitRepo

BODY = (
    "# Handoff: {}\n\n## State\nRefund endpoint in src/app.py returns 200; tests pass except "
    "the currency case.\n\n## Next step\nFix the currency rounding in src/app.py:12 and run "
    "pytest.\n\n## Decisions\n- Use Decimal for amounts, because floats lost cents.\n\n"
    "## Ruled out\n- Rounding in the template: it hid the bug.\n\n## Pointers\n- src/app.py:12\n"
)


def _series(repo: GitRepo, first: str) -> str:
    """A series whose current file is ``first``-auth.md; the branch feat writes today's
    refunds file into it. Returns today's date."""
    repo.write("src/app.py", "x = 1\n")
    repo.write(f"docs/handoffs/{first}-auth.md", BODY.format("auth"))
    repo.commit("handoff: auth")
    repo.git("checkout", "-q", "-b", "feat")
    repo.write("src/app.py", "x = 2\n")
    repo.commit("work")
    today = datetime.now(UTC).date().isoformat()
    repo.write(f"docs/handoffs/{today}-refunds.md", BODY.format("refunds"))
    repo.commit("handoff: refunds")
    return today


def test_a_far_future_date_is_named_as_the_typo(git_repo: GitRepo) -> None:
    today = _series(git_repo, "2099-01-01")
    hook = run_hook(stop_event(git_repo.root))
    assert hook.code == 2, hook.err
    # Its last commit's date is today's, the branch's file's: the day before keeps that file
    # current (a tie would go to the rename's commit, the newest).
    day_before = (datetime.fromisoformat(today) - timedelta(days=1)).date().isoformat()
    fix = f"git mv -- docs/handoffs/2099-01-01-auth.md docs/handoffs/{day_before}-auth.md"
    assert fix in hook.err and "2099-01-01-refunds" not in hook.err, hook.err


def test_tomorrow_is_still_followed(git_repo: GitRepo) -> None:
    tomorrow = (datetime.now(UTC).date() + timedelta(days=1)).isoformat()
    _series(git_repo, tomorrow)
    hook = run_hook(stop_event(git_repo.root))
    assert hook.code == 2 and f"docs/handoffs/{tomorrow}-refunds.md" in hook.err, hook.err


def test_the_next_file_of_a_misdated_series_is_not_named_after_the_typo(
    git_repo: GitRepo,
) -> None:
    git_repo.write("src/app.py", "x = 1\n")
    git_repo.write("docs/handoffs/2099-01-01-auth.md", BODY.format("auth"))
    git_repo.commit("handoff: auth")
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write("src/app.py", "x = 2\n")
    git_repo.commit("work")
    hook = run_hook(stop_event(git_repo.root))
    today = datetime.now(UTC).date().isoformat()
    fix = f"git mv -- docs/handoffs/2099-01-01-auth.md docs/handoffs/{today}-auth.md"
    assert hook.code == 2 and fix in hook.err, hook.err
    assert "2099-01-01-<topic>" not in hook.err, hook.err


def test_the_rename_of_a_misdated_file_takes_a_free_name(git_repo: GitRepo) -> None:
    """Review 49-11, defect 6: a file already has the last commit's date and topic: the rename
    adds a number after the date (ranking above it), and the printed `git mv` works."""
    today = datetime.now(UTC).date().isoformat()
    git_repo.write("src/app.py", "x = 1\n")
    git_repo.write(f"docs/handoffs/{today}-auth.md", BODY.format("auth"))
    git_repo.commit("handoff: auth")
    git_repo.write("docs/handoffs/2099-01-01-auth.md", BODY.format("auth"))
    git_repo.commit("handoff: auth again, date typo")
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write("src/app.py", "x = 2\n")
    git_repo.commit("work")
    hook = run_hook(stop_event(git_repo.root))
    fix = f"git mv -- docs/handoffs/2099-01-01-auth.md docs/handoffs/{today}-2-auth.md"
    assert hook.code == 2 and fix in hook.err, hook.err
    git_repo.git(*fix.split()[1:])
    assert (git_repo.root / f"docs/handoffs/{today}-2-auth.md").is_file()


def test_a_misdated_day_first_name_gets_the_date_in_its_own_format(git_repo: GitRepo) -> None:
    """Review 49-11, defect 7: in a day-first series the rename replaces the typo's date with
    the last commit's, written day first, instead of putting an ISO date before the typo."""
    git_repo.write("src/app.py", "x = 1\n")
    git_repo.write("docs/handoffs/28-10-2026-auth.md", BODY.format("auth"))
    git_repo.write("docs/handoffs/01-01-2099-billing.md", BODY.format("billing"))
    git_repo.commit("handoffs")
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write("src/app.py", "x = 2\n")
    git_repo.commit("work")
    hook = run_hook(stop_event(git_repo.root))
    day = datetime.now(UTC).date().strftime("%d-%m-%Y")
    fix = f"git mv -- docs/handoffs/01-01-2099-billing.md docs/handoffs/{day}-billing.md"
    assert hook.code == 2 and fix in hook.err, hook.err
    assert "2099-billing.md docs" in hook.err and "-2099-billing.md`" not in hook.err, hook.err
