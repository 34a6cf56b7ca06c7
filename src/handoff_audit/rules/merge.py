"""Rules that block a merge into a protected branch while handoff files are still in it."""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from handoff_audit import controls, lookalike, shell
from handoff_audit.config import Config, setting_line, setting_place
from handoff_audit.credentials import redact
from handoff_audit.git.agent_notes import exempt_by_name, lfs_pointer
from handoff_audit.git.facts import protected
from handoff_audit.git.protected import is_protected, on_protected_branch
from handoff_audit.globs import NEGATE, literal
from handoff_audit.markdown.agent_command import reads_as_handoff
from handoff_audit.markdown.compare import compare
from handoff_audit.model.context import AuditContext
from handoff_audit.model.findings import Severity
from handoff_audit.model.packet import (
    Packet,
    agent_folder,
    is_finished,
    named_block_file,
    odd_status,
    read_as_other,
    spelled_out,
    template_folder,
)
from handoff_audit.model.repo_history import History, LinkedFolder, Unfinished
from handoff_audit.rules.base import Hit, Rule
from handoff_audit.schema.foreign import has_packet_fields, is_foreign

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
a fullwidth letter, a combining mark); a file whose name only reads as a JSON packet's
(`handoff.json `, `.handoff /x.json`), which the audit does not read as a packet, is blocked the
same way in a pull request; and a
`handoff.md` with no `handoff.json` beside it; a `handoff.md` beside a `handoff.json` that is no
packet the gate judges,
another tool's file or one without the fields a packet has (a finished packet in a team's own
`schema` whose twin `render --write` made is one), or that the base's `packets` leaves out, or
beside a finished packet (`archived`, `superseded`) whose twin it is not, saying other than what
`render --write` writes (`md-mismatch`'s comparison, whatever level the pull request gives that
rule), is blocked when it reads as a handoff, with sections such as State and Next step or the
same said in prose, whatever the pull request's own `schema` level or `packets`). A series of
dated handoffs (`docs/handoffs/2025-11-23-auth.md`, the `series` setting) is a record the project
keeps, and is not blocked unless `block-files` names it; nor are `CONTINUE.md`, `SESSION_NOTES.md`,
`handover.md`, `SESSION_STATE.md` and `SESSION_LOG.md`, which are audited but often kept on
purpose. An agent's command, prompt or skill folder (`prompts/`, `.claude/commands/`, a
folder of templates) is no way
around it: a file there is blocked when a `block-files` glob matches it (in any letter case, as
anywhere) and its name is not all lower case (`docs/prompts/HANDOFF.md`, `prompts/Handoff.md`; a
lower-case `session-handoff.md` or a lone `handoff.md` there is a command's while its body reads as
one, front matter such as `description:` aside: `$ARGUMENTS`, a template to fill, or more
instruction lines than lines that hand work over (the sections a "with these sections:" line asks
for, each described, are what to write, as are those "Before you stop, update HANDOFF.md:" or "At
the end of every session create docs/handoffs/YYYY-MM-DD-topic.md containing:" asks for, unless
their lines state facts, a file, a number or a line: "fails on GBP in src/pay/fx.py";
nothing inside an HTML comment or a link reference definition (`[//]: # ($ARGUMENTS)`)
counts, as GitHub shows none of it); one that reads as a
handoff, with sections such as State and Next step, is blocked whatever its front matter or
one stray instruction line; such a file, and a `handoff.md` beside another tool's JSON, is read in
UTF-16 or UTF-32 too, with a byte order mark or without, as its reader reads it; a Git LFS pointer
there, whose text is stored where the gate does not read, is blocked as a file the gate cannot
read). A file elsewhere blocked by a name all in lower case (a lone `handoff.md`) that the gate
reads so, as no handoff, and that `not-a-handoff` calls no handoff for what it says (a skill a
package ships in `src/pkg/assets/`) is not blocked. The action sets its `blocked` output.
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
already has the file, the message names the `block-files` line that leaves it out, in the syntax
of the configuration in use (not for a name the gate reads as another, `HANDOFF.md `, which
it blocks as the name a reader sees). Make this check required in the branch protection
rules so that GitHub refuses the merge while it fails. A suppression inside the file
(`<!-- handoff-audit: ignore handoff-in-merge … -->`) cannot open the gate: it silences
nothing and is reported as `invalid-suppression`. Only the configuration can (`rules:
{handoff-in-merge: "off"}`), and on a pull request or a merge queue entry the action reads this
rule's level, `block-files`, `protected-branches`, `packets` and `series` from the configuration
as the base commit has it: a pull request that adds or edits `.handoff-audit.yml` to open the
gate is still blocked (with a notice naming the file).
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
and set `packets` without it (a `handoff.md` beside it that reads as a handoff is a working
note, blocked by `handoff-in-merge`).

A tracked symbolic link that the pull request adds or changes (since its merge base with the
target: a link the target removed or changed since is not the pull request's, nor one the target
has as the pull request has it, both having added it since, as after a cherry-pick) as a folder a
`packets` glob names before its first wildcard (`.handoff` -> `notes` for `.handoff/**/*.json`,
with an active packet in `notes/`) counts as such a packet: after the merge its packets are
where agents look, and the audit does not read packets through a link. So does a link below a
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

RULES = (
    HANDOFF_IN_MERGE,
    ACTIVE_IN_MERGE,
)


def check(ctx: AuditContext) -> Iterator[Hit]:
    """When the merge target is protected, name every block file and every active packet (those
    outside the paths audited too, read from the commit checked); when the branch checked is
    itself protected, name every block file on it."""
    facts = ctx.history
    work = [p for p in ctx.packets if p.ref is None]
    if facts is not None and facts.block_files is not None:
        blocked = set(facts.block_files)
        texts = facts.agent_notes
        beside = {md for md, data in facts.beside_json.items() if not _packet(data, texts.get(md))}
    else:
        names = {p.path for p in work} | {p.markdown_path for p in work if p.markdown_path}
        blocked = {name for name in names if named_block_file(name, ctx.config, names.__contains__)}
        twins = {p.markdown_path: p for p in work if p.kind == "json" and p.markdown_path}
        beside = {
            md
            for md, p in twins.items()
            if p.data is not None
            and not _packet(p.data, p.markdown_text)
            and named_block_file(md, ctx.config)
        }
        texts = {md: twins[md].markdown_text for md in beside}
    lfs = {name for name, text in texts.items() if text is not None and lfs_pointer(text)}
    notes = {name for name, text in texts.items() if text is None or reads_as_handoff(text)}
    notes |= lfs
    blocked = {name for name in blocked if name in notes or not exempt_by_name(name)}
    # A markdown file is a packet's twin only beside a packet the gate judges: beside another
    # tool's JSON, or one without a packet's fields, it is a working note when it reads as one.
    blocked |= {md for md in beside if md not in texts or md in notes}
    unread = _unread(work) | lfs
    branch = facts.branch if facts is not None else ctx.target.branch
    patterns = protected(ctx.target, ctx.config, facts)
    loose = _loose(work, blocked, unread)
    if on_protected_branch(ctx.target, branch, patterns):
        staged = facts.staged_block_files if facts is not None else frozenset()
        merging = ctx.target.staged is not None and ctx.target.staged.merge_head is not None
        for path in sorted(blocked):
            named = _named(
                path, read_as_other(path, ctx.config), spelled=spelled_out(path, ctx.config)
            )
            if path in staged:
                hit = _staged_on_protected(
                    named, path, branch, unread=path in unread, merging=merging
                )
            else:
                hit = _on_protected(named, path, branch, unread=path in unread)
            yield replace(hit, note=path in loose)
        return
    if not is_protected(ctx.target, patterns):
        return
    target = ctx.target.target_branch
    # A name that only reads as a packet's (``handoff.json `` with a trailing space) is no packet
    # the audit reads, yet one where agents look once merged: a note the gate cannot judge.
    packets = (facts.lookalike_packets if facts is not None else frozenset()) - blocked
    kept = facts.on_target if facts is not None else frozenset()
    for hit in _merged(blocked | packets, target, ctx.config, kept - lfs, (unread, lfs, packets)):
        yield replace(hit, note=hit.path in loose - packets)
    yield from _active(ctx, work, facts, target)


def _loose(work: list[Packet], blocked: set[str], unread: set[str]) -> frozenset[str]:
    """The hand-written files of ``work`` blocked by a name all in lower case (a command's or a
    skill's name, ``handoff.md``, as in an agent's folder) whose text the gate reads as handing
    no work over (`reads_as_handoff`; not a Git LFS pointer nor a file it could not read):
    blocked by their name alone (`Hit.note`). A name in capitals (``HANDOFF.md``) is a working
    note's, whatever it says."""
    return frozenset(
        p.path
        for p in work
        if p.kind == "markdown"
        and p.path in blocked
        and p.path.rpartition("/")[2].islower()
        and p.path not in unread
        and p.text is not None
        and not lfs_pointer(p.text)
        and not reads_as_handoff(p.text)
    )


def _active(
    ctx: AuditContext, work: list[Packet], facts: History | None, target: str | None
) -> Iterator[Hit]:
    """Every unfinished packet (of ``work``, and those the audit did not read) in what would be
    merged into the protected ``target``.

    Only a status of exactly "archived" or "superseded" shows the work finished. A packet that
    cannot be read (over max-file-bytes, not JSON), or whose status is "Active", null or
    missing, blocks whatever level invalid-json or schema has and whatever schema the pull
    request brings: both are the pull request's own, and would otherwise open the gate.
    Another tool's JSON file (`is_foreign`, or one holding no object, `Packet.shape`, while the
    bundled schema judges) is no packet, whatever its status: its one `schema` finding says to
    leave it alone."""
    active = {
        p.path: _unfinished(p)
        for p in work
        if p.kind == "json" and p.shape is None and not _finished(p)
    }
    if facts is not None and facts.unaudited_active is not None:
        active.update(facts.unaudited_active)
    if ctx.config.schema is None:
        active = {path: u for path, u in active.items() if not is_foreign(u.data, path)}
    for path, unfinished in sorted(active.items()):
        yield _active_into_protected(path, target, unfinished)
    for path in sorted(facts.linked_packets if facts is not None else ()):
        yield _linked_into_protected(path, target)
    for path, linked in sorted((facts.linked_folders if facts is not None else {}).items()):
        if found := _through(linked, packets=ctx.config.schema is not None):
            hit = _kept_link if linked.kept else _linked_folder
            yield hit(path, (linked.target, found), target)


def _through(linked: LinkedFolder, *, packets: bool) -> dict[str, tuple[str, ...]]:
    """The files found through ``linked`` that the gate stops, each with the keys whose globs
    find it: an unfinished packet only while it is no other tool's file (``packets``: a team's
    own `schema` judges, so every one is a packet), as `_active` judges one at its path."""
    found: dict[str, tuple[str, ...]] = {}
    for path, keys in linked.found.items():
        unfinished = linked.unfinished.get(path)
        foreign = not packets and unfinished is not None and is_foreign(unfinished.data, path)
        if kept := tuple(key for key in keys if key != "packets" or not foreign):
            found[path] = kept
    return found


def _linked_into_protected(path: str, target: str | None) -> Hit:
    """The symbolic link ``path`` on the way of a ``packets`` glob (``.handoff`` -> ``notes``)
    in what would be merged into the protected ``target``."""
    return Hit(
        ACTIVE_IN_MERGE,
        path,
        f"{_named(path, False)} is a symbolic link where the `packets` globs look for packets, "
        f"and it would be merged into the protected branch {target}: the audit does not read "
        "packets through a link, so nothing shows that the work of those it leads to is finished; "
        "replace the link by the folder it leads to (a real folder holding the packets), or "
        f"remove it (`{shell.git()} rm -- {shell.from_top(path)}`) before merging",
    )


def _linked_folder(
    path: str, linked: tuple[str, dict[str, tuple[str, ...]]], target: str | None
) -> Hit:
    """The symbolic link ``path`` to the folder ``linked`` (from the top folder, with the files
    found through it and the keys whose globs find each) below a glob's first wildcard,
    through which the globs find files they do not find where those are, in what would be
    merged into the protected ``target``: `handoff-in-merge` when one of them is a working
    note's."""
    folder, found = linked
    first, more = min(found), len(found) - 1
    files = f"{first} and {more} more" if more else first
    by = {key for keys in found.values() for key in keys}
    keys = " and ".join(f"`{key}`" for key in ("packets", "series", "block-files") if key in by)
    return Hit(
        HANDOFF_IN_MERGE if "block-files" in by else ACTIVE_IN_MERGE,
        path,
        f"{_named(path, False)} is a symbolic link to the folder {folder or '.'}, through "
        f"which the {keys} globs find {files}, and it would be merged into the protected branch "
        f"{target}: the audit does not read files through a link, so they were never "
        f"audited; remove the link (`{shell.git()} rm -- {shell.from_top(path)}`) and "
        "commit the files themselves where the globs look, or leave them out of the pull "
        "request, before merging",
    )


def _kept_link(
    path: str, linked: tuple[str, dict[str, tuple[str, ...]]], target: str | None
) -> Hit:
    """The symbolic link ``path`` of the protected ``target``, which the merge keeps, to the
    folder ``linked`` (with the files the branch adds or changes there that the globs find
    through it, and the keys whose globs find each): the link is the target's to keep, the
    files are the branch's to finish or leave out."""
    folder, found = linked
    first, one = min(found), len(found) == 1
    files = first if one else f"{first} and {len(found) - 1} more"
    by = {key for keys in found.values() for key in keys}
    keys = " and ".join(f"`{key}`" for key in ("packets", "block-files") if key in by)
    fixes = []
    if packets := sorted(name for name, keys in found.items() if "packets" in keys):
        archive = f"handoff-audit archive {shell.fix_path(packets[0])}"
        fixes.append(f"finish the work of each packet and mark it done (`{archive}`)")
    if notes := sorted(name for name, keys in found.items() if "block-files" in keys):
        real = posixpath.join(folder, notes[0][len(path) + 1 :])
        fixes.append(f"delete each working note (`{shell.git()} rm -- {shell.from_top(real)}`)")
    # the advice apart: the markdown verdict's `git rm` of the finding's path would remove the
    # target's link (`merge_advice`)
    advice = (
        f"{' and '.join(fixes)}, or leave {'it' if one else 'them'} out of the pull request, "
        "before merging"
    )
    return Hit(
        HANDOFF_IN_MERGE if "block-files" in by else ACTIVE_IN_MERGE,
        path,
        f"{_named(path, False)} is a symbolic link the protected branch {target} has, to the "
        f"folder {folder or '.'}, where this branch adds or changes {'a file' if one else 'files'}"
        f" that the {keys} globs find through it, {files}: once merged "
        f"{'it is' if one else 'they are'} where agents look, and the audit does not read files "
        f"through a link, so {'it was' if one else 'they were'} never audited; {advice}",
        advice=advice,
    )


def _packet(data: dict[str, Any] | None, markdown: str | None) -> bool:
    """Whether the JSON object ``data`` beside a markdown file of its name (its text
    ``markdown``, ``None`` when unread) is a packet the gate judges, so that the markdown is its
    twin: an unfinished one with the bundled schema's fields (`active-in-merge` gates it
    itself), or one whose status is a packet's (a finished one, or "active"), with the bundled
    schema's fields or as a team's own `schema` writes them, and whose markdown says what it
    says (`render --write` made it, as `md-mismatch` compares them). Neither depends on the
    pull request's `schema` or `md-mismatch` setting or level (``None``: no packet the gate
    reads)."""
    if data is None:
        return False
    if has_packet_fields(data) and not is_finished(data):
        return True
    known = is_finished(data) or data.get("status") == "active"
    # the audit reads a twin without its UTF-8 byte order mark, and compares it so
    return known and markdown is not None and not compare(data, markdown.removeprefix("\ufeff"))


def _finished(packet: Packet) -> bool:
    """True when the JSON ``packet`` was read and its status is exactly a finished one."""
    return packet.data is not None and is_finished(packet.data)


def _unfinished(packet: Packet) -> Unfinished:
    """What the gate says of the unfinished JSON ``packet``."""
    if packet.data is None:
        return Unfinished(None)
    return Unfinished(packet.position("/status"), odd_status(packet.data), packet.data)


def _active_into_protected(path: str, target: str | None, unfinished: Unfinished) -> Hit:
    """The unfinished packet ``path`` in what would be merged into the protected ``target``."""
    archive = f"handoff-audit archive {shell.fix_path(path)}"
    position = unfinished.position
    if position is None:
        return Hit(
            ACTIVE_IN_MERGE,
            path,
            f"this packet would be merged into the protected branch {target}, and it cannot be "
            "read (over `max-file-bytes`, not a JSON object, or not a regular file), so nothing "
            "shows that the work it hands off is finished; make it a readable packet and run "
            f"`{archive}`, or drop it from the pull request",
        )
    line, column = position
    if unfinished.odd is not None:
        render = f"handoff-audit render --write {shell.fix_path(path)}"
        return Hit(
            ACTIVE_IN_MERGE,
            path,
            f"this packet would be merged into the protected branch {target}, and "
            f'{unfinished.odd}, not "archived" or "superseded", so nothing shows that the work '
            'it hands off is finished; once it is, set `"status": "archived"` in the packet '
            f"and re-render its twin (`{render}`), or drop it from the pull request",
            line,
            column,
            "/status",
        )
    return Hit(
        ACTIVE_IN_MERGE,
        path,
        f"this active packet would be merged into the protected branch {target}: the work "
        f"it hands off is not finished; finish it and run `{archive}` (or `supersede --by "
        "NEW`), or drop it from the pull request",
        line,
        column,
        "/status",
    )


ASKS_FOR_CONTENT = frozenset({"md-incomplete", "placeholder"})
"""Rules whose fix adds to or fills in a handoff file: on a file `handoff-in-merge` finds already
on a protected branch (`Hit.retires`), the audit drops them, so that the author is not told both
to complete the file and to delete it. In a pull request they stay: the note guides the
sessions that finish the work, and the gate asks to delete it only then."""


def left_out(rules: list[str]) -> str:
    """What ends the message of the `handoff-in-merge` finding that retired a file, when the
    audit dropped ``rules`` (one entry per finding, of `ASKS_FOR_CONTENT`) from it: the same file
    checked on another branch gets them, and the reader is told why they are missing here."""
    counts = {rule: rules.count(rule) for rule in sorted(set(rules))}
    named = ", ".join(
        f"{count} `{rule}` finding{'s' if count > 1 else ''}" for rule, count in counts.items()
    )
    return (
        f"; left out here: {named} (what it lacks as a handoff, which `check` reports on other "
        "branches), as completing a file that is to be deleted is no fix; they are reported "
        "here too once `block-files` leaves the file out"
    )


def _on_protected(named: str, path: str, branch: str | None, *, unread: bool) -> Hit:
    """The block file ``path`` (as the message names it: ``named``) already on the protected
    ``branch``."""
    says = (
        "it could not be read, and a handoff does not belong here"
        if unread
        else "a working note does not belong there"
    )
    return Hit(
        HANDOFF_IN_MERGE,
        path,
        f"{named} is on the protected branch {branch}: {says}; delete it "
        f"(`{shell.git()} rm -- {shell.from_top(path)}`) and move what is still worth keeping "
        "into the docs or an issue, or, when the file belongs here, leave it out of `block-files`",
        retires=True,
    )


def _staged_on_protected(
    named: str, path: str, branch: str | None, *, unread: bool, merging: bool
) -> Hit:
    """The block file ``path`` (as the message names it: ``named``) that the commit being made
    on the protected ``branch`` adds or changes (the pre-commit hook): only in the index, so
    `git rm` alone would refuse it."""
    says = (
        "it could not be read, and a handoff does not belong there"
        if unread
        else "a working note does not belong there"
    )
    commit = "merge" if merging else "commit"
    return Hit(
        HANDOFF_IN_MERGE,
        path,
        f"this {commit} would put {named} on the protected branch {branch}: {says}; take "
        f"it out of the {commit} (`{shell.git()} rm --cached -- {shell.from_top(path)}` keeps the "
        "file on disk, unstaged) and move what is still worth keeping into the docs or an issue, "
        "or, when the file belongs there, leave it out of `block-files`",
        retires=True,
    )


def _into_protected(
    named: str,
    path: str,
    target: str | None,
    *,
    unread: bool,
    lfs: set[str],
    packets: frozenset[str],
    also: str = "",
) -> Hit:
    """The block file ``path`` (as the message names it: ``named``) in what would be merged
    into the protected ``target``; ``lfs``:
    the Git LFS pointers, whose text is stored where the gate does not read; ``packets``: the
    names that only read as a packet's (`model.packet.lookalike_packets`); ``also``: the other
    way, for a file the target already has (`_kept_on`)."""
    says = (
        "it is stored in Git LFS, so the gate cannot read it; remove it from the pull request"
        if path in lfs
        else "the audit does not read it as a packet; remove it from the pull request"
        if path in packets
        else "it is still in the pull request, though it could not be read; delete it"
        if unread
        else "a working note does not belong there; once the work is done, delete it"
    )
    return Hit(
        HANDOFF_IN_MERGE,
        path,
        f"{named} would be merged into the protected branch {target}: "
        f"{says} in a commit "
        f"after the last work (`{shell.git()} rm -- {shell.from_top(path)} && "
        f'{shell.git()} commit -m "handoff: done"`) before merging{_agent_note(path)}{also}',
    )


def _merged(
    blocked: set[str],
    target: str | None,
    config: Config,
    kept: frozenset[str],
    unread_lfs: tuple[set[str], set[str], frozenset[str]],
) -> Iterator[Hit]:
    """The block files ``blocked`` in what would be merged into the protected ``target``;
    ``kept``: those the target already has; ``unread_lfs``: those that could not be read,
    those that are Git LFS pointers, and the names that only read as a packet's."""
    unread, lfs, packets = unread_lfs
    for path in sorted(blocked):
        packet = path in packets
        # a `!` entry naming a name the gate reads as another (``HANDOFF.md ``) leaves it in
        read_as = packet or read_as_other(path, config)
        named = _named(path, read_as, packet=packet, spelled=spelled_out(path, config))
        also = _kept_on(path, target, config) if path in kept and not read_as else ""
        yield _into_protected(
            named, path, target, unread=path in unread, lfs=lfs, packets=packets, also=also
        )


def _kept_on(path: str, target: str | None, config: Config) -> str:
    """The other way for the block file ``path`` that the protected ``target`` already has (a
    rolling handoff a project keeps there on purpose): the `block-files` line without it, in
    the syntax of the configuration in use."""
    line = setting_line(
        config.key_file, "block-files", [*config.block_files, NEGATE + literal(path)]
    )
    return (
        f"; or, if this repository keeps {path} on {target} on purpose, leave it out of "
        f"`block-files` {setting_place(config.key_file)}: `{line}`"
    )


def _named(path: str, read_as: bool, *, packet: bool = False, spelled: bool = False) -> str:
    """``path`` as a message names it: with the name a reader sees (`lookalike.seen_name`) when
    the gate found it under that name (``read_as``, `model.packet.read_as_other`) or a reader
    misses some of its characters (`lookalike.hides_characters`) that no glob spells
    (``spelled``, `model.packet.spelled_out`), each character that reads as another or as
    nothing shown as an escape; ``packet``: that name is a packet's. Both names redacted alike
    (the audit leaves a credential in a span that is a file's name as it is)."""
    seen = lookalike.seen_name(path)
    if seen == path or not (read_as or (lookalike.hides_characters(path) and not spelled)):
        return controls.formats_shown(path)
    shown_as = redact(seen)
    if controls.visible(path) == seen and not packet:
        name = redact(controls.formats_shown(path))
        return f"{name} (shown as {shown_as}: its name holds invisible characters)"
    kind = "a packet's name" if packet else "a working note's name"
    return (
        f"{redact(lookalike.shown(path))} (read as {shown_as}, {kind}: its name holds characters "
        "that look like others, or spaces or dots a reader does not see at the ends of its parts)"
    )


def _agent_note(path: str) -> str:
    """What to do when the block file ``path`` in an agent's folder is an instruction that
    belongs there; empty elsewhere."""
    folder = agent_folder(path)
    if folder is None:
        return ""
    if template_folder(folder):
        return (
            f"; it is in {folder}, a folder of templates the repository's code may load, but its "
            "name is a working note's: if it is a template the code loads, leave it where it is "
            "and out of `block-files` (on a pull request, the base branch's configuration decides)"
        )
    return (
        f"; it is in {folder}, where an agent's commands and prompts live, but its name is a "
        "working note's: if it is an instruction that belongs there, rename it, or leave it out "
        "of `block-files` (on a pull request, the base branch's configuration decides)"
    )


def _unread(packets: list[Packet]) -> set[str]:
    """The markdown files of ``packets`` that could not be read (their `invalid-json` finding
    says why): nothing can be said of what they say."""
    return {
        packet.markdown_path
        for packet in packets
        if packet.markdown_path is not None and packet.markdown_text is None
    }
