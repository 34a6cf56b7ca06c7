"""What to do about a blocked merge, per merge-gate rule, in the markdown verdict (the comment,
the job summary, ``--format markdown``): the commands that clear each rule, naming the files
when they are few. The paths stay from the repository root, as the comment on GitHub shows
them; git's are written ``:/PATH`` (`shell.from_top`), so that the command runs as printed from
any folder of a clone too."""

from __future__ import annotations

from collections.abc import Sequence

from handoff_audit import shell
from handoff_audit.formats import inert
from handoff_audit.model.findings import Report
from handoff_audit.model.packet import twin_of

NAMED_AT_MOST = 3
"""More files than this are left to the findings table: a command line stays readable."""

_DONE = 'git commit -m "handoff: done"'


def advice(report: Report) -> list[str]:
    """One list item per merge-gate rule that blocks the merge, with the command that clears it."""
    items = []
    for rule in sorted(report.merge_blockers):
        paths = sorted({f.path for f in report.findings if f.rule == rule})
        if rule == "handoff-in-merge":
            items.append(_delete(paths))
        elif rule == "active-in-merge":
            items.append(_archive(paths, _odd(report, paths)))
        else:
            items.append(f"- {inert.code(rule)}: see `handoff-audit explain {rule}`.")
    return items


def _delete(paths: Sequence[str]) -> str:
    lead = "- `handoff-in-merge`: once the work is done, delete the working notes"
    if not paths or len(paths) > NAMED_AT_MOST:
        return f"{lead} the findings name (`git rm` each) and commit."
    files = " ".join(shell.from_top(path) for path in paths)
    return f"{lead}: {inert.code(f'git rm -- {files} && {_DONE}')}."


def _odd(report: Report, paths: Sequence[str]) -> bool:
    """True when one of the packets ``paths`` has a status `archive` does not take ("Active",
    null, missing): its finding says how to finish it instead."""
    named = set(paths)
    return any(
        p.path in named and p.data is not None and p.status != "active" for p in report.packets
    )


def _archive(paths: Sequence[str], odd: bool = False) -> str:
    lead = "- `active-in-merge`: once the work is done, mark the packets finished"
    tail = "(or `handoff-audit supersede PACKET --by NEW` when another packet took it over)"
    if odd:
        return f'{lead} as each finding says (`"status": "archived"`), then commit.'
    if not paths or len(paths) > NAMED_AT_MOST:
        each = "`handoff-audit archive PACKET` for each one the findings name, then commit"
        return f"{lead}: {each} {tail}."
    archive = " && ".join(f"handoff-audit archive {shell.quote_path(path)}" for path in paths)
    files = " ".join(shell.from_top(name) for path in paths for name in (path, twin_of(path)))
    command = f"{archive} && git add -- {files} && {_DONE}"
    return f"{lead}: {inert.code(command)} {tail}."
