"""The merge-gate rules' declarations: id, default severity, summary and documentation, once
(`rules/merge.py` checks them)."""

from __future__ import annotations

from handoff_audit.model.findings import Severity
from handoff_audit.rules.base import Rule

HANDOFF_IN_MERGE = Rule(
    id="handoff-in-merge",
    default=Severity.ERROR,
    summary=(
        "a pull request or merge queue entry into a protected branch, or the protected branch "
        "itself, carries a `block-files` file"
    ),
    doc="""\
**Why.** A `HANDOFF.md` says "the work is not finished, here is where it stands". Once it lands
on the main branch it is wrong for everyone who reads it there, and it stays wrong.

**Example.** A pull request from `feat/refund` into `main` still contains `HANDOFF.md`. The
target is protected when it matches `protected-branches` (default: the repository's default
branch, the first that exists of `origin/HEAD`'s target, `main`, `master`, `trunk`, `develop`;
in a pull request, then its base); the files checked are those of the commit checked that match
`block-files` (default: the single working notes, in any folder: `HANDOFF.md`,
`SESSION_HANDOFF.md`, `NEXT_SESSION.md`, `HANDOVER.md`, `AGENT_HANDOFF.md`, `CLAUDE_HANDOFF.md`,
`HANDOFF_NOTES.md`, `SESSION-HANDOFF.md`, `session-handoff.md`, `NEXT-SESSION.md`,
`HANDOFF_NEXT_SESSION.md`, `HANDOVER_NOTES.md`, in any letter case and with any invisible
character in the name (`HAND\\u200bOFF.md`, which GitHub shows as `HANDOFF.md`; a variation
selector, a filler, a tag character too: Unicode's default ignorable code points), or under a
name that reads as one (`HANDOFF.md ` with a space or a no-break space at an end of the name or
of a folder's, `HANDOFF.md.`, a Cyrillic, Greek, Lisu or Coptic letter, or any other that
Unicode's confusables list draws as a Latin one, `HAND\\u041eFF.md`, a dot drawn as `.`,
a fullwidth letter, a combining mark), or under another markdown extension, `HANDOFF.markdown`,
`HANDOFF.mdown`, `.mdwn`, `.mkd`, `.mkdn`, `.mkdown` (every one GitHub shows as markdown) or
`HANDOFF.mdx`, or under a near name, a copy's (`HANDOFF copy.md`, `HANDOFF (1).md`), a doubled
extension (`HANDOFF.md.md`), a space or dots before the extension (`HANDOFF .md`, `HANDOFF..md`)
or a leading dot (`.HANDOFF.md`), unless a glob names it so; a file whose name only reads as a
JSON packet's (`handoff.json `, `.handoff /x.json`), which the audit does not read as a packet, is
blocked the same way in a pull request; and a
`handoff.md` with no `handoff.json` beside it; a `handoff.md` beside a `handoff.json` that is no
packet the gate judges,
another tool's file or one without the fields a packet has (a finished packet in a team's own
`schema` whose twin `render --write` made is one), or that the base's `packets` leaves out, or
beside a finished packet (`archived`, `superseded`) whose twin it is not, saying other than what
`render --write` writes (`md-mismatch`'s comparison, whatever level the pull request gives that
rule), is blocked when it reads as a handoff, with sections such as State and Next step or the
same said in prose, whatever the pull request's own `schema` level or `packets`; a `HANDOFF.md`
that is the twin of a `HANDOFF.json` is still a name `block-files` gives a working note, blocked
however it is committed: the finding gives the `git mv` of both to `handoff.json` and
`handoff.md`, a packet's name). A series of
dated handoffs (`docs/handoffs/2025-11-23-auth.md`, the `series` setting) is a record the project
keeps, and is not blocked unless `block-files` names it; nor are `CONTINUE.md`, `SESSION_NOTES.md`,
`handover.md`, `SESSION_STATE.md` and `SESSION_LOG.md`, which are audited but often kept on
purpose. An agent's command, prompt or skill folder (`prompts/`, `.claude/commands/`, a
folder of templates) is no way
around it: a file there is blocked when a `block-files` glob matches it (in any letter case, as
anywhere) and its name is not all lower case (`docs/prompts/HANDOFF.md`, `prompts/Handoff.md`; a
lower-case `session-handoff.md` or a lone `handoff.md` there is a command's while its body reads as
one, front matter such as `description:` aside: `$ARGUMENTS`, `{{args}}`, `!{cmd}` or a `# /handoff`
title, or a template to fill, unless its State and Next step sections (or labels) hold lines that
state facts, more of them than its instruction lines, each slot or blank counted as one (a note
with one `$ARGUMENTS` line stays a note, blocked), or more
instruction lines than lines that hand work over (the sections a "with these sections:" line asks
for, each described, are what to write, as are those "Before you stop, update HANDOFF.md:" or "At
the end of every session create docs/handoffs/YYYY-MM-DD-topic.md containing:" asks for, unless
their lines state facts, a file, a number or a line: "fails on GBP in src/pay/fx.py";
nothing inside an HTML comment or a link reference definition (`[//]: # ($ARGUMENTS)`)
counts, as GitHub shows none of it); one that reads as a
handoff, with sections such as State and Next step, is blocked whatever its front matter or
one stray instruction line, and so is one whose only cue is its front matter (`description:
refunds`, `allowed-tools: Bash`, no instruction line in its body) when its body says its state
and another part in lines that state facts, even in prose; such a file, and a `handoff.md`
beside another tool's JSON, is read in UTF-16 or UTF-32 too, with a byte order mark or without,
as its reader reads it; a Git LFS pointer there, whose text is stored where the gate does not
read, is blocked as a file the gate cannot read). In a folder of templates (`templates/`,
`src/pkg/templates/`), a name the pull request chooses too, such a lower-case file is blocked
as anywhere when it is a working note that states facts (a file path, a number, a code span
outside placeholders) and `placeholder` or `not-a-handoff` does not read it as a template or
instructions; a template of headings, guidance, `TBD` or `${TOPIC}`, `{topic}` blanks passes. A file
elsewhere blocked by a name all in lower case (a lone `handoff.md`) that the gate reads so, as
no handoff, and that `not-a-handoff` calls no handoff for what it says (a skill a package ships
in `src/pkg/assets/`) is not blocked. The action sets its `blocked` output.
So is a tracked symbolic link the pull request
adds or changes to a folder through which a `block-files` glob finds a note it does not find
where the note is (`docs/current` -> `../scratch` for `docs/**/HANDOFF.md`, with a
`scratch/HANDOFF.md`): the audit reads no file through a link. So is a note the pull request adds
or changes behind such a link the target already has (`scratch/HANDOFF.md` behind `main`'s
`docs/current`): the finding names the `git rm` that deletes it.
The same file already on a protected branch (a push to `main`, or `check` run there without
`--target-branch`) is reported too: it slipped past the gate, and is wrong where it is. A
branch with no commit yet (a fresh `git init`) has no file on it: a note written there is not
reported until it is committed.
The pre-commit hook judges the commit being made: one that would add or change such a file on a
protected branch is told to take it out of the commit (`git rm --cached -- :/HANDOFF.md`,
which keeps the file on disk).
The finding says a working note does not belong there, not that the work is unfinished (a note
may say everything is done). On a file already on a protected branch, `md-incomplete` and
`placeholder` are not reported: their fix would complete a file that is to be deleted. The
finding then says how many were left out, since `check` on another branch, or on the protected
one once `block-files` leaves the file out, reports them.

**Fix.** Finish the work and delete the file in a commit after the last work (`git rm HANDOFF.md
&& git commit -m "handoff: done"`) before merging; move what is still worth keeping into the
docs or an issue. A protected branch that keeps such files on purpose (examples, fixtures, a
rolling handoff its agent instructions keep) says so in `block-files`: when the target branch
already has the file, the message says so (a file the pull request leaves as the target has it
is already there: the pull request still carries it, and deleting it there deletes it from the
target once merged) and names the `block-files` line that leaves it out, in the syntax
of the configuration in use (not for a name the gate reads as another, `HANDOFF.md `, which
it blocks as the name a reader sees). Make this check required in the branch protection
rules so that GitHub refuses the merge while it fails. A suppression inside the file
(`<!-- handoff-audit: ignore handoff-in-merge … -->`) cannot open the gate: it silences
nothing and is reported as `invalid-suppression`. Only the configuration can (`rules:
{handoff-in-merge: "off"}`), and on a pull request or a merge queue entry the action reads this
rule's level, `block-files`, `protected-branches`, `packets` and `series` from the configuration
as the base commit has it: a pull request that adds or edits `.handoff-audit.yml` to open the
gate is still blocked (with a notice naming the file). One way is left open, since it lets
nothing in: a `!` entry the pull request adds to `block-files` leaves out a regular file (never
a link or a submodule) the base commit already has and the pull request does not change, as the
base has it or as it was where the branch left the base branch (as every merge base has it,
after criss-cross merges), which changed it since (a note names it), so the line the message
prints, added in a pull request of its own, passes. For a file the pull request adds or
changes, that entry is not in force until it is merged: the message says to merge the
configuration change first.
An entry the branch drops from `block-files` (or a narrower list) leaves nothing out: the message
says so, and to keep the target's entries and add a `!` one. With the Action's `block-files`
input set, the input's list replaces both configurations'. `check --target-branch` reads the
gate's settings (this rule's level, `block-files`, `protected-branches`, `packets`, `series`)
from the target's configuration the same way whenever the branch's differ (`origin/main`'s in a
clone with no local `main`), with a note naming them, so the local check and the Action agree.
""",
    blocks_merge=True,
)

ACTIVE_IN_MERGE = Rule(
    id="active-in-merge",
    default=Severity.ERROR,
    summary="a pull request or merge queue entry into a protected branch carries an active packet",
    doc="""\
**Why.** An active packet means a session handed off unfinished work. Merging it into a
protected branch ships the unfinished work and leaves an active packet on the main line that
every later session will trip over.

**Example.** A pull request into `main` contains `.handoff/refund.json` with
`"status": "active"`. The action sets its `blocked` output. Every active packet of the commit
checked counts: one in an agent's prompt folder (`prompts/handoff.json`), and one outside the
paths given to `check` or the action's `path` input too: those limit what is audited, not what
the merge carries. So does a packet file that cannot be read
(over `max-file-bytes`, not a JSON object), whatever level `invalid-json` has, and a packet
whose `status` is not exactly `archived` or `superseded` (missing, `"Active"`, `null`), whatever
level `schema` has and whatever `schema` file is configured: nothing shows that its work is
finished. Another tool's JSON file under a packet name (an orchestrator's `handoff.json` with
`"status": "in_progress"`: none of `branch`, `next_action`, `last_known_good_commit`, mostly
keys the schema does not know; or a JSON array where a packet is looked for) is no packet and
does not count while the bundled schema judges (a file under `.handoff/`, or with `"status":
"active"`, is never another tool's: it counts): its one `schema` finding says to leave it alone
and leave it out of `packets` (`extend-packets: ["!handoff.json"]`; a `handoff.md` beside it
that reads as a handoff is a working note, blocked by `handoff-in-merge`).

A tracked symbolic link that the pull request adds or changes (since its merge base with the
target: a link the target removed or changed since is not the pull request's, nor one the target
has as the pull request has it, both having added it since, as after a cherry-pick) as a folder a
`packets` glob names before its first wildcard (`.handoff` -> `notes` for `.handoff/**/*.json`,
with an active packet in `notes/`) counts as such a packet: after the merge its packets are
where agents look, and the audit does not read packets through a link. A git submodule there
(a gitlink at `.handoff`) that the target does not have as it is counts the same way, as the
audit reads no packet in a submodule: remove it (`git rm -- :/.handoff`); one under a working
note's name (`HANDOFF.md`) is blocked by `handoff-in-merge` as no file the gate can read. So
does a link below a
wildcard to a folder through which a `packets` or `series` glob finds files it does not find
where they are
(`.handoff/feat` -> `../notes/feat` for `.handoff/**/*.json`, with a `notes/feat/refund.json`;
`docs/handoffs` -> `../journal` for the series `docs/handoffs`): remove the link and commit the
files themselves where the globs look. A link that leads to another link (`.handoff/feat` ->
`../hop`, with `hop` -> `notes/feat`), or through a linked folder (`../via/feat`, with `via` ->
`notes`), is followed to the folder at the end, up to 8 links further, within the repository.
A packet found through such a link counts as one at its
path does: an archived or superseded one is none, one that cannot be read is. A link below a
wildcard to a file (an image under `docs/**`, a packet linked to another), to a folder outside
the repository, into a loop of links, or to one whose files the globs find where they are too
(or none of) is none.

A link the target has, which the merge keeps, leads there the files the pull request adds or
changes in the folder it leads to: with `.handoff/feat` -> `../notes/feat` on `main`, a branch
that adds an active `notes/feat/refund.json` brings `main` an active packet at
`.handoff/feat/refund.json`, and is blocked as if it had added the link; the finding names the
link as the target's and the packet's `handoff-audit archive` (which works through the link).
The target's own files behind the link, a finished packet, a series' file and a link the pull
request removes are none.

**Fix.** Finish the work, then mark the packet done: `handoff-audit archive PACKET` (or
`handoff-audit supersede PACKET --by NEW` when another packet took over), commit, push. Or drop
the packet from the pull request if it should never have been part of it. Replace a symbolic link
where packets are looked for by the folder it leads to, or remove it. `archive` takes only a
packet whose status is one the bundled schema knows: for one whose status is `"Active"`, `null`
or missing, write `"status": "archived"` in it and re-render its twin (`handoff-audit render
--write PACKET`). A suppression in the
packet (`"x-handoff-audit": {"ignore": {"active-in-merge": "…"}}`) cannot open the gate: it
silences nothing and is reported as `invalid-suppression`. Only the configuration can (`rules:
{active-in-merge: "off"}`), and on a pull request or a merge queue entry the action reads
this rule's level, `block-files`, `protected-branches`, `packets` and `series` from the
configuration as the base commit has it: a pull request that adds or edits `.handoff-audit.yml`
to open the gate is still blocked (with a notice naming the file).
""",
    blocks_merge=True,
)
