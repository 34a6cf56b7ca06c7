"""md-incomplete on a hand-written handoff with lines far longer, or far more, than any prose:
each line is read up to `LONG_LINE` characters and a file of more than `MANY_LINES` lines at its
first `HEAD_LINES` lines and its last ones (`markdown.long_lines`), so a pasted blob costs what its
start costs, a running log is judged on its newest entry, and the findings are those of the text
as cut."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from handoff_audit.markdown.long_lines import HEAD_LINES, LOG_LINES, LONG_LINE, MANY_LINES

SAMPLES = Path(__file__).resolve().parent / "data" / "md-incomplete"


def _facets(run_cli: Any, root: Path) -> dict[str, int]:
    result = run_cli(["check", "--format", "json", "--branch", "feat/x", "--jobs", "1"], cwd=root)
    assert result.code in (0, 1), result.err
    findings = result.json()["findings"]
    return {f["facet"]: f["line"] for f in findings if f["rule"] == "md-incomplete"}


def test_a_one_line_blob_near_the_size_cap_gets_the_findings_of_a_short_one(
    git_repo: Any, run_cli: Any
) -> None:
    (git_repo.root / "HANDOFF.md").write_text("# Handoff\n\na=a=a=\n")
    git_repo.commit()
    short = _facets(run_cli, git_repo.root)
    (git_repo.root / "HANDOFF.md").write_text("# Handoff\n\n" + "a=" * 500_000 + "\n")
    git_repo.commit()
    assert _facets(run_cli, git_repo.root) == short
    assert set(short) == {"state", "next", "decisions", "ruled_out", "pointers"}


def test_a_long_line_counts_for_what_its_first_characters_say_only(
    git_repo: Any, run_cli: Any
) -> None:
    complete = (SAMPLES / "complete-HANDOFF.md").read_text()
    pasted = "Log: see `src/app/main.py` " + "x" * LONG_LINE + " https://example.com/after-cut"
    (git_repo.root / "HANDOFF.md").write_text(f"# Handoff\n\n{pasted}\n\n{complete}")
    git_repo.commit()
    assert _facets(run_cli, git_repo.root) == {}

    only_after_cut = "Log: " + "x" * LONG_LINE + " see `src/app/main.py` and https://example.com/"
    body = "\n".join(line for line in complete.splitlines() if "/" not in line and "." not in line)
    (git_repo.root / "HANDOFF.md").write_text(f"# Handoff\n\n{only_after_cut}\n\n{body}\n")
    git_repo.commit()
    assert "pointers" in _facets(run_cli, git_repo.root)


def test_a_file_of_setext_headings_near_the_size_cap_gets_the_findings_of_a_short_one(
    git_repo: Any, run_cli: Any
) -> None:
    (git_repo.root / "HANDOFF.md").write_text("# Handoff\n\na\n=\n")
    git_repo.commit()
    short = _facets(run_cli, git_repo.root)
    (git_repo.root / "HANDOFF.md").write_text("# Handoff\n\n" + "a\n=\n" * 260_000)
    git_repo.commit()
    assert _facets(run_cli, git_repo.root) == short
    assert set(short) == {"state", "next", "decisions", "ruled_out", "pointers"}


def test_lines_between_the_head_and_the_tail_count_for_nothing(git_repo: Any, run_cli: Any) -> None:
    complete = (SAMPLES / "complete-HANDOFF.md").read_text()
    filler = "\n".join(f"{number}. x" for number in range(1, MANY_LINES))
    (git_repo.root / "HANDOFF.md").write_text(f"{complete}\n{filler}\n")
    git_repo.commit()
    assert _facets(run_cli, git_repo.root) == {}

    body = "\n".join(line for line in complete.splitlines() if "/" not in line and "." not in line)
    late = "See `src/app/main.py` and https://example.com/design."
    (git_repo.root / "HANDOFF.md").write_text(
        f"{body}\n\n## Log\n\n{filler}\n\n{late}\n\n{filler}\n"
    )
    git_repo.commit()
    assert "pointers" in _facets(run_cli, git_repo.root)


def _log(entries: int, *, fenced: bool = False) -> str:
    """A running log appended at the bottom: dated entries that only list what was looked at,
    more than `MANY_LINES` lines of them, the newest last with the state and the next step
    (after a code block that opens in the older entries and closes in the newest one when
    ``fenced``)."""
    lines = ["# Work log", ""]
    for day in range(entries):
        month, date = divmod(day, 28)
        lines += [f"## 2026-{month % 12 + 1:02d}-{date + 1:02d} 09:00", ""]
        lines += [f"- looked at log batch {day}.{item}" for item in range(40)] + [""]
    lines += ["```", ""] if fenced else []
    lines += ["## 2026-12-30 17:00", "", "State: the parser rewrite is merged; 412 tests pass."]
    lines += ["", "Next: wire the new parser into `src/cli.py` and run `make e2e`.", ""]
    if fenced:  # 20 lines before the last MANY_LINES - HEAD_LINES: between the head and the tail
        lines[len(lines) - (MANY_LINES - HEAD_LINES) - 20] = "```text"
    return "\n".join(lines)


def test_a_running_log_past_the_bound_is_judged_on_its_newest_entry_at_the_bottom(
    git_repo: Any, run_cli: Any
) -> None:
    text = _log(280)
    assert text.count("\n") > MANY_LINES + 1000
    (git_repo.root / "HANDOFF.md").write_text(text)
    git_repo.commit()
    found = _facets(run_cli, git_repo.root)
    assert "next" not in found and "state" not in found, found
    assert "pointers" not in found, found


def test_a_code_block_opened_between_the_head_and_the_tail_ends_where_the_file_ends_it(
    git_repo: Any, run_cli: Any
) -> None:
    text = _log(280, fenced=True)
    (git_repo.root / "HANDOFF.md").write_text(text)
    git_repo.commit()
    found = _facets(run_cli, git_repo.root)
    assert "next" not in found and "state" not in found, found


def test_a_next_step_left_unread_in_the_middle_is_named_as_unread(
    git_repo: Any, run_cli: Any
) -> None:
    head = "# Handoff\n\n## State\nTests pass; added x in src/x.py.\n\n## Build log\n\n"
    logs = "".join(f"    step {number}: ok\n" for number in range(HEAD_LINES + 1_000))
    text = head + logs + "\n## Next step\nWire it.\n\n" + logs
    (git_repo.root / "HANDOFF.md").write_text(text)
    git_repo.commit()
    total = text.count("\n")
    result = run_cli(
        ["check", "--select", "md-incomplete", "--branch", "feat/x"], cwd=git_repo.root
    )
    assert result.code == 1
    first, last = HEAD_LINES + 1, total + 1 - (MANY_LINES - HEAD_LINES)
    assert (
        f"no next step in the lines read: lines {first:,}–{last:,} of {total:,} were not read "
        f"(a file past {MANY_LINES:,} lines is read at its first {HEAD_LINES:,} and its last "
    ) in result.out
    assert 'put the "## Next step" section at the top or the bottom of the file' in result.out
    assert 'add a "## Next step" section' not in result.out
    explained = run_cli(["explain", "md-incomplete", "--file", "HANDOFF.md"], cwd=git_repo.root)
    assert f"lines {first:,}–{last:,} of {total:,} were not read" in explained.out

    # a file past LOG_LINES lines is read at its head alone: the step belongs there
    many = head + "x\n" * LOG_LINES + "## Next step\nWire it.\n"
    (git_repo.root / "HANDOFF.md").write_text(many)
    git_repo.commit()
    result = run_cli(
        ["check", "--select", "md-incomplete", "--branch", "feat/x"], cwd=git_repo.root
    )
    total = many.count("\n")
    assert f"lines {MANY_LINES + 1:,}–{total:,} of {total:,} were not read" in result.out
    assert f'"## Next step" section in its first {MANY_LINES:,} lines' in result.out
