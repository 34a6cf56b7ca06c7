"""A series kept as one folder per date, ``docs/sessions/20241215/session_log.md``
(Captain-Panda2024/quantum-wizardry-crpg): the folder's date orders the series as a date in the
file name does, so the newest folder's log is the current handoff and the older ones history.
`show` and SessionStart gave the older session's (done) step, with the newer log "also on this
branch", and the Stop hook asked to rewrite the newest log in place or `git rm` it; now it asks
for the next date's folder with the same file name, and, that file written and committed, lets
the session end. A date-named folder under a folder no ``series`` glob matches is offered as
its parent's series. Real repositories, the real CLI and hook, played as an agent."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime

from agent_support import HookRun, run_fix, run_hook, stop_event, the_command
from conftest import GitRepo

OLD = "# Session 2024-12-12\n\n## Next steps\n\n1. Build the combat system\n"
NEW = (
    "# Session 2024-12-15\n\nBuilt the combat system in `src/combat.xi`.\n\n## Next steps\n\n"
    "1. Build the magic system\n"
)
MINE = (
    "# Session {day}\n\n## State\n\nBuilt the magic system in `src/magic.xi`; tests pass.\n\n"
    "## Decisions\n\n- Chose a mana pool because spells share one budget.\n\n## Ruled out\n\n"
    "- Cooldown timers: they broke turn order.\n\n## Next steps\n\n1. Build the inventory screen\n"
)


def _sessions(repo: GitRepo, *, both: bool = True) -> None:
    repo.write("docs/sessions/20241212/session_log.md", OLD)
    repo.write("app.txt", "x\n")
    repo.commit("a", date="2024-12-12T12:00:00Z")
    if both:
        repo.write("docs/sessions/20241215/session_log.md", NEW)
        repo.commit("b", date="2024-12-15T12:00:00Z")


def test_the_newest_folder_is_the_current_handoff(
    git_repo: GitRepo,
    run_cli,  # type: ignore[no-untyped-def]
) -> None:
    _sessions(git_repo)
    # the older session's log touched up later: its folder's date still places it
    git_repo.write("docs/sessions/20241212/session_log.md", OLD.replace("the", "the new"))
    git_repo.commit("typo", date="2024-12-16T12:00:00Z")
    shown = run_cli(["show"], cwd=git_repo.root)
    first, where = shown.out.splitlines()[:2]
    assert first == "Next action: 1. Build the magic system", shown.out
    assert "the newest of 2 handoffs in docs/sessions/" in where, shown.out
    start = run_hook(stop_event(git_repo.root, event="SessionStart"), cwd=git_repo.root)
    context = json.loads(start.out)["hookSpecificOutput"]["additionalContext"]
    assert context.startswith("Next action: 1. Build the magic system"), context
    check = run_cli(["check"], cwd=git_repo.root)
    said = "docs/sessions/20241215/session_log.md: the current handoff of its series"
    assert said in check.out, check.out
    assert "docs/sessions/20241212/session_log.md:" not in check.out, check.out


def test_the_stop_hook_asks_for_the_next_dated_folder_and_lets_go(
    git_repo: GitRepo,
    run_cli,  # type: ignore[no-untyped-def]
) -> None:
    _sessions(git_repo)
    git_repo.git("switch", "-qc", "magic")
    git_repo.write("app.txt", "y\n")
    git_repo.commit("magic")
    stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stop.code == 2, stop.err
    assert "git rm" not in stop.err, stop.err
    named = re.search(r"series in docs/sessions/, write the next one, (\S+\.md),", stop.err)
    today = datetime.now(UTC).date()
    assert named is not None, stop.err
    assert named[1] == f"docs/sessions/{today:%Y%m%d}/session_log.md", stop.err

    git_repo.write(named[1], MINE.format(day=today.isoformat()))
    git_repo.commit("session log")
    again = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert again.code == 0, again.err
    check = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert check.code == 0, check.out
    assert f"{named[1]}: the current handoff of its series (2 older" in check.out, check.out
    shown = run_cli(["show"], cwd=git_repo.root)
    assert shown.out.startswith("Next action: 1. Build the inventory screen"), shown.out


def test_one_dated_folder_is_no_working_note_to_rewrite(git_repo: GitRepo) -> None:
    _sessions(git_repo, both=False)
    git_repo.git("switch", "-qc", "magic")
    git_repo.write("app.txt", "y\n")
    git_repo.commit("magic")
    stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stop.code == 2, stop.err
    assert "git rm" not in stop.err and "handoff-outdated" not in stop.err, stop.err
    today = datetime.now(UTC).date()
    assert f"write the next one, docs/sessions/{today:%Y%m%d}/session_log.md," in stop.err


def test_dated_folders_elsewhere_are_offered_as_their_parents_series(
    git_repo: GitRepo,
    run_cli,  # type: ignore[no-untyped-def]
) -> None:
    git_repo.write("journal/2024-12-12/handoff-notes.md", OLD)
    git_repo.write("journal/2024-12-15/handoff-notes.md", NEW)
    git_repo.commit("journal")
    check = run_cli(["check"], cwd=git_repo.root)
    assert 'set `extend-series: ["journal"]`' in check.err, check.err
    git_repo.write(".handoff-audit.yml", 'extend-series: ["journal"]\n')
    git_repo.commit("audit the journal")
    again = run_cli(["check"], cwd=git_repo.root)
    said = "journal/2024-12-15/handoff-notes.md: the current handoff of its series"
    assert said in again.out, again.out


def test_an_outdated_log_is_followed_by_todays_folder_not_its_own(
    git_repo: GitRepo,
    run_cli,  # type: ignore[no-untyped-def]
) -> None:
    """The branch's log of an earlier day, then more work: `handoff-outdated`'s other way out
    named the log's own date folder ("write the next dated handoff in
    docs/sessions/20241216/"), where a new file would be the same session's; now today's."""
    _sessions(git_repo)
    git_repo.git("switch", "-qc", "magic")
    git_repo.write("docs/sessions/20241216/session_log.md", MINE.format(day="2024-12-16"))
    git_repo.commit("session log", date="2024-12-16T12:00:00Z")
    git_repo.write("app.txt", "y\n")
    git_repo.commit("more magic", date="2024-12-17T12:00:00Z")
    today = f"docs/sessions/{datetime.now(UTC).date():%Y%m%d}/session_log.md"
    stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stop.code == 2, stop.err
    assert "docs/sessions/20241216/session_log.md handoff-outdated" in stop.err, stop.err
    assert f"or write the next dated handoff, {today}\n" in stop.err, stop.err
    check = run_cli(["check"], cwd=git_repo.root)
    assert f"or write the next dated handoff, {today}\n" in check.out, check.out
    assert "dated handoff in docs/sessions/20241216/" not in check.out + stop.err

    git_repo.write(today, MINE.format(day=datetime.now(UTC).date().isoformat()))
    git_repo.commit("today's session log")
    again = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert again.code == 0, again.err


def _misdated(repo: GitRepo, *, scratch: bool = False) -> None:
    """The newest session's folder dated 2099 (a typo for 20241215, committed on that day;
    with a ``scratch`` file beside its log), the older one's log, and a branch with work of its
    own."""
    _sessions(repo, both=False)
    repo.write("docs/sessions/20991215/session_log.md", NEW)
    if scratch:
        repo.write("docs/sessions/20991215/notes.txt", "scratch\n")
    repo.commit("b", date="2024-12-15T12:00:00Z")
    repo.git("switch", "-qc", "magic")
    repo.write("app.txt", "y\n")
    repo.commit("magic")


def test_a_misdated_folder_is_renamed_as_a_folder(
    git_repo: GitRepo,
    run_cli,  # type: ignore[no-untyped-def]
) -> None:
    """The typo is the folder's name: the hook renamed the file within it
    (``20991215/2024-12-15-session_log.md``); now it renames the folder, its other files with
    it, and the renamed folder's log is the series' current handoff."""
    _misdated(git_repo, scratch=True)
    stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stop.code == 2, stop.err
    fix = "git mv -- docs/sessions/20991215/ docs/sessions/20241215/"
    assert "first rename the misdated folder docs/sessions/20991215/ (" in stop.err, stop.err
    assert f"`{fix}`" in stop.err, stop.err
    assert run_fix(git_repo.root, fix).returncode == 0
    assert (git_repo.root / "docs/sessions/20241215/notes.txt").is_file()
    git_repo.commit("rename the misdated session folder")
    check = run_cli(["check"], cwd=git_repo.root)
    said = "docs/sessions/20241215/session_log.md: the current handoff of its series"
    assert said in check.out, check.out


def test_a_misdated_folder_passing_over_the_branchs_log_is_renamed(git_repo: GitRepo) -> None:
    """The branch wrote today's folder, which the misdated one outranked: the fix renames the
    misdated folder (to the day after its last commit's, whose folder is there: it ranks right
    after that folder and below the branch's) and the session may end."""
    _misdated(git_repo)
    git_repo.write("docs/sessions/20241215/session_log.md", OLD)
    git_repo.commit("a log of that day too", date="2024-12-15T13:00:00Z")
    today = datetime.now(UTC).date()
    git_repo.write(f"docs/sessions/{today:%Y%m%d}/session_log.md", MINE.format(day=today))
    git_repo.commit("session log")
    stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stop.code == 2, stop.err
    assert "rename its folder docs/sessions/20991215/" in stop.err, stop.err
    command = the_command(stop.err, "fix: ")
    assert command == "git mv -- docs/sessions/20991215/ docs/sessions/20241216/", stop.err
    assert run_fix(git_repo.root, command).returncode == 0
    git_repo.commit("rename the misdated session folder")
    again = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert again.code == 0, again.err


def _renamed_as_told(repo: GitRepo, fix: str) -> HookRun:
    """The hook's rename ``fix`` offered, run and committed as an agent would; the next stop."""
    stop = run_hook(stop_event(repo.root), cwd=repo.root)
    assert stop.code == 2, stop.err
    assert f"`{fix}`" in stop.err, stop.err
    assert run_fix(repo.root, fix).returncode == 0
    repo.commit("rename the misdated note")
    return run_hook(stop_event(repo.root), cwd=repo.root)


def test_a_renamed_misdated_folder_is_no_handoff_of_the_branch(
    git_repo: GitRepo,
    run_cli,  # type: ignore[no-untyped-def]
) -> None:
    """Attack review 60, 06: the hook's rename of main's misdated folder, done as told, let the
    session end: the renamed 2024 log, which says nothing of the branch's work, passed as its
    handoff (and `check`, its walk taking a move to a name sorted before the old one for a
    change, called it fresh). A note the branch only moved is no handoff of its: the hook asks
    for the series' next file, and lets go once it is written."""
    _misdated(git_repo)
    again = _renamed_as_told(git_repo, "git mv -- docs/sessions/20991215/ docs/sessions/20241215/")
    assert again.code == 2, again.err
    assert "branch magic has work of its own against main but no active handoff" in again.err
    today = datetime.now(UTC).date()
    assert f"write the next one, docs/sessions/{today:%Y%m%d}/session_log.md," in again.err
    check = run_cli(["check"], cwd=git_repo.root)
    assert "docs/sessions/20241215/session_log.md: handoff-outdated" in check.out, check.out

    git_repo.write(f"docs/sessions/{today:%Y%m%d}/session_log.md", MINE.format(day=today))
    git_repo.commit("session log")
    last = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert last.code == 0, last.err


def _misdated_on_main(git_repo: GitRepo, older: str, misdated: str, committed: str) -> None:
    """`docs/handoffs/` on main: ``older`` (2024-12-12), then ``misdated`` committed on the day
    ``committed``; then branch ``magic`` with a commit of its own that writes no handoff."""
    git_repo.write(f"docs/handoffs/{older}", OLD)
    git_repo.write("app.txt", "x\n")
    git_repo.commit("a", date="2024-12-12T12:00:00Z")
    git_repo.write(f"docs/handoffs/{misdated}", NEW)
    git_repo.commit("b", date=f"{committed}T12:00:00Z")
    git_repo.git("switch", "-qc", "magic")
    git_repo.write("app.txt", "y\n")
    git_repo.commit("magic")


def test_a_renamed_misdated_file_is_no_handoff_of_the_branch(git_repo: GitRepo) -> None:
    """The same for a dated file renamed to a name sorted before its own."""
    _misdated_on_main(git_repo, "2024-12-12-start.md", "2099-01-01-auth.md", "2024-12-15")
    fix = "git mv -- docs/handoffs/2099-01-01-auth.md docs/handoffs/2024-12-15-auth.md"
    again = _renamed_as_told(git_repo, fix)
    assert again.code == 2, again.err
    assert "no active handoff" in again.err, again.err
    today = datetime.now(UTC).date()
    assert f"write the next one, docs/handoffs/{today}-<topic>.md," in again.err, again.err


def test_a_misdated_folder_committed_in_the_future_takes_todays_date(
    git_repo: GitRepo,
    run_cli,  # type: ignore[no-untyped-def]
) -> None:
    """Attack review 60, 03: the misdated folder's last commit is dated 2099 too (a wrong
    clock): the rename kept a 2099 date (`20991214/`), after which the hook let go with the
    typo still outranking every real note. Now no date after today is offered: today's, and
    the branch's handoff after it ends the loop."""
    _sessions(git_repo, both=False)
    git_repo.write("docs/sessions/20991215/session_log.md", NEW)
    git_repo.commit("b (clock wrong)", date="2099-12-15T12:00:00Z")
    git_repo.git("switch", "-qc", "magic")
    git_repo.write("app.txt", "y\n")
    git_repo.commit("magic")
    today = datetime.now(UTC).date()
    fix = f"git mv -- docs/sessions/20991215/ docs/sessions/{today:%Y%m%d}/"
    again = _renamed_as_told(git_repo, fix)
    assert again.code == 2, again.err
    named = re.search(r"write the next one, (\S+\.md),", again.err)
    # today's folder holds the renamed log: the next is a second log of the day, named as the
    # series names them, not docs/sessions/<today>/<today>-<topic>.md
    assert named is not None, again.err
    assert named[1] == f"docs/sessions/{today:%Y%m%d}/session_log-2.md", again.err
    git_repo.write(named[1], MINE.format(day=today))
    git_repo.commit("session log")
    last = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert last.code == 0, last.err
    check = run_cli(["check"], cwd=git_repo.root)
    assert "2099" not in check.out, check.out
    shown = run_cli(["show"], cwd=git_repo.root)
    assert "Next action: 1. Build the inventory screen" in shown.out, shown.out


def test_a_misdated_file_committed_in_the_future_takes_todays_date(git_repo: GitRepo) -> None:
    """The same for a dated file: `2099-12-15-b.md` was offered `2099-12-15-2-b.md`."""
    _misdated_on_main(git_repo, "2024-12-12-a.md", "2099-12-15-b.md", "2099-12-15")
    today = datetime.now(UTC).date()
    fix = f"git mv -- docs/handoffs/2099-12-15-b.md docs/handoffs/{today}-b.md"
    again = _renamed_as_told(git_repo, fix)
    assert again.code == 2, again.err
    assert "2099" not in again.err, again.err


def test_a_misdated_folder_stays_after_the_folders_of_older_sessions(
    git_repo: GitRepo,
    run_cli,  # type: ignore[no-untyped-def]
) -> None:
    """Attack review 60, 09: the folder of the misdated log's real date and those of the days
    before were there, and the rename walked back to 2024-12-10 ("a day earlier"), behind
    the older sessions: an older log became the series' current handoff. Now the next free
    day after them, with the real distance said."""
    _sessions(git_repo)  # 20241212/ and 20241215/
    git_repo.write("docs/sessions/20241216/session_log.md", OLD)
    git_repo.write("docs/sessions/20991215/session_log.md", MINE.format(day="2024-12-15"))
    git_repo.commit("b", date="2024-12-15T13:00:00Z")
    git_repo.git("switch", "-qc", "magic")
    git_repo.write("app.txt", "y\n")
    git_repo.commit("magic")
    stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    said = (
        "2024-12-17, 2 days after, as the folder of 2024-12-15 and of every day between is "
        "there): `git mv -- docs/sessions/20991215/ docs/sessions/20241217/`"
    )
    assert said in stop.err, stop.err
    fix = re.search(r"`(git mv -- [^`]*)`", stop.err)
    assert fix is not None and run_fix(git_repo.root, fix[1]).returncode == 0
    git_repo.commit("rename the misdated session folder")
    check = run_cli(["check"], cwd=git_repo.root)
    said = "docs/sessions/20241217/session_log.md: the current handoff of its series (3 older"
    assert said in check.out, check.out
    shown = run_cli(["show"], cwd=git_repo.root)
    assert "\nNext action: 1. Build the inventory screen\n" in shown.out, shown.out
