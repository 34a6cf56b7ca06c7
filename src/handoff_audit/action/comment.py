"""The sticky pull request comment: its body, and finding and updating the one we wrote.

Ours is the comment that starts with `MARKER` *and* was written by the token's own identity:
anyone can paste the marker, and such a comment is never touched.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from handoff_audit import __version__, controls
from handoff_audit.action import minimize
from handoff_audit.action.api import ApiError, Client, Comment, Identity
from handoff_audit.credentials import redact
from handoff_audit.formats import inert
from handoff_audit.formats.github import importance
from handoff_audit.formats.inert import MARKER_TOKEN
from handoff_audit.formats.markdown_report import (
    active_packets,
    findings_table,
    fold,
    name,
    packet_section,
    size,
    truncate,
    verdict,
)
from handoff_audit.model.findings import Report

MARKER = f"<!-- {MARKER_TOKEN} -->"
"""The hidden first line of our comment."""

LIMIT = 65536
"""GitHub refuses a comment body longer than this many characters."""

BUDGET = LIMIT - 1024
"""What the body aims for: a margin for GitHub's own counting."""

UNFOLDED_FINDINGS = 10
"""More findings than this are folded in ``<details>``."""

ELSEWHERE = "The job summary of this run has the full report."
CUT_TOO = (
    "The job summary of this run is cut too; run `handoff-audit check --format json` for the "
    "full report."
)
"""What the comment says of the job summary when that summary left something out."""


def _elsewhere(summary_cut: bool) -> str:
    return CUT_TOO if summary_cut else ELSEWHERE


def has_something_to_say(report: Report) -> bool:
    """A comment is created only for findings or an active packet to show."""
    return bool(report.findings or active_packets(report))


def all_clear_body(report: Report, run_url: str | None = None) -> str:
    """What an existing comment becomes when nothing is left to report."""
    return f"{MARKER}\n{verdict(report)}\n\nNothing left to report.\n\n{_footer(run_url)}\n"


ERROR_HEADING = "### ❌ handoff-audit: the audit could not run"


def error_text(message: str) -> str:
    """``message`` (an input or configuration error) as inert, redacted inline code (one line)."""
    return inert.code(redact(controls.one_line(message)), limit=2000)


def error_body(message: str, run_url: str | None = None) -> str:
    """What our comment becomes when a run could not audit: the error, in place of a verdict
    that is no longer known."""
    return (
        f"{MARKER}\n{ERROR_HEADING}\n\n{error_text(message)}\n\n{NOT_JUDGED}\n\n"
        f"{_footer(run_url)}\n"
    )


NOT_JUDGED = (
    "Until it is fixed the merge gate is not judged: the check fails and the `blocked` output "
    "is `true`."
)


def _footer(run_url: str | None = None, summary_cut: bool = False) -> str:
    if run_url:
        # The job summary is on the run's page; a link there is where the full report is.
        link = f"[The job summary of this run]({run_url})"
        if summary_cut:
            rest = CUT_TOO.removeprefix("The job summary of this run")
            return f"<sub>handoff-audit {__version__} · {link}{rest}</sub>"
        return f"<sub>handoff-audit {__version__} · {link} has the full report.</sub>"
    return f"<sub>handoff-audit {__version__} · {_elsewhere(summary_cut)}</sub>"


def _findings(report: Report, budget: int, elsewhere: str) -> str:
    # Most important first, so that a cut keeps what matters.
    findings = sorted(report.findings, key=importance)
    if not findings:
        return ""
    table = findings_table(findings)
    table, cut = truncate(table, budget - 400)
    if cut:
        shown = table.count("\n") - 1
        table += f"\n\n*{len(findings) - shown} more findings are left out here. {elsewhere}*"
    if len(findings) > UNFOLDED_FINDINGS:
        return fold(f"All {len(findings)} findings", table)
    return f"#### Findings\n\n{table}"


def body(report: Report, run_url: str | None = None, *, summary_cut: bool = False) -> str:
    """The comment: marker, verdict, findings, active packets (next action first), footer.

    Fits in `BUDGET`: the findings get up to half (all of it without a packet), the packets
    share the rest, each cut between whole blocks with a note that says so. What is left out
    is in the job summary, unless ``summary_cut`` (the summary left things out too): then the
    notes say so and name `check --format json`.
    """
    if not has_something_to_say(report):
        return all_clear_body(report, run_url)
    elsewhere = _elsewhere(summary_cut)
    head = f"{MARKER}\n{verdict(report)}"
    footer = _footer(run_url, summary_cut)
    remaining = BUDGET - size(head) - size(footer) - 8
    packets = active_packets(report)
    findings = _findings(report, remaining // 2 if packets else remaining, elsewhere)
    remaining -= size(findings) + 2
    sections = [head]
    if findings:
        sections.append(findings)
    for index, packet in enumerate(packets):
        share = remaining // (len(packets) - index) - 2
        if share < 1000:
            section = f"*The packet {name(packet.path)} is left out here. {elsewhere}*"
        else:
            section = packet_section(packet, budget=share, elsewhere=elsewhere)
        remaining -= size(section) + 2
        sections.append(section)
    sections.append(footer)
    text = "\n\n".join(sections) + "\n"
    if size(text) > BUDGET:  # never posted over the limit, whatever part outgrew its share
        left_out = f"*The findings and the packets are left out here. {elsewhere}*"
        text = "\n\n".join([head, left_out, footer]) + "\n"
    return text


@dataclass(frozen=True, slots=True)
class Outcome:
    """What happened to the comment of one pull request."""

    number: int
    """The pull request."""
    action: str
    """``created``, ``updated``, ``unchanged``, ``skipped`` (nothing to say, no comment yet),
    ``minimized``, ``unminimized``, ``deleted`` (``comment-when-clear``), or, when another run
    created one at the same time, ``created, then deleted as a duplicate of an older one`` (or
    ``created, and an older one updated`` when ours could not be deleted)."""
    comment_id: int | None = None
    """Our comment, when there is one."""
    removed: int = 0
    """Duplicates of ours that were deleted."""
    problems: tuple[str, ...] = ()
    """What failed after the comment was written as ``action`` says (a duplicate that could
    not be deleted, a re-listing that failed): each a clause for a warning."""


def cleanup_warnings(outcome: Outcome) -> list[str]:
    """A warning for each of ``outcome``'s problems: what was written, then what failed."""
    return [
        f"The pull request comment on #{outcome.number} is up to date ({outcome.action}), but "
        f"{problem}; the next run tries again."
        for problem in outcome.problems
    ]


_RUN_LINK = re.compile(r"\]\(https?://[^)\s]*/actions/runs/\d+\)")


def _normal(text: str) -> str:
    # A new run's link alone is no reason to edit: the older run's summary says the same.
    return _RUN_LINK.sub("]()", text.replace("\r\n", "\n")).strip()


def is_ours(comment: Comment, who: str | Identity) -> bool:
    """Written by ``who`` exactly (`Identity.wrote`) and starting with our marker."""
    return Identity.of(who).wrote(comment) and comment.body.lstrip().startswith(MARKER)


def _ours(client: Client, number: int, login: str | Identity) -> list[Comment]:
    """Our comments on ``number``, oldest (lowest id) first: the one kept is the oldest."""
    return sorted((c for c in client.comments(number) if is_ours(c, login)), key=lambda c: c.id)


def _converge(
    client: Client, number: int, login: str | Identity, created: int, text: str
) -> Outcome:
    """After creating comment ``created``: another run of the same pull request (a ``push`` and
    a ``pull_request`` run of one push) may have found none too and created its own. List
    again; when an older one of ours is there, it is brought to ``text`` first, then ours is
    deleted, so that whatever the interleaving, one comment is left, and a failure on the way
    never leaves a stale verdict as the only one (it is an `Outcome.problems` entry)."""
    try:
        ours = _ours(client, number, login)
    except ApiError as error:
        problem = (
            f"checking for a duplicate created by another run at the same time failed: {error}"
        )
        return Outcome(number, "created", created, problems=(problem,))
    if not ours or ours[0].id >= created:
        return Outcome(number, "created", created)
    oldest = ours[0]
    try:
        if _normal(oldest.body) != _normal(text):
            client.update_comment(oldest, text)
    except ApiError as error:  # ours carries the verdict: it stays
        problem = f"the older comment {oldest.id} of another run was left as it was: {error}"
        return Outcome(number, "created", created, problems=(problem,))
    removed, problems = _remove(client, [c for c in ours if c.id == created])
    if not removed:
        return Outcome(number, "created, and an older one updated", oldest.id, 0, problems)
    return Outcome(number, "created, then deleted as a duplicate of an older one", oldest.id, 1)


def _remove(client: Client, duplicates: list[Comment]) -> tuple[int, tuple[str, ...]]:
    """Delete ``duplicates``: how many went, and a problem for each one that could not."""
    removed, problems = 0, []
    for duplicate in duplicates:
        try:
            client.delete_comment(duplicate)
        except ApiError as error:
            problems.append(f"the duplicate comment {duplicate.id} was left: {error}")
        else:
            removed += 1
    return removed, tuple(problems)


def upsert(
    client: Client,
    number: int,
    report: Report,
    login: str | Identity | None = None,
    *,
    when_clear: str = "update",
    run_url: str | None = None,
    summary_cut: bool = False,
) -> Outcome:
    """Create, update or leave alone our comment on pull request ``number``.

    Once nothing is left to report, ``when_clear`` says what becomes of it
    (`handoff_audit.action.env.WHEN_CLEAR`); no mode ever creates a comment just to say that
    all is clear. A comment hidden by ``minimize`` is shown again when there is something to
    say. ``run_url`` links the footer to the run's job summary; ``summary_cut``: that summary
    left things out too (`body`).
    """
    login = login or client.identity()
    ours = _ours(client, number, login)
    clear = not has_something_to_say(report)
    text = body(report, run_url, summary_cut=summary_cut)
    if not ours:
        if clear:
            return Outcome(number, "skipped")
        return _converge(client, number, login, client.create_comment(number, text, login), text)
    return _settle(client, number, ours, text, clear=clear, when_clear=when_clear)


def show_error(
    client: Client,
    number: int,
    message: str,
    login: str | Identity | None = None,
    *,
    when_clear: str = "update",
    run_url: str | None = None,
) -> Outcome:
    """Our comment on ``number``, when there is one, says that the audit could not run and why
    (`error_body`): the verdict it showed is no longer known. None is created for it: the
    failed check and the job summary say it too."""
    login = login or client.identity()
    ours = _ours(client, number, login)
    if not ours:
        return Outcome(number, "skipped")
    text = error_body(message, run_url)
    return _settle(client, number, ours, text, clear=False, when_clear=when_clear)


def _settle(
    client: Client, number: int, ours: list[Comment], text: str, *, clear: bool, when_clear: str
) -> Outcome:
    """Keep the oldest of ``ours`` with ``text``, or hide or delete it when ``clear`` as
    ``when_clear`` asks; then delete the others. The kept one is brought up to date first: a
    duplicate that cannot be deleted is an `Outcome.problems` entry, never a stale verdict."""
    first, *duplicates = ours
    if clear and when_clear == "delete":
        client.delete_comment(first)
        action, kept = "deleted", None
    else:
        action, kept = _keep(client, first, text, clear=clear, when_clear=when_clear), first.id
    removed, problems = _remove(client, duplicates)
    return Outcome(number, action, kept, removed, problems)


def _keep(client: Client, first: Comment, text: str, *, clear: bool, when_clear: str) -> str:
    """Bring ``first`` to ``text`` (hidden or shown as ``when_clear`` asks); what was done."""
    changed = _normal(first.body) != _normal(text)
    if changed:
        client.update_comment(first, text)
    if when_clear == "minimize":
        hidden = minimize.is_minimized(client, first)
        if clear and not hidden:
            minimize.minimize(client, first)
            return "minimized"
        if hidden and not clear:
            minimize.unminimize(client, first)
            return "unminimized"
    return "updated" if changed else "unchanged"
