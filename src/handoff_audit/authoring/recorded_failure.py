"""What the Stop hook does not count against a branch: files beside the work (a handoff file, a
`.gitignore`, a path `agent-hook.ignore` lists) and `lkg-behind`/`lkg-unknown` on a packet that
records the project's tests failing at the commit checked."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.engine.series_folders import SeriesFolders
from handoff_audit.git import plumbing
from handoff_audit.globs import matches_any
from handoff_audit.model.findings import Finding, PacketInfo
from handoff_audit.model.packet import is_handoff_record


def is_gitignore(path: str) -> bool:
    """True for a `.gitignore` file, in any folder."""
    return path.rpartition("/")[2] == ".gitignore"


def beside_work(path: str, config: Config, series: SeriesFolders) -> bool:
    """True for a file whose commit after a finish leaves the handoff finished: a handoff file,
    a `.gitignore` (ignoring scratch files is no work to hand over), or a path
    `agent-hook.ignore` lists."""
    return (
        is_handoff_record(path, config, series)
        or is_gitignore(path)
        or matches_any(path, config.agent_hook.ignore)
    )


_FAILED_RUN = re.compile(
    r"\A`(?P<cmd>.*)` failed \(exit -?\d+\) at (?P<sha>[0-9a-f]{7,40})\b", re.DOTALL
)
"""The open risk a failing `--verify` run writes (`verify.Verification.facts`): the command
and the commit it ran on."""


_RECORDED = frozenset({"lkg-behind", "lkg-unknown"})
"""The rules whose only fix is a passing `--verify` run."""


def not_recorded(
    root: Path,
    config: Config,
    head: str | None,
    findings: Sequence[Finding],
    by_file: dict[str, PacketInfo],
) -> Iterator[Finding]:
    """The findings, but `lkg-behind` and `lkg-unknown` (a rebase rewrote the commit) on a
    packet that records the tests failing at the commit checked (`_failure_recorded`): that is
    what the handoff truthfully says, not a fix left to run, as `update --verify` would fail
    again and keep the old commit, and each commit of its packet would put it one commit
    further behind (`check` still reports it)."""
    for finding in findings:
        packet = by_file.get(finding.path)
        if (
            finding.rule not in _RECORDED
            or packet is None
            or not _failure_recorded(root, config, head, packet)
        ):
            yield finding


def _failure_recorded(root: Path, config: Config, head: str | None, packet: PacketInfo) -> bool:
    """True when one of the packet's open risks is a failing `--verify` run's (`update
    --verify` writes it and exits 1), made on a commit of HEAD's history after which only
    handoff files changed (its own commit, and any refresh of it)."""
    data = packet.data or {}
    risks = data.get("open_risks")
    whats = [r.get("what") for r in risks if isinstance(r, dict)] if isinstance(risks, list) else []
    found = (_FAILED_RUN.match(what) for what in whats if isinstance(what, str))
    runs = tuple(
        match["sha"]
        for match in found
        if match is not None and _is_test_failure(match["cmd"], data, config.verify)
    )
    if not runs or head is None:
        return False
    series = SeriesFolders(root, config)
    try:
        with plumbing.changes(root, head) as walk:
            for change in walk:
                if change.sha.startswith(runs):
                    return True
                if any(not beside_work(path, config, series) for path in change.files):
                    return False
    except plumbing.GitError:
        return False
    return False


def _is_test_failure(cmd: str, data: Mapping[str, object], verify: str | None) -> bool:
    """True when ``cmd`` is the configured ``verify`` (when one is configured) and the packet's
    ``commands_run`` records its newest run failing: an open risk written by hand, or a
    `--verify` of another command (`false`), does not say the project's tests fail."""
    if verify is not None and cmd != verify:
        return False
    log = data.get("commands_run")
    runs = (
        [e for e in log if isinstance(e, dict) and e.get("cmd") == cmd]
        if isinstance(log, list)
        else []
    )
    exit_status = runs[-1].get("exit") if runs else None
    return isinstance(exit_status, int) and not isinstance(exit_status, bool) and exit_status != 0
