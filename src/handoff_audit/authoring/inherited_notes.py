"""The Stop hook on a branch made from one that keeps working notes of one project (a note per
workstream: ``docs/auth/HANDOFF.md`` beside ``docs/billing/HANDOFF.md``): the branch's work
needs one handoff, not a refresh of every note it inherited.

A note the base commit holds and the branch left as it is (committed or not) is inherited. Once
the branch has a handoff of its own (a note it wrote or changed, or a handoff file it added,
changed, moved or deleted: a note it finished), no inherited note is its handoff. Before that,
of those `handoff-outdated` calls older than the work, the one closest to the work
(`git.workstream.closest`) is, the others are named as inherited (all of them when none is
closer than another: the branch then writes its own, as one without a handoff); but a note the merge
gate leaves out only by a ``!`` entry this branch adds to ``block-files`` (honoured while the
branch leaves the note as the base has it) is none: changing it would fail the gate, so the
branch writes a handoff of its own. A note that speaks for its own package alone
(`note_scopes`) keeps its own finding. The notes set aside leave ``gate.packets`` before the
judgement, which then asks of the branch what it asks of one without a handoff.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from handoff_audit.authoring.gate_verdict import Gate
from handoff_audit.config import CONFIG_FILES, PYPROJECT, Config, config_from_text
from handoff_audit.engine.series_folders import SeriesFolders
from handoff_audit.errors import InputError
from handoff_audit.git import commit_files, plumbing
from handoff_audit.git.later_work import note_scopes, work_folders
from handoff_audit.git.tracked import is_tracked
from handoff_audit.git.workbench import branch_base
from handoff_audit.git.workstream import closest, listed
from handoff_audit.model.findings import Finding
from handoff_audit.model.packet import is_handoff_record, kept_on_purpose
from handoff_audit.rules import RULES_BY_ID

_OUTDATED = "handoff-outdated"


def set_aside(gate: Gate, findings: Sequence[Finding], dirt: Sequence[str]) -> None:
    """Take out of ``gate.packets`` the inherited notes this branch's work does not need
    refreshed, and say which and why in ``gate.warnings``; ``dirt``: the uncommitted files."""
    config = gate.config
    notes = [p.path for p in gate.packets if p.kind == "markdown"]
    scoped = note_scopes(notes, "", work_folders(gate.root)) if len(notes) > 1 else {}
    notes = [n for n in notes if n not in scoped]
    stale = {f.path for f in findings if f.rule == _OUTDATED} & set(notes)
    if not stale:
        return
    try:
        base_branch, _, base, _ = branch_base(gate.root, config, None)
        if base_branch is None:
            return
        changed = {*plumbing.changed_since(gate.root, base), *dirt}
        on_base = listed(gate.root, base, notes) - changed
        inherited = [n for n in notes if n in on_base]
        if not inherited:
            return
        series = SeriesFolders(gate.root, config)
        handed = [
            p for p in sorted(changed) if p not in notes and is_handoff_record(p, config, series)
        ]
        own = [n for n in notes if n not in inherited] + handed
        work = sorted(p for p in changed if p not in own)
        candidates = [n for n in inherited if n in stale]
        pick = None if own or not candidates else closest(gate.root, base, candidates, work)
        unkept = _kept_while_unchanged(gate, base, [pick] if pick else [])
    except (plumbing.GitError, InputError):  # the hook then asks for each note, as before
        return
    kept = [pick] if pick and not unkept else []
    aside = [n for n in inherited if n not in kept]
    if not aside:
        return
    gate.packets = [p for p in gate.packets if p.path not in aside]
    gate.warnings = (*gate.warnings, _said(aside, base_branch, own, kept, unkept))


def _said(
    aside: list[str], base_branch: str, own: list[str], kept: list[str], unkept: list[str]
) -> str:
    """The warning line naming the notes set ``aside`` and why: the branch's ``own`` handoff,
    the one note ``kept`` for its work, or the note the gate keeps only ``unkept``."""
    if own:
        tail = f"this branch wrote, changed or finished its own handoff, {own[0]}"
    elif kept:
        tail = f"this branch's work needs one handoff, {kept[0]}, not a refresh of each note"
    elif not unkept:
        tail = (
            "none of them speaks for this branch's work more than another (by its folder or "
            "the files it names), so this branch's work needs a handoff of its own"
        )
    else:
        tail = (
            f"the merge gate leaves {unkept[0]} out only by the `!` entry this branch adds to "
            f"`block-files`, while the branch leaves it as {base_branch} has it, so this "
            "branch's work needs a handoff of its own, not a change to it"
        )
    one = len(aside) == 1
    return (
        f"{', '.join(aside)}, inherited from {base_branch} and unchanged on this branch, "
        f"{'is' if one else 'are'} left to {'its' if one else 'their'} own workstream: {tail}"
    )


def _kept_while_unchanged(gate: Gate, base: str, notes: list[str]) -> list[str]:
    """Those of ``notes`` that a ``!`` entry of this branch's ``block-files`` leaves out and the
    base commit's ``block-files`` does not: the merge gate, reading the base's settings, honours
    such an entry only for a file the branch does not change (`model.gate_exclusions`)."""
    mine = [n for n in notes if kept_on_purpose(n, gate.config)]
    if not mine:
        return []
    names = (*CONFIG_FILES, PYPROJECT)
    found = commit_files.read_at(gate.root, base, names)
    name = next((n for n in names if n in found), None)
    theirs = Config()
    if name is not None:
        text = found[name][1].decode("utf-8", "replace")
        try:
            theirs = config_from_text(text, gate.root / name, RULES_BY_ID, (gate.root,), is_tracked)
        except InputError:  # the gate then uses the defaults too
            theirs = Config()
    base_config = replace(gate.config, block_files=theirs.block_files)
    return [n for n in mine if not kept_on_purpose(n, base_config)]
