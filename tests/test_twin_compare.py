"""md-mismatch by meaning: every single semantic edit is caught on its field, no cosmetic one is."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from handoff_audit.markdown import render_packet
from handoff_audit.markdown.compare import compare
from handoff_audit.markdown.render import _inline, escape
from handoff_audit.markdown.sections import META, SECTIONS, SECTIONS_BY_FIELD, fold, item_of
from twin_packets import EXAMPLES, packets

FAST = settings(max_examples=EXAMPLES, deadline=None)
LABELS = dict(META)


def _section(lines: list[str], heading: str) -> range:
    """Indices of the lines under ``## heading`` up to the next ``##``."""
    start = lines.index(f"## {heading}") + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("## ")), len(lines))
    return range(start, end)


def _content_lines(lines: list[str], heading: str) -> list[int]:
    return [i for i in _section(lines, heading) if lines[i] and lines[i] != "_(none)_"]


def _edits(data: dict[str, Any]) -> list[tuple[str, str]]:
    """Every (field, kind) of single semantic edit this packet allows."""
    edits: list[tuple[str, str]] = [(name, "meta") for name, _ in META if name in data]
    for spec in SECTIONS:
        if spec.field not in data:
            continue
        has_items = bool(data[spec.field]) if spec.kind == "list" else True
        if has_items:
            edits.append((spec.field, "word"))
        if spec.kind == "list":
            edits.append((spec.field, "add"))
            if has_items:
                edits.append((spec.field, "drop"))
        if spec.field == "open_risks" and data[spec.field]:
            edits.append((spec.field, "severity"))
        if spec.field == "commands_run" and data[spec.field]:
            edits.append((spec.field, "exit"))
    return edits


def _apply(data: dict[str, Any], md: str, name: str, kind: str, pick: int) -> str:
    lines = md.split("\n")
    if kind == "meta":
        prefix = f"- **{LABELS[name]}:** "
        index = next(i for i, line in enumerate(lines) if line.startswith(prefix))
        other = "archived" if data[name] != "archived" else "active"
        lines[index] = prefix + (other if name == "status" else escape(fold(f"{data[name]} zzz")))
        return "\n".join(lines)
    spec = SECTIONS_BY_FIELD[name]
    targets = _content_lines(lines, spec.heading)
    index = targets[pick % len(targets)] if targets else -1
    if kind == "word":
        lines[index] += " zzz"
    elif kind == "drop":
        del lines[index]
    elif kind == "add":
        lines.insert(_section(lines, spec.heading)[0] + 1, "- zzz extra item")
    elif kind == "severity":
        risk = dict(data[name][targets.index(index)])
        risk["severity"] = "low" if risk["severity"] != "low" else "critical"
        lines[index] = f"- {_inline(item_of(name, risk))}"
    elif kind == "exit":
        command = dict(data[name][targets.index(index)])
        command["exit"] += 1
        lines[index] = f"- {_inline(item_of(name, command))}"
    return "\n".join(lines)


@FAST
@given(packets, st.data())
def test_any_single_semantic_edit_is_reported_on_its_field(data: dict[str, Any], draw: Any) -> None:
    md = render_packet(data)
    name, kind = draw.draw(st.sampled_from(_edits(data)), label="edit")
    edited = _apply(data, md, name, kind, draw.draw(st.integers(0, 50), label="pick"))
    assert edited != md
    differences = compare(data, edited)
    assert {d.field for d in differences} == {name}, differences
    assert all(d.line >= 1 for d in differences)


def _cosmetic(md: str, bullet: str, reverse: bool, data: dict[str, Any]) -> str:
    head, *sections = md.split("\n## ")
    if reverse:
        sections.reverse()
    out = [head.rstrip("\n") + "\n"]
    for section in sections:
        heading, _, body = section.partition("\n")
        out.append(f"## {heading.upper()}  \n\n{body.rstrip()}\n")
    text = "\n\n".join(out)
    lines = []
    for line in text.split("\n"):
        if line.startswith("- "):
            line = bullet + line[2:] + "   "
        lines.append(line)
    text = "\n".join(lines)
    # Emphasis does not count: take the bold off every "**first** — second" item.
    for spec in (s for s in SECTIONS if s.kind == "list"):
        for value in data.get(spec.field) or []:
            item = item_of(spec.field, value)
            plain = tuple(("text" if style == "strong" else style, t) for style, t in item)
            text = text.replace(f"{bullet}{_inline(item)}   \n", f"{bullet}{_inline(plain)}\n", 1)
    return text


@FAST
@given(packets, st.sampled_from(["* ", "+ ", "-   "]), st.booleans())
def test_cosmetic_edits_are_not_reported(data: dict[str, Any], bullet: str, reverse: bool) -> None:
    md = render_packet(data)
    edited = _cosmetic(md, bullet, reverse, data)
    assert edited != md
    assert compare(data, edited) == []


BASE: dict[str, Any] = {
    "branch": "feat/x",
    "last_known_good_commit": "abcdef1",
    "status": "active",
    "summary": "Did the thing.",
    "next_action": "Do the next thing.",
    "verdict_pointer": "reports/junit.xml",
    "changed_files": ["a.py"],
    "commands_run": [{"cmd": "make", "exit": 0}, {"cmd": "pytest", "exit": 1}],
    "failed_attempts": [],
    "open_risks": [
        {"what": "migration", "severity": "high"},
        {"what": "cache", "severity": "low"},
    ],
}


def test_reordered_risks_are_cosmetic_reordered_commands_are_not() -> None:
    md = render_packet(BASE)
    risks = md.replace(
        "- **high** — migration\n- **low** — cache", "- **low** — cache\n- **high** — migration"
    )
    assert risks != md and compare(BASE, risks) == []
    commands = md.replace(
        "- `make` — exit 0\n- `pytest` — exit 1", "- `pytest` — exit 1\n- `make` — exit 0"
    )
    [difference] = compare(BASE, commands)
    assert difference.field == "commands_run"
    assert "order" in difference.message


def test_bold_bullets_spacing_and_case_do_not_count() -> None:
    md = render_packet(BASE)
    edited = (
        md.replace("- **high** — migration", "*   high — migration")
        .replace("## Open risks", "### OPEN RISKS")
        .replace("Did the thing.", "Did   *the*\n  thing.")
    )
    assert compare(BASE, edited) == []


def test_message_quotes_both_sides_at_the_markdown_line() -> None:
    md = render_packet(BASE).replace("**high** — migration", "**medium** — migration")
    [difference] = compare(BASE, md)
    line = md.split("\n").index("- **medium** — migration") + 1
    assert difference.line == line
    assert '"medium — migration"' in difference.message
    assert '"high — migration"' in difference.message


def test_missing_section_and_stray_section_are_reported() -> None:
    md = render_packet(BASE)
    without = md.replace("## Summary\n\nDid the thing.\n\n", "")
    [difference] = compare(BASE, without)
    assert difference.field == "summary"
    assert "no Summary section" in difference.message
    stray = md + "\n## Notes\n\nRemember the cache.\n"
    [difference] = compare(BASE, stray)
    assert difference.field is None
    assert '"Notes"' in difference.message and "Remember the cache" in difference.message


def test_secrets_are_not_quoted() -> None:
    token = "ghp_" + "a1B2" * 9
    data = {**BASE, "traps": [f"token {token} leaked"]}
    md = render_packet(data).replace("leaked", "was leaked")
    [difference] = compare(data, md)
    assert token not in difference.message
    assert "redacted" in difference.message
