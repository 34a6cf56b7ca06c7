"""What to do about a blocked merge, per merge-gate rule, in the markdown verdict (the comment,
the job summary, ``--format markdown``): the commands that clear each rule, naming the files
when they are few. The paths stay from the repository root, as the comment on GitHub shows
them; git's are written ``:/PATH`` (`shell.from_top`), so that the command runs as printed from
any folder of a clone too."""

from __future__ import annotations

from collections.abc import Sequence

from handoff_audit import shell
from handoff_audit.formats import inert
from handoff_audit.model.findings import Finding, Report
from handoff_audit.model.packet import twin_of

NAMED_AT_MOST = 3
"""More files than this are left to the findings table: a command line stays readable."""

_DONE = 'commit -m "handoff: done"'


def advice(report: Report) -> list[str]:
    """One list item per merge-gate rule that blocks the merge, with the command that clears it."""
    items = []
    for rule in sorted(report.merge_blockers):
        found = [f for f in report.findings if f.rule == rule and not f.advice]
        paths = sorted({f.path for f in found})
        if rule not in ("handoff-in-merge", "active-in-merge"):
            items.append(f"- {inert.code(rule)}: see `handoff-audit explain {rule}`.")
        elif rule == "handoff-in-merge" and found:
            items.append(_delete(paths))
        elif found:
            items.extend(_active(report, found))
        items.extend(_own(rule, report))
    return items


def _own(rule: str, report: Report) -> list[str]:
    """The advice for the findings of ``rule`` that say their own fix (`Finding.advice`: the
    files behind a symbolic link the target has, whose path a `git rm` would remove)."""
    own = sorted({f.path for f in report.findings if f.rule == rule and f.advice})
    if not own:
        return []
    named = ", ".join(inert.code(path) for path in own)
    return [f"- {inert.code(rule)}: for {named}, do as the finding says."]


def _delete(paths: Sequence[str]) -> str:
    lead = "- `handoff-in-merge`: once the work is done, delete the working notes"
    if not paths or len(paths) > NAMED_AT_MOST:
        return f"{lead} the findings name (`git rm` each) and commit."
    files = " ".join(shell.from_top(path) for path in paths)
    return f"{lead}: {inert.code(f'{shell.git()} rm -- {files} && {shell.git()} {_DONE}')}."


def _odd(report: Report, paths: Sequence[str]) -> bool:
    """True when one of the packets ``paths`` has a status `archive` does not take ("Active",
    null, missing): its finding says how to finish it instead."""
    named = set(paths)
    return any(
        p.path in named and p.data is not None and p.status != "active" for p in report.packets
    )


def _active(report: Report, found: Sequence[Finding]) -> list[str]:
    """The advice for the ``active-in-merge`` findings ``found``: `archive` for the packets that
    read (it writes each twin), `git rm` for those that cannot be read (`archive` refuses them).
    A packet read with an odd status ("Active", null) is told to set it as its finding says."""
    read = {p.path for p in report.packets if p.data is not None}
    linked = {p.path for p in report.packets if p.linked is not None}
    links = sorted({f.path for f in found} - {p.path for p in report.packets} - linked)
    # an unreadable packet's finding has no place (no /status pointer); a read one missing its
    # status has none either, and is finished by setting it, not dropped
    to_files = sorted({f.path for f in found} & linked)
    unread = sorted({f.path for f in found if f.pointer is None} - read - set(links) - linked)
    readable = sorted({f.path for f in found} - set(unread) - set(links) - linked)
    items = [_archive(readable, _odd(report, readable))] if readable or not found else []
    if links:
        items.append(_links(links))
    if to_files:
        items.append(_file_links(to_files))
    if unread:
        twins = {p.path: p.markdown for p in report.packets if p.markdown and p.path != p.markdown}
        items.append(_drop(unread, twins))
    return items


def _links(paths: Sequence[str]) -> str:
    """Advice for the active-in-merge findings of ``paths``, symbolic links the branch adds
    where the ``packets`` globs look (no packet of the report: the audit read none through
    them)."""
    named = ", ".join(inert.code(path) for path in paths[:NAMED_AT_MOST])
    one = len(paths) == 1
    lead = (
        f"- `active-in-merge`: {named}{' and more' if len(paths) > NAMED_AT_MOST else ''} "
        f"{'is a symbolic link' if one else 'are symbolic links'} the branch adds where the "
        "`packets` globs look, leading to packets (each finding says where): the audit does not "
        "read packets through a link, so those were not judged"
    )
    if len(paths) > NAMED_AT_MOST:
        return f"{lead}; replace each link by the folder it leads to, or `git rm` it, and commit."
    files = " ".join(shell.from_top(path) for path in paths)
    command = f'{shell.git()} rm -- {files} && {shell.git()} commit -m "handoff: no link"'
    return (
        f"{lead}; replace {'it' if one else 'each'} by the folder it leads to (a real folder "
        f"holding the packets), or remove {'it' if one else 'them'}: {inert.code(command)}."
    )


def _file_links(paths: Sequence[str]) -> str:
    """Advice for the active-in-merge packets ``paths`` that are symbolic links to files that
    hold no packet (``handoff.json -> README.md``): the links removed, the files left alone."""
    one = len(paths) == 1
    lead = (
        f"- `active-in-merge`: {', '.join(inert.code(path) for path in paths[:NAMED_AT_MOST])}"
        f"{' and more' if len(paths) > NAMED_AT_MOST else ''} "
        f"{'is a symbolic link' if one else 'are symbolic links'} to a file that holds no "
        "packet (each finding names it)"
    )
    if len(paths) > NAMED_AT_MOST:
        return (
            f"{lead}; `git rm` each link, which leaves the file it leads to as it is, and commit."
        )
    files = " ".join(shell.from_top(path) for path in paths)
    command = f'{shell.git()} rm -- {files} && {shell.git()} commit -m "handoff: no link"'
    return (
        f"{lead}; remove {'it' if one else 'them'}, which leaves the "
        f"{'file' if one else 'files'} as {'it is' if one else 'they are'}: {inert.code(command)}."
    )


def _drop(paths: Sequence[str], twins: dict[str, str]) -> str:
    """Advice for the active-in-merge packets ``paths`` that cannot be read; ``twins``: the
    markdown twin of each audited packet that has one (only paths that exist are named)."""
    lead = "- `active-in-merge`: `handoff-audit archive` refuses a packet that cannot be read"
    if len(paths) > NAMED_AT_MOST:
        return (
            f"{lead}; drop each one the findings name from the pull request (`git rm` it and "
            "its twin) and commit, or make it a readable packet and archive it."
        )
    names = [name for path in paths for name in (path, twins.get(path)) if name is not None]
    files = " ".join(shell.from_top(name) for name in names)
    them, packets = ("it", "packet") if len(paths) == 1 else ("them", "packets")
    # a twin may be a file git does not track: --ignore-unmatch keeps the command working
    command = (
        f"{shell.git()} rm --ignore-unmatch -- {files} && "
        f'{shell.git()} commit -m "handoff: drop the unreadable {packets}"'
    )
    return (
        f"{lead}; drop {them} from the pull request: {inert.code(command)} (or make "
        f"{'it' if len(paths) == 1 else 'each'} a readable packet and archive it)."
    )


def _archive(paths: Sequence[str], odd: bool = False) -> str:
    lead = "- `active-in-merge`: once the work is done, mark the packets finished"
    tail = "(or `handoff-audit supersede PACKET --by NEW` when another packet took it over)"
    if odd:
        return f'{lead} as each finding says (`"status": "archived"`), then commit.'
    if not paths or len(paths) > NAMED_AT_MOST:
        each = "`handoff-audit archive PACKET` for each one the findings name, then commit"
        return f"{lead}: {each} {tail}."
    archive = " && ".join(f"handoff-audit archive {shell.fix_path(path)}" for path in paths)
    files = " ".join(shell.from_top(name) for path in paths for name in (path, twin_of(path)))
    command = f"{archive} && {shell.git()} add -- {files} && {shell.git()} {_DONE}"
    return f"{lead}: {inert.code(command)} {tail}."
