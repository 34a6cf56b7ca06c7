"""What the Stop hook's judgement says (`agent_gate.judge`): the problems that keep a session
from ending, or the note saying why nothing was needed, and the configuration, packets and
facts the fixes (`agent_fixes`) are written from."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from handoff_audit.config import Config
from handoff_audit.git.rebase_state import Pending, Stopped
from handoff_audit.model.findings import Finding, PacketInfo, Severity

if TYPE_CHECKING:
    from handoff_audit.authoring.broken_config import BrokenConfig

STALE_RULES = frozenset({"packet-outdated", "handoff-outdated", "lkg-behind"})
"""Findings that say the packet is older than the work: they block whatever their severity."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason the session may not end yet."""

    kind: str
    """``no-packet``, ``finding``, ``conflict`` (files in a merge conflict), ``rebase`` (one
    stopped midway), ``pending`` (a sequence, `git am` or `git bisect` left midway),
    ``left-branch`` (a detached HEAD a checkout moved to from a branch), ``unbranched`` (a
    detached HEAD with commits no branch holds), ``shallow`` (no merge base with the base
    branch in a shallow clone: its work cannot be told; or the branch's handoff has
    `history-unavailable`: whether it is older than the work cannot be told),
    ``inherited`` (an active packet of the branch this one was made from), ``rewritten`` (a
    merge of the branch's force-pushed upstream, `forced_upstream`, its ``files`` those it left),
    ``uncommitted``, ``nested`` (a repository or worktree inside this one, no submodule),
    ``submodule`` (a git submodule under a handoff file's name, which `not-a-handoff` names),
    ``secret`` (a credential in a file that is none of the branch's packets), ``working-note``
    (a file of the branch's that the merge gate blocks, `gate_notes`, on a branch handed over),
    ``broken`` (a packet file beside the branch's own that is JSON but no packet), ``ignored``
    (handoff files git ignores, for a branch that has none it can see) or ``passed-over`` (a
    file the branch wrote into a dated or numbered series, without a date or number or under an
    earlier one, which another file outranks) or ``relink`` (a series' live-name link still
    pointing at an older file, ignored, than the one the branch wrote) or ``sparse`` (handoff
    files the tree holds outside this sparse checkout, when it shows none: ``files`` their
    folders)."""
    message: str
    """What is wrong, one line."""
    finding: Finding | None = None
    """For ``finding``, ``secret``, ``working-note``, ``submodule`` and ``inherited``: the
    audit's finding."""
    packet: PacketInfo | None = None
    """For ``finding`` and ``inherited``: the packet it is about."""
    files: tuple[str, ...] = ()
    """For ``uncommitted``, ``nested`` and ``ignored``: the files, from the repository root (for
    ``rebase``: its changes not staged); for
    ``passed-over``: the branch's file, then the series' current one; for ``relink``: the link,
    then the branch's file; for ``no-packet``: the
    current files of the repository's series, if it keeps any."""
    staged_deletions: tuple[str, ...] = ()
    """For ``uncommitted``: those of ``files`` already deleted in the index (`git rm`, `git
    mv`): ``git add`` no longer matches them, the commit takes them as they are."""
    deleted_here: tuple[str, ...] = ()
    """For ``conflict``: those of ``files`` that this branch's side deleted (`git status`
    ``DU`` in a merge, ``UD`` in a rebase, ``DD``): keeping its side is `git rm`."""
    one_sided: tuple[str, ...] = ()
    """For ``conflict``: those of ``files`` deleted on one side and changed on the other
    (``DU``, ``UD``): no markers to resolve; `git add` keeps the file, `git rm` deletes it."""
    command: str = ""
    """For ``stopped`` (a merge, cherry-pick or revert stopped midway): what finishes it."""
    rewritten: tuple[str, ...] = ()
    """For ``uncommitted`` after the findings: the packets and twins that the twin fixes
    printed before it rewrite, for its commit to take too."""
    known: tuple[str, ...] = ()
    """For ``no-packet`` and ``passed-over``: every file of the series (their older files too),
    names a rename must not take."""
    named_in: str = ""
    """For ``passed-over``: the agent instruction file naming the branch's file, which `show`
    presents in place of the series' current one (`instructed.named_over`); its fix keeps it."""
    stale: tuple[Finding, ...] = ()
    """For ``inherited``: the findings saying its packet is older than the work (`STALE_RULES`),
    which a re-point must refresh too: committing the packet makes it newer than the work."""


@dataclass(slots=True)
class Gate:
    """The judgement: problems (block when any) or a note saying why there is nothing to do."""

    root: Path
    """The work tree's top folder."""
    branch: str | None = None
    """The checked-out branch (``None``: HEAD is detached)."""
    problems: list[Problem] = field(default_factory=list)
    """Why the session may not end; empty = it may."""
    note: str | None = None
    """Why nothing was required (protected branch, no work of its own, detached HEAD)."""
    warnings: tuple[str, ...] = ()
    """What is said whether the stop is held or not, blocking nothing: a series' text pointer
    that names an older file than the current one (`Report.pointers_said`)."""
    packets: list[PacketInfo] = field(default_factory=list)
    """The branch's own packets."""
    finished: list[PacketInfo] = field(default_factory=list)
    """Packets in the tree that are archived or superseded (any branch's)."""
    base_branch: str | None = None
    """The branch the work of its own was taken against, when it was needed."""
    base_target: str | None = None
    """``base_branch`` as a merge target names it (`Workbench.base_target`: ``main`` for
    ``origin/main``), the target the merge gate's audit is run against."""
    left_base: bool | None = None
    """Whether the branch left ``base_branch`` at a commit before HEAD, which a failing
    `new --verify` keeps as the last known good commit; ``None`` when not asked."""
    config: Config = field(default_factory=Config)
    """The configuration used (its ``verify`` command goes into the fixes)."""
    head: str | None = None
    """The commit checked out, when the branch was audited."""
    rebasing: str | None = None
    """The branch a rebase in progress rebases (git's folder says so), else ``None``."""
    stopped: Stopped | None = None
    """A merge, cherry-pick or revert stopped midway (git's folder says so), else ``None``."""
    default_blocked: Finding | None = None
    """The first schema finding of a packet file (handoff.json first, else one in any folder or
    topic) that is JSON but no packet (`not_a_packet`): `new` refuses to overwrite it or writes
    a second packet beside it, so the no-packet fix is to repair it."""
    pending: Pending | None = None
    """A cherry-pick or revert sequence, `git am` or `git bisect` left midway, else ``None``."""
    own_changes: frozenset[str] = frozenset()
    """The files the branch's commits changed against its base (`Workbench.changed_files`)."""
    since: str | None = None
    """The commit ``own_changes`` were taken against (`Workbench.base`)."""
    protected: bool = False
    """The branch is a protected one (it needs no packet; only a conflict blocks)."""
    handoffs: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Every handoff the audit found, with its series' older files: which one `show` presents
    (`instructed.named_over`)."""
    local: tuple[str, ...] = ()
    """The files the branch wrote into a series that the repository's own ``.gitignore`` keeps
    out of git (`local_handoffs`): its handoff, as the work tree holds it."""


class CannotJudge(Exception):
    """The hook cannot judge (no repository, broken configuration): it lets the session go,
    unless the configuration file that cannot be read is one the branch changed
    (``broken``): the agent can mend that."""

    notes: tuple[str, ...] = ()
    """The configuration's notes (`Config.notes`) when it was read before the judgement failed."""
    root: Path | None = None
    """The work tree's top folder, when a configuration file the branch changed cannot be read."""
    broken: BrokenConfig | None = None
    """The configuration or schema file the branch broke, and the default branch's hook
    settings (`broken_config.changed_config`): the stop is held until it is mended."""


def blocking_test(config: Config) -> Callable[[Finding], bool]:
    """Whether a finding holds the stop: a rule `agent-hook.rules` lists when it is set, else
    an error or a finding that says the handoff is older than the work (`STALE_RULES`)."""
    rules = config.agent_hook.rules

    def blocks(finding: Finding) -> bool:
        if rules is not None:
            return finding.rule in rules
        return finding.severity is Severity.ERROR or finding.rule in STALE_RULES

    return blocks
