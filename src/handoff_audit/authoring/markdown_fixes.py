"""The commands the agent hook prints to mend a hand-written handoff: a facet's section
appended, a blank next-step section filled in where it is, or the whole file written anew in
place of a template."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from handoff_audit import shell
from handoff_audit.authoring.advice import Advice
from handoff_audit.authoring.packet_files import uses_crlf
from handoff_audit.engine.next_step import EARLIER, label_lead, step_heading, step_line
from handoff_audit.engine.step_sections import set_aside
from handoff_audit.markdown.completeness import BLANK_NEXT, STEPLESS_NEXT
from handoff_audit.markdown.facet_headings import TICKED_AT_END, heading_facet
from handoff_audit.markdown.steps import finished_item
from handoff_audit.markdown.template import written_sections
from handoff_audit.model.findings import Finding
from handoff_audit.rules import RULES_BY_ID
from handoff_audit.rules.base import Fix


class Headings(tuple[int, ...]):
    """The lines of a file's next-step headings, and of the "Since then" heading before the
    one the fix writes under (`since`, 0 for none)."""

    since: int = 0
    at: int = 0
    """The heading the fix writes under: the one over the line `show` quotes the step from
    (`next_step.step_line`), else, in a log of dated or numbered entries, the newest entry's,
    at the top of a log kept newest first (0: the last)."""
    record: frozenset[int] = frozenset()
    """The headings in a log's older entries: its record, never named to delete."""
    over: int = 0
    """The next-step heading over `at` when `at` is a subheading of its section, or the heading
    over `at` when it is a line that says the step: "Since then" goes before it, not between it
    and `at` (0: before `target`)."""
    lead: str | None = None
    """When `at` is a line that says the step outside any next-step heading ("**Next:** …"):
    what of it stays before the new step, which takes its place (`next_step.label_lead`)."""

    @property
    def target(self) -> int:
        """The line of the heading the fix writes under (`at`, else the last)."""
        return self.at or self[-1]

    done: frozenset[int] = frozenset()
    """The next-step headings ticked done, or over steps all crossed off, ticked or said done,
    whether or not they are among the headings over a step."""

    def older(self, done: bool = True) -> list[int]:
        """The other next-step headings but a log's record: those whose steps are all done
        (`done`), their steps past; else the others, still open."""
        others = sorted({*self, *self.done} - {self.target, self.over} - self.record)
        return [line for line in others if (line in self.done) is done]


_NO_HEADINGS = Headings()

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
    held: Headings = _NO_HEADINGS,
) -> tuple[str, str]:
    """The fix for a hand-written handoff the work moved on after (``finding``) and its note:
    what changed (``since``, a placeholder) and the next step now appended to the file
    ``quoted``, or, when it has next-step headings (``held``, their lines, `next_headings`),
    written in place of the step of the one `show` reads (`Headings.target`: the one over
    `next_step.step_line`, else the last, or a log's newest entry's) (`_REPLACE`), never a
    second section; ``said``:
    that it is already too long, and, for a working note the merge gate blocks, how to finish
    it (`note_finish.second_line`), else it may be deleted when the work is done; the current
    file of a series (``series``) may say instead that its work is finished."""
    grown, gated = said
    command = refreshed(quoted, since, held)
    also = "or rewrite the file to say where the work stands now"
    if held:
        where = "at" if held.lead is not None else "under the next-step heading at"
        also = (
            f"this writes the next step in place of the one {where} line {held.target}, with "
            "what changed above it: edit that section; do not add a second one"
        )
        if older := held.older():
            also += f"; delete the older next-step sections (at {_at(older)}): their steps are done"
        if still := held.older(done=False):
            also += (
                f"; keep the other next-step sections (at {_at(still)}): delete there only the "
                "steps that are done"
            )
        also += "; or rewrite the file to say where the work stands now"
    also += f"; {grown}" if grown else ""
    if series:
        finish = _REFRESH.format(next=FINISHED_NEXT, since=since, then="", path=quoted)
        if held:  # the finish too writes in place of the step, never a second section
            step = f"'{FINISHED_NEXT}'"
            finish = _in_place(held, since, step, quoted)
        also += f"; or, when the work is finished: {finish}"
    elif gated is not None:
        also += f"; {gated}"
    elif "delete it in a commit" in finding.message:
        also += f"; if the work is done, delete it: git rm {shell.sparse(finding.path)}-- {quoted}"
    return command, also


def _at(lines: list[int]) -> str:
    return f"line{'s' * (len(lines) > 1)} {', '.join(map(str, lines))}"


def refreshed(quoted: str, since: str, held: Headings) -> str:
    """The command that writes what changed (``since``, a placeholder) and the next step now
    into the file ``quoted``: appended, or, when it has next-step headings (``held``, their
    lines), in place of the step of `Headings.target` (`_REPLACE`), never a second section."""
    if held:
        step = '"<the next step now>"'
        return _in_place(held, since, step, quoted)
    return _REFRESH.format(next="%s", since=since, then=' "<the next step now>"', path=quoted)


_PROGRAM = (
    'function hd(x){x=$0;sub(/^ */,"",x);return match(x,/^#+[ \\t\\r]/)?RLENGTH-1:0}'
    'NR==1{c=($0~/\\r$/)?"\\r":""}c!=""&&!/\\r$/{$0=$0 c}'
    'q&&hd()&&!(hd()>sd){if(!b)print c;print ENVIRON["since"]c;print c;q=0}'
    "NR==S{sd=hd();q=1}"
    'NR==(P?P:L)&&!S{h=$0;sub(/^ */,"",h);print (hd()?substr(h,1,hd())" Since then":'
    '"**Since then:**")c;print c;print ENVIRON["since"]c;print c}'
    'NR==L{d=hd();d=d?d:9;n=0;if(K){o[++n]=$0;print ENVIRON["lead"]ENVIRON["step"]c}'
    'else{print;print c;print ENVIRON["step"]c}s=1;next}'
    "s&&hd()&&!(hd()>d){f();s=0}"
    's{t=$0;sub(/[ \\t\\r]+$/,"",t);if(t==ENVIRON["earlier"]){k=1;next}'
    'if(t==""&&(k||!n))next;k=0;o[++n]=$0;next}'
    "{print;b=($0~/^[ \\t\\r]*$/)}END{if(s)f()}"
    'function f(){print c;if(n&&ENVIRON["earlier"]!=""){print ENVIRON["earlier"]c;print c;'
    "for(i=1;n>=i;i++)print o[i]}}"
)
"""The awk program that writes what changed (``since``) in a "Since then" section before the
next-step heading at line ``P`` (without it, ``L``; a "**Since then:**" paragraph before a
line ``L`` that is no heading), or at the end of the one at line ``S`` (never a second one),
and the step (``step``) first under the heading at ``L``, or, with ``K``, after ``lead`` in
place of line ``L`` (a "**Next:** …" line), the steps held there before kept below an
`EARLIER` line, in the file's own line endings: in a CRLF file, a last line with no line
break ends in CRLF too, never a bare LF."""


def _in_place(held: Headings, since: str, step: str, quoted: str) -> str:
    """The in-place command (`_PROGRAM`); the finish (`FINISHED_NEXT`) keeps no earlier steps:
    it says they are all done."""
    line, since_at = held.target, held.since
    over = f"-v P={held.over} " if held.over else ""
    earlier = "" if FINISHED_NEXT in step else f"earlier='{EARLIER}' "
    if held.lead is not None:  # the step takes the place of the line that said it
        earlier += f"lead={shell.quote(held.lead)} " if held.lead else ""
        over += "-v K=1 "
    return _REPLACE.format(
        line=line,
        since_at=since_at,
        since=since,
        step=step,
        earlier=earlier,
        over=over,
        path=quoted,
        program=_PROGRAM,
    )


_REPLACE = (
    't=$(mktemp) && since="{since}" step={step} {earlier}awk -v L={line} '
    "{over}-v S={since_at} '{program}' "
    '{path} > "$t" && cat "$t" > {path} && rm -f -- "$t"'
)
_ATX = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")
_SINCE = "since then"


def next_headings(path: Path) -> Headings:
    """The lines of the file's next-step headings outside fenced code, as the reading names
    them (`heading_facet`: "## Next step", "## Start here next session", "## Nächster
    Schritt"), not one nested in another's section nor one over ideas or reference set aside
    for a section headed as what to do first (`step_sections.set_aside`): the refresh fix
    writes in place of the step of the one `show` reads (`Headings.target`, `step_line`), and
    extends a "Since then" section before it rather than adding another."""
    try:
        with path.open("rb") as handle:
            text = handle.read(_SNIFF * 16).decode("utf-8", "replace")
    except OSError:
        return Headings()
    found: list[int] = []
    ends: list[int] = []
    since: list[int] = []
    inside = 0  # the depth of the next-step section the line is in, 0 for none
    fence: str | None = None
    seen = False
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        opened = _FENCE.match(line)
        heading = _ATX.match(line) if fence is None and opened is None else None
        if opened is not None:
            fence = None if fence == opened[1] else fence or opened[1]
        if heading is None:
            continue
        depth, title = len(heading[1]), heading[2].strip().strip("*_").rstrip(":：").strip()
        first, seen = not seen, True
        if (inside and depth > inside) or (depth == 1 and first):
            continue  # in a next-step section, or the file's title ("# Next session")
        if inside:
            ends.append(number)
        inside = 0
        if title.casefold() == _SINCE:
            since.append(number)
        elif heading_facet(title) == "next":
            found.append(number)
            inside = depth
    ends.append(len(lines) + 1)
    aside = set_aside(lines, found)  # a design note's "Priority order", under "Future ideas"
    kept = [(start, end) for start, end in zip(found, ends, strict=False) if start not in aside]
    held = _holding_steps(text, [start for start, _ in kept], [end for _, end in kept])
    held = _where_show_reads(held, kept, lines, step_line(text) or 0)
    held.since = max((n for n in since if held and n < held.target), default=0)
    return held


def _where_show_reads(
    held: Headings, kept: list[tuple[int, int]], lines: list[str], quoted: int
) -> Headings:
    """``held`` with its target the heading `show` quotes the step under (line ``quoted``,
    `step_line`): the next-step heading over that line, or the subheading that line is ("###
    Priority 1: …" under "## What Needs to Be Done Tomorrow", then `Headings.over`); as it is
    when `show` quotes no step under one."""
    over = next((n for n, end in kept if n in held and n <= quoted < end), 0)
    if not over and quoted and not _ATX.match(lines[quoted - 1]):
        return _at_label(held, lines, quoted)
    if not over or quoted == over or not _ATX.match(lines[quoted - 1]):
        held.at = over or held.at
        return held
    if step_heading(lines[quoted - 1]):  # "### 1. Add the tests": the new step is a step of its own
        held.at = over
        return held
    held.at, held.over = quoted, over
    return held


def _at_label(held: Headings, lines: list[str], quoted: int) -> Headings:
    """``held`` written at line ``quoted``, where `show` quotes the step from outside any
    next-step heading ("**Next:** …" under "## State"): "Since then" before the heading over
    it, none before the file's title."""
    at = Headings(sorted({*held, quoted}))
    at.done, at.record, at.at = held.done, held.record, quoted
    at.lead = label_lead(lines, quoted)
    depths = {n: len(m[1]) for n in range(1, quoted) if (m := _ATX.match(lines[n - 1]))}
    first = min(depths, default=0)
    title = first if depths.get(first) == 1 else 0  # "# Handoff": no section of its own
    at.over = max((n for n in depths if n != title), default=0)
    return at


def _holding_steps(text: str, found: list[int], ends: list[int]) -> Headings:
    """Of the next-step headings ``found`` (their sections ending before ``ends``), those over
    a step the reading takes ("## Blockers / Open Questions" over "None currently" is none), or
    all of them when none is; in a log of entries, the one `show` reads is marked (`at`)."""
    from handoff_audit.markdown.facets import read  # markdown-it loads only for a handoff

    reading = read(text)
    steps = {each.line for each in reading.found.get("next", [])}
    spans = zip(found, ends, strict=False)
    held = Headings(
        [start for start, end in spans if any(start <= n < end for n in steps)] or found
    )
    lines = text.splitlines()
    sections = dict(zip(found, ends, strict=False))
    held.done = frozenset(n for n in found if _all_done(lines[n - 1 : sections[n] - 1]))
    if reading.entries is not None and held:
        (first, end), older = reading.entries
        held.record = frozenset(n for n in found if any(a <= n < b for a, b in older))
        # as `show` reads a log: a heading outside its entries, else its newest entry's
        outside = [n for n in held if n not in held.record and not first <= n < end]
        held.at = (outside or [n for n in held if first <= n < end] or [0])[-1]
    return held


_ITEM = re.compile(r"^(\s*)(?:[-*+]|\d+[.)])\s")
_TICKED = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+\[[xX✓✔☑✅]\ufe0f?\]")


def _all_done(section: list[str]) -> bool:
    """``section`` (its heading first) records done work: its heading ticked done, or each item
    of its outer list crossed off, ticked or said done (`finished_item`)."""
    heading = _ATX.match(section[0])
    if heading is not None and (TICKED_AT_END.search(section[0]) or finished_item(heading[2])):
        return True
    items = [(len(item[1]), line) for line in section[1:] if (item := _ITEM.match(line))]
    outer = [line for indent, line in items if indent == min(items)[0]] if items else []
    return bool(outer) and all(finished_item(line) or _TICKED.match(line) for line in outer)


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
    "EARLIER",
    "FINISHED_NEXT",
    "MD_SECTIONS",
    "Headings",
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
