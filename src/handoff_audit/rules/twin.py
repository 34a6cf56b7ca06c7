"""Rules about a JSON packet's markdown twin (its presence and agreement), its command log and
its length; the markdown-only handoffs' rules are in `markdown_handoff`."""

from __future__ import annotations

import os
import posixpath
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from handoff_audit import shell
from handoff_audit.case_names import case_variant
from handoff_audit.git import tracked
from handoff_audit.git.agent_notes import exempt_by_name
from handoff_audit.git.conflicts import conflict_line, conflict_message
from handoff_audit.markdown.fast_render import fast_render
from handoff_audit.model.context import AuditContext
from handoff_audit.model.findings import Severity
from handoff_audit.model.packet import Packet, is_finished, named_block_file, twin_of
from handoff_audit.model.running_logs import note_beside
from handoff_audit.rules.base import Fix, Hit, Rule
from handoff_audit.rules.markdown_handoff import MD_INCOMPLETE, NOT_A_HANDOFF, markdown_only_hits
from handoff_audit.rules.mismatch_advice import mismatch_advice
from handoff_audit.rules.no_handoff import (
    Moves,
)
from handoff_audit.schema.foreign import foreign_file, is_foreign
from handoff_audit.schema.packet_kind import not_a_packet

if TYPE_CHECKING:
    from handoff_audit.config import Config

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

A file beside the packet whose name differs from the twin's only in letter case (a hand-written
`HANDOFF.md` beside `handoff.json`) is no twin: on macOS and Windows the two names are one file,
and the twin would overwrite it. The finding says so and moves it out of the way first; `new`,
`update`, `render --write`, `supersede` and `archive` refuse to write over it.

A packet file that is a symbolic link to a file holding no packet (`handoff.json` ->
`README.md`) gets no `md-missing`: its `invalid-json` finding says to remove the link and write
the packet in its place with `handoff-audit new`, which writes the twin too.

Fix: `handoff-audit render --write PACKET.json` writes it (`handoff-audit new` writes both).
A finished (archived or superseded) packet may go instead: the finding offers deleting it too,
in a commit (`git rm -q --ignore-unmatch -- :/handoff.json :/handoff.md && git commit -m
"handoff: done"`), which the Stop hook counts as the branch's finish.
""",
    fix=Fix.RENDER,
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
So does a title a packet without `title` does not render (`Handoff`, or `Handoff: <topic>`, in any
letter case): a setext or one-line heading can carry a whole note.
One finding per field, at the markdown line, quoting both sides briefly.
A twin beside another tracked name that differs from it only in letter case (`handoff.md` and a
hand-written `HANDOFF.md`) gets one warning instead, saying so: on macOS and Windows the two are
one file, and the twin is read from whichever a clone kept. A working note the merge gate
blocks by its name (`HANDOFF.md`) is to be deleted once the work is done, as the gate says
(`git rm`); any other file gets a rename to fill in (`git mv -- NAME <new-name>.md`).

Example: someone edited the twin by hand and lowered a risk.

```
handoff.md:14: md-mismatch: Open risks: the markdown has "low — refund double-spend" where the
  JSON has "high — refund double-spend"; handoff.json lacks it, and render --write would drop
  it: carry it into handoff.json first: `handoff-audit update handoff.json --risk 'refund
  double-spend' low`, or delete it from the markdown if it is not meant
```

The command carries all the twin says beyond the packet at once, the same command the agent hook
prints; one run clears each such finding of the packet. It lists at most five `--trap` options and
counts the rest (each finding quotes its own text). YAML front matter (a leading `---` block) is no
field and no text of the twin. A JSON file that is no packet (`update` and `render` refuse it) has
no twin to agree with: its `schema` findings say what it lacks, and the markdown beside it is judged
as a hand-written handoff (`md-incomplete`). A packet changed after its twin keeps its own fields.
Which side changed last is git's word when it can tell (the side with uncommitted changes, else the
side the later commit changed, so a fresh clone or CI checkout judges as the original folder does),
the files' modification times otherwise (outside git, or one commit changing both); `check`, the
agent hook and `update` decide alike. The finding says `handoff.json was changed after handoff.md:
its fields stand` and prints `render --write` (or an `update` that carries only the twin's text
under no field's heading).

Fix: carry the markdown's text into the JSON if it was meant (`handoff-audit update` renders the
twin again); otherwise, or when the markdown only lacks what the JSON says, regenerate the twin
with `handoff-audit render --write PACKET.json`. When the markdown is byte-for-byte the
canonical rendering the check costs no parsing at all.
""",
    fix=Fix.CARRY,
)

LOG_UNTRIMMED = Rule(
    id="log-untrimmed",
    default=Severity.WARNING,
    summary="`commands_run` keeps a passing entry before its last `keep-last`",
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
    fix=Fix.REFRESH,
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
    NOT_A_HANDOFF,
    MD_INCOMPLETE,
    LOG_UNTRIMMED,
    TOO_LONG,
)

_FIX = "handoff-audit render --write"


def check(ctx: AuditContext) -> Iterator[Hit]:
    """The twin's presence and agreement, markdown-only completeness, length, log trimming."""
    moves = Moves(ctx.root)
    for packet in ctx.packets:
        if packet.ref is not None:
            continue  # other branches' packets are read for multiple-active only
        if packet.kind == "json":
            clash = _tracked_case_variant(packet, ctx.root, moves)
            if clash is not None:
                yield _case_pair(packet, clash, moves, ctx.config)
            else:
                yield from _twin(packet, ctx.root, moves)
                yield from _unpaired(packet, ctx.config, moves)
            yield from _log(packet, ctx.config.keep_last)
        elif packet.text is not None:
            record = note_beside(packet.path, ctx.working_notes) is not None
            yield from markdown_only_hits(
                packet.path, packet.text, ctx.config, moves, record=record
            )
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


def _twin(packet: Packet, root: Path, moves: Moves) -> Iterator[Hit]:
    if packet.markdown_path is None:
        if foreign_file(packet):
            return  # the one `schema` finding says what to do; `render` could not read it
        if packet.linked is not None:
            return  # the link's `invalid-json` fix, `new` in its place, writes the twin too
        # `render` refuses a packet it cannot read, or a JSON object that is no packet, so then
        # the JSON has to be fixed first.
        first = _before_render(packet)
        command = f"{_FIX} {shell.fix_path(packet.path)}"
        twin = twin_of(packet.path)
        other = case_variant(root / twin)
        clash = (
            ""
            if other is None
            else _case_clash(posixpath.join(posixpath.dirname(twin), other), moves)
        )
        said = f"no markdown twin {twin}; {clash}{first}run `{command}`"
        if packet.data is not None and is_finished(packet.data):
            said += (
                f", or, as its work is finished, delete the packet too (`{removal(packet.path)}`)"
            )
        yield Hit(MD_MISSING, packet.path, said)
        return
    if packet.data is None or packet.markdown_text is None or not_a_packet(packet.data):
        return  # no packet to compare with: `_unpaired` judges the markdown on its own
    if fast_render(packet.data) == packet.markdown_text:
        return  # the canonical rendering, byte for byte (the common case)
    marked = conflict_line(packet.markdown_text)
    if marked is not None:
        # Neither side of a conflict is what a person wrote in the twin: it is rendered anew.
        advice = f"run `{_FIX} {shell.fix_path(packet.path)}` to write it anew from the JSON"
        said = f"{conflict_message(marked)}; {advice}"
        yield Hit(MD_MISMATCH, packet.markdown_path, said, line=marked, advice=advice)
        return
    # start-up: the markdown parser is imported only for a twin that is not the fast rendering
    from handoff_audit.markdown.compare import compare

    differences = compare(packet.data, packet.markdown_text)
    if any(d.dropped for d in differences):
        # whose text stands depends on which side changed last: git's word (`twin_drift`)
        packet.twin_drops = True
        return
    for difference in differences:
        advice = mismatch_advice(packet.path, difference.field, dropped=False, carried=[])
        said = f"{difference.message}; {advice}"
        yield Hit(MD_MISMATCH, packet.markdown_path, said, line=difference.line, advice=advice)


def removal(path: str) -> str:
    """The command that deletes the finished (archived or superseded) packet ``path`` (from the
    top folder) with its twin, in a commit: what `md-missing` offers besides the twin written
    anew, as deleting a working note ends it. ``--ignore-unmatch``: the twin is gone from the
    index once its deletion is committed, and `git rm` would refuse a name it does not hold."""
    files = f"{shell.from_top(path)} {shell.from_top(twin_of(path))}"
    done = f'{shell.git()} commit -m "handoff: done"'
    return f"{shell.git()} rm -q --ignore-unmatch -- {files} && {done}"


def _unpaired(packet: Packet, config: Config, moves: Moves) -> Iterator[Hit]:
    """A JSON file that is no packet (`not_a_packet`, the test by which `update` and `render`
    refuse it) has no twin to agree with: its `schema` findings say what it lacks, and the
    markdown beside it is judged as the hand-written handoff it is. A packet whose only fault
    is its ``status`` value keeps its twin: README, an X.md beside an X.json is never a
    hand-written HANDOFF.md; its `schema` finding names the status to fix. Another tool's
    JSON (`is_foreign`) and its markdown are one file of that tool's: its one `schema` finding
    covers the pair, so the markdown is not judged as a handoff."""
    text, path = packet.markdown_text, packet.markdown_path
    if packet.data is None or text is None or path is None:
        return
    if config.schema is None and is_foreign(packet.data, packet.path):
        return
    if not not_a_packet(packet.data, any_status=True):
        return
    yield from markdown_only_hits(path, text, config, moves)


def _tracked_case_variant(packet: Packet, root: Path, moves: Moves) -> str | None:
    """The other name git tracks beside ``packet``'s twin that differs from it only in letter
    case (``HANDOFF.md`` beside ``handoff.md``), from the top folder; ``None`` when git tracks
    no two such names. The two are one file on macOS and Windows, where a clone keeps one."""
    twin = twin_of(packet.path)
    folded = twin.casefold()
    names = {name for name in tracked.listed(os.path.realpath(root)) if name.casefold() == folded}
    other = case_variant(root / twin)
    if other is not None:
        names |= {twin, posixpath.join(posixpath.dirname(twin), other)}
    spelled = sorted(name for name in names if moves.tracked(name))
    if len(spelled) < 2:
        return None
    return min((name for name in spelled if name != twin), default=None)


def _case_pair(packet: Packet, other: str, moves: Moves, config: Config) -> Hit:
    """The one finding on ``packet``'s twin beside ``other``, a tracked name that differs from
    it only in letter case: neither is told apart where the two are one file. A working note
    the merge gate blocks by its name (``HANDOFF.md``) gets the gate's own way out, deleting it
    once the work is done: a rename would carry the note past the gate."""
    twin = twin_of(packet.path)
    if named_block_file(other, config) and not exempt_by_name(other):
        done = f'{shell.git()} commit -m "handoff: done"'
        how = (
            f"{other} is a working note the merge gate blocks: once the work is done, delete it "
            f"in a commit after the last work (`{shell.git()} rm -- {shell.from_top(other)} && "
            f"{done}`)"
        )
    else:
        command = f"(cd {moves.top()} && git mv -- {shell.quote_path(other)} {NEW_NAME})"
        how = f"rename the one that is no twin (`{command}`, filling in <new-name>)"
    return Hit(
        MD_MISMATCH,
        twin,
        f"git tracks both {twin} and {other}, names that differ only in letter case: on macOS "
        f"and Windows they are one file, so a clone keeps only one of them and the twin of "
        f"{packet.path} is read from whichever it kept; {how}, then check again",
        severity=Severity.WARNING,  # the twin is right where names keep their letter case
    )


NEW_NAME = "<new-name>.md"
"""The name a rename offers to fill in, marked as the tool's other blanks are."""


def _case_clash(other: str, moves: Moves) -> str:
    """What `md-missing` says of ``other`` (from the top folder), a file beside the missing
    twin whose name differs from it only in letter case: it is no twin, and where the two
    names are one file, `render --write` would overwrite it (the writers refuse to); the
    command that moves it out of the way comes first."""
    move = "git mv" if moves.tracked(other) else "mv"
    command = f"(cd {moves.top()} && {move} -- {shell.quote_path(other)} {NEW_NAME})"
    return (
        f"the {other} beside it differs only in letter case and cannot be the twin: on macOS "
        "and Windows the two names are one file, and the twin would overwrite it; rename or "
        f"move it first (`{command}`), then "
    )


def _before_render(packet: Packet) -> str:
    """What must come before `render --write` can write ``packet``'s twin: nothing for a
    packet; the JSON read, or the fields `render` refuses a JSON object without."""
    if packet.data is None:
        return "once the JSON reads, "
    if not_a_packet(packet.data) is not None:
        return "once it is a packet (its `schema` findings name what it lacks), "
    return ""


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
