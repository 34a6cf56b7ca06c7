"""Rules that read the repository's history: is the packet's last known good commit real and
recent, and is the packet itself current. They judge active packets only: a superseded or
archived packet is a record of the past, and its commits are allowed to age."""

from __future__ import annotations

import time
from collections.abc import Iterator

from handoff_audit import shell
from handoff_audit.credentials import find_secrets
from handoff_audit.git.facts import FULL_HISTORY_FIX
from handoff_audit.git.pointed_paths import WorkTree, pointed_paths
from handoff_audit.model.context import AuditContext
from handoff_audit.model.findings import Severity
from handoff_audit.model.packet import Packet, in_series, kept_on_purpose, named_block_file
from handoff_audit.model.repo_history import History, PacketHistory, SeriesGuess
from handoff_audit.model.series_names import name_says
from handoff_audit.rules.base import Fix, Hit, Rule
from handoff_audit.rules.last_known_good import LKG_BEHIND, LKG_UNKNOWN, judge_lkg
from handoff_audit.rules.last_known_good import update_of as _update
from handoff_audit.rules.outdated_words import (
    UNGATED,
    log_words,
    moved_on,
    next_handoff,
    on_this_branch,
    since_of,
)
from handoff_audit.rules.outdated_words import files_of as _files
from handoff_audit.rules.outdated_words import quoted as _quote
from handoff_audit.rules.outdated_words import subject_of as _subject
from handoff_audit.rules.repoint import SINCE, check_repoint, renamed_to, repoint_since
from handoff_audit.rules.successor_chain import DeadEnd, dead_ends

PACKET_OUTDATED = Rule(
    id="packet-outdated",
    default=Severity.WARNING,
    summary="commits after the packet's last change touch files other than handoff files",
    doc="""\
**Why.** A packet describes the work as it was when it was written. When code changes after it
and the packet does not, the next session trusts a summary, a next action and a list of changed
files that no longer match the repository.

**Example.** The packet was last changed in `3c1e9a0`; three later commits changed
`src/refund.py`, `src/invoice.py` and `tests/test_refund.py`, the newest `8d2f4b7` ("fix
rounding"). The finding names the count, that newest commit and a few of its files, and, when
there are several commits, the files they changed together, so that a refreshed summary covers
them all. Commits that change only handoff files (packets, their markdown
twins, block files, a series' files and its folder's records: its index `README.md` or
`index.md`, a template, any markdown file or `.gitkeep` in or under a folder that holds a
handoff of the series) do not count, so refreshing the packet on its own never trips this rule.
A commit that only touches the packet up is no change of it: one whose JSON reads as the same
data but for keys that stamp when it was written (`x-updated`, `updated_at`, `timestamp`), only
re-indented or with a blank line added; the packet's last change is the one before it.
Nor do the merge target's commits that a merge of it ("Update branch") brought in, nor that
merge, but for what it made by hand: a conflict's resolution or an edit made in the merge is
the branch's work. A packet git ignores (`handoff.json` on a `.gitignore` line) has no commit
that changed it, not even one that deleted an earlier file of its name: its later commits are
those newer than its time in the work tree (when `new` or `update` last wrote it) by more than
a minute. Nor does a maintenance bot's commit (`dependabot`, `renovate`,
`pre-commit-ci`, `github-actions`, `greenkeeper`, `snyk-bot`, `imgbot`, `allcontributors`,
`depfu`, `pyup-bot`, by name or GitHub `…[bot]@users.noreply.github.com` address; Mend or
WhiteSource Renovate, ImgBot and Snyk by their own addresses too, `bot@renovateapp.com`,
`renovate@whitesourcesoftware.com`, `ImgBotHelp@gmail.com`, `snyk-bot@snyk.io`): a dependency
bump is no work the packet should have recorded. Any other bot's commit counts, a coding agent
working as a GitHub app (`claude[bot]`) or a merge bot (`bors[bot]`), and so does every merge
commit, whoever made it. A merge is never the packet's own last change, though: it only brought
the packet in. The last change is the commit that wrote it, and the commits after that merge
are the later ones, not those the merge joined it with.

**Fix.** Refresh the packet with `handoff-audit update` (`--summary`, `--next-action`, `--verify
CMD`; changed files are taken from git, the twin is re-rendered), in the same commit as the work
or right after it (with neither `--summary` nor `--next-action` it is refused: its words miss them).

**Several topics on one branch.** A later commit that also changes another active packet of
the branch (or its twin) is that topic's work and does not count against this packet (A's code
committed with A's refreshed packet leaves B's packet current, and the other way round); a
commit that changes only other files tells nobody whose work it is, so it counts against every
topic's packet older than it. The agent hook's fix tells those apart: a topic whose own files (its
`verdict_pointer`, its `pointers`, and the `changed_files` no other topic lists) the commits did
not touch, when they touched only the other topics' files, is refreshed with `update PACKET
--verify CMD`, which keeps its summary and next action (`--summary` would replace them with
another topic's news), without `--from-transcript` (the session that made those commits worked
on the other topic: its commands and failures are not this packet's); the topic whose files
they touched is asked for a new `--summary`.
""",
    fix=Fix.REFRESH,
)

HANDOFF_OUTDATED = Rule(
    id="handoff-outdated",
    default=Severity.WARNING,
    summary=(
        "a markdown-only handoff: commits after its last change touch other files (the "
        "counterpart of `packet-outdated`)"
    ),
    doc="""\
**Why.** A hand-written `HANDOFF.md` describes the work as it was when it was written. When the
code changes after it and the note does not, the next session trusts a state, a next step and
pointers that are no longer true: the note that is now a lie.

**Example.** `HANDOFF.md` was last changed in `3c1e9a0`; three later commits changed
`src/refund.py`, the newest `8d2f4b7` ("fix rounding"). The finding names the count and that
newest commit. A file moved with no word changed (`git mv HANDOFF.md docs/handoffs/003-auth.md`)
is as old as its last change under its earlier name. Commits that change only handoff files do
not count, nor those that change only a series folder's records (its index
`docs/handoffs/README.md`, a template, any markdown file in or under a folder that holds a
handoff of the series; code and text files there are work, and so
is any file in a folder that holds no handoff, however it is named), nor a maintenance bot's
commit (`dependabot`, `renovate`, `pre-commit-ci`, `github-actions`, `greenkeeper`, `snyk-bot`,
`imgbot`, `allcontributors`, `depfu`, `pyup-bot`, by name or GitHub
`…[bot]@users.noreply.github.com` address; Mend or WhiteSource Renovate, ImgBot and Snyk by
their own addresses too, `bot@renovateapp.com`, `renovate@whitesourcesoftware.com`,
`ImgBotHelp@gmail.com`, `snyk-bot@snyk.io`; a coding agent's or merge bot's commit, `claude[bot]`,
`bors[bot]`, and any merge commit count). On a branch other than
its merge target (`--target-branch`, else the default branch), the current file of a series
the branch did not write or change is the project's record, not the branch's handoff: only
the commits up to the merge base count against it (those on the target after it), not the
branch's own, and the finding says so ("2 later commits on the merge target, up to where this
branch began"). A branch that added or changed an older file of the series
(`docs/sessions/next-session-context.md`) wrote into it: its own commits count. The file's last
change is the commit that wrote it, as `git log -- FILE` names it, never a merge, which only
brought it in: the default branch and a branch made from it name the same commit. The commits
after that merge are the later ones, not the default branch's commits it merged with the file
(they came before the file was there). A note the default branch already has, judged on a
branch, counts the branch's own later commits, and says so with every commit since its last
change, or since the merge that brought it in ("1
later commit on this branch (32 commits since the merge that brought it in)"). A file git
ignores (a `.claude/handoffs/` series kept out of git) is no record and has no commit that
changed it: the commits newer than its time in the work tree (a `touch` that changes no word
leaves it as it was) by more than a minute count against it. A commit that only touches the
file up is no change of it: whitespace, blank lines, or only a line that stamps a date or time
(`Date: 2026-12-06`, `_Last updated …_`) changed; nor is one that only takes credentials out
(`PLAID_SECRET=<redacted>`, a line holding one removed): it says nothing new of the work. The
file's last change is the one before it.

**A note per package.** When working notes of one name sit in folders side by side, neither
above the other (`packages/a/NEXT_SESSION.md`, `packages/b/NEXT_SESSION.md`; not
`docs/HANDOFF.md` beside `.claude/SESSION_NOTES.md`), each speaks for its own folder:
only the commits that change files under it count against it (a commit changing only
`packages/b/src/mod_b.py` leaves package a's note current), when that folder holds work of
its own (a file other than documents and pictures). It still does after the branch deleted
the other package's note (finished it as the merge gate asks) or moved it away: a note of its
name that the branch's own commits removed counts as one beside it. A note at the root, and
notes in folders of notes alone (`spikes/spike1/HANDOFF.md`, `spikes/spike2/HANDOFF.md`),
still cover every file.
A note that `block-files` leaves out on purpose with a `!` entry (`!packages/a/NEXT_SESSION.md`)
is kept on the default branch: the finding asks to add to it, never to delete it.
A note no `block-files` glob names (`SESSION_STATE.md`, `SESSION_NOTES.md`,
`SESSION_LOG.md`, `CONTINUE.md`, `handover.md`: names projects keep current on their default
branch on purpose, docs/handoff-names.md) is not blocked from it as `HANDOFF.md` is, so on the
default branch this warning is all that says it is stale: the finding says so, and that
`--fail-on warning` fails on it (a `block-files` entry naming it blocks it instead).

**Fix.** Add what changed to the file (where the work stands now, the next step), in the same
commit as the work or right after it; or, when the work is done, delete the file in a commit
after the last work (`git rm HANDOFF.md`), which is how a hand-written handoff is finished.
A running log (`SESSION_LOG.md`, a name ending in "log" or "journal") that no `block-files`
glob names is kept and added to, never deleted: the finding asks for an entry for the commits
since, with the next step unless a working note in its folder (`SESSION_HANDOFF.md`) carries it.
A dated series' current file is a record, never deleted: add to it, or write the series' next
dated file (in a numbered series, `docs/handoffs/002-auth.md`, its next number in the same
format: `003-<topic>.md`, and `003_<topic>.md` after `002_auth.md`). A series' live file
(`docs/handoffs/current-session.md`, `CURRENT_HANDOFF.md`, `LATEST.md`) is kept up to date in
place: add what changed to it.
""",
    fix=Fix.MD_REFRESH,
)

PACKET_AGE = Rule(
    id="packet-age",
    default=Severity.WARNING,
    summary="the packet's last change is older than `max-age-days`",
    doc="""\
**Why.** An active packet that nobody touched for weeks is rarely still true: the work was
finished, abandoned or moved elsewhere, and the next session should not start from it.

**Example.** `max-age-days` is 14 and the commit that last changed `.handoff/refund.json` is 40
days old (its committer date). A packet with uncommitted changes counts as fresh; one git
ignores counts from its time in the work tree, when it was last written.

**Fix.** If the work goes on, refresh the packet. If it is done, archive it
(`handoff-audit archive PACKET`); if another packet took over, supersede it
(`handoff-audit supersede PACKET --by NEW`). Raise `max-age-days` for slower projects.
""",
    fix=Fix.REFRESH,
)

HISTORY_UNAVAILABLE = Rule(
    id="history-unavailable",
    default=Severity.WARNING,
    summary="the history needed to judge staleness is not there and could not be fetched",
    doc="""\
**Why.** The staleness rules need git history. Saying nothing when it is missing would let a
stale packet pass as fresh, so the audit says what it could not judge instead.

**Example.** CI checks out with `actions/checkout` and its default `fetch-depth: 1`; the packet's
last known good commit is 30 commits back. `check` never changes the repository on its own: with
`--fetch-history` (and always in the GitHub Action, `handoff-audit ci`) it first deepens the clone
itself (`git fetch --deepen`, a few bounded rounds), and this rule fires when that fails (no
remote, no access, too slow) or was not allowed. It also fires on the current file of a series
whose names carry no date and no number when a shallow clone hides the files' last commits (which
file is current could not be told), and once when the folder is not a git repository at all.

**Fix.** Give the audit the history: `git fetch --unshallow`, or in GitHub Actions
`actions/checkout` with `fetch-depth: 0`, or let it fetch: `handoff-audit check
--fetch-history`. Outside git, run the audit in a clone.
""",
)

DANGLING_POINTER = Rule(
    id="dangling-pointer",
    default=Severity.WARNING,
    summary=(
        "a path in `verdict_pointer`, `pointers` or `changed_files` does not exist in the tree, "
        "or `superseded_by` leads to no active packet"
    ),
    doc="""\
**Why.** Pointers are where the next session starts reading. A path that leads nowhere (renamed,
mistyped, never committed) costs it time, or worse, makes it guess.

**Example.** `"pointers": ["src/refund.py:42"]` after `src/refund.py` was renamed to
`src/refunds/core.py`. A `:line` suffix is ignored, URLs are not checked, and a file that git
shows deleted since the packet's last known good commit (by that commit included) is fine: the
packet may rightly list a file the work removed. A path exists when the commit checked has it or
the work tree has it (new and staged files count), so a sparse checkout that leaves the code out
gives the same findings as a full one. A path that leads outside the repository, or into git's
own folder (`.git/config`, `.git/refs/heads/x`), is a finding whether or not it exists, so a
report never tells which paths exist there.

A superseded packet's `superseded_by` is followed through the successors it names: it must
lead to an active packet (the work goes on there) or an archived one (the work is finished).
`handoff.json` superseded by `.handoff/v2.json`, itself superseded by `handoff.json`, is a loop
that hands the work to no packet; so is a chain ending in a superseded packet that names no
successor. A successor the audit did not read (a topic whose packet is still to be written) is
not judged.

**Fix.** Correct the path (or remove the entry) and re-render the twin. For `superseded_by`,
name the packet that carries on the work: `handoff-audit supersede PACKET --by ACTIVE.json`.
""",
)

RULES = (
    LKG_UNKNOWN,
    LKG_BEHIND,
    PACKET_OUTDATED,
    HANDOFF_OUTDATED,
    PACKET_AGE,
    HISTORY_UNAVAILABLE,
    DANGLING_POINTER,
)

_DAY = 86_400


def check(ctx: AuditContext) -> Iterator[Hit]:
    """Judge each active packet of the work tree against the history gathered by `history`."""
    facts = ctx.history
    work = [p for p in ctx.packets if p.ref is None]
    active = [p for p in work if p.status == "active" and p.data is not None]
    if facts is None or facts.problem:
        if work:
            problem = facts.problem if facts and facts.problem else "no git history was read"
            fix = (facts.fix if facts else None) or (
                f"run the audit in a git clone with its history ({FULL_HISTORY_FIX})"
            )
            yield Hit(
                HISTORY_UNAVAILABLE,
                work[0].path,
                f"{problem}: the last known good commits, staleness, age and branch of the "
                f"packets were not judged; {fix}",
            )
    else:
        for packet in active:
            info = facts.info(packet)
            if info is not None:
                yield from _judge(ctx, facts, packet, info)
        for packet in work:
            if packet.kind == "markdown":
                series = in_series(packet.path, ctx.config)
                following = facts.series_next.get(packet.path)
                kept = kept_on_purpose(packet.path, ctx.config)
                gated = named_block_file(packet.path, ctx.config)
                kind = (series, kept, gated)
                log = log_words(packet.path, ctx.working_notes)
                yield from _hand_written(packet, facts.info(packet), kind, following, log)
            if packet.path in facts.unordered_series:
                yield _unordered(packet, facts.unordered_series[packet.path])
    in_tree = facts.in_head_tree if facts else frozenset()
    tree = WorkTree(ctx.root)
    for packet in active:
        yield from _dangling(tree, packet, facts.info(packet) if facts else None, in_tree)
    for dead_end in dead_ends(ctx.packets):
        yield _dead_end(dead_end)


def _dead_end(dead_end: DeadEnd) -> Hit:
    """``dangling-pointer`` for a ``superseded_by`` that leads to no packet carrying on the
    work."""
    packet = dead_end.packet
    chain = " → ".join(_quote(path) for path in dead_end.chain)
    if dead_end.loops:
        what = f"the chain loops ({chain}) and no packet of it is active"
    else:
        what = f"the chain ends in a superseded packet that names no successor ({chain})"
    line, column = packet.position("/superseded_by")
    supersede = f"handoff-audit supersede {shell.fix_path(packet.path)} --by ACTIVE.json"
    return Hit(
        DANGLING_POINTER,
        packet.path,
        f"superseded_by names {_quote(dead_end.chain[1])}, but {what}, so no session resumes "
        f"the work: name the packet that carries it on, `{supersede}` (start it with "
        "`handoff-audit new` if there is none)",
        line=line,
        column=column,
        pointer="/superseded_by",
    )


def _unordered(packet: Packet, guess: SeriesGuess) -> Hit:
    """``history-unavailable`` for a series that only commits order, or whose newest file
    shares its date with another, in a shallow clone."""
    folder = packet.path.rpartition("/")[0]
    if guess.tied:
        files = " and ".join((packet.path, *guess.tied))
        return Hit(
            HISTORY_UNAVAILABLE,
            packet.path,
            f"{files} give the same date in their names and their last commits are beyond "
            f"the shallow clone{guess.reason}, so which one is the current handoff could not "
            f"be told (this one was judged): {FULL_HISTORY_FIX}, or number them after the "
            "date (2025-11-23-2-topic.md)",
        )
    return Hit(
        HISTORY_UNAVAILABLE,
        packet.path,
        f"the files of the series {folder}/ have no date or number in their names and their "
        f"last commits are beyond the shallow clone{guess.reason}, so which one is the current "
        f"handoff could not be told (this one was judged): {FULL_HISTORY_FIX}, or put the "
        "date in the names (2025-11-23-topic.md)",
    )


def _renamed_advice(ctx: AuditContext, facts: History, packet: Packet, renamed: str) -> str:
    """The fix of an outdated packet whose branch was renamed to ``renamed``: re-pointed and
    refreshed together, or re-pointed alone when the commits since were other topics'."""
    since = repoint_since(facts, packet, ctx.packets, renamed)
    if since is None:
        return (
            "its branch was renamed to this one, and those commits touched only the branch's "
            "other topics' files: re-point it here, keeping its summary and next action, with "
            f"`{check_repoint(packet, renamed, None)}`"
        )
    return (
        "its branch was renamed to this one: re-point and refresh it together with "
        f"`{check_repoint(packet, renamed, since)}`"
    )


def _judge(ctx: AuditContext, facts: History, packet: Packet, info: PacketHistory) -> Iterator[Hit]:
    unavailable: list[str] = []
    yield from judge_lkg(ctx, facts, packet, info, unavailable)
    if info.outdated_by is not None and not info.uncommitted:
        since = since_of(info)
        advice = (
            f"refresh the packet with `{_update(packet)}` (--summary, --next-action, --verify CMD)"
        )
        renamed = renamed_to(facts, packet)
        if renamed is not None:  # `update` finds it only by --branch, and refuses a re-point alone
            advice = _renamed_advice(ctx, facts, packet, renamed)
        elif facts.branch and find_secrets(facts.branch):  # `update` refuses to store the name
            advice = (
                "the branch's name looks like a credential: rename it and refresh the packet "
                f"together with `{check_repoint(packet, facts.branch, SINCE)}`"
            )
        moved = f"the work moved on after this packet{since}: {_later_commits(info)}"
        if info.changed is not None and info.outdated_by.sha == info.changed.sha:
            moved = (  # the only work counted was committed with it (`git commit --amend`)
                f"the commit that last changed this packet, {info.changed.sha[:12]} "
                f"{_subject(info.changed.subject)}, also changed "
                f"{_files(info.outdated_by.files)}, which its changed_files does not list"
            )
        yield Hit(
            PACKET_OUTDATED,
            packet.path,
            f"{moved}; {advice}",
            touched=info.outdated_files or info.outdated_by.files,
            advice=advice if renamed is not None else None,
        )
    if not info.uncommitted:
        yield from _age(ctx, facts, packet, info)
        if info.changed_unavailable:
            unavailable.append("the commit that last changed it is beyond the shallow clone")
    if facts.unjoined and not info.uncommitted:
        unavailable.append(
            "the commit checked and the merge target share no commit in this shallow clone "
            "(their merge base is not fetched), so which later commits are this branch's work "
            "is not known"
        )
    if unavailable:
        reason = facts.missing_reason
        yield Hit(
            HISTORY_UNAVAILABLE,
            packet.path,
            f"{'; '.join(unavailable)}{reason}, so its staleness was not judged: "
            f"{FULL_HISTORY_FIX}",
        )


def _hand_written(
    packet: Packet,
    info: PacketHistory | None,
    kind: tuple[bool, bool, bool],
    following: str | None,
    log: tuple[str, str] | None = None,
) -> Iterator[Hit]:
    """``handoff-outdated`` for a markdown-only handoff; one of a series (``kind``'s first) is
    a record the project keeps, so its other way out is the series' next file (``following``,
    in a numbered series or one of a folder per date: `series_order.next_files`), not
    deletion; a series' live file (`name_says`: ``current-session.md``) is added to, never
    followed; nor is a working note ``block-files`` leaves out on purpose (``kind``'s second,
    `kept_on_purpose`) deleted. A note the merge gate does not block (``kind``'s third: no
    ``block-files`` glob names it, ``SESSION_STATE.md``) is told why, as this warning is then
    all that says it is stale. A running log (``log``: what to add to it and why it is kept,
    `log_words`) the gate does not block is asked for an entry, never its deletion."""
    series, kept, gated = kind
    if info is None or info.outdated_by is None or info.uncommitted:
        return
    # start-up: only for an outdated hand-written handoff
    from handoff_audit.rules.markdown_handoff import judge_markdown

    if judge_markdown(packet.path, packet.text or "")[0] is not None:
        return  # what `not-a-handoff` calls no handoff describes no work to fall behind
    commit = info.outdated_by
    count = info.outdated_count or 1
    since = since_of(info)
    folder = packet.path.rpartition("/")[0]
    ask = "what changed and the next step now"
    if kept and not series:
        other = " (`block-files` keeps it on purpose, a `!` entry: keep it, do not delete it)"
    elif log is not None and not series and not gated:
        ask, other = log[0], f" ({log[1]}; {UNGATED})"
    elif not series:
        other = ", or, if the work is done, delete it in a commit"
        if not gated:
            other += f" ({UNGATED})"
    elif name_says(packet.path) == 1:
        other = ""
    else:
        other = next_handoff(folder, following)
    yield Hit(
        HANDOFF_OUTDATED,
        packet.path,
        moved_on(
            packet.path,
            since,
            count,
            (commit.sha, commit.subject, commit.files),
            other,
            on_this_branch(info, count),
            ask,
        ),
    )


def _later_commits(info: PacketHistory) -> str:
    """The commits after the packet's last change: their count, the newest, and, when there
    are several, every file they changed together (a refresh describes them all)."""
    commit = info.outdated_by
    assert commit is not None
    count = info.outdated_count or 1
    text = (
        f"{count} later {'commits touch' if count > 1 else 'commit touches'} other files, the "
        f"newest {commit.sha[:12]} {_subject(commit.subject)} changed {_files(commit.files)}"
    )
    together = info.outdated_files
    if count > 1 and set(together) != set(commit.files):
        text += f"; together they changed {_files(together, shown=6)}"
    return text


def _age(ctx: AuditContext, facts: History, packet: Packet, info: PacketHistory) -> Iterator[Hit]:
    limit = ctx.config.max_age_days
    fix = (
        f"refresh it with `{_update(packet)}` if the work goes on, or run `handoff-audit "
        f"archive {shell.fix_path(packet.path)}` if it is done (`supersede --by NEW` if another "
        "packet took over)"
    )
    if info.changed is not None:
        days = int((facts.now - info.changed.time) // _DAY)
        if days > limit:
            yield Hit(
                PACKET_AGE,
                packet.path,
                f"the packet was last changed {days} days ago (commit {info.changed.sha[:12]}, "
                f"{_date(info.changed.time)}), more than max-age-days ({limit}): {fix}",
            )
    elif info.written is not None:
        days = int((facts.now - info.written) // _DAY)
        if days > limit:
            yield Hit(
                PACKET_AGE,
                packet.path,
                f"the packet was last written {days} days ago ({_date(info.written)}, in the "
                f"work tree: git ignores it), more than max-age-days ({limit}): {fix}",
            )
    elif info.changed_before is not None:
        days = int((facts.now - info.changed_before.time) // _DAY)
        if days > limit:
            yield Hit(
                PACKET_AGE,
                packet.path,
                f"the packet was last changed before commit {info.changed_before.sha[:12]} "
                f"({_date(info.changed_before.time)}), more than {days} days ago; "
                f"max-age-days is {limit}: {fix}",
            )


def _dangling(
    tree: WorkTree, packet: Packet, info: PacketHistory | None, in_tree: frozenset[str]
) -> Iterator[Hit]:
    """A path exists when the work tree has it (new and staged files count) or the commit
    checked has it (a sparse checkout leaves files out of the work tree)."""
    deleted = info.deleted_since_lkg if info else frozenset()
    for pointer, _value, path in pointed_paths(packet):
        if path in deleted or path in in_tree:
            continue
        if tree.leads_outside(path):  # before existence: no oracle for outside paths
            what = "which points outside the repository"
        elif tree.leads_into_git_folder(path):  # nor for git's refs, hooks and settings
            what = "which points into git's own folder (.git), not the repository's files"
        elif tree.lexists(path):
            continue
        else:
            what = "which does not exist in the repository"
        field = pointer.strip("/").replace("/", "[", 1) + ("]" if pointer.count("/") > 1 else "")
        line, column = packet.position(pointer)
        yield Hit(
            DANGLING_POINTER,
            packet.path,
            f"{field} points at {_quote(path)}, {what}: correct the path (paths are relative "
            "to the repository root) or remove the entry, then re-render the twin",
            line=line,
            column=column,
            pointer=pointer,
        )


def _date(when: int) -> str:
    return time.strftime("%Y-%m-%d", time.gmtime(when))
