"""Rules that block a merge into a protected branch while handoff files are still in it."""

from __future__ import annotations

import posixpath
from collections.abc import Iterator, Mapping
from dataclasses import replace

from handoff_audit import controls, lookalike, shell
from handoff_audit.config import Config, setting_line, setting_place
from handoff_audit.credentials import redact
from handoff_audit.git.agent_notes import exempt_by_name, lfs_pointer
from handoff_audit.git.facts import protected
from handoff_audit.git.protected import is_protected, on_protected_branch
from handoff_audit.globs import NEGATE, literal
from handoff_audit.markdown.agent_command import reads_as_handoff, states_facts
from handoff_audit.model.context import AuditContext
from handoff_audit.model.gate_exclusions import excluded_by
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
from handoff_audit.rules.base import Hit
from handoff_audit.rules.markdown_handoff import judge_markdown
from handoff_audit.rules.merge_rules import ACTIVE_IN_MERGE, HANDOFF_IN_MERGE
from handoff_audit.rules.merge_twins import is_twin, uncommitted_twins
from handoff_audit.rules.secret_rule import text_secret_hits
from handoff_audit.schema.foreign import is_foreign

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
    blocked, texts, lfs = _gated(ctx, work)
    scanned = _note_secrets(blocked, texts, work)
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
        yield from scanned
        return
    if not is_protected(ctx.target, patterns):
        return
    target = ctx.target.target_branch
    # A name that only reads as a packet's (``handoff.json `` with a trailing space) is no packet
    # the audit reads, yet one where agents look once merged: a note the gate cannot judge.
    packets = (facts.lookalike_packets if facts is not None else frozenset()) - blocked
    kept = facts.on_target if facts is not None else frozenset()
    changed = kept - (facts.as_on_target if facts is not None else frozenset())
    gated = (unread, lfs, packets, facts.submodules if facts is not None else frozenset())
    own = (ctx.target.gate_exclusions, ctx.target.own_block_files)
    renamed = facts.case_renamed if facts is not None else {}
    merged = _merged(
        blocked | packets, target, ctx.config, (kept - lfs, changed), gated, own, renamed
    )
    ignored = facts.kept_out() if facts is not None else frozenset()
    for hit in uncommitted_twins(merged, work, unread, target, ctx.config, ignored):
        yield replace(hit, note=hit.path in loose - packets)
    yield from scanned
    yield from _active(ctx, work, facts, target)


def _gated(
    ctx: AuditContext, work: list[Packet]
) -> tuple[set[str], Mapping[str, str | None], set[str]]:
    """The block files the gate blocks, the texts it read of files discovery does not read (in
    an agent's folder, `git.agent_notes`, or beside a JSON file that is no packet), and those
    of them exempt by name or beside such JSON that are Git LFS pointers."""
    facts = ctx.history
    if facts is not None and facts.block_files is not None:
        blocked = set(facts.block_files)
        texts = facts.agent_notes
        beside = {md for md, data in facts.beside_json.items() if not is_twin(data, texts.get(md))}
    else:
        names = {p.path for p in work} | {p.markdown_path for p in work if p.markdown_path}
        blocked = {name for name in names if named_block_file(name, ctx.config, names.__contains__)}
        twins = {p.markdown_path: p for p in work if p.kind == "json" and p.markdown_path}
        beside = {
            md
            for md, p in twins.items()
            if p.data is not None
            and not is_twin(p.data, p.markdown_text)
            and named_block_file(md, ctx.config)
        }
        texts = {md: twins[md].markdown_text for md in beside}
    lfs = {
        name
        for name, text in texts.items()
        if text is not None and lfs_pointer(text) and (name in beside or exempt_by_name(name))
    }
    notes = {name for name, text in texts.items() if _hands_over(name, text)}
    notes |= lfs
    blocked = {name for name in blocked if name in notes or not exempt_by_name(name)}
    # A markdown file is a packet's twin only beside a packet the gate judges: beside another
    # tool's JSON, or one without a packet's fields, it is a working note when it reads as one.
    blocked |= {md for md in beside if md not in texts or md in notes}
    return blocked, texts, lfs


def _note_secrets(
    blocked: set[str], texts: Mapping[str, str | None], work: list[Packet]
) -> list[Hit]:
    """`secret` for the blocked files whose text only the gate reads (not a packet nor a twin
    the audit read): a working note in an agent's folder is committed and merged like any."""
    read = {p.path for p in work} | {p.markdown_path for p in work if p.markdown_path}
    return [
        hit
        for path in sorted(blocked - read)
        if (text := texts.get(path)) is not None
        for hit in text_secret_hits(path, text, "remove it and revoke the credential")
    ]


def _hands_over(name: str, text: str | None) -> bool:
    """Whether the gate reads the file ``name`` exempt by its place and name, or beside a JSON
    file that is no packet, as a working note: unread (``None``), or handing work over
    (`reads_as_handoff`). In a folder of templates (`template_folder`), whose name is the pull
    request's to choose, a file is a working note when it states facts (`states_facts`: a path,
    a number, a code span) and neither `not-a-handoff` nor `placeholder` reads it as a template
    or instructions; a file of headings, guidance, ``TBD`` and ``${TOPIC}`` or ``{topic}`` blanks
    is a template, whatever facets its headings name."""
    if text is None:
        return True
    folder = agent_folder(name)
    if folder is None or not template_folder(folder):
        return reads_as_handoff(text)
    if not states_facts(text):
        return False
    if reads_as_handoff(text):
        return True
    instead, blanks = judge_markdown(name.rpartition("/")[2], text)  # read as if elsewhere
    return instead is None and not blanks


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
    if facts is None:
        return
    for path in sorted(facts.linked_packets):
        if path in facts.submodules:
            yield _submodule_into_protected(path, target)
        else:
            yield _linked_into_protected(path, target)
    for path, linked in sorted(facts.linked_folders.items()):
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
        f"remove it (`{shell.git_rm(path)}`) before merging",
    )


def _submodule_into_protected(path: str, target: str | None, *, note: bool = False) -> Hit:
    """The submodule ``path`` (a gitlink) where the ``packets`` globs look for packets
    (``.handoff``) or, with ``note``, under a working note's name (``HANDOFF.md``), in what
    would be merged into the protected ``target``: the audit reads no file in it."""
    where = (
        "where a handoff file is expected (its name is a working note's)"
        if note
        else "where the `packets` globs look for packets"
    )
    why = (
        "a submodule is no file the gate can read, and a handoff does not belong there"
        if note
        else "the audit does not read packets in a submodule, so nothing shows that the work "
        "of those it holds is finished"
    )
    return Hit(
        HANDOFF_IN_MERGE if note else ACTIVE_IN_MERGE,
        path,
        f"{_named(path, False)} is a git submodule {where}, and it would be merged into the "
        f"protected branch {target}: {why}; remove the submodule (`{shell.git_rm(path)}`, which "
        "takes it out of .gitmodules too) in a commit before merging",
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
        f"audited; remove the link (`{shell.git_rm(path)}`) and "
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
        fixes.append(f"delete each working note (`{shell.git_rm(real)}`)")
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


def _finished(packet: Packet) -> bool:
    """True when the JSON ``packet`` was read and its status is exactly a finished one."""
    return packet.data is not None and is_finished(packet.data)


def _unfinished(packet: Packet) -> Unfinished:
    """What the gate says of the unfinished JSON ``packet``."""
    if packet.data is None:
        return Unfinished(None, linked=packet.linked)
    return Unfinished(packet.position("/status"), odd_status(packet.data), packet.data)


def _active_into_protected(path: str, target: str | None, unfinished: Unfinished) -> Hit:
    """The unfinished packet ``path`` in what would be merged into the protected ``target``."""
    archive = f"handoff-audit archive {shell.fix_path(path)}"
    position = unfinished.position
    if unfinished.linked is not None:
        return Hit(
            ACTIVE_IN_MERGE,
            path,
            f"this packet would be merged into the protected branch {target}, and it is a "
            f"symbolic link to {unfinished.linked}, which holds no packet, so nothing shows that "
            f"the work it hands off is finished; remove the link (`{shell.git_rm(path)}`, which "
            f"leaves {unfinished.linked} as it is) before merging",
        )
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
        f"(`{shell.git_rm(path)}`) and move what is still worth keeping "
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
        f"it out of the {commit} (`{shell.git_rm(path, '--cached')}` keeps the "
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
    already: bool = False,
) -> Hit:
    """The block file ``path`` (as the message names it: ``named``) in what would be merged
    into the protected ``target``; ``lfs``:
    the Git LFS pointers, whose text is stored where the gate does not read; ``packets``: the
    names that only read as a packet's (`model.packet.lookalike_packets`); ``also``: the other
    way, for a file the target already has (`_kept_on`); ``already``: the target has it as the
    branch does, so the merge brings nothing new in, yet the pull request carries it."""
    says = (
        "it is stored in Git LFS, so the gate cannot read it; remove it from the pull request"
        if path in lfs
        else "the audit does not read it as a packet; remove it from the pull request"
        if path in packets
        else "it is still in the pull request, though it could not be read; delete it"
        if unread
        else "a working note does not belong there; once the work is done, delete it"
    )
    command = f'`{shell.git_rm(path)} && {shell.git()} commit -m "handoff: done"`'
    head = f"{named} would be merged into the protected branch {target}"
    fix = f"{says} in a commit after the last work ({command}) before merging"
    if already:
        head = (
            f"{named} is already on the protected branch {target}, and this pull request, "
            "which leaves it unchanged, still carries it"
        )
        if says.startswith("a working note"):
            fix = (
                f"the gate fails a pull request into {target} that carries a working note, "
                f"even one {target} has; delete it in this pull request ({command}), which "
                f"deletes it from {target} once merged"
            )
    return Hit(HANDOFF_IN_MERGE, path, f"{head}: {fix}{_agent_note(path)}{also}")


def _merged(
    blocked: set[str],
    target: str | None,
    config: Config,
    kept_changed: tuple[frozenset[str], frozenset[str]],
    unread_lfs: tuple[set[str], set[str], frozenset[str], frozenset[str]],
    own: tuple[tuple[str, ...], tuple[str, ...] | None] = ((), None),
    renamed: Mapping[str, str] | None = None,
) -> Iterator[Hit]:
    """The block files ``blocked`` in what would be merged into the protected ``target``;
    ``kept_changed``: those the target already has, and those of them the branch changes;
    ``unread_lfs``: those that could not be read,
    those that are Git LFS pointers, the names that only read as a packet's, and the
    submodules; ``own``: the ``!`` entries the branch adds to the target's ``block-files``
    (`Target.gate_exclusions`), which leave out none of these: each is new or changed here,
    and the branch's own list when it differs (`Target.own_block_files`); ``renamed``: those
    blocked as the block file the branch renamed them from by letter case."""
    unread, lfs, packets, submodules = unread_lfs
    kept, changed = kept_changed
    exclusions, own_list = own
    mine = None if own_list is None else replace(config, block_files=own_list)
    for path in sorted(blocked):
        if path in submodules:
            yield _submodule_into_protected(path, target, note=True)
            continue
        packet = path in packets
        # a `!` entry naming a name the gate reads as another (``HANDOFF.md ``) leaves it in
        read_as = packet or read_as_other(path, config)
        named = _named(path, read_as, packet=packet, spelled=spelled_out(path, config))
        also = ""
        if path in kept and not read_as:
            also = _kept_on(path, target, config, changed=path in changed)
        if (entry := excluded_by(path, exclusions)) is not None:
            also = _merge_config_first(path, entry, target, changed=path in kept)
        elif mine is not None and not named_block_file(path, mine):
            also = _not_in_force(path, target, kept=path in kept and path not in changed) + also
        if (was := (renamed or {}).get(path)) is not None:
            also = (
                f"; it is {was} renamed by letter case only, which on macOS and Windows is the "
                f"same file, so the gate blocks it as it blocks {was}{also}"
            )
        already = path in kept and path not in changed and was is None
        yield _into_protected(
            named,
            path,
            target,
            unread=path in unread,
            lfs=lfs,
            packets=packets,
            also=also,
            already=already,
        )


def _kept_on(path: str, target: str | None, config: Config, *, changed: bool) -> str:
    """The other way for the block file ``path`` that the protected ``target`` already has (a
    rolling handoff a project keeps there on purpose): the `block-files` line without it, in
    the syntax of the configuration in use; ``changed``: the branch changes it, so the line
    takes effect only merged first (the gate reads the target's settings,
    `model.gate_exclusions`)."""
    line = setting_line(
        config.key_file, "block-files", [*config.block_files, NEGATE + literal(path)]
    )
    first = (
        f", in a pull request of its own that leaves {path} as {target} has it, merged first "
        f"(the merge gate reads {target}'s settings, and this branch changes {path})"
        if changed
        else ""
    )
    return (
        f"; or, if this repository keeps {path} on {target} on purpose, leave it out of "
        f"`block-files` {setting_place(config.key_file)} with a `!` entry after {target}'s "
        f"entries (dropping an entry instead opens nothing on a pull request): `{line}`{first}"
    )


def _not_in_force(path: str, target: str | None, *, kept: bool) -> str:
    """Why the block file ``path``, which the branch's own ``block-files`` does not name (an
    entry dropped or narrowed), is blocked: the gate reads the target's settings. ``kept``: the
    target has the file and the branch does not change it, which only a ``!`` entry the branch
    adds leaves out (`_kept_on` names its line); else the change is to be merged first."""
    why = (
        f"; this branch's own `block-files` leaves {path} out, but that change is not in force: "
        f"the merge gate reads {target}'s settings (on a pull request, the base's)"
    )
    if kept:
        return (
            f"{why}, and of a branch's change to them only a `!` entry it adds is honoured, for a "
            f"file {target} already has and the branch does not change, as {path}"
        )
    return (
        f"{why}: merge the configuration change first, in a pull request of its own that does "
        f"not touch {path} (it passes), then this one passes"
    )


def _merge_config_first(path: str, entry: str, target: str | None, *, changed: bool) -> str:
    """The way out for the block file ``path`` that the ``!`` entry ``entry`` the branch adds
    to ``block-files`` names: the gate reads the target's settings, and the entry leaves out
    only a regular file the target already has that the branch does not change, which ``path``
    is not (``changed``: the target has it, the branch changes it or it is a link; else the
    branch adds it)."""
    how = (
        f"this branch changes {path} (or it is a symbolic link or a submodule on one side)"
        if changed
        else f"{target} does not have {path}"
    )
    return (
        f"; the `{entry}` entry this branch adds to `block-files` is not in force yet: the gate "
        f"reads {target}'s settings, and a `!` entry of a branch leaves out only a regular file "
        f"{target} already has that the branch does not change, while {how}: merge the "
        f"configuration change first, in a pull request of its own that does not touch {path} "
        "(it passes), then this one passes"
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
            "and out of `block-files` with a `!` entry naming it (on a pull request, the base "
            "branch's configuration decides: merge that change first)"
        )
    return (
        f"; it is in {folder}, where an agent's commands and prompts live, but its name is a "
        "working note's: if it is an instruction that belongs there, rename it, or leave it out "
        "of `block-files` with a `!` entry naming it (on a pull request, the base branch's "
        "configuration decides: merge that change first)"
    )


def _unread(packets: list[Packet]) -> set[str]:
    """The markdown files of ``packets`` that could not be read (their `invalid-json` finding
    says why): nothing can be said of what they say."""
    return {
        packet.markdown_path
        for packet in packets
        if packet.markdown_path is not None and packet.markdown_text is None
    }
