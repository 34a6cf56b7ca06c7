"""`update PACKET --branch NEW` on a renamed branch: a packet whose branch no longer exists
(``git branch -m``) is re-pointed at the branch given, keeping everything else (its decisions,
risks and last known good commit), where `archive` and `new` would start over. A packet older
than the work is re-pointed only with what changed since (`--summary`, `--next-action`): the
re-point's commit makes it newer than the work, which would hide that it is stale."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from handoff_audit import shell
from handoff_audit.authoring.no_active import name
from handoff_audit.config import Config
from handoff_audit.credentials import redact
from handoff_audit.errors import InputError
from handoff_audit.git.renames import branch_gone, known_branches
from handoff_audit.model.context import Target
from handoff_audit.model.packet import Packet
from handoff_audit.rules.repoint import SINCE, only_other_topics, repoint_command
from handoff_audit.suggest import closest

if TYPE_CHECKING:
    from handoff_audit.git.workbench import Workbench


def repointed_here(
    bench: Workbench,
    config: Config,
    packet: tuple[Path, dict[str, Any]],
    given: tuple[str | None, bool],
    topics: list[Packet],
    notes: list[str],
) -> dict[str, Any]:
    """For `update`: ``packet`` (its path and data) re-pointed at this branch when it is
    another branch's packet (only when that branch no longer exists and ``--branch``, the first
    of ``given``, names this one; a packet older than the work, only when the second of
    ``given`` says that `--summary` or `--next-action` refresh it too, or when the commits since
    touched only the files of the branch's other ``topics``)."""
    path, data = packet
    if data.get("branch") == bench.branch:
        return data
    branch, refreshing = given
    repointed_data, note = repointed(path, data, bench.branch, branch, bench.root)
    if not refreshing:
        others = [p.data for p in topics if (bench.root / p.path).resolve() != path.resolve()]
        refuse_stale_repoint(path, bench.branch, bench.root, config, (data, others))
    notes.append(note)
    return repointed_data


def repointed(
    packet: Path, data: dict[str, Any], branch: str, given: str | None, root: Path
) -> tuple[dict[str, Any], str]:
    """``data`` with its ``branch`` set to ``branch`` and the note saying so, when the packet's
    own branch no longer exists and ``--branch`` (``given``) names an existing one; else the
    `InputError` saying why not and what to run instead."""
    old = data.get("branch")
    shown = shell.quote_path(name(packet))
    was, to = redact(repr(old)), redact(repr(branch))
    known = known_branches(root)
    if not isinstance(old, str) or known is None or not branch_gone(root, old, branch, *known):
        raise InputError(
            f"{name(packet)} is the packet of branch {was}, not {to}; refresh it on its "
            "branch, or start this branch's packet with `handoff-audit new`"
        )
    repoint = repoint_command(f"handoff-audit update {shown}", branch)
    if given is None:
        raise InputError(
            f"{name(packet)} is the packet of branch {was}, which no longer exists (renamed "
            f"or deleted); to carry it to {to} with its decisions, risks and "
            f"last known good commit, run `{repoint}`; if its work is done, "
            f"`handoff-audit archive {shown}`"
        )
    if branch not in known[0]:
        guess = closest(branch, known[0])
        hint = f" — did you mean {redact(repr(guess))}?" if guess else ""
        raise InputError(
            f"--branch {to}: no such branch in this repository{hint}; a packet is "
            "re-pointed only at a branch that exists"
        )
    note = (
        f"{name(packet)}: re-pointed from branch {was} (no longer in the repository) to "
        f"{to}; everything else kept"
    )
    return {**data, "branch": branch}, note


def renamed_siblings(root: Path, branch: str, elsewhere: Iterable[Packet]) -> list[Packet]:
    """Those of ``elsewhere`` (active packets in ``branch``'s tree that name another branch)
    whose branch no longer exists (`branch_gone`: renamed into this one, `git branch -m`): the
    branch's topics under its old name, not re-pointed yet. Their files are another topic's to
    a packet of this branch, as those of its re-pointed packets are (`own_changed_files`).
    One git process (two when a pushed branch was renamed), only when there is such a packet."""
    candidates = [p for p in elsewhere if isinstance(p.branch, str) and p.ref is None]
    known = known_branches(root) if candidates else None
    if known is None:
        return []
    return [p for p in candidates if branch_gone(root, str(p.branch), branch, *known)]


def refuse_stale_repoint(
    packet: Path,
    branch: str,
    root: Path,
    config: Config,
    topics: tuple[dict[str, Any], list[dict[str, Any] | None]],
) -> None:
    """`InputError` when ``packet``, about to be re-pointed at ``branch`` with nothing it says
    refreshed, is older than the work (`packet-outdated`): the command that re-points and
    refreshes it together; unless the commits since touched only the files of the branch's
    other topics (``topics``: the packet's data, then theirs), which leave its summary true."""
    # start-up: the audit loads only for a re-point
    from handoff_audit.engine.audit import AuditRequest, run_audit

    top = root.resolve()
    request = AuditRequest(
        root=top,
        paths=(packet.resolve(),),
        config=config,
        target=Target(branch=branch),
        select=frozenset({"packet-outdated"}),
    )
    path = packet.resolve().relative_to(top).as_posix()
    found = [f for f in run_audit(request).findings if f.path == path]
    if not found or only_other_topics(found[0].touched, *topics):
        return
    shown = shell.quote_path(name(packet))
    refresh = repoint_command(f"handoff-audit update {shown}", branch, SINCE)
    raise InputError(
        f"{name(packet)}: {found[0].statement}; a re-point alone would make it count as current "
        f"(its commit is newer than the work): re-point and refresh it together: `{refresh}`"
    )
