"""Which of the merge gate's block files the merge target's tip already has, and which of those
the merge keeps as the tip has them: the commit checked has them as the tip does, or as its
merge base with the tip had them (the target changed them since, the branch did not; after
criss-cross merges, as every merge base had them). One of
those a ``!`` entry the branch adds to ``block-files`` may leave out (`model.gate_exclusions`).
Read off the blob ids the gate's one ``diff-tree`` of both trees already listed and what the
commit changes since the merge base (`branch_changes`): no git process more."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from handoff_audit.config import Config
from handoff_audit.git.branch_changes import BranchChanges
from handoff_audit.model.context import Target
from handoff_audit.model.gate_exclusions import kept_as_is
from handoff_audit.model.packet import named_block_file
from handoff_audit.model.repo_history import History

Files = Sequence[tuple[str, str]]
"""Paths from the top folder and their blob ids, as `plumbing.tree_files` lists a tree's."""


def on_target(
    facts: History,
    sides: tuple[Files, Files],
    changes: BranchChanges,
    named_by: tuple[Callable[[str], str | None], Config],
    target: Target,
    linked: Iterable[str] = (),
) -> None:
    """Set ``facts.case_renamed`` (`case_renamed`, which join ``facts.block_files``),
    ``facts.on_target``, ``facts.as_on_target`` and, for `Target.gate_exclusions` (not
    while a commit is being made: its index is no tree here), ``facts.kept_as_is``, which then
    leave ``facts.block_files``; ``sides``: the commit checked's files and the target tip's;
    ``changes``: what the commit changes since its merge base with the tip; ``linked``: the
    paths (from the top folder) that are a symbolic link or a submodule on either side, never
    kept as they are: a link's blob is the path it names, not the note read through it, which
    the branch may have changed; ``named_by``: what makes a top path one from the audited root,
    and the gate's configuration."""
    from_top, config = named_by
    ours, theirs = (_named(files, from_top) for files in sides)
    if target.staged is None and facts.block_files is not None:
        facts.case_renamed = case_renamed(changes, theirs, from_top, config)
        facts.block_files = tuple(sorted({*facts.block_files, *facts.case_renamed}))
    names = facts.block_files or ()
    facts.on_target = frozenset(name for name in names if name in theirs)
    changed = {name for name in map(from_top, changes.changed) if name is not None}
    facts.as_on_target = frozenset(
        name for name in facts.on_target if ours.get(name) == theirs[name] or name not in changed
    )
    if not target.gate_exclusions or target.staged is not None:
        return
    links = {name for name in map(from_top, linked) if name is not None}
    regular = [name for name in facts.as_on_target if name not in links]
    facts.kept_as_is = kept_as_is(regular, target.gate_exclusions)
    if facts.kept_as_is:
        facts.block_files = tuple(name for name in names if name not in facts.kept_as_is)


def case_renamed(
    changes: BranchChanges,
    theirs: Mapping[str, str],
    from_top: Callable[[str], str | None],
    config: Config,
) -> dict[str, str]:
    """Each file the commit adds or changes since its merge base under a name the gate does not
    block (``handover.md``, a name the ``packets`` globs keep letter for letter) that the
    target's tip lacks (``theirs``: its files) -> the block file it removes whose name differs
    only in letter case (``HANDOVER.md``): on macOS and Windows the same file, renamed."""
    removed: dict[str, str] = {}
    for path in changes.removed:
        name = from_top(path)
        if name is not None and named_block_file(name, config):
            removed[name.casefold()] = name
    found: dict[str, str] = {}
    for path in changes.files if removed else ():
        name = from_top(path)
        if name is None or name in theirs or (was := removed.get(name.casefold())) is None:
            continue
        if was != name and not named_block_file(name, config):
            found[name] = was
    return found


def _named(files: Files, from_top: Callable[[str], str | None]) -> dict[str, str]:
    """``files`` by the paths the audit names them by."""
    named = ((from_top(path), blob) for path, blob in files)
    return {name: blob for name, blob in named if name is not None}
