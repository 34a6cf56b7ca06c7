"""md-incomplete on a hand-written handoff with lines far longer, or far more, than any prose:
each line is read up to `LONG_LINE` characters and the file up to its `MANY_LINES`-th line
(`markdown.long_lines`), so a pasted blob costs what its start costs, and the findings are those
of the text as cut."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from handoff_audit.markdown.long_lines import LONG_LINE, MANY_LINES

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


def test_lines_past_the_bound_count_for_nothing(git_repo: Any, run_cli: Any) -> None:
    complete = (SAMPLES / "complete-HANDOFF.md").read_text()
    filler = "\n".join(f"{number}. x" for number in range(1, MANY_LINES))
    (git_repo.root / "HANDOFF.md").write_text(f"{complete}\n{filler}\n")
    git_repo.commit()
    assert _facets(run_cli, git_repo.root) == {}

    body = "\n".join(line for line in complete.splitlines() if "/" not in line and "." not in line)
    late = "See `src/app/main.py` and https://example.com/design."
    (git_repo.root / "HANDOFF.md").write_text(f"{body}\n\n## Log\n\n{filler}\n\n{late}\n")
    git_repo.commit()
    assert "pointers" in _facets(run_cli, git_repo.root)
