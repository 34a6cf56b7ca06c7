"""A dated series file the branch wrote finishes by saying so: "None: the work is finished." as
its next step makes `md-incomplete` a note (a working note such as `HANDOFF.md` still finishes
by its deletion), the hook lets the session stop once the file is current, and the merge gate
passes. The hook's fix on an outdated series file offers that finish. docs/lifecycle.md, 14s."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo

BRANCH = "feat/floats"
SERIES = "docs/handoffs/2026-12-05-floats.md"
NOTE = (
    "# Floats\n\n## State\n\nFloats parse in `src/parse.py`.\n\n"
    "## Next step\n\nParse exponents in `src/parse.py`.\n"
)
FINISH = "step='None: the work is finished.' awk "
"""The series' finish: that step written in place of the one under its next-step heading."""


def work(repo: GitRepo, step: int) -> None:
    repo.write("src/parse.py", f"def parse(text):\n    return float(text)  # {step}\n")
    repo.commit(f"floats: step {step}")


def floats_repo(repo: GitRepo, note: str = NOTE, path: str = SERIES) -> None:
    """main with an older series file; the branch writes its own dated file (or ``path``) after
    work, then works on."""
    repo.write("docs/handoffs/2026-11-30-parser.md", "# Parser\n\n## Next step\n\nAdd floats.\n")
    repo.write("src/parse.py", "def parse(text):\n    return int(text)\n")
    repo.commit("init")
    repo.git("checkout", "-q", "-b", BRANCH)
    work(repo, 0)
    repo.write(path, note)
    repo.commit("handoff notes")
    work(repo, 1)


def md_incomplete_next(run_cli: Callable[..., Any], repo: GitRepo) -> list[dict[str, Any]]:
    report = run_cli(["check", "--format", "json"], cwd=repo.root).json()
    return [f for f in report["findings"] if f["rule"] == "md-incomplete" and f["facet"] == "next"]


def test_a_series_file_finishes_by_the_fix_the_hook_prints(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    floats_repo(git_repo)
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    assert f"{SERIES} handoff-outdated" in blocked.err
    [offer] = [line for line in blocked.lines if "or, when the work is finished: " in line]
    finish = offer.split("or, when the work is finished: ", 1)[1]
    assert FINISH in finish and finish.endswith(f'> {SERIES} && rm -f -- "$t"'), finish
    # the agent fills in what changed and runs the finish, as printed
    filled = re.sub(r'"<[^">]*>"', "'Floats parse exponents too.'", finish)
    assert run_fix(git_repo.root, filled).returncode == 0, filled
    git_repo.commit("handoff: done")

    [note] = md_incomplete_next(run_cli, git_repo)
    assert note["severity"] == "note", note
    written = (git_repo.root / SERIES).read_text(encoding="utf-8").splitlines()
    assert note["line"] == written.index("None: the work is finished.") + 1
    assert written.count("## Next step") == 1, written  # in place, not a second section
    assert f'at line {note["line"]} ("None: the work is finished.")' in note["message"]
    assert "the next session starts a new dated file in docs/handoffs/" in note["message"]
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 0, stop.err
    gate = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert gate.code == 0, gate.out + gate.err


def test_more_work_after_the_finish_outdates_it_again(git_repo: GitRepo) -> None:
    floats_repo(git_repo, NOTE + "\n## Next step\n\nNone: the work is finished.\n")
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2 and f"{SERIES} handoff-outdated" in stop.err, stop.err


def test_a_bare_none_in_a_series_file_is_still_an_error(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    floats_repo(git_repo)
    with (git_repo.root / SERIES).open("a", encoding="utf-8") as note:
        note.write("\n## Since then\n\nExponents parse.\n\n## Next step\n\nNone.\n")
    git_repo.commit("handoff: none")
    [finding] = md_incomplete_next(run_cli, git_repo)
    assert finding["severity"] == "error", finding
    assert run_hook(stop_event(git_repo.root)).code == 2
    assert run_cli(["check", "--target-branch", "main"], cwd=git_repo.root).code == 1


def test_a_working_note_saying_its_work_is_finished_is_still_an_error(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    """HANDOFF.md finishes by its deletion, never by saying so: it would be merged."""
    floats_repo(git_repo, path="HANDOFF.md")
    with (git_repo.root / "HANDOFF.md").open("a", encoding="utf-8") as note:
        note.write(
            "\n## Since then\n\nExponents parse.\n\n## Next step\n\nNone: the work is finished.\n"
        )
    git_repo.commit("handoff: finished?")
    [finding] = md_incomplete_next(run_cli, git_repo)
    assert finding["severity"] == "error", finding
    assert "no usable next step" in finding["message"]
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    assert not any(finish in blocked.err for finish in _SERIES_FINISHES)
    assert f"or, when the work is finished: {_DELETED}" in blocked.err


def test_a_working_note_outdated_is_offered_its_deletion_not_the_series_finish(
    git_repo: GitRepo,
) -> None:
    floats_repo(git_repo, path="HANDOFF.md")
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2 and "HANDOFF.md handoff-outdated" in blocked.err, blocked.err
    assert not any(finish in blocked.err for finish in _SERIES_FINISHES)
    assert f"or, when the work is finished: {_DELETED}" in blocked.err


_SERIES_FINISHES = ("\\n\\nNone: the work is finished.\\n", FINISH)
"""The series' finish as a hook's fix would write it (appended by printf, or in place of the
step), never a working note's."""
_DELETED = 'git rm -- HANDOFF.md && git commit -m "handoff: done"'
"""A working note's finish, which the merge gate accepts."""


def test_the_finish_keeps_a_series_file_s_crlf_line_endings(git_repo: GitRepo) -> None:
    floats_repo(git_repo, NOTE.replace("\n", "\r\n"))
    blocked = run_hook(stop_event(git_repo.root))
    [offer] = [line for line in blocked.lines if "or, when the work is finished: " in line]
    finish = offer.split("or, when the work is finished: ", 1)[1]
    assert FINISH in finish, offer  # in place: the awk keeps the file's CRLF lines
    filled = re.sub(r'"<[^">]*>"', "'Floats parse exponents too.'", finish)
    assert run_fix(git_repo.root, filled).returncode == 0, filled
    data = (git_repo.root / SERIES).read_bytes()
    assert b"\r\nNone: the work is finished.\r\n" in data
    assert re.search(rb"(?<!\r)\n", data) is None, data


def test_explain_file_reads_the_finish_as_check_does(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    finished = (
        NOTE
        + "\n## Since then\n\nExponents parse.\n\n## Next step\n\nNone: the work is finished.\n"
    )
    floats_repo(git_repo, finished)
    floats_repo(GitRepo(git_repo.root.parent / "note"), finished, path="HANDOFF.md")
    said = run_cli(["explain", "md-incomplete", "--file", SERIES], cwd=git_repo.root).out
    assert "  next: NOT FOUND (note, line 17): no next step, the work is finished" in said, said
    note = git_repo.root.parent / "note"
    said = run_cli(["explain", "md-incomplete", "--file", "HANDOFF.md"], cwd=note).out
    assert "  next: NOT FOUND (error, line 15): no usable next step" in said, said


def finished_with(git_repo: GitRepo, step: str) -> None:
    """The branch's series file brought up to date with ``step`` as its next step."""
    floats_repo(git_repo)
    with (git_repo.root / SERIES).open("a", encoding="utf-8") as note:
        note.write(f"\n## Since then\n\nExponents parse.\n\n## Next step\n\n{step}\n")
    git_repo.commit("handoff: finished?")


@pytest.mark.parametrize(
    "step",
    [
        "None: unclear whether the work is done; the test in tests/test_b.py still fails.",
        "None: the work is done when CI passes.",
        "None: the work is finished if the review agrees.",
        "None: the work is not done.",
        "None: the work is still not finished.",
        "None: the work is done. Rerun tests/test_b.py first.",
        "Check whether the work is done.",
    ],
)
def test_a_next_step_that_does_not_only_say_the_work_is_finished_is_still_an_error(
    git_repo: GitRepo, run_cli: Callable[..., Any], step: str
) -> None:
    finished_with(git_repo, step)

    [finding] = md_incomplete_next(run_cli, git_repo)

    assert finding["severity"] == "error", finding
    assert finding["message"].startswith("no usable next step"), finding
    assert run_hook(stop_event(git_repo.root)).code == 2


@pytest.mark.parametrize(
    "step",
    [
        "None — the work is done.",
        "- None: the feature is complete.",
        "None; everything is done.",
        "None: the work is finished; open the PR.",
        "None: the work is done, push and open a pull request.",
    ],
)
def test_close_variants_of_the_finish_are_a_note_at_the_item_s_line(
    git_repo: GitRepo, run_cli: Callable[..., Any], step: str
) -> None:
    finished_with(git_repo, step)

    [note] = md_incomplete_next(run_cli, git_repo)

    assert note["severity"] == "note", note
    assert note["line"] == NOTE.count("\n") + 8, note
    assert f'at line {note["line"]} ("{step.removeprefix("- ")}")' in note["message"], note


@pytest.mark.parametrize(
    "live", ["docs/sessions/current-session.md", ".claude/handoffs/current.md"]
)
def test_a_live_file_s_finish_says_the_next_session_updates_it_in_place(
    git_repo: GitRepo, run_cli: Callable[..., Any], live: str
) -> None:
    """A live file is updated in place, never followed by a dated one: its finish says so."""
    floats_repo(git_repo, path=live)
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2 and f"{live} handoff-outdated" in blocked.err, blocked.err
    [offer] = [line for line in blocked.lines if "or, when the work is finished: " in line]
    finish = offer.split("or, when the work is finished: ", 1)[1]
    filled = re.sub(r'"<[^">]*>"', "'Floats parse exponents too.'", finish)
    assert run_fix(git_repo.root, filled).returncode == 0, filled
    git_repo.commit("handoff: done")

    [note] = md_incomplete_next(run_cli, git_repo)
    assert note["severity"] == "note", note
    assert f"the next session updates {live} in place" in note["message"], note
    assert "dated" not in note["message"], note
    assert run_hook(stop_event(git_repo.root)).code == 0
