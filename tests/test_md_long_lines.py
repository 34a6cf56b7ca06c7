"""md-incomplete on a hand-written handoff with lines far longer than any prose: each line is
read up to `LONG_LINE` characters (`markdown.long_lines`), so a pasted one-line blob costs what
its first characters cost, and the findings are those of the lines as cut."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from handoff_audit.markdown.long_lines import LONG_LINE

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
