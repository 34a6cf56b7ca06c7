"""What a rule is, and what a check yields before the configuration decides its severity."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from handoff_audit.model.findings import Severity


class Fix(StrEnum):
    """How `handoff-audit hook` fixes a finding on the branch's own handoff: the command it
    prints is built from this and the finding (`cli/hook.py`). A rule without one gets its
    finding and `handoff-audit explain RULE`: never a command that deletes the packet."""

    REFRESH = "refresh"
    """`update` the packet: the work moved on (``--summary`` records what changed)."""
    VERIFY = "verify"
    """`update --verify`: prove the tests green at HEAD, moving ``last_known_good_commit``."""
    FIELD = "field"
    """`update --FIELD "<...>"` for the field the finding names."""
    SCHEMA = "schema"
    """`update --FIELD "<...>"` when `update` sets the field; else as `REGENERATE`."""
    RENDER = "render"
    """`render --write`: the twin is missing or cannot be read."""
    TRIM = "trim"
    """Trim the packet's longest fields, or raise ``max-file-bytes``, then `render --write`:
    the twin cannot be read because the packet renders over the limit (never declared by a
    rule: the hook derives it from ``RENDER`` and the packet's rendered size)."""
    CARRY = "carry"
    """The twin differs from the JSON: `update` with what the twin says and the JSON lacks
    (`markdown.twin_carry`), which renders the twin again; `render --write` when that is
    nothing."""
    REGENERATE = "regenerate"
    """The packet cannot be read: restore it from the newest commit where it read
    (`git checkout REV -- PACKET`), else repair it by hand where the finding says; never write
    it anew over its fields and verified commit. A symbolic link alone is removed and a packet
    written anew at its place (the link goes, never the file it leads to); so is a hand-written
    handoff that is a link, and only then."""
    SUPERSEDE = "supersede"
    """`supersede --by` the packet that stays active."""
    MD_ADD = "md-add"
    """Append the missing section to the hand-written handoff."""
    MD_REFRESH = "md-refresh"
    """Append what changed since to the hand-written handoff."""


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule, declared once: everything `rules`, `explain`, the docs and SARIF say about it."""

    id: str
    """Stable id used in configuration, ``--select``/``--ignore`` and every output."""
    default: Severity
    """Severity when the configuration does not override it."""
    summary: str
    """One line: when the rule fires."""
    doc: str
    """Markdown: why it matters, an example, and how to fix it."""
    blocks_merge: bool = False
    """True for the rules that make the action's ``blocked`` output true."""
    fix: Fix | None = None
    """How the agent hook fixes it on the branch's own handoff; ``None``: it shows the finding
    and `explain`, never a command that deletes anything."""


@dataclass(frozen=True, slots=True)
class Hit:
    """A finding as a check reports it; the engine turns it into a `Finding` or drops it."""

    rule: Rule
    """The rule that fired."""
    path: str
    """The file, relative to the repository root, with ``/`` separators."""
    message: str
    """What is wrong, where, and how to fix it. Never contains a secret."""
    line: int | None = None
    """1-based line, when known."""
    column: int | None = None
    """1-based column, when known."""
    pointer: str | None = None
    """JSON pointer inside a JSON packet, when there is one."""
    facet: str | None = None
    """For ``md-incomplete``: the missing facet (``state``, ``next``, ``decisions``, ...)."""
    severity: Severity | None = None
    """The check's own severity for this hit, used when the configuration does not set the
    rule's; ``None`` means the rule's default (``md-incomplete`` is an error only for ``next``)."""
    keep: str | None = None
    """For ``multiple-active``: the packet that stays active (`Finding.keep`)."""
    repoint: str | None = None
    """For ``branch-mismatch``: the branch to re-point the packet at (`Finding.repoint`)."""
    advice: str | None = None
    """The clause that ends ``message`` and says what to run (`Finding.advice`)."""
    touched: tuple[str, ...] = ()
    """For ``packet-outdated``: the files the later commits changed (`Finding.touched`)."""
    elsewhere: bool = False
    """``path`` is another branch's file (`Finding.elsewhere`)."""
    retires: bool = False
    """For ``handoff-in-merge`` on a protected branch: the file is there to be deleted, not
    completed, so the audit drops the findings that would add to it (`ASKS_FOR_CONTENT`)."""
    note: bool = False
    """For ``handoff-in-merge``: blocked by a lower-case name alone (``handoff.md``), its text
    read by the gate as handing no work over (`rules.merge`): the audit drops it when
    ``not-a-handoff`` also reads the file, by what it says, as no handoff (`engine.audit`)."""
