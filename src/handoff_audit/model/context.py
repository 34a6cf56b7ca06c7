"""What every check receives: the packets, the configuration, and what git knows."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.model.packet import Packet
from handoff_audit.model.repo_history import History


@dataclass(frozen=True, slots=True)
class StagedChanges:
    """The commit being made, as its index has it (paths from the top folder, with ``/``)."""

    changed: frozenset[str] = frozenset()
    """Paths the index adds or changes."""
    deleted: frozenset[str] = frozenset()
    """Paths the index deletes."""
    merge_head: str | None = None
    """The commit a ``git merge`` under way merges in (``MERGE_HEAD``): the commit being made
    is a merge; ``None`` = a plain commit."""


@dataclass(frozen=True, slots=True)
class Target:
    """What the audit checks against: the commit, the branch and the merge target."""

    head: str | None = None
    """``--head`` (in CI the pull request's head sha); ``None`` = ``HEAD``."""
    branch: str | None = None
    """``--branch``; ``None`` = the checked-out branch, if any."""
    target_branch: str | None = None
    """``--target-branch``: the branch a pull request or merge queue entry merges into."""
    default_branch: str | None = None
    """The repository's default branch, when CI knows it (it counts as protected)."""
    history_target: str | None = None
    """The branch whose commits are not the branch's own work when no ``target_branch`` is
    named: ``ci`` on a push to another branch than the default one gives the default branch,
    fetched along with the deepening of a shallow clone (an "Update branch" merge of it into
    the branch is no later work). Not a merge target: the merge gate stays off."""
    all_branches: bool = False
    """Also read the packets of every local and remote-tracking branch."""
    fetch_history: bool = False
    """May fetch from the remote: deepen a shallow clone, fetch an absent ``target_branch``
    (``check --fetch-history`` and ``ci``); otherwise the audit never changes the repository."""
    target_from_event: bool = False
    """``target_branch`` was named by GitHub's event, not typed: when it cannot be fetched (no
    remote, no access) it is used as named instead of refused as unknown."""
    in_action: bool = False
    """Run by the GitHub Action (``ci``): a message names the step's inputs and the workflow
    where the command line's options would be, since the action has none."""
    tag_checked: bool = False
    """The event ran for a tag (``ci`` on a push of ``refs/tags/*``), not a branch: no branch is
    checked, so a packet's ``branch`` is compared with none."""
    staged: StagedChanges | None = None
    """The pre-commit hook's commit being made: on a protected branch, the merge gate judges
    ``HEAD`` with these changes, not ``HEAD``; ``None`` = ``HEAD`` as it is."""
    gate_exclusions: tuple[str, ...] = ()
    """The ``!`` entries of ``block-files`` that the branch's own configuration adds over the
    merge target's, whose ``block-files`` the gate uses (`model.gate_exclusions`): they leave
    out only a regular file the target already has that the commit checked does not change."""
    own_block_files: tuple[str, ...] | None = None
    """The branch's own ``block-files`` when it differs from the merge target's, which the gate
    uses: a file the target's list blocks and this one does not is blocked, saying why."""
    gate_from_target: bool = False
    """The merge gate's settings were read from ``target_branch``'s configuration
    (`check --target-branch`), not the work tree's: advice to change them names the target."""


@dataclass(slots=True)
class AuditContext:
    """Read-only input of the checks (rules never print and never run git themselves)."""

    root: Path
    """The repository root (or the common folder of the paths, outside git)."""
    config: Config
    """The validated configuration."""
    packets: list[Packet]
    """Every packet discovered and loaded, in path order."""
    target: Target = field(default_factory=Target)
    """What the audit checks against."""
    history: History | None = None
    """Facts gathered from git in a constant number of calls; ``None`` outside a repository."""
    working_notes: frozenset[str] = frozenset()
    """The work tree's working notes: its hand-written handoffs that are no running log, from
    the root, all of them though ``packets`` holds a part (a worker's chunk). A running log in
    the folder of one is the project's record, whose next step that note carries
    (`running_logs.note_beside`): `md-incomplete` asks no next step of it, and
    `handoff-outdated` asks for an entry."""
