"""Findings, severities and the audit report: the data every output format is a function of."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


class Severity(enum.StrEnum):
    """How much a finding matters. Ordered: error > warning > note."""

    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"

    @property
    def rank(self) -> int:
        """Higher is more severe; used to sort and to compare against a failing level."""
        return {"error": 3, "warning": 2, "note": 1}[self.value]


FAIL_ON: dict[str, Severity | None] = {
    "error": Severity.ERROR,
    "warning": Severity.WARNING,
    "never": None,
}
"""``check --fail-on`` and the action's ``fail-on`` input: the lowest severity that fails."""


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem found in one file."""

    rule: str
    """The rule id, e.g. ``schema``."""
    severity: Severity
    """The effective severity, after the configuration's overrides."""
    path: str
    """The file, relative to the repository root, with ``/`` separators."""
    message: str
    """What is wrong, where, and how to fix it. Never contains a secret."""
    line: int | None = None
    """1-based line in ``path``, when the finding has one."""
    column: int | None = None
    """1-based column in ``path``, when the finding has one."""
    pointer: str | None = None
    """JSON pointer of the offending value inside a JSON packet, when there is one."""
    facet: str | None = None
    """For ``md-incomplete``: which part of a handoff is missing (``state``, ``next``,
    ``decisions``, ``ruled_out``, ``pointers``); ``None`` for every other rule."""
    keep: str | None = None
    """For ``multiple-active``: the packet that stays active (the newest), which the others are
    superseded by; ``None`` for every other rule. Not in the JSON report (the message names it)."""
    repoint: str | None = None
    """For ``branch-mismatch``: the branch checked, when the packet's own branch no longer
    exists (renamed): ``update PACKET --branch`` re-points it there, keeping everything else;
    ``None`` otherwise. Not in the JSON report (the message names it)."""
    advice: str | None = None
    """The clause that ends ``message`` and says what to run, when the check wrote it apart;
    the agent hook, which prints a fix of its own, states the finding without it (`statement`).
    Not in the JSON report (the message holds it)."""
    touched: tuple[str, ...] = ()
    """For ``packet-outdated``: the files other than handoff files that the commits after the
    packet changed; the hook asks for a new summary only of a topic they touched. Not in the
    JSON report (the message names them)."""
    elsewhere: bool = False
    """``path`` is another branch's file (``check --all-branches``), ``BRANCH:handoff.json``,
    not one of the work tree: the github format, which places a finding on a file of the commit
    checked, names it in the message instead; SARIF places it at its path in the repository
    and names the branch in the message and its ``branch`` property. Not in the JSON report."""

    @property
    def statement(self) -> str:
        """``message`` without its ``advice``: what is wrong and where."""
        if not self.advice or not self.message.endswith(self.advice):
            return self.message
        return self.message.removesuffix(self.advice).rstrip(" ;:,") or self.message

    def sort_key(self) -> tuple[str, int, int, int, str, str]:
        """Files in order, then lines, then the more severe first."""
        return (
            self.path,
            self.line or 0,
            self.column or 0,
            -self.severity.rank,
            self.rule,
            self.message,
        )


@dataclass(frozen=True, slots=True)
class Timeline:
    """An active packet's history as git tells it: its last known good commit, its own last
    change and the commit checked, with the commits between them. Times are Unix seconds;
    anything git could not say is ``None``."""

    lkg: str | None = None
    """The last known good commit's full id, when it is a commit here."""
    lkg_time: int | None = None
    """Its committer time."""
    behind: int | None = None
    """Commits in ``lkg..head``."""
    changed: str | None = None
    """The commit that last changed the packet file."""
    changed_time: int | None = None
    """Its committer time."""
    changed_behind: int | None = None
    """Commits in ``changed..head``."""
    head: str | None = None
    """The commit checked."""
    head_time: int | None = None
    """Its committer time."""
    uncommitted: bool = False
    """The packet has changes not committed yet."""


@dataclass(frozen=True, slots=True)
class PacketInfo:
    """What the report says about each packet it audited."""

    path: str
    """The packet file, relative to the repository root."""
    kind: str
    """``json`` for a JSON packet, ``markdown`` for a markdown-only handoff."""
    markdown: str | None = None
    """The markdown twin of a JSON packet (or the file itself for markdown-only), if it exists."""
    branch: str | None = None
    """The packet's ``branch`` field, when it could be read."""
    topic: str | None = None
    """The packet's ``topic`` field (``default`` when absent), when it could be read."""
    status: str | None = None
    """The packet's ``status`` field, when it could be read."""
    last_known_good_commit: str | None = None
    """The packet's ``last_known_good_commit`` field, when it could be read."""
    commits_behind: int | None = None
    """How many commits the last known good commit lags the commit checked, when known."""
    data: Mapping[str, Any] | None = field(default=None, compare=False, hash=False, repr=False)
    """The packet's parsed JSON, for formats that show the packet (not in the JSON report)."""
    timeline: Timeline | None = field(default=None, compare=False, hash=False, repr=False)
    """An active packet's history, for the job summary's diagram (not in the JSON report)."""
    history: tuple[str, ...] = ()
    """For the current handoff of a series: the older files of the series, newest first."""
    twin_newer: bool | None = field(default=None, compare=False, hash=False, repr=False)
    """Whether the markdown twin changed after the packet, by git (`History.twin_newer`);
    ``None`` when git cannot tell (not in the JSON report)."""
    linked: str | None = field(default=None, compare=False, hash=False, repr=False)
    """`Packet.linked`: the file a packet that is a symbolic link leads to, which holds no
    packet (not in the JSON report)."""
    shape: str | None = field(default=None, compare=False, hash=False, repr=False)
    """`Packet.shape`: another tool's JSON file that holds no object (not in the JSON
    report)."""


@dataclass(frozen=True, slots=True)
class Summary:
    """Counts for the report's closing line and the action's outputs."""

    packets: int
    """Number of packets audited."""
    errors: int
    """Number of findings at ``error``."""
    warnings: int
    """Number of findings at ``warning``."""
    notes: int
    """Number of findings at ``note``."""
    suppressed: int = 0
    """Number of findings an inline suppression (with a reason) silenced."""


@dataclass(frozen=True, slots=True)
class Report:
    """The outcome of one audit. Formats render it; the CLI maps it to an exit code."""

    packets: tuple[PacketInfo, ...]
    """Every packet audited, in path order."""
    findings: tuple[Finding, ...]
    """Every finding, sorted by file, line and severity."""
    head: str | None = None
    """The commit checked, when the audit ran inside a git repository."""
    branch: str | None = None
    """The branch checked, when known."""
    target_branch: str | None = None
    """The branch a pull request or merge queue entry merges into, when known."""
    blocking_rules: frozenset[str] = field(default_factory=frozenset)
    """Rule ids that block a merge (``handoff-in-merge``, ``active-in-merge``) and fired, at
    whatever severity the configuration gives them."""
    suppressed: int = 0
    """Findings silenced by an inline suppression with a reason (not in ``findings``)."""
    warnings_said: tuple[str, ...] = ()
    """Lines about the run itself, not a file (a protected-branch glob that matches no branch),
    for standard error: the CLI prints each as ``handoff-audit: warning: LINE``."""
    pointers_said: tuple[str, ...] = ()
    """Those of ``warnings_said`` about a series' text pointer (``LATEST.md`` holding a file's
    name) that names a file that is not there or an older one than the series' current file,
    each with the command that re-points it: the Stop hook says them too, blocking nothing."""
    notices_said: tuple[str, ...] = ()
    """Lines about the run itself that warn of nothing wrong (the action writes them as
    notices): a merge target of the history that this clone lacks."""
    archived: tuple[str, ...] = ()
    """The files of series folders under an archive folder (``docs/archive/handoffs/``):
    history, listed and never judged."""
    agent_notes: tuple[str, ...] = ()
    """The files in an agent's folder that ``block-files`` names, which the audit did not read
    (`Found.agent_notes`): the merge gate reads them alone, the Stop hook asks it for their
    credentials."""
    fail_level: Severity | None = Severity.ERROR
    """The lowest severity that fails the run (``--fail-on``, the action's ``fail-on``);
    ``None`` when nothing does (``--fail-on never``, ``--exit-zero``)."""

    @property
    def summary(self) -> Summary:
        """Counts of packets and of findings per severity."""
        counts = {s: 0 for s in Severity}
        for finding in self.findings:
            counts[finding.severity] += 1
        return Summary(
            packets=len(self.packets),
            errors=counts[Severity.ERROR],
            warnings=counts[Severity.WARNING],
            notes=counts[Severity.NOTE],
            suppressed=self.suppressed,
        )

    @property
    def merge_blockers(self) -> frozenset[str]:
        """The merge-gate rules that block the merge: fired at a severity that fails the run. One
        downgraded below it (``handoff-in-merge: note``) fails nothing, so blocks nothing."""
        level = self.fail_level
        if level is None:
            return frozenset()
        return frozenset(
            f.rule
            for f in self.findings
            if f.rule in self.blocking_rules and f.severity.rank >= level.rank
        )

    @property
    def blocked(self) -> bool:
        """True when a merge-gate rule fired at a severity that fails the run."""
        return bool(self.merge_blockers)

    def fails_at(self, level: Severity | None) -> bool:
        """True when a finding reaches ``level``; ``None`` never fails."""
        if level is None:
            return False
        return any(f.severity.rank >= level.rank for f in self.findings)
