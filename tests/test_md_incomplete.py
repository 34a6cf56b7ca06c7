"""md-incomplete on hand-written handoffs: facets from headings and content, severities, the
`facet` in every report, `explain --file`, and the one finding for a JSON file of another shape."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from handoff_audit.markdown.completeness import explain_facets, missing_parts
from handoff_audit.markdown.facet_headings import heading_facet
from handoff_audit.markdown.facets import read

DATA = Path(__file__).resolve().parent / "data"
SAMPLES = DATA / "md-incomplete"
REALWORLD = DATA / "realworld-handoffs"
REPORT_SCHEMA = json.loads((Path(__file__).parent / "report-v1.schema.json").read_text())
BENCH = Path(__file__).resolve().parents[1] / "bench"


def _check(run_cli: Any, root: Path, *extra: str) -> Any:
    # A hand-written HANDOFF.md lives on a work branch: on main it is a handoff-in-merge error.
    result = run_cli(["check", "--format", "json", "--branch", "feat/x", *extra], cwd=root)
    assert result.code in (0, 1), result.err
    report = result.json()
    assert list(Draft202012Validator(REPORT_SCHEMA).iter_errors(report)) == []
    return result.code, report


def _incomplete(report: Any) -> list[Any]:
    return [f for f in report["findings"] if f["rule"] == "md-incomplete"]


def test_a_complete_handoff_passes(git_repo: Any, run_cli: Any) -> None:
    shutil.copy(SAMPLES / "complete-HANDOFF.md", git_repo.root / "HANDOFF.md")
    git_repo.commit()
    code, report = _check(run_cli, git_repo.root)
    assert _incomplete(report) == []
    assert code == 0


def test_changed_files_and_files_to_read_are_told_what_they_lack(
    git_repo: Any, run_cli: Any
) -> None:
    shutil.copy(SAMPLES / "files-only-HANDOFF.md", git_repo.root / "HANDOFF.md")
    git_repo.commit()
    code, report = _check(run_cli, git_repo.root)
    found = {f["facet"]: f for f in _incomplete(report)}
    assert set(found) == {"next", "decisions", "ruled_out"}
    assert found["next"]["severity"] == "error"
    assert found["decisions"]["severity"] == "warning"
    assert found["ruled_out"]["severity"] == "warning"
    assert code == 1
    for finding in found.values():
        assert "\n" not in finding["message"]
        assert "found no" in finding["message"]  # says what it looked for
        assert finding["line"] == 1
    assert all("facet" not in f for f in report["findings"] if f["rule"] != "md-incomplete")


def test_sarif_carries_the_facet(git_repo: Any, run_cli: Any) -> None:
    # On a branch of its own: on main, a working note is to be deleted, not completed.
    git_repo.git("checkout", "-q", "-b", "feat/x")
    shutil.copy(SAMPLES / "files-only-HANDOFF.md", git_repo.root / "HANDOFF.md")
    git_repo.commit()
    result = run_cli(["check", "--format", "sarif"], cwd=git_repo.root)
    results = json.loads(result.out)["runs"][0]["results"]
    facets = {
        r["properties"]["facet"]: r["level"] for r in results if r["ruleId"] == "md-incomplete"
    }
    assert facets == {"next": "error", "decisions": "warning", "ruled_out": "warning"}


def test_the_configuration_still_sets_the_rule_severity(git_repo: Any, run_cli: Any) -> None:
    shutil.copy(SAMPLES / "files-only-HANDOFF.md", git_repo.root / "HANDOFF.md")
    (git_repo.root / ".handoff-audit.yml").write_text("rules:\n  md-incomplete: warning\n")
    git_repo.commit()
    code, report = _check(run_cli, git_repo.root)
    assert {f["severity"] for f in _incomplete(report)} == {"warning"}
    assert code == 0


@pytest.mark.parametrize(
    ("heading", "facet"),
    [
        ("Follow-ups (roughly in order)", "next"),
        ("Suggested next steps", "next"),
        ("Next actions", "next"),
        ("Immediate Next Steps", "next"),
        ("Design record (why the code is shaped this way)", "decisions"),
        ("Current decision", "decisions"),
        ("Architectural Decisions", "decisions"),
        ("Key code waypoints", "pointers"),
        ("Files changed", "pointers"),
        ("References", "pointers"),
        ("Changes since last session", "state"),
        ("Current State Summary", "state"),
        ("Snapshot", "state"),
        ("Gotchas", "ruled_out"),
        ("Critical reminders", "ruled_out"),
        ("Lessons learned", "ruled_out"),
        ("Deliberately not changed", "ideas"),  # a scope, no dead end (GUIDE.md, rounds 40-45)
        ("🚀 Quick Start for the Next AI", "setup"),
        ("Verification plan", "setup"),
        ("Visual direction", None),
    ],
)
def test_headings_name_their_facet(heading: str, facet: str | None) -> None:
    assert heading_facet(heading) == facet


@pytest.mark.parametrize(
    ("line", "facet"),
    [
        ("The retry loop lives in `src/refunds/retry.py`.", "pointers"),
        ("See src/refunds/api.py:42 for the check.", "pointers"),
        ("Discussed in https://example.com/issues/7.", "pointers"),
        ("Fixed in commit 9d11bd7.", "pointers"),
        ("`tests/test_refunds.py::test_double_refund` is red.", "pointers"),
        ("NEXT: run the migration on staging.", "next"),
        ("- [ ] wire the retry into the webhook handler", "next"),
        ("The next session should start with the duplicate check.", "next"),
        ("We chose Redis over Postgres because the keys expire.", "decisions"),
        ("Do not remove the legacy field — agents still read it.", "decisions"),
        ("An earlier draft was discarded because it leaked keys.", "ruled_out"),
        ("Tried a unique index; it didn't work under concurrent retries.", "ruled_out"),
        ("Don't run the migration twice: last time it failed halfway.", "ruled_out"),
        ("Gotcha: the sandbox resets every night.", "ruled_out"),
        ("**Pinned.** Don't downgrade the runtime; the tests failed with a mismatch.", "ruled_out"),
        ("Removed the old logger (conflicted with the CSS variables).", "ruled_out"),
        ("Reason: the server rewrote remote resources to localhost.", "decisions"),
        ("Use the WSL terminal, which ensures the variables are set.", "decisions"),
        ("Added retries to the webhook handler.\n\nFixed the duplicate refund.", "state"),
        ("All 42 tests pass on main.", "state"),
    ],
)
def test_content_counts_without_a_heading(line: str, facet: str) -> None:
    reading = read(f"# Notes\n\n{line}\n")
    assert reading.has(facet), (line, reading.found)


@pytest.mark.parametrize(
    ("line", "facet"),
    [
        ("The export is slow because the cache is cold.", "decisions"),
        ("Use the new client instead of the old one.", "ruled_out"),
        ("Don't jump ahead.", "ruled_out"),
        ("Don't run the migration twice: it charges the customers again.", "ruled_out"),
        ("Fixed warning suppressions in the test run.", "ruled_out"),
        ("The app doesn't crash any more, it works.", "ruled_out"),
        ("This file gives the next agent enough context.", "next"),
        ("Added retries to the webhook handler.", "state"),
        ("Icons are hard-coded (a TODO in the code says so).", "next"),
    ],
)
def test_one_stray_word_is_no_facet(line: str, facet: str) -> None:
    reading = read(f"# Notes\n\n{line}\n")
    assert not reading.has(facet), (line, reading.found[facet])


@pytest.mark.parametrize(
    ("lines", "facet"),
    [
        (
            ["The export is slow because the cache is cold.", "Retries wait so that it rests."],
            "decisions",
        ),
        (
            ["Use the new client instead of the old one.", "The v1 endpoint is deprecated."],
            "ruled_out",
        ),
    ],
)
def test_weak_cues_in_two_places_count(lines: list[str], facet: str) -> None:
    one = read("# Notes\n\n" + lines[0] + "\n")
    both = read("# Notes\n\n" + "\n\n".join(lines) + "\n")
    assert not one.has(facet)
    assert both.has(facet), both.found


@pytest.mark.parametrize(
    ("heading", "facet"),
    [
        ('Tomorrow first action (fix "Failed to fetch")', "next"),
        ("Decisions that are settled (do not re-litigate)", "decisions"),
        ("Known constraints", None),
        ("Lesson 2 - basic models", None),
        ("Fallow cleanup — IMPORTANT lesson for next chat", "ruled_out"),
        ("Failing tests", "risks"),
        ("Current queue", "next"),
    ],
)
def test_heading_words_that_mislead(heading: str, facet: str | None) -> None:
    assert heading_facet(heading) == facet


def test_an_ordered_list_of_steps_is_a_next_step_but_setup_is_not() -> None:
    steps = "# Notes\n\n## Plan for the refund fix\n\n1. Fix the duplicate check.\n2. Deploy.\n"
    assert read(steps).has("next")
    setup = "# Notes\n\n## Setup\n\n1. Install the tools.\n2. Run the tests.\n"
    assert not read(setup).has("next")
    loose = "# Notes\n\nSome text.\n\n1. Fix the duplicate check.\n2. Deploy.\n"
    assert read(loose).has("next")


def test_explicit_none_counts_and_a_title_names_no_facet() -> None:
    none = (SAMPLES / "complete-HANDOFF.md").read_text()
    start = none.index("## Ruled out")
    end = none.index("## Next steps")
    assert missing_parts(none[:start] + "## Ruled out\nNone.\n\n" + none[end:]) == []
    assert not read("# Session status\n\nSome notes.\n").has("state")


_ONLY_A_CHECK = """\
# Handoff

## State
Fixed the off-by-one in core.py.

## Next step

Run the full test suite and check it passes.

## Decisions
- Kept the loop, changed the bound — a rewrite would touch the API

## Ruled out
None.

## Pointers
- core.py
"""


def test_a_next_step_section_holding_only_a_check_is_named_not_called_missing(
    git_repo: Any, run_cli: Any
) -> None:
    """The section is there: the message names it and its line, and the same section moved
    to the end of the file gets the same verdict."""
    git_repo.write("HANDOFF.md", _ONLY_A_CHECK)
    git_repo.commit("handoff")
    code, report = _check(run_cli, git_repo.root)
    [finding] = _incomplete(report)
    assert code == 1 and finding["severity"] == "error" and finding["line"] == 6
    assert finding["message"].startswith('no usable next step: the "## Next step" at line 6 ')
    assert "Run the full test suite" in finding["message"]
    assert "found no" not in finding["message"]
    state, rest = _ONLY_A_CHECK.split("## Next step", 1)
    step, others = rest.split("## Decisions", 1)
    git_repo.write("HANDOFF.md", f"{state}## Decisions{others}\n## Next step{step}")
    git_repo.commit("next step last")
    code, report = _check(run_cli, git_repo.root)
    [moved] = _incomplete(report)
    assert code == 1 and moved["severity"] == "error"
    assert moved["message"].startswith('no usable next step: the "## Next step" at line ')


def test_explain_file_shows_where_each_facet_was_found(run_cli: Any, tmp_path: Path) -> None:
    result = run_cli(
        ["explain", "md-incomplete", "--file", str(SAMPLES / "files-only-HANDOFF.md")],
        cwd=tmp_path,
    )
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert "  state: found (1 place)" in lines
    assert "    line 12 (status): Tests pass." in lines
    assert "    line 3 (heading): Changed files" in lines
    assert any(line.startswith("  next: NOT FOUND (error, line 1): no next step") for line in lines)
    assert any(line.startswith("  ruled_out: NOT FOUND (warning") for line in lines)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["explain", "schema", "--file", "HANDOFF.md"], "--file works with md-incomplete only"),
        (["explain", "md-incomplete", "--file", "nope.md"], "nope.md: no such file"),
        (["explain", "md-incomplete", "--file", "."], ".: a folder"),
        (
            ["explain", "md-incomplete", "--file", "latin1.md"],
            "latin1.md:1:6: not UTF-8 text (byte 0xe9): save it as UTF-8 if it is text",
        ),
    ],
)
def test_explain_file_refuses_with_one_line(
    run_cli: Any, tmp_path: Path, args: list[str], message: str
) -> None:
    (tmp_path / "HANDOFF.md").write_text("# Handoff\n")
    (tmp_path / "latin1.md").write_bytes("# Caf\xe9\n".encode("latin-1"))
    result = run_cli(args, cwd=tmp_path)
    assert result.code == 2
    assert message in result.err
    assert "Traceback" not in result.err and len(result.err.strip().splitlines()) == 1


def _foreign() -> list[Path]:
    files = []
    for path in sorted(REALWORLD.glob("*.json")):
        data = json.loads(path.read_text())
        if path.name in ("LABELS.json", "SOURCES.json", "CORPUS.json"):
            continue
        if not any(key in data for key in ("branch", "status", "next_action")):
            files.append(path)
    assert len(files) >= 4
    return files


def test_json_in_another_shape_gets_one_schema_finding(git_repo: Any, run_cli: Any) -> None:
    for number, source in enumerate(_foreign()):
        (git_repo.root / str(number)).mkdir()
        shutil.copy(source, git_repo.root / str(number) / "handoff.json")
    git_repo.commit()
    _, report = _check(run_cli, git_repo.root)
    for number in range(len(_foreign())):
        mine = [f for f in report["findings"] if f["path"] == f"{number}/handoff.json"]
        schema = [f for f in mine if f["rule"] == "schema"]
        assert len(schema) == 1, mine
        assert "md-missing" not in {f["rule"] for f in mine}
        message = schema[0]["message"]
        assert "none of branch, next_action, last_known_good_commit" in message
        assert "`schema:`" in message and "`handoff-audit new --output .handoff/" in message


def test_a_v1_packet_with_typos_still_gets_one_finding_per_violation(
    git_repo: Any, run_cli: Any
) -> None:
    data = {"branch": "main", "nxt_action": "x", "summry": "y", "foo": 1}
    (git_repo.root / "handoff.json").write_text(json.dumps(data))
    git_repo.commit()
    _, report = _check(run_cli, git_repo.root)
    schema = [f for f in report["findings"] if f["rule"] == "schema"]
    assert len(schema) > 3


def test_a_configured_schema_judges_a_foreign_shape_itself(git_repo: Any, run_cli: Any) -> None:
    (git_repo.root / "own.schema.json").write_text(
        json.dumps({"type": "object", "required": ["tasks"]})
    )
    (git_repo.root / ".handoff-audit.yml").write_text("schema: own.schema.json\n")
    (git_repo.root / "handoff.json").write_text(json.dumps({"meta": {}, "tasks": []}))
    git_repo.commit()
    _, report = _check(run_cli, git_repo.root)
    assert [f for f in report["findings"] if f["rule"] == "schema"] == []


def test_judgment_bench_runs_on_the_vendored_files() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH / "judgment.py"), "--files"],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    for figure in (
        "facet agreement:",
        "missing facets, precision:",
        "missing facets, recall:",
        "good files with an error:",
        "weak or non-handoff files with no finding:",
        "non-handoffs told apart (not-a-handoff or placeholder):",
        "ms per KB",
    ):
        assert figure in done.stdout
    assert "29-shanemmattner-embedded-agent-bridge-handoff.md: weak" in done.stdout


@settings(max_examples=150, deadline=None)
@given(st.text())
def test_reading_and_explaining_arbitrary_text_never_raises(text: str) -> None:
    parts = missing_parts(text)
    assert {p.facet for p in parts} <= {"state", "next", "decisions", "ruled_out", "pointers"}
    explained = explain_facets(text, "HANDOFF.md")
    assert explained.count("\n") >= 6


@pytest.mark.parametrize(
    "text",
    [
        "use " * 15000,
        "a/" * 30000,
        "a." * 30000,
        "decided x " * 6000,
        "do not x " * 6000,
        "removed x " * 6000,
        "a: " * 20000,
        "`a/" * 20000,
        "[" * 50000 + "]" * 50000,  # bracketed placeholders: took half a minute
        "{a " + "b " * 30000,  # braced placeholders with a space: likewise
    ],
)
def test_long_repetitive_lines_are_read_without_backtracking(text: str) -> None:
    # Each cue is bounded (no `.*?` between two words): these took minutes when it was not.
    assert next(p.facet for p in missing_parts(text)) in ("state", "next")


def test_a_template_left_unfilled_is_incomplete() -> None:
    template = (
        "# Handoff\n\n## State\nTBD\n\n## Next steps\n- TODO\n\n## Decisions\n- <decision — why>\n"
        "\n## Ruled out\n...\n\n## Pointers\n- (fill in)\n"
    )
    assert [p.facet for p in missing_parts(template)] == [
        "state",
        "next",
        "decisions",
        "ruled_out",
        "pointers",
    ]


MORE = DATA / "realworld-handoffs-more"
PERMISSIVE = {
    "MIT",
    "Apache-2.0",
    "Apache-2.0 OR MIT",
    "MIT OR Apache-2.0",
    "BSD-2-Clause",
    "BSD-3-Clause",
    "ISC",
}


def test_more_real_handoffs_are_permissive_sourced_and_labelled() -> None:
    files = sorted(p.name for p in MORE.glob("*.md"))
    assert len(files) >= 20
    sources = {s["file"]: s for s in json.loads((MORE / "SOURCES.json").read_text())}
    labels = {entry["file"] for entry in json.loads((MORE / "LABELS.json").read_text())["labels"]}
    split = json.loads((MORE / "SPLIT.json").read_text())
    for name in files:
        assert sources[name]["license"] in PERMISSIVE
        assert len(sources[name]["commit"]) == 40 and sources[name]["repo"].count("/") == 1
        assert name in labels
        assert (name in split["tuning"]) != (name in split["heldout"])
    assert "MIT" in (MORE / "NOTICE").read_text()


def test_judgment_bench_reads_a_split() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH / "judgment.py"), str(MORE), "--split", "tuning"],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "(split tuning)" in done.stdout and "facet agreement:" in done.stdout


def test_judgment_bench_in_place_audits_each_file_where_it_was_found(tmp_path: Path) -> None:
    # A session record saved as an agent's command: only its place tells it apart.
    (tmp_path / "001-cmd.md").write_text("# Next session\n\nWorked on the refund rounding.\n")
    label = {"file": "001-cmd.md", "verdict": "not a handoff"}
    label |= dict.fromkeys(("state", "next", "decisions", "ruled_out", "pointers"), False)
    (tmp_path / "LABELS.json").write_text(json.dumps({"labels": [label]}))
    manifest = [{"file": "001-cmd.md", "path": ".claude/commands/wrap-up.md"}]
    (tmp_path / "MANIFEST.json").write_text(json.dumps(manifest))
    told: dict[str, str] = {}
    for flag in ("", "--in-place"):
        done = subprocess.run(
            [sys.executable, str(BENCH / "judgment.py"), str(tmp_path), *([flag] if flag else [])],
            capture_output=True,
            text=True,
            check=False,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr
        told[flag] = next(line for line in done.stdout.splitlines() if "told apart" in line)
    assert told[""].endswith("0/1 = 0.00") and told["--in-place"].endswith("1/1 = 1.00")
