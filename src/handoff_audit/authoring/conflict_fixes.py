"""The hook's fix for files in a merge conflict: resolved first, never committed as they are.

A packet and its twin take this branch's side (the twin rendered anew from it): the other
side is another branch's packet, and the twin is the packet's rendering. Any other file is
resolved by hand, then added. Nothing of either side is carried into the packet.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from handoff_audit.config import Config, load_config
from handoff_audit.errors import InputError
from handoff_audit.git import plumbing
from handoff_audit.git.conflicts import keep_side, stash_left_it, unmerged, with_markers
from handoff_audit.git.kept_archive import save_finished
from handoff_audit.git.rebase_state import (
    COMMIT_PLACEHOLDER,
    conflict_source,
    sequence_continue,
    sequence_no_commit,
    stash_kept,
)
from handoff_audit.git.tracked import is_tracked
from handoff_audit.model.packet import is_packet_file, twin_of
from handoff_audit.program import program
from handoff_audit.rules import RULES_BY_ID

if TYPE_CHECKING:
    from handoff_audit.authoring.gate_verdict import Gate
    from handoff_audit.git.rebase_state import Stopped


def conflict_advice(
    gate: Gate,
    files: tuple[str, ...],
    path: Callable[[str], str],
    deleted: tuple[str, ...] = (),
    one_sided: tuple[str, ...] = (),
) -> tuple[str, str, str]:
    """The reason, the command and the line after it for ``files`` (from the top folder) in a
    conflict, of which this branch's side deleted ``deleted`` and one side deleted and the
    other changed ``one_sided``; ``path`` quotes a file as the agent's folder sees it."""
    packets = packets_among(gate.root, gate.config, files)
    kept_pairs = {n for j in packets for n in (j, twin_of(j))}
    sided = [f for f in files if f in one_sided and f not in kept_pairs]
    others = [f for f in files if f not in kept_pairs and f not in sided]
    # In a rebase, HEAD is the branch rebased onto; the branch's own side is the commit
    # replayed. Named by commit, the checkout also works once the file was `git add`ed.
    side = "REBASE_HEAD" if gate.rebasing else "HEAD"
    steps: list[str] = []
    saved: list[str] = []
    taken: set[str] = set()
    for packet in packets:
        pair = [packet] + ([twin_of(packet)] if (gate.root / twin_of(packet)).exists() else [])
        quoted = path(packet)
        if packet in deleted:
            # This branch deleted its packet: keeping its side keeps the deletion (the side
            # named has no such file for `git checkout` to take).
            steps.append(f"git rm -q -- {' '.join(path(f) for f in pair)}")
            continue
        twin = path(pair[1]) if len(pair) > 1 else None
        finished = save_finished(gate.root, packet, bool(gate.rebasing), path, program(), taken)
        if finished is not None:
            steps.append(finished[0])
            saved.append(f"the other side's finished packet of {packet} to {finished[1]}")
        steps.append(keep_side(side, quoted, twin, program()))
    sided_steps, sided_said = _one_sided(sided, deleted, path)
    steps.extend(sided_steps)
    shown = ", ".join(files[:3]) + (f" (+{len(files) - 3} more)" if len(files) > 3 else "")
    reason = f"merge conflict in {shown}: resolve it first; never commit the conflict markers"
    if sided and not packets and not others:  # no markers in them
        reason = f"merge conflict in {shown}: deleted on one side, changed on the other"
        return f"{reason}; resolve it first", " && ".join(steps), f"{sided_said}; {_after(gate)}"
    if sided:
        reason += f" ({sided_said})"
    if others:
        named = " ".join(path(f) for f in others)
        hand = (
            f"resolve {named} by hand (keep the right lines, delete the <<<<<<<, ======= and "
            f">>>>>>> lines), then: git add -- {named}"
        )
        if not steps:
            return reason, hand, _after(gate, edited=True)
        return reason, " && ".join(steps), f"then {hand}; {_after(gate, edited=True)}"
    kept = "side (it deleted the packet)" if set(packets) <= set(deleted) else "packet"
    kept += "".join(f", and saves {said}" for said in saved)
    return reason, " && ".join(steps), f"this keeps this branch's {kept}; {_after(gate)}"


def _one_sided(
    sided: list[str], deleted: tuple[str, ...], path: Callable[[str], str]
) -> tuple[list[str], str]:
    """For files deleted on one side of a conflict and changed on the other (no markers in
    them): the commands that keep this branch's side (its deletion: `git rm`; its file: `git
    add`), and what they do with the other way to resolve each."""
    steps, said = [], []
    for name in sided:
        quoted = path(name)
        if name in deleted:
            steps.append(f"git rm -q -- {quoted}")
            said.append(
                f"{quoted}: deleted on this branch, changed on the other side: this keeps the "
                f"deletion (`git add -- {quoted}` keeps the changed file instead)"
            )
        else:
            steps.append(f"git add -- {quoted}")
            said.append(
                f"{quoted}: changed on this branch, deleted on the other side: this keeps the "
                f"file (`git rm -q -- {quoted}` takes the deletion instead)"
            )
    return steps, "; ".join(said)


def _after(gate: Gate, edited: bool = False) -> str:
    """What follows the conflict's fix: the operation going on, or, with none in progress, the
    commit (with ``edited``, files resolved by hand; the other fixes keep HEAD's side)."""
    if gate.rebasing:
        return "then the rebase goes on (the next fix)"
    if gate.stopped is not None:
        return f"then the {gate.stopped.kind} goes on (the next fix)"
    source = conflict_source(gate.root)
    go_on = ""
    if source == "squash":
        none = "a `git merge --squash` stopped on it (git's SQUASH_MSG): a commit finishes it"
    elif source in ("pick", "revert") and stash_kept(gate.root) and stash_left_it(gate.root):
        # A pop between two steps of a sequence: the stash left the conflict, not the sequence.
        kind = "cherry-pick" if source == "pick" else "revert"
        none = (
            f"a `git stash pop` stopped on it and kept its entry (`git stash list` shows it; "
            "`git stash drop` it once the resolution is committed, or the next session takes it "
            f"for work not done); a `git {kind}` of several commits is left midway too (git's "
            "sequencer folder), to go on with once the resolution is committed"
        )
        go_on = sequence_continue(kind, no_commit=sequence_no_commit(gate.root))
    elif source in ("pick", "revert"):
        kind = "cherry-pick" if source == "pick" else "revert"
        none = (
            f"a `git {kind} -n` of several commits stopped on it (git's sequencer folder; "
            f"`GIT_EDITOR=true git {kind} --continue` refuses to go on before what it took so "
            "far is committed)"
        )
        # With -n, the rest of the sequence is staged, not committed: its command commits it.
        go_on = sequence_continue(kind, no_commit=True)
    else:
        # No MERGE_HEAD, no squash, no sequence: a `git stash pop` or `apply`, `checkout -m`.
        none = "no merge is in progress, so there is nothing to go on with"
        if source == "stash" and stash_left_it(gate.root):
            none += "; a `git stash pop` that stopped on it kept its entry (see `git stash list`)"
        elif source == "stash":
            none += (
                "; no kept stash entry holds its other side, so no `git stash pop` left it (a "
                "`git apply --3way` or `git checkout -m` leaves the same): leave the stash "
                "alone (`git stash list` shows it)"
            )
    if gate.protected:
        return none
    if any(problem.kind == "uncommitted" for problem in gate.problems):
        # One commit, a later fix's (before `new`), takes what this resolves and the rest.
        said = f"{none}; a later fix commits the resolved files with the other changes"
        return f"{said}; after that commit, run: {go_on}" if go_on else said
    if edited:
        then = f" && {go_on}" if go_on else ""
        return f'{none}; then commit: git commit -m "{COMMIT_PLACEHOLDER}"{then}'
    return f"{none}; nothing is left to commit" + (f"; then run: {go_on}" if go_on else "")


def packets_among(root: Path, config: Config, files: tuple[str, ...]) -> list[str]:
    """The JSON packets among ``files`` (from ``root``, the top folder) or whose twin is among
    them."""
    found: dict[str, None] = {}
    for name in files:
        if name.endswith(".json") and is_packet_file(name, config):
            found[name] = None
        elif name.endswith(".md"):
            packet = name.removesuffix(".md") + ".json"
            if os.path.isfile(root / packet) and is_packet_file(packet, config):
                found[packet] = None
    return list(found)


def finishing(stopped: Stopped, root: Path, config: Config, codes: dict[str, str]) -> str:
    """The command that finishes ``stopped`` in the work tree at ``root`` whose `git status`
    is ``codes``: the Stop hook's fix and the session-start line both name it. A pick or a
    revert whose conflicts are only the packet and its twin, or files deleted on one side (the
    conflict's fix keeps this branch's side: HEAD's file, or its deletion), with nothing else
    staged, is empty once those fixes ran: ``--skip``, as ``--continue`` would fail."""
    conflicted = set(unmerged(codes)) | set(with_markers(root, codes))
    staged = {p for p, c in codes.items() if p not in conflicted and c[0] not in " ?"}
    kept = {n for j in packets_among(root, config, tuple(conflicted)) for n in (j, twin_of(j))}
    kept |= {p for p in conflicted if codes.get(p) in _HEAD_KEPT}
    return stopped.finish(empty=not staged and conflicted <= kept)


_HEAD_KEPT = frozenset({"DD", "DU", "UD"})
"""The `git status` codes of a conflict whose fix leaves HEAD's side: a file deleted on one side
and changed on the other (`git rm` keeps HEAD's deletion, `git add` HEAD's file), or deleted on
both."""


def finishing_around(cwd: Path, stopped: Stopped) -> str:
    """`finishing` of ``stopped`` in the work tree around ``cwd`` (for the session-start line,
    which has no gate): its status and configuration read here; with either unreadable, the
    command that finishes a pick that is not empty."""
    try:
        info = plumbing.repo_info(cwd)
        if info is None:
            return stopped.finish(empty=False)
        config = load_config(info.toplevel, rule_ids=RULES_BY_ID, tracked=is_tracked)
        codes = plumbing.status(info.toplevel, [])
    except (InputError, plumbing.GitError):
        return stopped.finish(empty=False)
    return finishing(stopped, info.toplevel, config, codes)
