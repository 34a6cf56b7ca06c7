"""A branch made from a main that keeps two workstreams' working notes (as
Quantum-Impact-Ltd/castflow keeps AUDIT-HANDOFF.md beside DASHBOARD-HANDOFF.md): after work on
the branch, the Stop hook asks for one handoff of that work, the note closest to it, and names
the other as inherited; it never makes the agent refresh every note main holds."""

from __future__ import annotations

import re
import subprocess

import pytest

from agent_support import ANSWERS, hook_command, run_fix, run_hook, stop_event
from conftest import GitRepo
from test_agent_session_start import context_of
from test_brief_show import Run

_PLACEHOLDER = re.compile(r'"<[^">]*>"')
_OUTDATED = re.compile(r"^- (\S+) handoff-outdated", re.MULTILINE)


def _note(stream: str) -> str:
    return (
        f"# Handoff — {stream}\n\n## State\n{stream} works; tests pass.\n\n## Next step\n"
        f"Add retries to src/{stream}.py.\n\n## Decisions\n- Keep {stream} pure because it is "
        f"hot.\n\n## Ruled out\n- Caching: inputs never repeat.\n\n## Pointers\n"
        f"- src/{stream}.py:1\n"
    )


def _two_streams(repo: GitRepo, worked_on: str) -> None:
    """main keeps docs/auth/HANDOFF.md and docs/billing/HANDOFF.md; a new branch changes the
    code of one workstream."""
    for stream in ("auth", "billing"):
        repo.write(f"src/{stream}.py", f"def {stream}():\n    return 1\n")
        repo.write(f"docs/{stream}/HANDOFF.md", _note(stream))
    repo.commit("two workstreams")
    repo.git("switch", "-q", "-c", "feat/retry")
    repo.write(f"src/{worked_on}.py", f"def {worked_on}():\n    return 2\n")
    repo.commit(f"{worked_on}: retry")


def _play(repo: GitRepo) -> list[str]:
    """Follow only what the hook prints, each fix filled in and committed, until it lets the
    session stop; the notes it asked to refresh, in order."""
    asked: list[str] = []
    for _ in range(4):
        stop = run_hook(stop_event(repo.root))
        if stop.code == 0:
            return asked
        asked += _OUTDATED.findall(stop.err)
        for command in [line.removeprefix("  fix: ") for line in stop.lines if "  fix: " in line]:
            filled = _PLACEHOLDER.sub("'Retries added; tests pass.'", command)
            assert run_fix(repo.root, filled).returncode == 0, filled
        repo.commit("handoff: refreshed")
    raise AssertionError(f"the hook still blocks after {asked}")


def test_one_refresh_of_the_closest_note_lets_the_session_stop(git_repo: GitRepo) -> None:
    _two_streams(git_repo, "billing")
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2, stop.err
    assert _OUTDATED.findall(stop.err) == ["docs/billing/HANDOFF.md"], stop.err
    assert "docs/auth/HANDOFF.md, inherited from main and unchanged on this branch" in stop.err
    asked = _play(git_repo)
    assert asked == ["docs/billing/HANDOFF.md"], asked
    assert "Retries added" in (git_repo.root / "docs/billing/HANDOFF.md").read_text()
    assert "Retries added" not in (git_repo.root / "docs/auth/HANDOFF.md").read_text()


def test_the_other_workstream_is_asked_for_its_own_work(git_repo: GitRepo) -> None:
    _two_streams(git_repo, "auth")
    assert _play(git_repo) == ["docs/auth/HANDOFF.md"]


def test_a_note_the_branch_wrote_is_its_handoff(git_repo: GitRepo) -> None:
    """Both notes written on the branch itself are both its own: each still has to be current."""
    git_repo.write("src/app.py", "def run():\n    return 1\n")
    git_repo.commit("app")
    git_repo.git("switch", "-q", "-c", "feat/run")
    for stream in ("auth", "billing"):
        git_repo.write(f"docs/{stream}/HANDOFF.md", _note(stream))
    git_repo.commit("notes")
    git_repo.write("src/app.py", "def run():\n    return 2\n")
    git_repo.commit("run returns 2")
    stop = run_hook(stop_event(git_repo.root))
    assert _OUTDATED.findall(stop.err) == ["docs/auth/HANDOFF.md", "docs/billing/HANDOFF.md"]


def _stream_notes(repo: GitRepo, notes: dict[str, str]) -> None:
    """main keeps ``notes`` (path -> its workstream), each naming its folder of code, never a
    file of it: ``src/<workstream>``."""
    for note, stream in notes.items():
        repo.write(f"src/{stream}/core.py", "x = 1\n")
        repo.write(
            note,
            f"# Handoff: {stream}\n\n## Status\nStarted {stream} in src/{stream}.\n\n"
            f"## Next step\nContinue {stream} in src/{stream}.\n",
        )
    repo.commit("workstreams")


def _filled(command: str) -> str:
    """``command`` with each ``"<...>"`` filled in as an agent would."""
    for placeholder, text in ANSWERS.items():
        command = command.replace(f'"{placeholder}"', f"'{text}'")
    return _PLACEHOLDER.sub("'Proration done; tests pass.'", command)


def _gate(repo: GitRepo) -> subprocess.CompletedProcess[str]:
    """The merge gate on the branch: `check --target-branch main`."""
    command = [*hook_command()[:-1], "check", "--target-branch", "main"]
    return subprocess.run(command, cwd=repo.root, capture_output=True, text=True, check=False)


def _play_both(repo: GitRepo) -> list[str]:
    """Follow what the Stop hook prints, then what the merge gate's findings say to run, each
    fix filled in and committed, until both accept the branch; the commands run, in order."""
    ran: list[str] = []
    for _ in range(6):
        stop = run_hook(stop_event(repo.root))
        said = stop.err if stop.code else _gate(repo).stdout
        if stop.code == 0 and "fix:" not in said and _gate(repo).returncode == 0:
            return ran
        fixes = re.findall(r"(?:fix: |`)((?:\S*handoff-audit|git) [^`\n]*)", said)
        assert fixes, said
        command = _filled(fixes[0])
        assert run_fix(repo.root, command).returncode == 0, command
        ran.append(command)
        if repo.git("status", "--porcelain").strip():
            repo.commit("handoff: as told")
    raise AssertionError(f"hook and gate still disagree after {ran}")


def test_the_note_of_the_workstream_the_branch_works_on_is_its_handoff(git_repo: GitRepo) -> None:
    """Commits to src/billing/ only: SessionStart shows the billing note and the Stop hook asks
    for that one, though the auth note comes first by path."""
    _stream_notes(git_repo, {"docs/auth/HANDOFF.md": "auth", "docs/billing/HANDOFF.md": "billing"})
    git_repo.git("switch", "-q", "-c", "feat/billing")
    git_repo.write("src/billing/invoice.py", "prorate = True\n")
    git_repo.commit("billing: proration")
    start = run_hook(stop_event(git_repo.root, event="SessionStart"))
    assert "Next action: Continue billing in src/billing." in start.out, start.out
    stop = run_hook(stop_event(git_repo.root))
    assert _OUTDATED.findall(stop.err) == ["docs/billing/HANDOFF.md"], stop.err
    assert "docs/auth/HANDOFF.md, inherited from main and unchanged" in stop.err
    assert _play(git_repo) == ["docs/billing/HANDOFF.md"]
    assert "Proration" not in (git_repo.root / "docs/auth/HANDOFF.md").read_text()


@pytest.mark.parametrize(
    ("notes", "finish"),
    [
        (("docs/auth/HANDOFF.md", "docs/billing/HANDOFF.md"), "git rm -q -- {mine}"),
        (("SESSION_HANDOFF.md", "NEXT_SESSION.md"), "git rm -q -- {mine}"),
        (
            ("docs/auth/HANDOFF.md", "docs/billing/HANDOFF.md"),
            "mkdir -p docs/handoffs && git mv -- {mine} docs/handoffs/2026-12-06-auth.md",
        ),
    ],
)
def test_a_branch_that_finished_its_note_is_not_asked_for_an_inherited_one(
    git_repo: GitRepo, notes: tuple[str, str], finish: str
) -> None:
    """The branch wrote its note after its work, then finished it as the hook says: the other
    note, inherited unchanged from main, is no handoff it owes."""
    mine, other = notes
    _stream_notes(git_repo, {mine: "auth", other: "billing"})
    git_repo.git("switch", "-q", "-c", "feat/auth")
    git_repo.write("src/auth/token.py", "ttl = 60\n")
    git_repo.commit("auth work")
    git_repo.write(mine, "# Handoff: auth\n\n## Status\nToken TTL set.\n\n## Next step\nTest it.\n")
    git_repo.commit("handoff: auth")
    assert run_fix(git_repo.root, finish.format(mine=mine)).returncode == 0
    git_repo.commit("handoff: done")
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 0, stop.err
    assert f"{other}, inherited from main and unchanged on this branch" in stop.said
    assert (git_repo.root / other).read_text().startswith("# Handoff: billing")


@pytest.mark.parametrize("finished_auth", [False, True])
def test_hook_and_gate_agree_on_a_note_kept_by_the_branchs_own_entry(
    git_repo: GitRepo, finished_auth: bool
) -> None:
    """main keeps the billing note (and an auth note the branch deletes); the branch adds the
    `!` entry the gate offers, which the gate honours only while the branch leaves the note as
    main has it: the hook never asks to change it, and following the hook and the gate ends on
    a branch both accept."""
    auth = {"docs/auth/HANDOFF.md": "auth"} if finished_auth else {}
    _stream_notes(git_repo, {**auth, "docs/billing/HANDOFF.md": "billing"})
    git_repo.git("switch", "-q", "-c", "feat/billing")
    git_repo.write("src/billing/invoice.py", "prorate = True\n")
    git_repo.commit("billing: proration")
    if finished_auth:
        git_repo.git("rm", "-q", "docs/auth/HANDOFF.md")
        git_repo.commit("handoff: done")
    git_repo.write(
        ".handoff-audit.yml", 'block-files: ["**/HANDOFF.md", "!docs/billing/HANDOFF.md"]\n'
    )
    git_repo.commit("keep the billing note")
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2, stop.err
    assert "handoff-outdated" not in stop.err, stop.err
    assert "docs/billing/HANDOFF.md, inherited from main and unchanged" in stop.err, stop.err
    ran = _play_both(git_repo)
    assert [command.split()[1] for command in ran] == ["new", "archive"], ran
    assert git_repo.git("diff", "--name-only", "main", "--", "docs/billing").strip() == ""


def _notes_naming_tests(repo: GitRepo) -> None:
    """main keeps docs/auth/HANDOFF.md and docs/billing/HANDOFF.md, written in one commit, each
    naming its folder and a ``test.py`` of it: both name a file called test.py."""
    for stream in ("auth", "billing"):
        repo.write(f"src/{stream}/core.py", "x = 1\n")
        repo.write(
            f"docs/{stream}/HANDOFF.md",
            f"# {stream} handoff\n\n## State\n- {stream} skeleton in src/{stream}/.\n\n"
            f"## Next step\n- Add {stream} tests in src/{stream}/test.py.\n\n## Key decisions\n"
            "- Plain functions because no framework.\n\n## Ruled out\n- ORM: too heavy.\n",
        )
    repo.write("README.md", "readme\n")
    repo.commit("two workstreams")


def test_a_file_name_both_notes_name_does_not_tie_them(git_repo: GitRepo) -> None:
    """Only src/billing/test.py changed: the auth note names a test.py too, but the billing note
    names its folder; the hook asks for the billing note, SessionStart shows it."""
    _notes_naming_tests(git_repo)
    git_repo.git("switch", "-q", "-c", "bill")
    git_repo.write("src/billing/test.py", "def t():\n    pass\n")
    git_repo.commit("billing tests")
    start = run_hook(stop_event(git_repo.root, event="SessionStart"))
    assert "Next action: Add billing tests in src/billing/test.py." in start.out, start.out
    stop = run_hook(stop_event(git_repo.root))
    assert _OUTDATED.findall(stop.err) == ["docs/billing/HANDOFF.md"], stop.err
    assert "docs/auth/HANDOFF.md, inherited from main and unchanged" in stop.err, stop.err
    assert _play(git_repo) == ["docs/billing/HANDOFF.md"]


def test_work_no_note_speaks_for_needs_a_handoff_of_its_own(git_repo: GitRepo) -> None:
    """Only README.md changed: neither inherited note is closer to the work than the other, so
    the hook asks for none of them but for the branch's own handoff, as on a branch without
    notes, and following the hook leaves both notes as main has them."""
    _notes_naming_tests(git_repo)
    git_repo.git("switch", "-q", "-c", "readme")
    git_repo.write("README.md", "readme\nmore\n")
    git_repo.commit("readme")
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2, stop.err
    assert "handoff-outdated" not in stop.err, stop.err
    assert "has work of its own against main but no active handoff" in stop.err, stop.err
    assert (
        "docs/auth/HANDOFF.md, docs/billing/HANDOFF.md, inherited from main and unchanged on "
        "this branch, are left to their own workstream: none of them speaks for" in stop.err
    ), stop.err
    assert _play(git_repo) == []
    assert git_repo.git("diff", "--name-only", "main", "--", "docs").strip() == ""
    assert (git_repo.root / "handoff.json").is_file()


def test_a_session_on_work_no_note_speaks_for_is_told_what_the_stop_hook_asks(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """Only README.md changed: SessionStart and `show` used to hand over main's newest note
    (its next action, "Add auth tests …") as the branch's handoff while the Stop hook asked for
    a handoff of the branch's own. Now they say the notes are main's, not this branch's, and
    give the command the hook asks for. An agent that knows only the printed text runs it as
    printed, filled in, and the hook lets the session stop, the notes left as main has them."""
    _notes_naming_tests(git_repo)
    git_repo.git("switch", "-q", "-c", "readme")
    git_repo.write("README.md", "readme\nmore\n")
    git_repo.commit("readme")
    start = context_of(run_hook(stop_event(git_repo.root, event="SessionStart")))
    assert "Next action" not in start and "Add auth tests" not in start, start
    assert "docs/auth/HANDOFF.md, docs/billing/HANDOFF.md, inherited from main" in start, start
    shown = run_cli(["show"], cwd=git_repo.root)
    assert shown.code == 1 and shown.out == start, shown.out
    assert "no handoff of this branch's own" in shown.err, shown.err
    [command] = [line.split(": ", 1)[1] for line in start.splitlines() if " new --summary " in line]
    assert run_fix(git_repo.root, _filled(command)).returncode == 0, command
    git_repo.commit("handoff")
    assert run_hook(stop_event(git_repo.root)).code == 0
    brief = run_cli(["show"], cwd=git_repo.root).out
    assert brief.startswith(
        f"Next action: {ANSWERS['<the first thing the next session should do>']}"
    )
    assert git_repo.git("diff", "--name-only", "main", "--", "docs").strip() == ""
