"""The ``!`` entries of ``block-files`` that a branch's own configuration adds over its merge
target's (`Target.gate_exclusions`).

The merge gate reads its settings from the merge target (on a pull request, the base commit): a
pull request must not open the gate it is checked by. A ``!`` entry it adds is still honoured for
a regular file the target already has and the pull request does not change (it has the file as
the target's tip has it, or as its merge base with the tip had it, every one of them after
criss-cross merges: the target changed it since):
the merge brings nothing in by it, so the entry opens nothing. A file the pull request adds or
changes stays gated by the target's ``block-files`` until the entry is merged on its own.
"""

from __future__ import annotations

from collections.abc import Iterable

from handoff_audit.globs import NEGATE, matches_any_case, negated


def own_exclusions(own: Iterable[str], gate: Iterable[str]) -> tuple[str, ...]:
    """The ``!`` entries of ``own`` (the branch's ``block-files``) that ``gate`` (the merge
    target's) does not have."""
    theirs = set(gate)
    return tuple(entry for entry in own if entry.startswith(NEGATE) and entry not in theirs)


def excluded_by(path: str, exclusions: Iterable[str]) -> str | None:
    """The first of ``exclusions`` that leaves ``path`` out, ``None`` when none does."""
    return next(
        (entry for entry in exclusions if matches_any_case(path, (negated(entry)[1],))), None
    )


def kept_as_is(kept: Iterable[str], exclusions: tuple[str, ...]) -> frozenset[str]:
    """Those of ``kept`` (block files of the commit checked that the merge keeps as the merge
    target's tip has them: the branch neither adds nor changes them since it left the target)
    that one of ``exclusions`` leaves out."""
    return frozenset(name for name in kept if excluded_by(name, exclusions))


def kept_notice(kept: Iterable[str], exclusions: tuple[str, ...], target: str) -> str:
    """The note naming the files `kept_as_is` left out of the merge gate."""
    parts = [f"{name} (by `{excluded_by(name, exclusions)}`)" for name in sorted(kept)]
    return (
        f"left out of the merge gate: {', '.join(parts)}, by the `!` entries this branch adds "
        f"to `block-files`: {target} already has each and this branch does not change it (it "
        f"is as {target} has it, or as it was when the branch left {target}), so the merge "
        f"brings nothing in by them; a file the branch adds or changes stays gated by {target}'s "
        "`block-files` until the configuration change is merged"
    )
