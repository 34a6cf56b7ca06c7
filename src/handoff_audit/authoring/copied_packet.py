"""`update` of a packet copied from another branch (`git.foreign_commits`): without
``--summary`` and ``--next-action`` it would keep that branch's summary and next action and
hand them over as this branch's, its test run alone making the copy pass. It is refused, with
the `update` that writes this branch's own; that one drops the other branch's test runs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from handoff_audit import shell
from handoff_audit.authoring.no_active import name
from handoff_audit.errors import InputError
from handoff_audit.git.foreign_commits import copied_from, recorded_commits
from handoff_audit.git.workbench import Workbench
from handoff_audit.rules.last_known_good import COPIED, REWRITE


def own_packet(
    bench: Workbench, path: Path, data: dict[str, Any], rewritten: bool
) -> dict[str, Any]:
    """``data`` as this branch's: `InputError` when it records only commits off this branch's
    history that another branch holds and the update does not write its own summary and next
    action (``rewritten``); with them, ``data`` without that branch's test runs."""
    copied = copied_from(bench.root, data, bench.head, bench.branch)
    if copied is None:
        return data
    shown = name(path)
    if not rewritten:
        raise InputError(
            f"{shown} records no commit of this branch: its last known good commit and test "
            f"runs are at {', '.join(copied.commits)}, on {', '.join(copied.branches[:3])}: "
            f"{COPIED} Its summary and next action are that branch's, and an update that keeps "
            "them would hand them over as this branch's; give this branch's own: "
            f"`handoff-audit update {shell.quote_path(shown)}{REWRITE}`"
        )
    runs = data.get("commands_run")
    if not isinstance(runs, list):
        return data
    return {**data, "commands_run": [run for run in runs if not _at(run, copied.commits)]}


def _at(run: Any, commits: tuple[str, ...]) -> bool:
    """Whether the log entry ``run`` is a ``--verify`` run at one of ``commits``."""
    found = recorded_commits({"commands_run": [run]})
    return bool(found) and any(c.startswith(found[0]) or found[0].startswith(c) for c in commits)
