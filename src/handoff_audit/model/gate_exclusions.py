"""The ``!`` entries of ``block-files`` that a branch's own configuration adds over its merge
target's (`Target.gate_exclusions`).

The merge gate reads its settings from the merge target (on a pull request, the base commit): a
pull request must not open the gate it is checked by. A ``!`` entry it adds is still honoured for
a file the target already has exactly as the pull request has it: the merge brings nothing in by
it, so the entry opens nothing. A file the pull request adds or changes stays gated by the
target's ``block-files`` until the entry is merged on its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

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


def kept_as_is(
    names: Iterable[str],
    head: Mapping[str, str],
    target: Mapping[str, str],
    exclusions: tuple[str, ...],
) -> frozenset[str]:
    """Those of ``names`` (block files of the commit checked) that one of ``exclusions`` leaves
    out and that the merge target has with the same content (``head`` and ``target``: each
    file's blob id in the commit checked and in the target's tip)."""
    return frozenset(
        name
        for name in names
        if name in target and target[name] == head.get(name) and excluded_by(name, exclusions)
    )


def kept_notice(kept: Iterable[str], exclusions: tuple[str, ...], target: str) -> str:
    """The note naming the files `kept_as_is` left out of the merge gate."""
    parts = [f"{name} (by `{excluded_by(name, exclusions)}`)" for name in sorted(kept)]
    return (
        f"left out of the merge gate: {', '.join(parts)}, by the `!` entries this branch adds "
        f"to `block-files`: {target} already has each as it is here, so the merge brings "
        f"nothing in by them; a file the branch adds or changes stays gated by {target}'s "
        "`block-files` until the configuration change is merged"
    )
