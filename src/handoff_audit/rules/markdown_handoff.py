"""The rules about markdown-only handoffs (`HANDOFF.md`, a series' current file): that one is
no handoff at all (``not-a-handoff``), and each facet a session needs that it lacks
(``md-incomplete``); `check`, `show`'s brief and `explain --file` read them alike."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from handoff_audit.git.conflicts import conflict_line, conflict_message
from handoff_audit.markdown.long_lines import readable_lines
from handoff_audit.model.findings import Severity
from handoff_audit.model.packet import agent_folder, series_handoff
from handoff_audit.rules.base import Fix, Hit, Rule
from handoff_audit.rules.content import PLACEHOLDER
from handoff_audit.rules.no_handoff import (
    Moves,
    NotAHandoff,
    agent_file_said,
    command_said,
    how_to_said,
    orders_said,
    quoted_lines,
    standing_said,
    stub_said,
)

if TYPE_CHECKING:
    from handoff_audit.config import Config
    from handoff_audit.markdown.template import Placeholder

MD_INCOMPLETE = Rule(
    id="md-incomplete",
    default=Severity.ERROR,
    summary="a markdown-only handoff lacks the next step (error) or another facet a session needs "
    "(warning)",
    doc="""\
A hand-written `HANDOFF.md` (one with no JSON twin) must still carry what the next session needs
to continue without redoing the work. The rule looks for five facets, the way a careful reader
does, and reports each one it cannot find, with the facet named (`"facet"` in the JSON report,
`properties.facet` in SARIF):

| facet | what it is | severity when missing |
|---|---|---|
| `state` | what was done, what is true now | warning |
| `next` | the next step | **error** (a warning when a block is shaped like a step, below) |
| `decisions` | choices that would surprise the next session, with their reasons | warning |
| `ruled_out` | what was tried, rejected or is a trap, and why | warning |
| `pointers` | the files, lines, links or commits to read first | warning |

A good handoff may lack a facet (not every session rules something out), so only a missing next
step fails CI by default, and only when nothing in the file is shaped like one. Outside setup,
pointers and the other facets' sections, each block scores its shape, in any language: an
unchecked box 3, an English verb first 2, and 1 each for something to act on (a code span, path
or URL), a list item, a numbered item, a lead-in ending in a colon before it, and being in the
closing section; a score of 3 makes a candidate (a numbered procedure after a lead-in counts
under any heading but setup and pointers; a `Key: value` record, a bare name and a ticked box
score nothing). With a candidate and no next step the reading can confirm, the finding is a
warning that names the closest line: the best placed candidate, one under a next-step heading
or none before one under another heading, and never one under a heading of links ("## Related",
"## See also", "## References") nor an item struck through or said resolved ("- **Resolved**:
…"); when every candidate is such a line, the warning names none. A step whose whole content
is a filler word or mark ("NEXT: continue", "NEXT: .", "- [ ] x", "keep going",
"carry on", "proceed", "wip", "tbd", "…") is no step: the error names that line as a
placeholder. The current file of a series
(the `series` setting; not a working note such as `HANDOFF.md`, which finishes by its deletion)
finishes by saying so: a next-step section whose one item says only that there is none because
the work is finished ("None: the work is finished.", "None — the work is done.", also with its
hand-in after it, "None: the work is finished; open the PR."; not "None: unclear whether the
work is done", nor with a "when", an "if", a "not" or a second sentence naming work) is
reported at that item's line as a note that says the next session starts a new dated file.
`rules: {md-incomplete: error}` (or `warning`) in the configuration sets one severity for all
of them.

**How a facet is recognised.** Two signals count, in any order, heading level, case or
numbering, with emoji and punctuation ignored:

- *A heading or a short `Label:` line that names it*, with text under it. State: "State",
  "Summary", "Snapshot", "Done", "Current State Summary", "Changes since last session",
  "Progress". Next: "Next steps", "Immediate Next Steps", "Follow-ups", "To do", "Remaining",
  "Priorities", "Plan", "What needs to be done", "NEXT:", "次のアクション", "次のチャットで
  最初に依頼すべき内容", a heading that hands work to its doer ("For Deploy to apply"); a log
  entry's title ("### Session 2026-09-03 — Phase 0: Plan" under "## History") is none, its
  labels ("**Cần làm tiếp:**") are. Decisions: "Decisions", "Rationale",
  "Design record", "Approach", "Trade-offs", "Conventions". Ruled out: "Ruled
  out", "Tried", "Failed attempts", "What didn't work", "Gotchas", "Traps", "Pitfalls", "Critical
  reminders", "Lessons learned", "Deliberately not changed". Pointers: "Pointers",
  "Key files", "Files changed", "Key code waypoints", "References", "Links", "Docs", "Entry
  points". A subheading without a facet of its own speaks for its parent's; the document's title
  names none. Setup ("Quick start", "Install", "Verification plan"), risks ("Known issues") and
  wish lists ("Ideas", "Potential enhancements", "Future", and a next-step heading over work
  nobody committed to: "Optional next steps", "今後の改善候補", "今後の機能拡張",
  "보류 중"), blocked work
  ("Blocked queue", "Blockers") and done work ("Tasks completed", "Actions taken", "Actions
  exécutées", "Action items closed", "完了したタスク") are no next step, deferred work
  ("Out of scope", "Non-goals", "Won't do") nothing ruled out, nor is a next-steps
  list whose every checkbox is ticked (in its subsections too; "[✅]" is ticked), that only
  waits ("Ready for the next directive") or
  whose every item is an open question, a hedge ("Whether to …?", "Consider …", "Maybe …"),
  parked for later ("(later)", "optional", "TBD"), struck through ("~~Wire the button~~"),
  "None", "No outstanding follow-ups", "No further action required", "Nothing left to do", a
  halt or an undecided step ("Stop unless a new slice appears", "To be decided"), a result to see
  ("CI should now pass"), a wait ("Wait for the review", "Chờ user …"), steps under a lead-in or
  heading that makes them wait on someone ("If the user reports more problems, check:", "Open,
  and each one needs Sam", "Not yet confirmed by the user"), checks to run first ("Pre-flight",
  "如果新对话继续做，建议先确认"), only a hand-in with no
  work named
  ("Commit/push this fix", "Open the PR", "Merge to main"), a date ("Next review: 2026-05-15"),
  or only a check to run ("Verify
  the page at …", with no work word such as "fix" or "add"; "Test … in `src/billing/core.py`",
  naming a source file, asks for tests of that code, a step); when every next-step section of
  the file says so (each item read by its first sentence; a list of open questions aside), the
  file has no next step, whatever a list elsewhere orders. Nor
  the boxes of a "Security checklist" or of a wish list ("## Future ideas" over "- [ ] Dark
  mode"), nor any step of a file that declares itself no longer
  current in its title or opening block ("# Notes (archived)", "> **Superseded by
  `docs/PLAN.md`**", "This document is obsolete"), nor a step inside an older entry of a
  log of dated headings written downward ("## 2026-05-02 …"), or of numbered sessions
  ("## Session 13", newest = highest number wherever it sits), when the newest entry names
  none, nor anything (a step, a dead end, a path) found only in entries older than the newest
  of a long log (20 dated entries or more, newest first or last); "Architecture" (a layout) is
  no decision
  and "Rules" (standing instructions) nothing ruled out, though a reason or dead end under them
  counts.
  A compound heading ("Known limitations / backlog") names the facet of any of its parts.
  The phrases are also known in Chinese, Japanese, Korean, Russian, French, Spanish, German,
  Italian, Portuguese and Vietnamese ("下一步",
  "Следующие шаги", "Prochaines étapes", "Próximos pasos", "Nächste Schritte"; the list is
  `markdown/cues/headings.json`), as are reasons and work done ("因为", "потому что", "已完成").
  An item marked pending ("- ⏳ Linux build", "🔜 …") and a status-table row marked "NEXT" are
  next steps, like an unchecked box.
  A decisions section whose items give no reason at all ("because", "so that", "— why") is
  reported as "decisions without reasons" at its heading.
- *The content, anywhere*: a path (`src/app.py`, `` `docs/` ``), `path:line`, a URL, a commit id
  or a test name is a pointer; a "NEXT:" line, an unchecked `- [ ]` item, "the next session
  should", "remaining work:", a line that starts "FIXME:", or an ordered list of imperative
  steps under no other facet's heading is a next step; a choice with its reason in the same
  sentence ("chose Redis because …", "use X so that …", "keep X so old links work", "do not
  remove it — agents read it") or a clause opening on what it prevents ("… — avoids a second
  charge", "This prevents …") is a decision; "tried", "didn't work", "rejected", "discarded",
  or a warning with what went wrong ("don't run it twice: it charged the card again") is
  something ruled out; "tests pass", "currently", "is now", "✅" is state; an alternative passed
  over with its reason ("presets instead of drag-and-drop, to reduce complexity") or an option
  considered and passed over ("Considered React, went with plain templates") is ruled out, as
  is what is not used with its reason ("the SDK is not used because …", "使っていない … 問題",
  "không dùng … vì"), something replaced after it failed ("polling could not keep up … replaced
  with interrupts") or a theory "refuted", "retracted" or "off the table"; a choice over its
  alternative in another language ("… а не …", "… en lugar de …", "… 而不是 …") is a decision.
  So are a conclusion drawn ("invoices are therefore sent in batches"), a reason and the change
  it led to ("Safari drops the cookie, so the token now travels in a header"), a rule with what
  breaking it does ("always bump it, or old clients will …"), an owner's ruling over the
  alternative ("ruled X over Y"), an option heading marked chosen ("### Option A ✅ chosen") and
  a decision named in Norwegian or Swedish ("beslutning", "beslutat"), and something mocked,
  stubbed or removed with its reason ("removed the warm-up to save 40 minutes of CI"); "X when
  configured, Y otherwise" (an else) and a "Handoff reason:" line are not.
- *Weak cues count only twice*: a stray word is no facet. A reason without a choice ("because …"),
  an alternative without its reason ("instead of …", "workaround"), a trap word ("gotcha",
  "pitfall", "be careful"), a warning with a reason ("don't run it twice — it charges again") and a
  line that starts "Added", "Fixed", "Implemented" … count for decisions, ruled out and state only
  when they turn up in two separate paragraphs or items. Three list items saying where the work
  stands now ("Exports now stream …", "The guard is in place.", "The old path is removed."; not an
  order, an open box or a clause such as "if it is fixed") are state. A bare "don't …"/"never …"
  is a standing rule, and "deferred" or "out of scope" an item put off: neither is an approach
  ruled out, and a
  "Warnings" heading names none (compiler and validation warnings); "Recommended" gives a choice no
  reason. Words quoted in a heading (`Fix "Failed to fetch"`) name no facet; "Failing tests", "Known
  constraints" and "Overview" name none either (a bug is a risk, not a dead end). "None." under a
  facet's heading says it on purpose and counts. "Rejected" as a status value (`` `rejected` ``,
  "accepted/rejected", a table cell) and removing unused code are no approach ruled out.
- *A template says nothing yet*: a file the `placeholder` rule finds still a template gets every
  facet reported missing, at its first blank, whatever its scaffolding ("Next session should:")
  says.
- *A pasted prompt or note* in an unlabelled (or `text`/`md`) fence, most of its lines
  sentences, is read as text; any other fenced block is code and counts only for pointers.

`handoff-audit explain md-incomplete --file HANDOFF.md` prints, for each facet, the lines that
counted (and what was recognised) or what was looked for; of a file still a template or not a
handoff, it first prints what `check` says (`placeholder`, `not-a-handoff`).

Example:

```
HANDOFF.md:1: md-incomplete: no next step: found no "Next steps"/"To do"/"Follow-ups"/"Remaining"
  section, "NEXT:" line, unchecked "- [ ]" item or ordered list of steps; add a "## Next step"
  section saying what to do first (without it this is a status report, not a handoff)
```

Fix: add what each finding names (one finding per missing facet), or write a JSON packet and its
twin with `handoff-audit new`; a note `handoff-in-merge` finds already on a protected branch
gets no `md-incomplete` or `placeholder`: it is to be deleted, not completed (in a pull request
and on any other branch they stay; the `handoff-in-merge` finding says how many it left out).
How well the recognition agrees with careful readers on real handoffs is measured by
`bench/judgment.py`: on sets collected after the rules froze, it agrees with two blind readers
on about four facets in five (0.81 over rounds 61–67 of `bench/README.md`). Where they part, it
is most often over whether a weak file's next step can be started now (the work finished, the
step gated on someone, only a check, optional or generic): a next step the rule finds is a step
written down, not proof that it is usable.
""",
    fix=Fix.MD_ADD,
)

NOT_A_HANDOFF = Rule(
    id="not-a-handoff",
    default=Severity.WARNING,
    summary="a file where a handoff is expected holds instructions about writing one, not a "
    "handoff",
    doc="""\
**Why.** A file named like a handoff is sometimes the recipe for one: an agent's command or
prompt ("Create or update a HANDOFF.md with: 1. Goal … 5. Next steps"), a how-to for the team,
a template's instructions. Judging it as a handoff would report five missing facets that were
never meant to be there, and the next session would still find nothing to continue from.

**What counts.** At least three lines outside code blocks that tell the reader how to write a
handoff: "create/write/update … the handoff/HANDOFF.md/this file", "the handoff should
include …", "before ending the session, write …", "use this template", "fill in each section",
an agent's prompt ("You are …", "Execute immediately", "do not ask for confirmation"), or a
line about handoffs in general ("Paste the block below as your first message", a slash
command's `$ARGUMENTS`, a handoff folder's README: "This directory holds handoff files …"); or
front matter that only an agent's command or prompt file has (`allowed-tools:`,
`argument-hint:`, a `description:` that orders a session handoff or summary: "Write a
session handoff …" or says when to use the file: "Use when …", or a one-word `name:` or an
agent tool's `agent:` / `inclusion:` beside a `description:` about the session or
conversation, as a skill's, or front matter made only of such keys (`description:`, `name:`,
`argument-hint:`, `model:` ...) over a body with no real date, ticked box or session record,
whatever its language; front matter alone, over a body with no instruction line that says its
state and another part in lines stating facts, "3 tests fail in tests/test_refund.py", is a
note's, as the merge gate reads it, unless it sets `allowed-tools:`, `argument-hint:` or `mode:
agent` over a body addressing the agent that runs it, "## Instructions", "## Steps", "##
Reglas", "Your job is to …", "This command …", in a file with no real date in its name or
text), or a
title naming a slash command (`# /handoff — Session Wrap`), or an agent's prompt by its own
syntax, whatever it is about (a persona in its first three lines, "You are the Release Agent.",
"Sos el agente de cierre de sesión", "Du bist ein …", "Ты — агент …", "你是…";
an argument slot `$ARGUMENTS` or `{{args}}` outside code spans; a shell line to splice in,
`!{ls -t notes/*.md}`; "When the user types `/wrap-up`"; a heading addressed to the agent, "##
Execute These Steps", "## Your task"; a persona or such a heading in a file with a real date is
a handoff written as the next session's prompt; a file whose State and Next step sections
state facts, more lines of them than it has instruction lines, is a note with a stray slot,
not a command, as the merge gate reads it), or a guide quoting the handoff to
write in a ```` ```markdown ```` block of three headings or more (in a block marked
```` ```md ```` lines that are only a label, `Modifiche:`, count as headings), in a file
with no real date, ticked box or session record outside that block, or a guide naming the
notes to write by a pattern with a slot in a code span (`docs/handoffs/YYYY-MM-DD_HHMM_topic.md`,
`session-XXX.md`, `handoff_<title>.md`) in a file with no real date and no session record,
whatever its language. A prompt
that opens on such an order ("Generate a handoff summary for this session.", "Update
HANDOFF.md with:" in its first three lines, or after a clause saying when: "Before you stop,
update HANDOFF.md:", "At the end of every session create docs/handoffs/YYYY-MM-DD-topic.md
containing:") is settled by it, when it records no session (the lines under such an order that
only describe a part, "What was done this session.", record none; an order only saying when,
over more than one line stating a fact, a file, a number or a line, tops a note instead; one
such line as the file's last, "Update the handoff when the PR is open.", under a note the merge
gate reads as a handoff once it is left out, is a stray line: the note is judged). A
file written as orders to its reader counts too, whatever it is about (an agent's prompt, a
brief for a step not yet taken, a standing style brief): at least a
quarter of its prose lines, next-steps sections left out, start with a command ("Add …",
"Keep …", "Do not …"), or, in Korean or Japanese, which put the verb last, end on one
("… 확인하세요", "… 記録してください", "… すること"; a checklist item under a "체크리스트" or
"チェックリスト" heading on a bare verbal noun, "`PROJECT_STATUS.md` 확인", unless the file
also has a section of its state, decisions, dead ends or next steps with lines in it, whose
checklist is then a session's routine) and under a quarter say what happened (past tense,
ticked boxes, dates; a line that starts with a command, "Mark completed items …", says nothing
happened), and
fewer than three of its list items say where the work stands now ("Exports now stream …",
"The retry guard is in place.", "The old path is removed."; not in an open box, an order or
a clause such as "describe what has changed"): with three, it is a task queue kept as a handoff.
A file "records a session" when a quarter of its lines say what happened or a status field is
filled in (`**Status**: ready for deployment`, `State: …`, `Progress: …`, `Current branch: fix/x`,
`Current task: …`): such a file is
judged as a handoff.
A stub counts too: two to four lines (headings aside) under at most a title, with no real
date, no ticked box, no status field, no handoff label ("Next: …") and nothing said to have
happened: a pointer to the real notes, a "not for use" notice, a two-line note. A short
handoff with a section under its title ("## Done"), a title calling it a handoff
("# Handoff") or a single line ("Some notes.") is judged as a handoff and told what to add,
and so is such a line over one about writing handoffs as the file's last ("When you write the
next handoff, keep it short."), when the merge gate reads the note without it as a handoff: one
stray instruction line makes no working note a stub (a pointer to the real notes stays one).
A reference page's stub counts whatever its title and however few its lines: nothing but the
directives a documentation build fills from the code (mkdocstrings' `::: package.module`,
Sphinx's `.. automodule::`, `.. include::`, a `--8<--` snippet) and at most eight indented
option lines (`options:`, `show_root_heading: true`, `:members:`), such as
`docs/ref/handoffs/history.md` holding `::: agents.handoffs.history`; a date, a status field,
a box, a handoff label or a commit id among them, or indented prose, keeps it judged.
A standing document counts too (an operations manual, an architecture note, a testing plan for
work not begun): five prose lines or more in English, no heading calling it a handoff, no
real date, day heading ("# Day1", "## 第一天"), ticked box, status field (one saying "n/a",
"not applicable" or "none" records no status), commit hash, pull request or "commit"/"pushed",
no heading
on where the work stands or what comes next ("Current state", "Next steps", "Plan"), and at
most two lines (a tenth of them) saying what was done. A title calling it a handoff or naming the
next step gives way when three or more sections follow it and none is on the state, the next
step, decisions or what was ruled out (a manual titled "Handoff", a wishlist titled "Next
steps"). Prose mostly in Japanese, Chinese or Korean script counts when it has none of those
languages' words for done, in progress, passed or succeeded ("完了", "済", "完成", "已", "进行中",
"成功", "완료", "진행 중", "통과", "했습니다"); prose in any other language (table rows aside) is
never read as standing (its past tense is not read).
One finding names the first such lines; the file's facets are then not judged (no `md-incomplete`).
It is a warning: such a file never fails the audit. An agent's command and prompt folders
(`.claude/commands/`, `.claude/agents/`, `.claude/skills/`, `prompts/`, `.github/prompts/`, a
plugin's `commands/` at any depth, a skill's folder in a top-level `skills/` or a plugin's
`plugins/<name>/skills/`, …), and folders of templates at any depth (`src/pkg/templates/`,
which a program may load as its package data), are not searched for hand-written handoffs at
all (a JSON packet there is found like any other); a markdown file there that is named on the
command line gets this finding for its place alone, whatever it says (in a folder of templates,
with the advice to leave it where it is). A file with a lower-case name the merge gate would
block (a lone `handoff.md`) that this finding calls no handoff for what it says, and the gate
reads as none too, gets no `handoff-in-merge`.
A git submodule where a handoff file is expected (`git submodule add URL HANDOFF.md`, checked
out or not) gets this finding too, naming it a submodule with the merge gate's fix, `git rm --
:/HANDOFF.md` (which takes it out of `.gitmodules`), never `invalid-json`: no handoff can be
read from it, and moving it helps nothing. The Stop hook blocks on it with that `git rm` first,
`show` stops on it in the same words, and `new` names it before writing a twin its name would
clash with on macOS and Windows.

Example:

```
HANDOFF.md:3: not-a-handoff (warning): this file tells its reader how to write a handoff
  (lines 3, 5, 9: "Create or update a HANDOFF.md with:", …), it is not one; move it where
  docs live, under a name no handoff setting finds (`(cd "$(git rev-parse --show-toplevel)"
  && mkdir -p docs && git mv -- HANDOFF.md docs/handoff-guide.md)`), or leave it out of
  `packets`, in .handoff-audit.yml: packets: ["**/handoff.json", …, "!HANDOFF.md"] and of
  `block-files`, in .handoff-audit.yml: block-files: ["**/HANDOFF.md", …, "!HANDOFF.md"]
```

**Fix.** Run the printed command, from any folder of the repository: it moves the file where
docs live under a name that no `packets`, `block-files` or `series` glob finds, is not there yet
and is printed for no other file (`docs/api-handoff-guide.md` for `api/HANDOFF.md`,
`-guide-2.md` when the name is taken; a name too long for the file system shortened), with `git
mv`, or `mv` for a file git does not track yet (moving `HANDOVER.md` to `docs/` alone keeps a
name `**/HANDOVER.md` finds); an agent's prompt may go to `.claude/commands/` instead, which is
never searched. Or leave the file out of the setting that finds it, as the message prints it:
the configured globs, kept, and the file's own exclusion (`"!tools/agent/HANDOFF.md"`, as in
.gitignore), so every other handoff they find is still audited and blocked: `packets` (and
`block-files`, which would still block its merge as a working note) for a file found by its
name, `series` for a file of a series folder (`"!handoffs"`: then that folder is no series).
Suppress with `<!-- handoff-audit: ignore not-a-handoff reason -->` if it is both.
""",
)


def markdown_only_hits(
    path: str, text: str, config: Config, moves: Moves | None = None, *, record: bool = False
) -> Iterator[Hit]:
    """What `check` finds in the markdown-only handoff ``path`` (from the repository's root)
    holding ``text``: that it is not a handoff, or still a template (``placeholder``), and each
    facet it lacks (``md-incomplete``). `explain md-incomplete --file` shows the same.
    ``moves``: the tree the way out of ``not-a-handoff`` moves the file in (`Moves`);
    ``record``: a running log beside a working note (`running_logs.note_beside`), of which no
    next step is asked (the note carries it)."""
    # start-up: the facet patterns compile on import; most audits have no hand-written handoff
    from handoff_audit.markdown.completeness import finished_message, missing_parts

    marked = conflict_line(text)
    if marked is not None:
        said = f"{conflict_message(marked)}, then commit it"
        yield Hit(MD_INCOMPLETE, path, said, line=marked, severity=Severity.ERROR)
        return
    instead, blanks = judge_markdown(path, text)
    if instead is not None:
        yield Hit(NOT_A_HANDOFF, path, instead.said(path, config, moves), line=instead.line)
        return
    if blanks:
        yield Hit(PLACEHOLDER, path, _template_message(blanks), line=blanks[0].line)
    for part in missing_parts(text, template_line=blanks[0].line if blanks else None):
        if record and part.facet == "next":
            continue
        if part.finished is not None and series_handoff(path, config):
            said = finished_message(part.finished, path)
            line = part.finished.line
            yield Hit(
                MD_INCOMPLETE, path, said, line=line, facet=part.facet, severity=Severity.NOTE
            )
            continue
        yield Hit(
            MD_INCOMPLETE,
            path,
            part.message,
            line=part.line,
            facet=part.facet,
            severity=None if part.error else Severity.WARNING,
        )


def judge_markdown(path: str, text: str) -> tuple[NotAHandoff | None, list[Placeholder]]:
    """What the ``not-a-handoff`` and ``placeholder`` rules call the markdown-only handoff
    ``path`` holding ``text``: no handoff (and why), else still a template (its placeholder
    lines), else neither: ``(None, [])``. `show`'s brief warns from this, as `check` does."""
    # start-up: as in markdown_only_hits
    from handoff_audit.markdown.agent_command import below_a_note
    from handoff_audit.markdown.standing import standing
    from handoff_audit.markdown.stub import stub
    from handoff_audit.markdown.template import placeholders

    # every verdict below reads the text as cut (markdown.long_lines), as missing_parts does
    instead = _instructions(path, text := readable_lines(text))
    if instead is not None:
        return instead, []
    blanks = placeholders(text)
    if blanks:
        return None, blanks
    if (few := stub(text)) and not below_a_note(text, few):
        return stub_said(few), []
    manual = standing(text)
    return (standing_said(manual) if manual else None), []


def _instructions(path: str, text: str) -> NotAHandoff | None:
    """Why the file instructs instead of handing over (an agent's command, a how-to, orders to
    its reader), which comes before any template."""
    # start-up: as in markdown_only_hits
    from handoff_audit.markdown import agent_command as gate
    from handoff_audit.markdown.prompts import command_syntax, dated, instructions, orders
    from handoff_audit.markdown.prose import agent_front_matter

    folder = agent_folder(path)
    if folder is not None:
        return agent_file_said(folder)
    # a dated file under such front matter is a note dressed as a command, judged as a note
    if (key := agent_front_matter(text)) is not None and not dated(path, text):
        return command_said(key)
    how_to = instructions(text)
    # one stray `$ARGUMENTS` or instruction line, or front matter alone, makes no note a how-to
    slot = command_syntax(text) is not None and gate.reads_as_handoff(text)
    stray = len(how_to) == 1 and gate.below_a_note(text, how_to)
    if how_to and not (slot or stray or gate.front_matter_alone(text)):
        return how_to_said(how_to)
    commands = orders(text)
    return orders_said(commands) if commands else None


def _template_message(blanks: list[Placeholder]) -> str:
    kinds = sorted({blank.what for blank in blanks})
    return (
        f"still a template: {len(blanks)} lines are placeholders ({', '.join(kinds)}; "
        f"{quoted_lines([(b.line, b.text) for b in blanks])}); write what this session did, "
        "what is true now and the next step in their place, or delete the file"
    )
