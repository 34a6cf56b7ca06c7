"""What `md-mismatch` advises for one difference between a twin and its packet."""

from __future__ import annotations

import re

from handoff_audit import shell
from handoff_audit.markdown.sections import LIST_OPTIONS, TEXT_OPTIONS


def mismatch_advice(
    path: str,
    field: str | None,
    *,
    dropped: bool,
    carried: list[str] | None = None,
    stands: str | None = None,
) -> str:
    """Render the twin again from the packet at ``path``, unless the twin holds text the packet
    lacks (``dropped``), which that would drop: then carry it into the packet first with the
    `update` that the agent hook prints too, its options ``carried`` (`twin_carry`, all the
    twin says beyond the packet: one run clears every such finding); without them, in words,
    the `update` option of ``field`` (a section that is no field, or a field no option sets,
    as a trap). ``stands`` names the twin when the packet was written after it: the packet's
    fields stand, and the fix is the agent hook's (`update` carrying only the twin's text
    under no field's heading, or `render --write`)."""
    if stands is not None:
        said = f"{path} was changed after {stands}: its fields stand"
        if carried:
            return f"{said}: {_update(path, carried)}"
        return f"{said}: run `handoff-audit render --write {shell.fix_path(path)}`"
    if not dropped:
        return f"{path} is the truth: run `handoff-audit render --write {shell.fix_path(path)}`"
    lacks = f"{path} lacks it, and render --write would drop it: carry it into {path} first"
    unmeant = "or delete it from the markdown if it is not meant"
    if carried:
        return f"{lacks}: {_update(path, carried)}, {unmeant}"
    option = TEXT_OPTIONS.get(field or "") or LIST_OPTIONS.get(field or "", "--trap")
    return f"{lacks} with the {option} option of handoff-audit update, {unmeant}"


TRAPS_SHOWN = 5
"""How many ``--trap`` options a printed `update` lists before it counts the rest: a twin
with many lines under no field's heading would make every finding's fix a wall of text."""


def _update(path: str, carried: list[str]) -> str:
    """The `update` of ``path`` with the options ``carried``, at most `TRAPS_SHOWN` traps of
    them; the rest counted after it."""
    traps = [i for i, option in enumerate(carried) if option.startswith("--trap ")]
    left = set(traps[TRAPS_SHOWN:])
    shown = [option for i, option in enumerate(carried) if i not in left]
    update = " ".join([f"handoff-audit update {shell.quote_path(path)}", *shown])
    command = _span(shell.in_top(update))
    if not left:
        return command
    return (
        f"{command} …and {len(left)} more --trap option{'s' * (len(left) != 1)} for the other "
        "text under no field's heading (each finding quotes its own): see `handoff-audit "
        "explain md-mismatch`"
    )


def _span(command: str) -> str:
    """``command`` as a code span, fenced with more backticks than it holds in a row (a
    quoted text may hold code spans of its own), so that it reads back whole."""
    longest = max((len(run) for run in re.findall(r"`+", command)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if longest else ""
    return f"{fence}{pad}{command}{pad}{fence}"
