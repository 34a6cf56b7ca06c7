"""Rules about the markdown: the JSON packet's twin, and markdown-only handoffs."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from handoff_audit.markdown.compare import compare
from handoff_audit.markdown.completeness import missing_parts
from handoff_audit.model.context import AuditContext
from handoff_audit.model.findings import Severity
from handoff_audit.model.packet import Packet, twin_of
from handoff_audit.rules.base import Hit, Rule

MD_MISSING = Rule(
    id="md-missing",
    default=Severity.ERROR,
    summary="a JSON packet has no markdown twin",
    doc="""\
The JSON packet is for machines; people (and the pull request's reviewers) read its markdown
twin, the `.md` file of the same stem next to it (`handoff.json` ↔ `handoff.md`,
`.handoff/refund.json` ↔ `.handoff/refund.md`). Without the twin, the next session opens the
folder and finds nothing it wants to read.

Example: `.handoff/refund.json` is committed, `.handoff/refund.md` is not.

```
.handoff/refund.json: md-missing: no markdown twin .handoff/refund.md;
  run `handoff-audit render --write .handoff/refund.json`
```

Fix: `handoff-audit render --write PACKET.json` writes it (`handoff-audit new` writes both).
""",
)

MD_MISMATCH = Rule(
    id="md-mismatch",
    default=Severity.ERROR,
    summary="a field's content in the markdown differs from the JSON",
    doc="""\
When the markdown and the JSON disagree, the next session is told two stories and cannot know
which is true. The JSON is the truth; the markdown is its rendering. The comparison is by
meaning, field by field: whitespace, bullet style (`-`, `*`, `1.`), heading case, section order
and emphasis do not count; a changed word, a missing or extra item, a changed severity or exit
code do. Text under a heading that is no field counts too: the next render would drop it.
One finding per field, at the markdown line, quoting both sides briefly.

Example: someone edited the twin by hand and lowered a risk.

```
handoff.md:14: md-mismatch: Open risks: the markdown has "low — refund double-spend"
  where the JSON has "high — refund double-spend"; handoff.json is the truth:
  run `handoff-audit render --write handoff.json`
```

Fix: put the change in the JSON if it was meant, then regenerate the twin with
`handoff-audit render --write PACKET.json`. When the markdown is byte-for-byte the canonical
rendering the check costs no parsing at all.
""",
)

MD_INCOMPLETE = Rule(
    id="md-incomplete",
    default=Severity.ERROR,
    summary="a markdown-only handoff lacks what the next session needs",
    doc="""\
A hand-written `HANDOFF.md` (one with no JSON twin) must still carry what the next session needs
to continue without redoing the work: the **state** (what was done, what is true now), the
**next step**, the **decisions with their reasons**, what was **ruled out or failed, and why**,
and **pointers** (the files or links to read first). A file that lists the changed files and
says "tests pass" fails this rule: it tells the next session what changed, not what to do.

Sections are recognised by their headings in any case, level and order, in the common styles:
"Summary", "State", "Done this session"; "Next step", "Open / next", "NEXT:"; "Key decisions",
"Decisions & rationale"; "Ruled out", "Tried", "Failing test"; "Pointers", "Files to look at",
"Key files", "References". A `Label: text` line ("NEXT: run the migration") counts too.

Example:

```
HANDOFF.md:1: md-incomplete: no next step: add a "## Next step" section saying what to do first
```

Fix: add each missing section (one finding names each), or generate a JSON packet and its twin
with `handoff-audit new`.
""",
)

LOG_UNTRIMMED = Rule(
    id="log-untrimmed",
    default=Severity.WARNING,
    summary="`commands_run` keeps more passing entries than `keep-last`",
    doc="""\
`commands_run` is there to show how the work was verified and what failed, not to replay the
session. A long log of passing commands buries the one failure that matters. A trimmed log keeps
the last `keep-last` entries (default 5) plus every failure, in their original order; this rule
fires when a passing entry sits before that tail.

Example: 12 entries, all `exit 0` but one, with `keep-last: 5`.

```
handoff.json:20:3: log-untrimmed: commands_run keeps 6 passing entries before its last 5;
  keep the last 5 entries plus every failure
```

Fix: drop the older passing entries, or refresh the packet with `handoff-audit update --log
FILE`, which trims for you. Raise `keep-last` in the configuration if your workflow needs more.
""",
)

TOO_LONG = Rule(
    id="too-long",
    default=Severity.WARNING,
    summary="the markdown is longer than `max-lines`",
    doc="""\
A handoff is read at the start of a session, under time pressure; a wall of text does not get
read, and the one line that mattered is skipped. Past `max-lines` (default 200), the markdown has
stopped being a handoff and become a diary.

Example: `HANDOFF.md: too-long: 543 lines, more than max-lines 200; keep the state, the next step,
the decisions and the pointers, and link to the rest`

Fix: move logs and background into linked files (`pointers`), trim `commands_run`, or raise
`max-lines` in the configuration.
""",
)

RULES = (
    MD_MISSING,
    MD_MISMATCH,
    MD_INCOMPLETE,
    LOG_UNTRIMMED,
    TOO_LONG,
)

_FIX = "handoff-audit render --write"


def check(ctx: AuditContext) -> Iterator[Hit]:
    """The twin's presence and agreement, markdown-only completeness, length, log trimming."""
    for packet in ctx.packets:
        if packet.ref is not None:
            continue  # other branches' packets are read for multiple-active only
        if packet.kind == "json":
            yield from _twin(packet)
            yield from _log(packet, ctx.config.keep_last)
        elif packet.text is not None:
            yield from _incomplete(packet)
        if packet.markdown_text is not None and packet.markdown_path is not None:
            lines = packet.markdown_text.count("\n") + (
                not packet.markdown_text.endswith("\n") and bool(packet.markdown_text)
            )
            if lines > ctx.config.max_lines:
                yield Hit(
                    TOO_LONG,
                    packet.markdown_path,
                    f"{lines} lines, more than max-lines {ctx.config.max_lines}; keep the state, "
                    "the next step, the decisions and the pointers, and link to the rest",
                    line=ctx.config.max_lines + 1,
                )


def _twin(packet: Packet) -> Iterator[Hit]:
    from handoff_audit.schema.foreign import is_foreign

    if packet.markdown_path is None:
        if is_foreign(packet.data):
            return  # the one `schema` finding says what to do; `render` could not read it
        # `render` refuses a packet it cannot read, so then the JSON has to be fixed first.
        first = "" if packet.data is not None else "once the JSON reads, "
        yield Hit(
            MD_MISSING,
            packet.path,
            f"no markdown twin {twin_of(packet.path)}; {first}run `{_FIX} {packet.path}`",
        )
        return
    if packet.data is None or packet.markdown_text is None:
        return
    for difference in compare(packet.data, packet.markdown_text):
        yield Hit(
            MD_MISMATCH,
            packet.markdown_path,
            f"{difference.message}; {packet.path} is the truth: run `{_FIX} {packet.path}`",
            line=difference.line,
        )


def _log(packet: Packet, keep_last: int) -> Iterator[Hit]:
    commands = (packet.data or {}).get("commands_run")
    if not isinstance(commands, list):
        return
    head = commands[: max(len(commands) - keep_last, 0)]
    passing = sum(1 for entry in head if _passed(entry))
    if passing:
        line, column = packet.position("/commands_run")
        yield Hit(
            LOG_UNTRIMMED,
            packet.path,
            f"commands_run keeps {passing} passing entr{'y' if passing == 1 else 'ies'} before "
            f"its last {keep_last}; keep the last {keep_last} entries plus every failure "
            "(`handoff-audit update --log FILE` trims for you)",
            line=line,
            column=column,
            pointer="/commands_run",
        )


def _passed(entry: Any) -> bool:
    return isinstance(entry, dict) and entry.get("exit") == 0 and entry.get("exit") is not False


def _incomplete(packet: Packet) -> Iterator[Hit]:
    for part in missing_parts(packet.text or ""):
        yield Hit(
            MD_INCOMPLETE,
            packet.path,
            part.message,
            line=part.line,
            facet=part.facet,
            severity=None if part.error else Severity.WARNING,
        )
