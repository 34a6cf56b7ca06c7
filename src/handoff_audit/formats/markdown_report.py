"""Markdown building blocks shared by ``--format markdown``, the job summary and the PR comment.

Everything that comes from a packet (and every path, branch name and finding message) is
untrusted: it goes through `inert`, which escapes it into plain text or code, and the packet
section is built from the packet's data, never from its markdown twin. `fitted` cuts a document only
between whole blocks, so the result is always valid markdown.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING, Any

from handoff_audit.credentials import redact
from handoff_audit.formats import inert, merge_advice
from handoff_audit.formats.line_cut import cut_line
from handoff_audit.model.findings import Finding, PacketInfo, Report, Severity

if TYPE_CHECKING:
    from handoff_audit.formats import FormatOptions

_ICON = {Severity.ERROR: "❌", Severity.WARNING: "⚠️", Severity.NOTE: "ℹ️"}
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


# -- making untrusted text inert (see `inert`) -------------------------------------------------


def inline(text: str, *, limit: int | None = None) -> str:
    """Untrusted text on one line (a heading, a list item): inert, newlines folded."""
    return inert.text(text, limit=limit)


def cell(text: str) -> str:
    """Untrusted text in a table cell: inert, one line (``|`` is escaped with the rest)."""
    return inert.text(text)


def code(text: str, *, table: bool = False, limit: int | None = None) -> str:
    """Untrusted text as inline code that cannot be closed early (``table``: in a cell)."""
    return inert.code(text, table=table, limit=limit)


def name(text: str) -> str:
    """A title, path or branch in a heading or a sentence: inert code, cut to `NAME_LIMIT`."""
    return inert.code(text, limit=inert.NAME_LIMIT)


def _fence_after(fence: str | None, line: str) -> str | None:
    """The open fence after ``line`` (CommonMark: a closing fence is the same character, at
    least as long, with nothing after it)."""
    opener = _FENCE.match(line)
    if fence is None:
        return opener.group(1) if opener else None
    closes = opener and opener.group(1)[0] == fence[0] and len(opener.group(1)) >= len(fence)
    return None if closes and not line.strip().strip(fence[0]) else fence


def fold(summary: str, body: str, *, open_: bool = False) -> str:
    """A ``<details>`` block; ``summary`` must already be inert."""
    attr = " open" if open_ else ""
    return f"<details{attr}><summary>{summary}</summary>\n\n{body.strip()}\n\n</details>"


# -- blocks ------------------------------------------------------------------------------------


def verdict(report: Report, *, heading: str = "###") -> str:
    """The one-line verdict, plus a line saying a merge is blocked when it is."""
    s = report.summary
    packets = _count(s.packets, "packet")
    # A blocked file that no packet covers (outside `path`, a folder discovery skips) is found
    # with no packet at all: "in 0 packets" would read as nothing found.
    within = f" in {packets}" if s.packets else ""
    if s.errors:
        line = f"{heading} ❌ handoff-audit: {_count(s.errors, 'error')}"
        if s.warnings:
            line += f", {_count(s.warnings, 'warning')}"
        line += within
    elif s.warnings:
        line = f"{heading} ⚠️ handoff-audit: {_count(s.warnings, 'warning')}{within}"
    else:
        line = f"{heading} ✅ handoff-audit: all clear ({packets} checked)"
    lines = [line]
    if report.blocked:
        target = f" into {name(redact(report.target_branch))}" if report.target_branch else ""
        rules = ", ".join(code(r) for r in sorted(report.merge_blockers))
        lines.append(f"\n**Merge blocked**{target}: {rules}.\n")
        lines.extend(merge_advice.advice(report))
    context = []
    if report.branch:
        context.append(f"branch {name(redact(report.branch))}")  # as the JSON report has it
    if report.head:
        context.append(f"commit {code(report.head[:12])}")
    if context:
        lines.append(f"\nChecked {', '.join(context)}.")
    return "\n".join(lines)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def where(finding: Finding) -> str:
    """``path:line:col`` of a finding."""
    place = finding.path
    if finding.line is not None:
        place += f":{finding.line}"
        if finding.column is not None:
            place += f":{finding.column}"
    return place


def findings_table(findings: Sequence[Finding]) -> str:
    """A table of findings, one row each; empty string when there are none."""
    if not findings:
        return ""
    rows = ["| | Rule | Where | Message |", "|---|---|---|---|"]
    for f in findings:
        rows.append(
            f"| {_ICON[f.severity]} | {code(f.rule, table=True)} | {code(where(f), table=True)} "
            f"| {cell(f.message)} |"
        )
    return "\n".join(rows)


def packets_table(packets: Sequence[PacketInfo]) -> str:
    """A table of the packets audited; empty string when there are none."""
    if not packets:
        return ""
    rows = [
        "| Packet | Branch | Topic | Status | Last known good | Behind |",
        "|---|---|---|---|---|---|",
    ]
    for p in packets:
        behind = "" if p.commits_behind is None else str(p.commits_behind)
        lkg = code(p.last_known_good_commit, table=True) if p.last_known_good_commit else ""
        branch = code(redact(p.branch), table=True) if p.branch else ""
        rows.append(
            f"| {code(p.path, table=True)} | {branch} | {cell(p.topic or '')} "
            f"| {cell(p.status or '')} | {lkg} | {behind} |"
        )
    return "\n".join(rows)


def active_packets(report: Report) -> list[PacketInfo]:
    """The active packets that carry data, in path order."""
    return [p for p in report.packets if p.status == "active" and isinstance(p.data, Mapping)]


class TooLong(Exception):
    """A block would be longer than the characters its caller can still show (`Piece.make`)."""


def packet_section(
    packet: PacketInfo,
    *,
    heading: str = "####",
    budget: int | None = None,
    elsewhere: str = "",
    cap: int | None = None,
) -> str:
    """One active packet: its next action first, then every field, folded.

    Built from the packet's data with this module's own escaping, never from its markdown twin:
    how the twin escapes cannot weaken the comment. With a ``budget`` the fields are cut between
    whole blocks to fit, and say so. With a ``cap``, `TooLong` as soon as the fields alone pass
    that many characters (a block that would be dropped whole is not built to the end).
    """
    data: Mapping[str, Any] = packet.data or {}
    clipped = False
    if budget is not None:  # escaping what can never be shown would cost seconds on a big packet
        data, clipped = _clip(data, budget)
    title = data.get("title")
    shown = name(packet.path)
    if isinstance(title, str) and title:
        shown += f" — {inline(title, limit=inert.NAME_LIMIT)}"
    parts = [f"{heading} 📦 {shown}"]
    next_action = data.get("next_action")
    if isinstance(next_action, str) and next_action.strip():
        text = inert.paragraphs(next_action.strip(), prefix="> ")
        if budget is not None:
            text, cut = truncate(text, max(200, budget // 4))
            if cut:
                text += f"\n\n*The next action is cut short here. {elsewhere}*"
        parts.append("**Next action:**\n\n" + text)
    body = packet_fields(data, "#" * min(6, len(heading) + 1), cap=cap)
    label = inert.html_text(packet.markdown or packet.path, limit=inert.NAME_LIMIT)
    if budget is not None:
        overhead = size("\n\n".join(parts)) + size(fold(label, "")) + 300
        body, cut = truncate(body, budget - overhead)
        if cut or clipped:
            body += f"\n\n*The rest of the packet is left out here. {elsewhere}*"
    parts.append(fold(f"The full packet ({label})", body))
    return "\n\n".join(parts)


def _clip(value: Any, limit: int) -> tuple[Any, bool]:
    """``value`` with every string cut to ``limit`` characters and every list to ``limit``
    items (no text shorter than what it shows); True when something was cut."""
    if isinstance(value, str):
        return (value[:limit], True) if len(value) > limit else (value, False)
    if isinstance(value, list):
        pairs = [_clip(v, limit) for v in value[:limit]]
        return [v for v, _ in pairs], len(value) > limit or any(c for _, c in pairs)
    if isinstance(value, Mapping):
        items = {k: _clip(v, limit) for k, v in value.items()}
        return {k: v for k, (v, _) in items.items()}, any(c for _, c in items.values())
    return value, False


def packet_fields(data: Mapping[str, Any], heading: str, *, cap: int | None = None) -> str:
    """Every field of a packet, in the twin's order, as inert markdown under ``heading``s;
    `TooLong` once the text passes ``cap`` characters."""
    from handoff_audit.markdown.sections import (  # the twin's field model (no markdown parser)
        EMPTY,
        META,
        SECTIONS,
        as_text,
        item_of,
    )

    # a branch named like a credential is never echoed (a topic is: it names the packet's file)
    meta = [
        f"- **{label}:** {code((redact if name == 'branch' else str)(as_text(data[name])))}"
        for name, label in META
        if data.get(name) is not None
    ]
    blocks = ["\n".join(meta)] if meta else []
    room = _Room(cap)
    for spec in SECTIONS:
        if spec.field not in data:
            continue
        value = data[spec.field]
        blocks.append(room.took(f"{heading} {spec.heading}"))
        if spec.kind == "text":
            shown = room.took(inert.paragraphs(as_text(value)) if value is not None else "")
        else:  # `items_of`, item by item, so that a cap stops it early
            values = [] if value is None else value if isinstance(value, list) else [value]
            shown = "\n".join(room.took(f"- {_item(item_of(spec.field, v))}") for v in values)
        blocks.append(shown or f"*{EMPTY}*")
    return "\n\n".join(blocks)


class _Room:
    """The characters a text built piece by piece may still take (`packet_fields`' ``cap``),
    counting its pieces alone (a lower bound of its length): `TooLong` past the cap."""

    def __init__(self, cap: int | None) -> None:
        self.left = cap

    def took(self, piece: str) -> str:
        if self.left is not None:
            self.left -= len(piece)
            if self.left < 0:
                raise TooLong
        return piece


def _item(item: Sequence[tuple[str, str]]) -> str:
    parts = []
    for style, value in item:
        if style == "code":
            parts.append(code(value))
        elif style == "strong":
            parts.append(f"**{inline(value)}**")
        else:
            parts.append(inline(value) if value.strip() else "")
    return " ".join(p for p in parts if p) or f"*{inert.text('(empty)')}*"


# -- fitting under a size limit ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece of a document that is kept whole or dropped whole."""

    text: str
    """Complete markdown (tables, fences and ``<details>`` closed)."""
    label: str
    """What it is, for the note that says what was left out."""
    keep: bool = False
    """Never dropped (the marker, the verdict)."""
    findings: int = 0
    """How many findings it lists (the rows of a block of the findings table)."""
    make: Callable[[int | None], str] | None = None
    """Builds ``text`` when `fitted` needs it, given the characters it may take at most (None:
    any), `TooLong` past them: a block that cannot fit is never built to the end."""


@dataclass(frozen=True, slots=True)
class Fitted:
    """A document cut to fit (`fitted`) and what it kept."""

    text: str
    """The markdown, with the closing note when something was left out."""
    kept: tuple[Piece, ...]
    """The blocks it holds, in order."""
    cut: bool = False
    """Blocks were left out (the closing note names them)."""

    @property
    def findings(self) -> int:
        """How many findings it lists."""
        return sum(piece.findings for piece in self.kept)


def size(text: str) -> int:
    """Length as GitHub counts it for comments (UTF-16 code units, the stricter measure)."""
    return len(text.encode("utf-16-le")) // 2


def fitted(blocks: Iterable[Piece], limit: int, *, measure: Any = size, elsewhere: str) -> Fitted:
    """Join ``blocks`` with blank lines, keeping the longest prefix (plus every ``keep`` block)
    that fits in ``limit`` together with a closing note naming what was left out and how many
    findings; the text and the blocks kept. A block to build (`Piece.make`) is built once, and
    only while it could still fit."""
    blocks = list(blocks)
    built, whole = _prefix(blocks, limit, measure)
    if whole:
        every_block = [b for b in built if b is not None]
        return Fitted("\n\n".join(b.text for b in every_block) + "\n", tuple(every_block))
    labels = [b.label for b in blocks if not b.keep]
    every = sum(b.findings for b in blocks if not b.keep)
    reserve = measure(_left_out_note(labels, every, elsewhere)) + 4
    kept: list[Piece] = []
    dropped: list[str] = []
    findings_out = used = 0
    for index, block in enumerate(blocks):
        piece: Piece | None = None
        if block.keep or not dropped:  # built by `_prefix` (None: too long for more room)
            room = None if block.keep else limit - used - reserve - 2
            piece = built[index] if index < len(built) else _built(block, room)
            if piece is None and block.keep:
                piece = _built(block, None)
        if piece is not None and (piece.keep or used + measure(piece.text) + 2 + reserve <= limit):
            kept.append(piece)
            used += measure(piece.text) + 2
        else:
            dropped.append(block.label)
            findings_out += block.findings
    note = _left_out_note(dropped, findings_out, elsewhere)
    return Fitted("\n\n".join([*(b.text for b in kept), note]) + "\n", tuple(kept), cut=True)


def _prefix(blocks: list[Piece], limit: int, measure: Any) -> tuple[list[Piece | None], bool]:
    """The first blocks, built, while the whole document (joined, with its final newline) may
    still fit in ``limit`` (the last None when it would not fit in what was left); True when
    every block is there and it fits."""
    built: list[Piece | None] = []
    used = -1  # each block and the blank line after it, but the last's, plus the final newline
    for block in blocks:
        piece = _built(block, limit - used - 2)
        built.append(piece)
        if piece is None:
            return built, False
        used += measure(piece.text) + 2
        if used > limit:
            return built, False
    return built, True


def _built(block: Piece, room: int | None) -> Piece | None:
    """``block`` with its text, or None when that would be longer than ``room`` characters."""
    if block.make is None:
        return block
    try:
        return replace(block, text=block.make(room), make=None)
    except TooLong:
        return None


def _left_out_note(dropped: list[str], findings: int, elsewhere: str) -> str:
    what = ", ".join(inline(d, limit=inert.NAME_LIMIT) for d in dropped)
    count = f" {_count(findings, 'finding')} {'is' if findings == 1 else 'are'} not listed here."
    return (
        f"> [!NOTE]\n> Too long to show here; left out: {what}.{count if findings else ''} "
        f"{elsewhere}"
    )


def table_blocks(
    header_and_rule: str, rows: Sequence[str], label: str, per_block: int
) -> list[Piece]:
    """Split a long table of findings into blocks of whole rows, each a valid table with its
    header."""
    blocks = []
    for start in range(0, len(rows), per_block):
        chunk = rows[start : start + per_block]
        blocks.append(
            Piece(
                "\n".join([header_and_rule, *chunk]),
                f"{label} {start + 1}–{start + len(chunk)}",
                findings=len(chunk),
            )
        )
    return blocks


def _chunks(text: str) -> list[str]:
    """Split markdown at blank lines outside code fences: each chunk is whole blocks."""
    chunks: list[str] = []
    current: list[str] = []
    fence: str | None = None
    for line in text.split("\n"):
        if fence is None and not line.strip():
            if current:
                chunks.append("\n".join(current))
                current = []
            continue
        current.append(line)
        fence = _fence_after(fence, line)
    if current:
        chunks.append("\n".join(current))
    return chunks


def truncate(text: str, budget: int, *, measure: Any = size) -> tuple[str, bool]:
    """The longest prefix of whole blocks of ``text`` within ``budget``; True when cut.

    Only when even the first block is too big is it cut between lines, and only when even its
    first line is too big is that line cut inside (`line_cut`); a fence left open by the cut is
    closed, so the result is still valid markdown.
    """
    if measure(text) <= budget:
        return text, False
    kept: list[str] = []
    used = 0
    for chunk in _chunks(text):
        cost = measure(chunk) + (2 if kept else 0)
        if used + cost > budget:
            break
        kept.append(chunk)
        used += cost
    if kept:
        return "\n\n".join(kept), True
    lines: list[str] = []
    fence: str | None = None
    used = 0
    reserve = 1 + max((len(m) for m in re.findall(r"`{3,}|~{3,}", text)), default=0)
    for line in text.split("\n"):
        if used + measure(line) + 1 + reserve > budget:
            if not lines:
                lines = [cut_line(line, budget - 1 - reserve, measure)]
                fence = _fence_after(fence, lines[0])
            break
        lines.append(line)
        used += measure(line) + 1
        fence = _fence_after(fence, line)
    if fence is not None:
        lines.append(fence)
    return "\n".join(lines), True


# -- the full report ---------------------------------------------------------------------------


FULL_REPORT = "Run `handoff-audit check --format json` for the full report."
"""Where the whole report is when the job summary had to leave something out."""

SUMMARY_LIMIT = 1024 * 1024 - 4096
"""The job summary's budget in bytes: the runner rejects a file over 1 MiB."""


def report_blocks(report: Report) -> list[Piece]:
    """The whole report as blocks: verdict, findings, packets, every active packet."""
    blocks = [Piece(verdict(report, heading="##"), "the verdict", keep=True)]
    if report.findings:
        table = findings_table(report.findings).split("\n")
        blocks.append(Piece("### Findings", "the findings"))
        blocks.extend(table_blocks("\n".join(table[:2]), table[2:], "findings", 200))
    if report.packets:
        blocks.append(Piece("### Packets\n\n" + packets_table(report.packets), "the packet table"))
    for packet in active_packets(report):
        make = partial(_section, packet)
        blocks.append(Piece("", f"the packet {packet.path}", make=make))
    return blocks


def _section(packet: PacketInfo, cap: int | None) -> str:
    """`packet_section` for the report, built only up to ``cap`` characters (`Piece.make`)."""
    return packet_section(packet, heading="###", cap=cap)


def render(report: Report, options: FormatOptions) -> str:
    """``--format markdown`` and the job summary: the whole report, under the summary's limit."""
    return summary(report).text


def summary(report: Report) -> Fitted:
    """`render`'s document and what it kept: the job summary, whose findings the annotations'
    "more findings" notice points to."""
    return fitted(
        report_blocks(report),
        SUMMARY_LIMIT,
        measure=lambda t: len(t.encode("utf-8")),
        elsewhere=FULL_REPORT,
    )
