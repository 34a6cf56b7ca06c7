"""A "## Next step" section holding only a template's placeholders ("- [ ]", "TBD", "TODO",
"...", "[describe …]"): `check` names that section and its line and says to fill it in (it does
not claim no such section exists), the Stop hook's fix edits it in place (no second "## Next
step" appended), and `show` and the session-start brief open on the unfilled-template warning
the README promises, quoting nothing from its blanks."""

from __future__ import annotations

import re

import pytest

from agent_support import fill_in, run_fix, run_hook, stop_event, the_command
from conftest import GitRepo
from test_agent_session_start import claude_start, context_of
from test_brief_show import Run, repo, show

__all__ = ["repo"]  # the fixture

FILE = (
    "# Handoff\n\n## State\nThe parser in `src/parser.py` is done and its tests pass.\n\n"
    "## {heading}\n\n{blank}\n\n## Decisions\n- Kept JSON — because CI reads it.\n"
)
WARNING = (
    "Warning: HANDOFF.md is an unfilled template: fill it in before relying on it (its "
    'next-step heading "{heading}" at line 6 is empty or holds only placeholders); it names no '
    "next action"
)


@pytest.mark.parametrize(
    ("heading", "blank"),
    [
        ("Next step", "- [ ] "),
        ("Next step", "- TBD"),
        ("Next Steps", "- TODO"),
        ("Next step", "- ..."),
        ("Next Steps", "- [describe the next step]"),
        ("Next Steps", "1. TBD\n2. TBD"),
    ],
)
def test_a_next_step_section_of_placeholders_is_named_and_filled_in_place(
    repo: GitRepo, run_cli: Run, heading: str, blank: str
) -> None:
    repo.write("HANDOFF.md", FILE.format(heading=heading, blank=blank))
    repo.commit("handoff: a blank next step")

    checked = run_cli(["check", "-q"], cwd=repo.root)
    assert checked.code == 1
    [line] = [each for each in checked.out.splitlines() if "next step" in each]
    assert line.startswith(
        f'HANDOFF.md:6: md-incomplete: no next step filled in: the "## {heading}" section at '
        "line 6 holds only placeholders"
    ), line
    assert "found no" not in line

    stopped = run_hook(stop_event(repo.root))
    assert stopped.code == 2, stopped.err
    assert "fix: edit HANDOFF.md:6: in place of the placeholders" in stopped.err
    assert ">> HANDOFF.md" not in stopped.err
    assert "printf" not in stopped.err

    shown = show(run_cli, repo)
    assert shown.code == 0, shown.err
    assert shown.out.splitlines()[0] == WARNING.format(heading=heading)
    assert "Next action" not in shown.out
    context = context_of(run_hook(claude_start(repo.root), repo.root))
    assert context.splitlines()[0] == WARNING.format(heading=heading)


def test_three_empty_checklist_items_in_a_written_file_are_that_section_s_blanks(
    repo: GitRepo, run_cli: Run
) -> None:
    # One or two empty items got the section's finding; three made the whole file a template
    # ("no state", "no decisions" on a file that has them), and the hook's fix rewrote it.
    repo.write(
        "HANDOFF.md",
        "# Handoff\n\n## Status\n\np.py added; parser half done.\n\n## Next steps\n\n"
        "- [ ] \n- [ ] \n- [ ] \n\n## Decisions\n\n- p in its own module, because the parser "
        "grows.\n\n## Ruled out\n\n- regex parser: too fragile.\n\n## Pointers\n\n- p.py\n",
    )
    repo.commit("handoff: a blank next step")
    checked = run_cli(["check", "-q"], cwd=repo.root)
    assert checked.code == 1
    [line] = [each for each in checked.out.splitlines() if "HANDOFF.md" in each]
    assert line.startswith(
        'HANDOFF.md:7: md-incomplete: no next step filled in: the "## Next steps" section at '
        "line 7 holds only placeholders"
    ), checked.out
    stopped = run_hook(stop_event(repo.root))
    assert stopped.code == 2, stopped.err
    assert "fix: edit HANDOFF.md:7: in place of the placeholders" in stopped.err
    assert "> HANDOFF.md" not in stopped.err and "template" not in stopped.err
    # Blanks in one section are that section's only when other sections say something.
    repo.write(
        "HANDOFF.md",
        "# Handoff\n\n## State\n\n## Next steps\n\n- [ ] \n- [ ] \n- [ ] \n\n## Decisions\n\n"
        "## Pointers\n",
    )
    repo.commit("handoff: back to the template")
    checked = run_cli(["check", "-q"], cwd=repo.root)
    assert "placeholder: still a template" in checked.out, checked.out


def test_a_blank_next_step_under_newer_work_is_filled_in_place_not_appended(
    repo: GitRepo, run_cli: Run
) -> None:
    # Outdated too: the refresh fix appended a second "## Next step" below the blank one,
    # against check's "fill it in there", and the leftover blank then passed.
    repo.write("HANDOFF.md", FILE.format(heading="Next step", blank="TBD"))
    repo.commit("handoff: a blank next step")
    repo.write("src/parser.py", "def parse():\n    return 2\n")
    repo.commit("parser: more")
    checked = run_cli(["check"], cwd=repo.root)
    assert "handoff-outdated" in checked.out and "line 6 holds only placeholders" in checked.out

    stopped = run_hook(stop_event(repo.root))
    assert stopped.code == 2, stopped.err
    assert "fix: edit HANDOFF.md:6: in place of the placeholders" in stopped.err
    assert "do not add a second one" in stopped.err
    assert ">> HANDOFF.md" not in stopped.err and "## Since then" not in stopped.err
    assert "<what the commits since the handoff (newest " in stopped.err


def test_two_blank_sections_in_a_written_file_are_those_sections_blanks(
    repo: GitRepo, run_cli: Run
) -> None:
    # Blanks under one heading were that section's; under two they made the whole file a
    # template ("no state", "no pointers" on a file that has them), and the hook's fix
    # `printf ... > HANDOFF.md` threw the written sections away.
    repo.write(
        "HANDOFF.md",
        "# Handoff\n\n## Status\n\np.py added; the parser is half done, its tests pass.\n\n"
        "## Next steps\n\n- [ ] \n- [ ] \n- [ ] \n\n## Decisions\n\n- [ ] \n- [ ] \n\n"
        "## Ruled out\n\n- regex parser: too fragile for nested input.\n\n## Pointers\n\n- p.py\n",
    )
    repo.commit("handoff: two blank sections")
    checked = run_cli(["check", "-q"], cwd=repo.root)
    assert checked.code == 1
    lines = [each for each in checked.out.splitlines() if "HANDOFF.md" in each]
    assert lines == [
        'HANDOFF.md:7: md-incomplete: no next step filled in: the "## Next steps" section at '
        'line 7 holds only placeholders ("[ ]"); fill it in there with what the next session '
        "should do first (without it this is a status report, not a handoff)",
        'HANDOFF.md:13: md-incomplete (warning): no decisions with reasons filled in: the "## '
        'Decisions" section at line 13 holds only placeholders ("[ ]"); fill it in there',
    ], checked.out
    stopped = run_hook(stop_event(repo.root))
    assert stopped.code == 2, stopped.err
    assert "fix: edit HANDOFF.md:7: in place of the placeholders" in stopped.err
    assert "> HANDOFF.md" not in stopped.err, stopped.err


def test_a_template_with_a_written_section_is_edited_in_place_not_written_anew(
    repo: GitRepo, run_cli: Run
) -> None:
    # Still a template (one section written, three blank), but the fix `printf ... > HANDOFF.md`
    # would lose the written Status: the hook says to edit the blanks where they are.
    repo.write(
        "HANDOFF.md",
        "# Handoff\n\n## Status\n\np.py added; the parser is half done, its tests pass.\n\n"
        "## Next steps\n\n- [ ] \n- [ ] \n\n## Decisions\n\n- [ ] \n- [ ] \n\n"
        "## Pointers\n\n- [ ] \n",
    )
    repo.commit("handoff: mostly blank")
    checked = run_cli(["check", "-q"], cwd=repo.root)
    assert "placeholder: still a template" in checked.out, checked.out
    stopped = run_hook(stop_event(repo.root))
    assert stopped.code == 2, stopped.err
    assert "> HANDOFF.md" not in stopped.err, stopped.err
    assert "fix: edit HANDOFF.md:9: write this session's own in place of each placeholder" in (
        stopped.err
    )
    assert "keep the sections already written (at line 3); do not write the file anew" in (
        stopped.err
    )


REALISTIC = """# Handoff: idempotent refunds

## State

Branch `feat/refunds`. `POST /refunds` takes an `Idempotency-Key` header now, and
`pytest -q tests/test_refunds.py` passes (14 tests); the full suite was not run.

## Decisions

- The key goes in a header, not the body: the body is signed, and the key must not change it.

## Ruled out

- A lock per refund: it deadlocked under load (see `bench/refund_lock.txt`).

## Pointers

- `src/refunds/api.py` — the handler
- `tests/test_refunds.py`

## Next step

{blank}
"""


@pytest.mark.parametrize("blank", ["_TBD_", "*TBD*", "**TODO**", "TBD.", "- [ ] __TBD__"])
def test_an_emphasised_placeholder_is_no_next_step(repo: GitRepo, run_cli: Run, blank: str) -> None:
    """``_TBD_``, ``*TBD*``, ``**TODO**`` are a template's blank in emphasis, as bare ``TBD``
    is: `check` names the section as holding only placeholders, `show` quotes nothing."""
    repo.write("HANDOFF.md", REALISTIC.format(blank=blank))
    repo.commit("handoff: refunds, next step left blank")

    checked = run_cli(["check", "-q"], cwd=repo.root)
    assert checked.code == 1, checked.out
    [line] = [each for each in checked.out.splitlines() if "next step" in each]
    assert line.startswith(
        'HANDOFF.md:21: md-incomplete: no next step filled in: the "## Next step" section at '
        "line 21 holds only placeholders"
    ), line

    shown = show(run_cli, repo)
    assert shown.code == 0, shown.err
    assert shown.out.splitlines()[0] == WARNING.format(heading="Next step").replace(
        "line 6", "line 21"
    )
    assert "Next action" not in shown.out


TWO_NEXT_STEPS = """# Handoff: idempotent refunds

## State

Branch `feat/refunds`. `POST /refunds` takes an `Idempotency-Key` header now.

## Decisions

- The key goes in a header, not the body: the body is signed.

## Ruled out

- A lock per refund: it deadlocked under load.

## Next step

Run the migration in `db/0042.sql` against staging.

## Pointers

- `src/refunds/api.py`

## Since then

The retry loop was removed from `src/refunds/retry.py`.

## Next step

{newest}
"""


@pytest.mark.parametrize(
    ("newest", "says"),
    [
        ("<the next step now>", "no next step filled in"),  # the hook's fix, left unfilled
        ("TBD", "no next step filled in"),
        ("Wait for the review.", "no usable next step"),
    ],
)
def test_the_last_of_two_next_step_sections_is_the_one_judged(
    repo: GitRepo, run_cli: Run, newest: str, says: str
) -> None:
    """The Stop hook's fix appends "## Since then" and a second "## Next step": the last one
    is the handoff's next step, for `check` as for `show`. Left blank (or naming no step), the
    older step above it does not make up for it."""
    repo.write("HANDOFF.md", TWO_NEXT_STEPS.format(newest=newest))
    repo.commit("handoff: brought up to date")

    checked = run_cli(["check", "-q"], cwd=repo.root)
    assert checked.code == 1, checked.out
    [line] = [each for each in checked.out.splitlines() if "next step" in each]
    assert line.startswith(f"HANDOFF.md:27: md-incomplete: {says}: "), line

    shown = show(run_cli, repo)
    assert shown.code == 0, shown.err
    assert "db/0042.sql" not in shown.out.split("as written:")[0]
    assert "Next action" not in shown.out


def test_the_refreshed_next_step_left_empty_keeps_the_step_written_before(
    repo: GitRepo, run_cli: Run
) -> None:
    """The agent follows the Stop hook's fix for newer work, writes what changed and leaves the
    next step empty: the step the section held before is kept below the line that says to
    delete those done (never lost), in the one "## Next step" section, and, nothing written
    above that line, is the next action `show` quotes, without the line."""
    repo.write("HANDOFF.md", TWO_NEXT_STEPS.split("## Pointers")[0].rstrip() + "\n")
    repo.commit("handoff")
    repo.write("src/refunds/retry.py", "RETRIES = 0\n")
    repo.commit("refunds: no retries")
    stopped = run_hook(stop_event(repo.root))
    assert stopped.code == 2, stopped.err
    fix = the_command(stopped.err, "fix:")
    assert "HANDOFF.md" in fix and ">> HANDOFF.md" not in fix, stopped.err  # in place
    since = "The retry loop was removed from `src/refunds/retry.py`."
    answers = {p: since for p in re.findall(r'"(<[^"]*>)"', fix)} | {"<the next step now>": ""}
    done = run_fix(repo.root, fill_in(fix, answers))
    assert done.returncode == 0, done.stderr
    written = (repo.root / "HANDOFF.md").read_text(encoding="utf-8")
    assert written.count("## Next step") == 1, written  # written in place, not a second one
    kept = "Steps written here before (delete those done):\n\nRun the migration in `db/0042.sql`"
    assert kept in written, written
    repo.commit("handoff: since then")

    shown = show(run_cli, repo)
    assert shown.code == 0, shown.err
    quoted = shown.out.split("As written:")[0]
    assert "Run the migration in `db/0042.sql`" in quoted, shown.out
    assert "Steps written here before" not in quoted, shown.out
