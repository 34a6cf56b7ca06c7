"""The commands the agent hook prints to mend a hand-written handoff: a facet's section
appended, a blank next-step section filled in where it is, or the whole file written anew in
place of a template."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from handoff_audit.authoring.advice import Advice
from handoff_audit.authoring.packet_files import uses_crlf
from handoff_audit.markdown.completeness import BLANK_NEXT, STEPLESS_NEXT
from handoff_audit.markdown.template import written_sections
from handoff_audit.model.findings import Finding
from handoff_audit.rules import RULES_BY_ID
from handoff_audit.rules.base import Fix

MD_SECTIONS = {
    "next": ("Next step", "<the first thing the next session should do>"),
    "state": ("State", "<where the work stands: what works, what does not>"),
    "decisions": ("Decisions", "<a choice that would surprise someone>, because <why>"),
    "ruled_out": ("Ruled out", "<what was tried or rejected>: <why it did not work>"),
    "pointers": ("Pointers", "<path/to/file.py:line or URL the next session needs>"),
}
"""What `md-incomplete`'s fix appends for each facet: a heading and a placeholder."""


def appended(facet: str, quoted: str) -> str:
    """A command appending ``facet``'s heading and placeholder to the file ``quoted`` (a path
    quoted for the shell)."""
    heading, placeholder = MD_SECTIONS[facet]
    return f"printf '\\n## {heading}\\n\\n%s\\n' \"{placeholder}\" >> {quoted}"


def written_anew(quoted: str) -> str:
    """A command writing a hand-written handoff anew with every facet's section, each
    placeholder to fill in: the fix for a file that is still a template."""
    order = ("state", "next", "decisions", "ruled_out", "pointers")
    sections = "".join(f"\\n## {MD_SECTIONS[facet][0]}\\n\\n%s\\n" for facet in order)
    blanks = " ".join(f'"{MD_SECTIONS[facet][1]}"' for facet in order)
    return f"printf '# Handoff\\n{sections}' {blanks} > {quoted}"


def template_fix(template: Finding, quoted: str, path: Path, new: str) -> tuple[str, str]:
    """The fix for a file still a template (its ``placeholder`` finding) and its note: the
    file written anew, unless some of its sections are written (they would be lost): then its
    placeholders filled in where they are."""
    try:
        kept = written_sections(path.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        kept = []
    if kept:
        return (
            f"edit {quoted}:{template.line}: write this session's own in place of each "
            "placeholder the finding names",
            f"keep the sections already written (at line {', '.join(map(str, kept))}); do not "
            "write the file anew",
        )
    return written_anew(quoted), (
        "this writes the file anew in place of the template: carry into it anything of this "
        f"session's already written there (or delete the file and run {new})"
    )


def blank_next(findings: list[Finding]) -> Finding | None:
    """The finding of a next-step section that is there but blank or stepless, if any."""
    return next(
        (
            f
            for f in findings
            if f.rule in RULES_BY_ID
            and RULES_BY_ID[f.rule].fix is Fix.MD_ADD
            and f.message.startswith((BLANK_NEXT, STEPLESS_NEXT))
        ),
        None,
    )


def filled_in_place(blank: Finding, quoted: str, since: str | None) -> tuple[str, str]:
    """The fix for ``blank`` (`blank_next`) and its note: edit that section where it is (a
    second one would leave it as it was); ``since``, the placeholder for what changed when the
    work moved on after the handoff, goes there too."""
    held = "the placeholders" if blank.message.startswith(BLANK_NEXT) else "what"
    where = f"in place of {held} that next-step section holds"
    if blank.message.startswith(BLANK_NEXT) and " is empty;" in blank.message:
        where = "under that empty next-step heading"
    command = f"edit {quoted}:{blank.line}: {where}, write the work the next session should start"

    also = "edit that section; do not add a second one"
    return command, also + (f", and say in the file {since}" if since else "")


FINISHED_NEXT = "None: the work is finished."
"""The next step that finishes the current file of a series (`steps.says_finished` reads it)."""
_REFRESH = (
    "printf '\\n## Since then\\n\\n%s\\n\\n## Next step\\n\\n{next}\\n' \"{since}\"{then} >> {path}"
)


def up_to_date(
    finding: Finding,
    quoted: str,
    since: str,
    series: bool,
    said: tuple[str | None, str | None] = (None, None),
    held: tuple[int, ...] = (),
) -> tuple[str, str]:
    """The fix for a hand-written handoff the work moved on after (``finding``) and its note:
    what changed (``since``, a placeholder) and the next step now appended to the file
    ``quoted``, or, when it has next-step headings (``held``, their lines, `next_headings`),
    written in place of the last one's step (`_REPLACE`), never a second section; ``said``:
    that it is already too long, and, for a working note the merge gate blocks, how to finish
    it (`note_finish.second_line`), else it may be deleted when the work is done; the current
    file of a series (``series``) may say instead that its work is finished."""
    grown, gated = said
    command = refreshed(quoted, since, held)
    also = "or rewrite the file to say where the work stands now"
    if held:
        also = (
            f"this writes the next step in place of the one under the next-step heading at line "
            f"{held[-1]}, with what changed above it: edit that section; do not add a second one"
        )
        if len(held) > 1:
            lines = ", ".join(map(str, held[:-1]))
            at = f"line{'s' * (len(held) > 2)} {lines}"
            also += f"; delete the older next-step sections (at {at}): their steps are past"
        also += "; or rewrite the file to say where the work stands now"
    also += f"; {grown}" if grown else ""
    if series:
        finish = _REFRESH.format(next=FINISHED_NEXT, since=since, then="", path=quoted)
        if held:  # the finish too writes in place of the step, never a second section
            step = f"'{FINISHED_NEXT}'"
            finish = _REPLACE.format(
                line=held[-1], since=since, step=step, path=quoted, program=_PROGRAM
            )
        also += f"; or, when the work is finished: {finish}"
    elif gated is not None:
        also += f"; {gated}"
    elif "delete it in a commit" in finding.message:
        also += f"; if the work is done, delete it: git rm -- {quoted}"
    return command, also


def refreshed(quoted: str, since: str, held: tuple[int, ...]) -> str:
    """The command that writes what changed (``since``, a placeholder) and the next step now
    into the file ``quoted``: appended, or, when it has next-step headings (``held``, their
    lines), in place of the last one's step (`_REPLACE`), never a second section."""
    if held:
        step = '"<the next step now>"'
        return _REPLACE.format(line=held[-1], since=since, step=step, path=quoted, program=_PROGRAM)
    return _REFRESH.format(next="%s", since=since, then=' "<the next step now>"', path=quoted)


_PROGRAM = (
    'NR==L&&/^ *#/{c=($0~/\\r$/)?"\\r":"";h=$0;sub(/^ */,"",h);match(h,/^#+/);d=RLENGTH;'
    'print substr(h,1,d)" Since then"c;print c;print ENVIRON["since"]c;print c;print;print c;'
    'print ENVIRON["step"]c;s=1;next}'
    's{h=$0;sub(/^ */,"",h);if(match(h,/^#+[ \\t\\r]/)&&!(RLENGTH>d+1)){s=0;print c}else next}1'
)
"""The awk program that puts a "Since then" section (``since``) before the next-step heading at
line ``L`` and the step (``step``) in place of what was under it, up to the next heading of its
level or above, in the file's own line endings."""
_REPLACE = (
    "t=$(mktemp) && since=\"{since}\" step={step} awk -v L={line} '{program}' "
    '{path} > "$t" && cat "$t" > {path} && rm -f -- "$t"'
)
_NEXT_HEADING = re.compile(
    r"(?i)^ {0,3}#{1,6}[ \t]+(?:\*\*|__)?(?:immediate[ \t]+)?next(?:[ \t]+(?:steps?|actions?|"
    r"tasks?|up))?[ \t]*(?:\*\*|__)?[ \t]*[:：]?[ \t]*#*[ \t]*$"
)
_FENCE = re.compile(r"^ {0,3}(```|~~~)")


def next_headings(path: Path) -> tuple[int, ...]:
    """The lines of the file's next-step headings ("## Next step", "### Next steps:"), outside
    fenced code: the refresh fix writes in place of the last one's step."""
    try:
        with path.open("rb") as handle:
            text = handle.read(_SNIFF * 16).decode("utf-8", "replace")
    except OSError:
        return ()
    found: list[int] = []
    fence: str | None = None
    for number, line in enumerate(text.splitlines(), 1):
        opened = _FENCE.match(line)
        if opened is not None:
            fence = None if fence == opened[1] else fence or opened[1]
        elif fence is None and _NEXT_HEADING.match(line):
            found.append(number)
    return tuple(found)


def kept_endings(advice: Advice, path: Path) -> Advice:
    """``advice`` whose `printf` writes lines ending as the file at ``path`` ends them: CRLF in
    a file saved on Windows, so that appending to it does not mix line endings."""
    start = "printf '"
    if not advice.command.startswith(start) and start not in (advice.also or ""):
        return advice
    try:
        with path.open("rb") as handle:
            crlf = uses_crlf(handle.read(_SNIFF))
    except OSError:
        return advice
    if not crlf:
        return advice
    also = advice.also and _PRINTF.sub(_crlf, advice.also)  # the series' finish appends too
    command = advice.command
    if command.startswith(start):  # the awk that writes in place keeps the endings itself
        command = _PRINTF.sub(_crlf, command, count=1)
    return replace(advice, command=command, also=also)


_PRINTF = re.compile(r"printf '([^']*)'")


def _crlf(printf: re.Match[str]) -> str:
    return "printf '" + printf.group(1).replace("\\n", "\\r\\n") + "'"


_SNIFF = 65_536
"""The bytes of a handoff's start that tell its line endings."""


__all__ = [
    "FINISHED_NEXT",
    "MD_SECTIONS",
    "appended",
    "blank_next",
    "filled_in_place",
    "kept_endings",
    "next_headings",
    "refreshed",
    "template_fix",
    "up_to_date",
    "written_anew",
]
