"""What the pre-commit hooks do (their entry points are `cli.precommit`).

pre-commit hands each hook the staged files its ``files`` pattern lets through; both hooks
narrow them with the repository's own ``packets`` configuration, so a project that keeps its
packets elsewhere (``docs/handoffs/*.json``) is served, and a staged ``package.json`` is not
taken for a packet.

`handoff-render` re-renders each staged packet's twin with the same code as `handoff-audit render
--write`; it exits 1 when it changed a file, so the commit stops and the user stages the new twin.
A twin holding text a person wrote that the packet lacks is left alone, with exit 1 and the
`update` that carries the text, as `update` refuses (`twin_guard`): only `render --write`, run by
hand, discards it.
`handoff-audit-staged` audits the whole repository whenever a staged file is a handoff file (a
packet, a packet's twin, a ``block-files`` file or a file of a ``series``): `multiple-active`
and the other rules that compare packets need all of them, not only the staged ones, and the
commit then passes exactly when `handoff-audit check` does.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from handoff_audit import controls, jsonpos
from handoff_audit.authoring.commands import render_command
from handoff_audit.authoring.outcome import Outcome
from handoff_audit.authoring.twin_guard import refuse_dropping_twin_text
from handoff_audit.config import config_warnings, load_config
from handoff_audit.errors import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, InputError
from handoff_audit.git import plumbing
from handoff_audit.git.staged import merge_head, staged_changes
from handoff_audit.git.tracked import is_tracked
from handoff_audit.model.context import StagedChanges
from handoff_audit.model.packet import is_handoff_file, named_packet, twin_of
from handoff_audit.rules import RULES_BY_ID


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def _top_folder(files: Sequence[Path]) -> Path | None:
    """The top folder of the repository ``files`` are in (the current folder's without
    ``files``), or ``None`` outside git."""
    # pre-commit runs at the top folder with relative names; a script may pass any paths.
    folders = [os.path.dirname(os.path.abspath(f)) for f in files]
    common = Path(os.path.commonpath(folders)) if folders else Path.cwd()
    while not common.is_dir() and common != common.parent:
        common = common.parent
    try:
        info = plumbing.repo_info(common)
    except plumbing.UnsafeRepository as error:
        raise InputError(error.advice(common)) from None
    return None if info is None else info.toplevel


def _from_top(file: Path, root: Path) -> str | None:
    try:
        return Path(os.path.abspath(file)).relative_to(root).as_posix()
    except ValueError:
        return None


def configured_packets(
    files: Sequence[Path], config_file: Path | None
) -> tuple[Path | None, list[Path], tuple[str, ...]]:
    """The repository's top folder, those of ``files`` the ``packets`` configuration matches,
    and the configuration's notes (`Config.notes`: a file it shadows, for the hook to print)."""
    root = _top_folder(files)
    if root is None:
        return None, [f for f in files if f.suffix == ".json"], ()
    config = load_config(root, config_file, rule_ids=RULES_BY_ID, tracked=is_tracked)
    kept = []
    for file in files:
        relative = _from_top(file, root)
        if relative is not None and named_packet(relative, config):
            kept.append(file)
    return root, kept, config.notes


@dataclass(frozen=True, slots=True)
class StagedAudit:
    """What `handoff-audit-staged` audits."""

    root: Path | None
    """The repository's top folder when the commit touches a handoff file; ``None``: no audit."""
    staged: StagedChanges | None
    """The commit being made, as the index has it (``None`` when git could not say)."""
    notes: tuple[str, ...]
    """The configuration's notes (`Config.notes`: a file it shadows, for the hook to print)."""


def staged_audit(files: Sequence[Path], config_file: Path | None) -> StagedAudit:
    """Whether the commit being made touches a file `check` audits: one of ``files`` (what
    pre-commit passes) or of the index's changes, deletions included (one ``git diff
    --cached``), that is a handoff file (a packet, its twin, a ``block-files`` file, a file of a
    ``series``)."""
    root = _top_folder(files)
    if root is None:
        return StagedAudit(None, None, ())
    config = load_config(root, config_file, rule_ids=RULES_BY_ID, tracked=is_tracked)
    try:
        changed, deleted = staged_changes(root)
        merging = merge_head(root)
    except plumbing.GitError:
        staged, named = None, []
    else:
        # pre-commit passes no deleted file: a deleted twin is `md-missing` all the same.
        staged = StagedChanges(frozenset(changed), frozenset(deleted), merging)
        named = changed + deleted
    named += [name for name in (_from_top(file, root) for file in files) if name is not None]
    touched = any(is_handoff_file(name, config) for name in named)
    return StagedAudit(root if touched else None, staged, config.notes)


def render_twins(packets: Sequence[Path], config_file: Path | None = None) -> Outcome:
    """Re-render the twin of each of ``packets`` the configuration counts as a packet; 1 if one
    changed, 2 if a packet could not be rendered. Its standard output names each twin written
    (once: `render_command`'s own status line is not repeated); its notes start with a warning
    for each configuration file the one used shadows, as `check` says it."""
    code = EXIT_OK
    out: list[str] = []
    _, packets, shadowed = configured_packets(packets, config_file)
    errors = config_warnings(shadowed, "handoff-render")
    for packet in packets:
        if packet.suffix != ".json":
            continue
        twin = twin_of(packet)
        before = _read(twin)
        kept = _twin_text_kept(packet, twin)
        if kept is not None:
            errors.append(f"handoff-render: {controls.one_line(kept)}")
            code = max(code, EXIT_FINDINGS)
            continue
        try:
            result = render_command(packet, write=True, check=False, config_file=config_file)
        except InputError as error:
            errors.append(f"handoff-render: error: {controls.one_line(str(error))}")
            code = max(code, EXIT_USAGE)
            continue
        if result.code not in (EXIT_OK, EXIT_FINDINGS):
            code = max(code, result.code)
        if _read(twin) != before:
            out.append(f"{packet.as_posix()}: wrote {twin.as_posix()}; stage it and commit again\n")
            code = max(code, EXIT_FINDINGS)
    return Outcome(code, out="".join(out), notes=tuple(errors))


def _twin_text_kept(packet: Path, twin: Path) -> str | None:
    """Why the twin is left as it is: it holds text a person wrote that the packet lacks, which
    rendering would drop (`twin_guard`, as `update` refuses); None when rendering drops nothing.
    A packet that does not read is left to `render_command`, which names what is wrong."""
    try:
        data = jsonpos.loads(packet.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    try:
        refuse_dropping_twin_text(packet, twin, data)
    except InputError as refusal:
        return f"{refusal}; {twin.as_posix()} is left as it is"
    return None


__all__ = ["StagedAudit", "configured_packets", "render_twins", "staged_audit"]
