"""`archive` and `supersede` refuse a packet older than the branch's work (`packet-outdated`):
finished so, it would hand over a summary and next action that never recorded the last commits
(a failing test among them), and the Stop hook and the merge gate would take it as the
branch's finish. `update` it first with what those commits did, or pass ``--force``."""

from __future__ import annotations

from pathlib import Path

from handoff_audit import shell
from handoff_audit.authoring.no_active import name
from handoff_audit.config import Config
from handoff_audit.errors import InputError
from handoff_audit.git import plumbing
from handoff_audit.model.context import Target
from handoff_audit.rules.repoint import NEXT_NOW, SINCE


def refuse_stale_finish(packet: Path, config: Config, command: str, branch: object) -> None:
    """`InputError` when ``packet`` of ``branch``, about to be archived or superseded
    (``command``), is older than the work: commits after its last change touch other files than
    handoff files. Never for a packet of another branch than the one checked out (one inherited
    from the branch this one was made from is archived here, as the Stop hook's fix does)."""
    # start-up: the audit loads only for a finish
    from handoff_audit.engine.audit import AuditRequest, run_audit

    try:
        repo = plumbing.repo_info(packet.resolve().parent)
        top = repo.toplevel.resolve() if repo is not None else None
        if top is None or not isinstance(branch, str) or branch != plumbing.current_branch(top):
            return
    except plumbing.GitError:
        return
    request = AuditRequest(
        root=top,
        paths=(packet.resolve(),),
        config=config,
        target=Target(),
        select=frozenset({"packet-outdated"}),
    )
    path = packet.resolve().relative_to(top).as_posix()
    found = [f for f in run_audit(request).findings if f.path == path]
    if not found:
        return
    # The finding's own advice (a refresh alone) is replaced by the one that says what to add.
    said = found[0].statement.split("; refresh the packet", 1)[0]
    shown = shell.quote_path(name(packet))
    update = f'handoff-audit update {shown} --verify --summary "{SINCE}" --next-action "{NEXT_NOW}"'
    raise InputError(
        f"{name(packet)}: {said}; {command} would hand over a packet that does not "
        f"record that work: update it first with what those commits did (`{update}`, then "
        f"commit), then {command} it; or pass `--force` to {command} it as it is"
    )
