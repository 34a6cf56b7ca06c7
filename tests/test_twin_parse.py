"""The parser: hand-written styles, any order/bullet/case, never raising, real-world handoffs."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handoff_audit.markdown.compare import compare
from handoff_audit.markdown.completeness import missing_parts
from handoff_audit.markdown.parse import parse
from twin_packets import packets, text

REALWORLD = Path(__file__).resolve().parent / "data" / "realworld-handoffs"

DONE_STYLE = """\
# Handoff: refunds

## Done this session
- Added an idempotency key to `POST /refunds`; tests green except one.

## Key decisions
- Key in a header — the body is signed.

## Ruled out
- A lock per refund: deadlocks under load.

## Open / next
- Make `test_double_refund` pass.

## Pointers
- src/refunds/api.py:42
"""

STATE_STYLE = """\
### STATE
The API accepts keys. One test fails.

### TRIED
* Retrying in the client, because the server had no key (double refunds).

### NEXT STEP
* Fix the duplicate check.

### DECISIONS
+ Keep keys 24 hours, so that retries from mobile clients still match.

### FILES TO LOOK AT
1. src/refunds/api.py
2. tests/test_refunds.py
"""

NUMBERED_STYLE = """\
# HANDOFF 1.0.3 — refunds

## 1) Summary of This Run
Refund keys are stored.

## 2) Failing test
`tests/test_refunds.py::test_double_refund` fails: the second call returns 201.
Tried a unique index first; it did not hold under concurrent retries.

## 3) Decisions & Rationale
- Store keys in Redis (to avoid a migration).

## 4) References
- https://example.com/design/refunds

NEXT: make the second call return 200 with the first response.
"""

EMOJI_STYLE = """\
# Session Handoff

## 🎯 What Was Accomplished This Session
- Keys stored.

## 🔧 Next Session Priorities
### Priority 1: the duplicate check
Return the stored response.

## 🧠 Design decisions
- Redis over Postgres because the keys expire.

## ❌ What didn't work
- A unique index: the retries race before the insert.

## 📁 Key Files
- `src/refunds/api.py`
"""

LABEL_STYLE = """\
Handoff for refunds.

State: keys are stored, one test fails.
Decisions: keys in Redis because they expire.
Ruled out: a unique index, because retries race.
NEXT: fix the duplicate check.
Pointers: src/refunds/api.py:42
"""

STYLES = {
    "done-decisions-open-pointers": DONE_STYLE,
    "state-tried-next-files": STATE_STYLE,
    "numbered-with-next-label": NUMBERED_STYLE,
    "emoji-headings": EMOJI_STYLE,
    "labels-only": LABEL_STYLE,
}


@pytest.mark.parametrize("style", sorted(STYLES))
def test_each_hand_written_style_is_complete(style: str) -> None:
    assert missing_parts(STYLES[style]) == []


@pytest.mark.parametrize("style", sorted(STYLES))
def test_section_order_does_not_matter(style: str) -> None:
    head, *sections = STYLES[style].split("\n## ")
    if not sections:
        return
    shuffled = "\n## ".join([head, *reversed(sections)])
    assert missing_parts(shuffled) == []


def test_each_style_yields_the_fields() -> None:
    parsed = parse(DONE_STYLE)
    assert parsed.title == "Handoff: refunds"
    assert parsed.value("decisions") == [
        {"decision": "Key in a header", "why": "the body is signed."}
    ]
    assert parsed.value("next_action") == "Make test_double_refund pass."
    assert parsed.value("pointers") == ["src/refunds/api.py:42"]
    assert parse(STATE_STYLE).value("pointers") == ["src/refunds/api.py", "tests/test_refunds.py"]
    # A "NEXT:" line under another field's heading counts for completeness (not in a twin).
    assert parse(NUMBERED_STYLE).value("next_action") == ""
    [next_line] = parse(NUMBERED_STYLE).blocks("next_action", loose=True)
    assert next_line.text == ("make the second call return 200 with the first response.")
    # A subheading without a field of its own speaks for its parent's.
    assert "Return the stored response." in parse(EMOJI_STYLE).text("next_action")


def test_files_only_names_every_missing_facet() -> None:
    # The changed files are pointers and "Tests pass." is a state; nothing says what to do next,
    # what was decided or what was ruled out.
    parts = missing_parts("# Handoff\n\n## Changed files\n- a.py\n- b.py\n\nTests pass.\n")
    assert [p.facet for p in parts] == ["next", "decisions", "ruled_out"]
    assert [p.error for p in parts] == [True, False, False]
    assert all(p.line == 1 for p in parts)
    assert missing_parts("")[0].facet == "state"
    assert [p.facet for p in missing_parts("")] == [
        "state",
        "next",
        "decisions",
        "ruled_out",
        "pointers",
    ]


def test_decisions_without_reasons_are_named() -> None:
    md = DONE_STYLE.replace("- Key in a header — the body is signed.", "- Key in a header")
    [part] = missing_parts(md)
    assert part.facet == "decisions"
    assert part.line == md.split("\n").index("## Key decisions") + 1
    assert "without reasons" in part.message


def test_nothing_ruled_out_can_be_said() -> None:
    md = DONE_STYLE.replace("- A lock per refund: deadlocks under load.", "None.")
    assert missing_parts(md) == []


@settings(max_examples=150, deadline=None)
@given(st.one_of(text, st.text()), packets)
def test_parsing_arbitrary_text_never_raises(markdown: str, data: dict[str, Any]) -> None:
    parsed = parse(markdown)
    for name in ("summary", "next_action", "open_risks", "commands_run", "decisions", "status"):
        parsed.value(name)
    missing_parts(markdown)
    compare(data, markdown)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "# ",
                "## ",
                "- ",
                "* ",
                "1. ",
                "> ",
                "```",
                "|",
                "**",
                "`",
                "<div>",
                "NEXT:",
                "Status:",
                "\n",
                "\n\n",
                "x",
                "  ",
            ]
        ),
        max_size=40,
    ).map("".join)
)
def test_markdown_soup_never_raises(markdown: str) -> None:
    missing_parts(markdown)
    compare({"title": "t", "open_risks": [{"what": "w", "severity": "high"}]}, markdown)


def _realworld() -> list[Path]:
    files = sorted(REALWORLD.glob("*.md"))
    assert files, f"the real-world handoffs are missing from {REALWORLD}"
    return files


def test_realworld_markdown_handoffs_get_a_sensible_verdict(git_repo: Any, run_cli: Any) -> None:
    verdicts: dict[str, set[str]] = {}
    for source in _realworld():
        folder = source.stem.split("-", 1)[0]
        (git_repo.root / folder).mkdir()
        shutil.copy(source, git_repo.root / folder / "HANDOFF.md")
    result = run_cli(
        [
            "check",
            "--format",
            "json",
            "--select",
            "md-incomplete,too-long,md-mismatch,md-missing",
            ".",
        ],
        cwd=git_repo.root,
    )
    assert result.code in (0, 1), result.err
    report = result.json()
    assert len(report["packets"]) == len(_realworld())
    for finding in report["findings"]:
        verdicts.setdefault(finding["path"].split("/")[0], set()).add(finding["rule"])
        assert finding["message"]
    # The 543-line diary is too long; the 14-line key-files note has no next step or state.
    assert "too-long" in verdicts["16"]
    assert "md-incomplete" in verdicts["29"]
    messages = [f["message"] for f in report["findings"] if f["path"] == "29/HANDOFF.md"]
    assert any(m.startswith("no next step") for m in messages)
    assert any(m.startswith("no state") for m in messages)


@pytest.mark.parametrize(
    ("heading", "field"),
    [
        ("Done this session", "summary"),
        ("State", "summary"),
        ("Summary", "summary"),
        ("2. Current State", "summary"),
        ("📊 Current System State", "summary"),
        ("Key decisions", "decisions"),
        ("4) Decisions & Rationale", "decisions"),
        ("Open / next", "next_action"),
        ("Open-next", "next_action"),
        ("Next step", "next_action"),
        ("NEXT:", "next_action"),
        ("Immediate Next Steps", "next_action"),
        ("Ruled out", "ruled_out"),
        ("Tried", "failed_attempts"),
        ("Failing test", "failed_attempts"),
        ("What didn't work", "failed_attempts"),
        ("Pointers", "pointers"),
        ("Files to look at", "pointers"),
        ("Key Files", "pointers"),
        ("References", "pointers"),
        ("Files Modified This Session", "changed_files"),
        ("Gotchas & Warnings", "traps"),
        ("Open risks", "open_risks"),
        ("Blockers", "open_risks"),
        ("Commands run", "commands_run"),
        ("Verification", "verdict_pointer"),
        ("Questions for the human", "questions_for_the_human"),
        ("Assumptions to validate", "assumptions_to_validate"),
        ("Data Model Notes", None),
        ("", None),
        ("🎯", None),
    ],
)
def test_headings_map_to_fields_in_any_case(heading: str, field: str | None) -> None:
    from handoff_audit.markdown.headings import field_for_heading

    assert field_for_heading(heading) == field
    assert field_for_heading(heading.upper()) == field
    assert field_for_heading(heading.lower()) == field
