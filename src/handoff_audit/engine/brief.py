"""The resume brief: which handoff is the checked-out branch's, its contents in the order a
session that knows nothing reads them, and what git says happened since (`git.freshness`).

The branch's handoff is its active packet (the packet whose ``branch`` is this branch), else its
newest finished one (archived or superseded), else a hand-written handoff in its tree (the newest
one; when it cannot be read or is empty, an `UnreadableHandoff` says why and how to fix it);
another branch's packet, merged or not, is not this branch's handoff, nor, off the default
branch, the current file of a series the branch did not write or change (the project's record,
`series_owner`). With none of these, its handoff is the file it wrote into a series the
repository's own ``.gitignore`` keeps out of git, as the Stop hook takes it (`local_handoff`).
Every value is redacted
(`credentials.redact`) before it is cut to size, so no part of a credential survives.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path

from handoff_audit.config import Config, load_config
from handoff_audit.credentials import redact, show
from handoff_audit.engine import discovery, loading
from handoff_audit.engine.brief_errors import NoHandoff, UnreadableHandoff, nothing_found
from handoff_audit.engine.brief_sections import (
    ITEM_CHARS,
    MAX_ITEMS,
    packet_sections,
    verify_commits,
)
from handoff_audit.engine.committed_dirt import committed_dirt
from handoff_audit.engine.inherited_brief import (
    detached_told,
    inherited_lines,
    renamed_repoint,
    set_aside,
)
from handoff_audit.engine.instructed import Told, promote, told_why
from handoff_audit.engine.local_handoff import local_brief
from handoff_audit.engine.rebase_brief import Midway, midway_packets, rebased_branch
from handoff_audit.engine.series_folders import SeriesFolders
from handoff_audit.engine.series_links import stale_alias
from handoff_audit.engine.series_owner import (
    branch_and_refs,
    own_files,
    project_records,
    record_lines,
    without_records,
)
from handoff_audit.engine.sibling_notes import own_folder, sibling_steps
from handoff_audit.engine.sparse_handoffs import hidden_handoffs, outside_checkout
from handoff_audit.engine.stray_handoffs import DATED_AT_MOST, newer_line, stray_handoffs
from handoff_audit.errors import InputError, not_regular
from handoff_audit.git import plumbing
from handoff_audit.git.agent_files import is_personal
from handoff_audit.git.counted_work import counted_work
from handoff_audit.git.freshness import before_moves, last_changes, read_freshness, within
from handoff_audit.git.on_base import on_protected_branch
from handoff_audit.git.renames import renamed_from
from handoff_audit.git.rewritten import off_history
from handoff_audit.git.tracked import is_tracked
from handoff_audit.git.upstream import BranchStatus, redacted_upstream
from handoff_audit.git.workstream import inherited_pick
from handoff_audit.git_folder import bare_repository, bare_repository_problem
from handoff_audit.model.brief import Brief, BriefState, Freshness, Section, SeriesPlace
from handoff_audit.model.lkg_trust import trusted_lkg
from handoff_audit.model.packet import Packet, in_series, is_handoff_record, series_folder
from handoff_audit.model.repo_history import Commit, SeriesGuess
from handoff_audit.model.running_logs import working_first
from handoff_audit.program import program
from handoff_audit.rules import RULES_BY_ID, suppression
from handoff_audit.rules.base import Hit
from handoff_audit.rules.markdown_handoff import NOT_A_HANDOFF, judge_markdown
from handoff_audit.schema.packet_kind import not_a_packet, not_a_packet_message
from handoff_audit.shell import quote
from handoff_audit.textcut import at_clause, shorten

FINISHED = ("archived", "superseded")


def build_brief(cwd: Path, packet: Path | None = None) -> Brief:
    """The brief of the handoff of the branch checked out around ``cwd`` (or of ``packet``).
    `NoHandoff` when the branch has none; `UnreadableHandoff` for a handoff that is there but
    cannot be shown; `InputError` for a repository, configuration or file named that cannot be
    read. The configuration's notes (a file it shadows) are on the brief, and on either error
    once the configuration was read."""
    try:
        info = plumbing.repo_info(cwd)
    except plumbing.UnsafeRepository as error:
        raise InputError(error.advice(cwd)) from None
    if info is None and (bare := bare_repository(str(cwd))) is not None:
        raise InputError(bare_repository_problem(bare, "show"))
    if info is None:
        raise InputError(
            f"{cwd}: not inside a git repository; run `handoff-audit show` in the project"
        )
    root = info.toplevel
    config = load_config(root, rule_ids=RULES_BY_ID, tracked=is_tracked)
    try:
        return _build(root, config, packet, info.boundary)
    except (NoHandoff, InputError) as error:
        # The configuration used may be why: the file it shadows is named before the message.
        error.notes = (*config.notes, *error.notes)
        if isinstance(error, NoHandoff) and error.hidden:
            raise outside_checkout(error.hidden, root, cwd, error.notes) from None
        raise


def _build(root: Path, config: Config, packet: Path | None, boundary: frozenset[str]) -> Brief:
    project: tuple[str, ...] = ()
    # One `status` serves the series' owner, the choice, the freshness and the upstream.
    status = BranchStatus(root)
    own: dict[str, tuple[str, str]] = {}
    found, unread, guessed, history, series, told = _loaded(root, config, packet)
    found, branch, refs, midway = _branch_of(root, config, (found, unread), named=bool(packet))
    if not packet:  # a series the branch did not touch: the project's record, not its handoff
        project, own = project_records(root, config, branch, found, status, history, refs)
        found = [*without_records(found, project, own), *own_files(root, config, own)]
    renamed = set() if packet else _renamed_here(root, found, branch)
    try:
        state, candidates = _candidates(found, branch, named=packet is not None, renamed=renamed)
        kept = None
    except NoHandoff as nothing:
        asked = None if packet else branch  # a named file is no branch's local handoff
        local = local_brief(root, config, asked, (refs, status)) if asked is not None else None
        if local is None:
            _explain_nothing(
                root, nothing, (found, unread), branch, config, named=packet is not None
            )
            _say_records(nothing, project, branch)
            raise
        state, candidates, kept = _taken_local(local, unread)
    chosen, changes, dirt, unaudited = _chosen(
        root, config, (state, candidates), unread, status, told
    )
    where = (series, (state, candidates), boundary)
    changed, freshness = _freshness(root, config, chosen, (changes, dirt, branch, refs), where)
    sections, warning = _sections(chosen, config, (state, candidates), (root, dirt, freshness))
    guess = _guess(chosen.path, history, guessed[chosen.path]) if chosen.path in guessed else None
    owned = own[chosen.path][1] if chosen.path in own else None
    warning = _joined(warning, guess, owned, kept, midway.which if midway else None)
    if chosen.branch in renamed and chosen.kind == "json" and branch is not None:
        warning = _joined(warning, renamed_repoint(root, chosen, branch, freshness, found))
    if packet and in_series(chosen.path, config):
        warning = _joined(warning, _superseded(root, chosen.path, config))
    return Brief(
        path=chosen.path,
        kind=chosen.kind,
        state=state,
        branch=branch,
        packet_branch=chosen.branch if chosen.kind == "json" else None,
        title=_title(chosen),
        status=redact(chosen.status) if chosen.status else None,
        sections=sections,
        warning=warning,
        freshness=midway.freshness if midway is not None else freshness,
        others=tuple(p.path for p in candidates if p is not chosen),
        series=_series_place(root, chosen, config, (guessed, history)),
        merged=_merged(root, config, chosen, branch, changed, refs),
        notes=config.notes,
        unaudited=unaudited,
        upstream=redacted_upstream(root, branch, refs, status.line),
        named_in=told_why(told, chosen.path, state, len(candidates)),
    )


def _branch_of(
    root: Path, config: Config, loaded: tuple[list[Packet], dict[str, Hit]], *, named: bool
) -> tuple[list[Packet], str | None, plumbing.Refs | None, Midway | None]:
    """The packets found, the checked-out branch and the refs if read (`branch_and_refs`); on
    a detached HEAD while a branch's rebase is stopped midway, when that branch has an active
    packet (`rebase_brief.midway_packets`), that branch, its packets and what the brief says of
    them: the work tree's copies read from the tip are no longer unreadable (out of
    ``loaded``'s dictionary)."""
    found, unread = loaded
    branch, refs = branch_and_refs(root, found)
    rebase = None if branch is not None or named else rebased_branch(root)
    midway = midway_packets(root, config, rebase, found) if rebase is not None else None
    if midway is None:
        return found, branch, refs, None
    # The work tree's conflicted copies: their fix (the Stop hook's command) stays said.
    hits = [(path, unread.pop(path)) for path in sorted(midway.replaced) if path in unread]
    which = "; ".join([midway.which, *(_cannot_read(path, hit) for path, hit in hits)])
    return midway.packets, midway.branch, refs, replace(midway, which=which)


def _chosen(
    root: Path,
    config: Config,
    among: tuple[BriefState, list[Packet]],
    unread: dict[str, Hit],
    status: Callable[[], dict[str, str]],
    told: Told | None = None,
) -> tuple[Packet, dict[str, Commit], dict[str, str], str | None]:
    """The branch's handoff among the candidates (`_newest`), refused when it cannot be read
    (`_refuse_unreadable`), with the last change of each candidate's files and the work tree's
    status, which the freshness reads too; and, unless the file was named, the line on the
    files named as handoffs that the audit does not read and that changed after it
    (`stray_handoffs.newer_line`). A hand-written handoff the agent instructions name (``told``,
    `instructed.promoted`) is the one chosen."""
    state, candidates = among
    # One `log` serves the choice among candidates, the freshness and the unaudited files' age.
    try:
        dirt = status()
    except plumbing.GitError as error:
        raise InputError(str(error)) from None
    strays = [] if state == "named" else stray_handoffs(root, config)[:DATED_AT_MOST]
    changes = last_changes(root, [*(name for p in candidates for name in _files(p)), *strays])
    real = working_first(_real(candidates, config)) if state == "hand-written" else candidates
    # notes the branch inherited unchanged: the one its work is on, as the Stop hook asks it
    named = told[0] if told is not None and state == "hand-written" else None
    pick = named if any(p.path == named for p in real) else None
    if pick is None:
        picked = inherited_pick(root, config, [p.path for p in real if p.kind == "markdown"])
        if picked.aside and {p.path for p in real} == set(picked.aside):
            raise set_aside(picked)  # none is the branch's: the Stop hook asks for its own
        pick = picked.pick
    chosen = next((p for p in real if p.path == pick), None) or _newest(real, changes, dirt)
    _refuse_unreadable(chosen, unread)
    return chosen, changes, dirt, newer_line(root, config, (_files(chosen), dirt), changes, strays)


def _taken_local(
    local: tuple[Packet, Hit | None, str], unread: dict[str, Hit]
) -> tuple[BriefState, list[Packet], str]:
    """The branch's handoff when it has none but a file it wrote into a series the repository's
    ``.gitignore`` keeps out of git (`local_handoff.local_brief`, as the Stop hook takes it):
    a hand-written one, why it cannot be read (into ``unread``), and the line that says where
    it is kept."""
    packet, hit, said = local
    if hit is not None:
        unread[packet.path] = hit
    return "hand-written", [packet], said


def _refuse_unreadable(chosen: Packet, unread: dict[str, Hit]) -> None:
    """`UnreadableHandoff` when the handoff chosen cannot be read, or says nothing."""
    if chosen.path in unread:
        raise UnreadableHandoff(_cannot_read(chosen.path, unread[chosen.path]), chosen.path)
    if _empty(chosen):
        raise UnreadableHandoff(_empty_message(chosen.path, chosen.text or ""), chosen.path)


def _freshness(
    root: Path,
    config: Config,
    chosen: Packet,
    read: tuple[dict[str, Commit], dict[str, str], str | None, plumbing.Refs | None],
    where: tuple[SeriesFolders, tuple[str, list[Packet]], frozenset[str]],
) -> tuple[Commit | None, Freshness]:
    """The chosen handoff's last change and how fresh it is: its own files' commits (``read``:
    the last change of each, the work tree's status, the branch and the refs if read), with no
    change to a handoff file or series record (``where``: the series folders), nor the tool's
    setup or the merge target's commits (`counted_work`), counted as work (`_record`); for a
    package's note among the handoffs found (``where``'s second: their state and candidates),
    only the files under its folder (`own_folder`). A shallow clone's boundary commits
    (``where``'s third) are no last change of a handoff: `Freshness.changed_beyond`."""
    changes, dirt, branch, refs = read
    series, among, boundary = where
    counted = counted_work(root, config, branch, refs)
    scope = own_folder(chosen, among, config, (root, counted.target))
    files = _files(chosen)
    changed = max((changes[f] for f in files if f in changes), key=lambda c: c.time, default=None)
    if changed is not None and len(files) == 1 and changed.sha not in boundary:
        changed = before_moves(root, chosen.path, changed)
    records = partial(_record, config=config, files=frozenset(files), series=series)
    listed = (chosen.data or {}).get("changed_files") if chosen.kind == "json" else None
    named = frozenset(f for f in (listed if isinstance(listed, list) else ()) if isinstance(f, str))
    lkg = _lkg(chosen)
    fresh = read_freshness(root, files, lkg, changed, records, dirt, named, counted, boundary)
    fresh = within(fresh, scope) if scope is not None else fresh
    trusted = bool(lkg and trusted_lkg(chosen.data or {}, lkg))
    fresh = replace(fresh, lkg_trusted=True) if trusted else fresh
    return None if fresh.changed_beyond else changed, fresh


def _explain_nothing(
    root: Path,
    nothing: NoHandoff,
    loaded: tuple[list[Packet], dict[str, Hit]],
    branch: str | None,
    config: Config,
    *,
    named: bool,
) -> None:
    """Fill ``nothing`` with the packets that could not be read and, unless a packet was
    ``named``, the lines on another branch's active packet in the tree; on a detached HEAD
    (``branch`` is ``None``), the lines on every active packet there and the branch to check
    out for each (of the branches here: one ``for-each-ref``), after a git operation left
    midway (`detached_told`)."""
    found, unread = loaded
    unread_packets = sorted(p.path for p in found if p.unread)
    nothing.unreadable = tuple(_cannot_read(path, unread.get(path)) for path in unread_packets)
    nothing.unreadable_paths = tuple(unread_packets)
    if named:
        return
    if branch is not None:
        nothing.inherited = inherited_lines(found, branch, root)
        nothing.hidden = tuple(hidden_handoffs(root, config, series=False))
        return
    said, nothing.inherited = detached_told(found, root, config)
    if said is not None:
        nothing.args = (said,)


def _say_records(nothing: NoHandoff, records: tuple[str, ...], branch: str | None) -> None:
    """Name the project's record (`project_records`) in ``nothing``: its message, and the
    lines a session reads."""
    if not records or branch is None:
        return
    nothing.args = (f"{nothing}; the project's latest record is {records[0]}, not this branch's",)
    nothing.record = record_lines(records, branch)


def _record(path: str, *, config: Config, files: frozenset[str], series: SeriesFolders) -> bool:
    """A file whose change is handing off, not work: the handoff's own, or any handoff file or
    series record (`is_handoff_record`); nor is a personal settings file's (`is_personal`, as
    the hook and `check` judge it: a permission Claude Code records there)."""
    return path in files or is_personal(path) or is_handoff_record(path, config, series)


def _lkg(chosen: Packet) -> str | None:
    """The packet's ``last_known_good_commit`` (``None`` for a hand-written handoff)."""
    lkg = (chosen.data or {}).get("last_known_good_commit") if chosen.kind == "json" else None
    if lkg is not None and not isinstance(lkg, str):
        return ""  # not a commit id: "invalid", as for any other string that is not one
    return lkg


def _series_place(
    root: Path,
    chosen: Packet,
    config: Config,
    found: tuple[dict[str, SeriesGuess], dict[str, tuple[str, ...]]],
) -> SeriesPlace | None:
    """Where the chosen file stands in its series (``None``: it is in none); its files are
    counted, and its folder's live-name link or text pointer that names another file is said
    (`series_links.stale_alias`), only when discovery found it the series' current file (not
    for a file named on the command line)."""
    guessed, history = found
    if chosen.kind != "markdown" or not in_series(chosen.path, config):
        return None
    files = 1 + len(history[chosen.path]) if chosen.path in history else 0
    pointer = stale_alias(root, chosen.path) if chosen.path in history else None
    return SeriesPlace(series_folder(chosen.path), files, chosen.path in guessed, pointer)


def _merged(
    root: Path,
    config: Config,
    chosen: Packet,
    branch: str | None,
    changed: Commit | None,
    refs: plumbing.Refs | None,
) -> bool:
    """A hand-written handoff whose last change is already on a protected branch other than
    the checked-out one: it came with a merge, it was not written on this branch (a series'
    file is of no branch, `SeriesPlace`). ``refs``: `plumbing.read_refs`, if read."""
    if chosen.kind != "markdown" or changed is None or branch is None:
        return False
    if in_series(chosen.path, config):
        return False
    return on_protected_branch(root, changed.sha, branch, config.protected_branches, refs)


def _named(root: Path, packet: Path, config: Config) -> Packet:
    """The handoff file named on the command line (its JSON packet when it is a twin)."""
    path = discovery.absolute(packet)
    if path.is_dir():
        raise InputError(
            f"show: {packet}: is a folder; name a packet (.json) or a handoff file (.md) in it"
        )
    try:
        mode = path.stat().st_mode
    except OSError:
        raise InputError(f"show: {packet}: no such file") from None
    if (problem := not_regular(mode)) is not None:
        raise InputError(f"show: {packet}: {problem}{loading.named_fix(path, root, mode)}")
    try:
        path.relative_to(root)
    except ValueError:
        raise InputError(f"show: {packet} is outside the repository {root}") from None
    if path.suffix.lower() == ".md" and path.with_suffix(".json").is_file():
        path = path.with_suffix(".json")
    if path.suffix.lower() not in (".json", ".md"):
        raise InputError(f"show: {packet}: not a handoff file; name a packet (.json) or a .md file")
    loaded, hits = loading.load_packets(root, [path], config)
    found = loaded[0]
    if _empty(found):
        raise UnreadableHandoff(_empty_message(str(packet), found.text or ""), str(packet))
    unread = found.unread if found.kind == "json" else found.text is None
    if unread:
        raise UnreadableHandoff(_cannot_read(str(packet), hits[0] if hits else None), str(packet))
    shape = f"the file holds a JSON {found.shape}, not an object" if found.shape else None
    reason = not_a_packet(found.data) if found.data is not None else shape
    if reason is not None:
        raise InputError(f"show: {not_a_packet_message(str(packet), reason)}")
    return found


def _loaded(
    root: Path, config: Config, named: Path | None
) -> tuple[
    list[Packet],
    dict[str, Hit],
    dict[str, SeriesGuess],
    dict[str, tuple[str, ...]],
    SeriesFolders,
    Told | None,
]:
    """The repository's packets (the one ``named`` on the command line, if any); why each
    handoff that could not be read could not (by its path); the series' current files a
    shallow clone could not tell from the others (the keys of `discovery.Found.unordered`);
    each series' older files; the series folders, from discovery's listing; the handoff the
    agent instructions name (`instructed.promoted`), made its series' current file when it is
    an older one."""
    if named is not None:  # the series folders listed once, if ever asked
        return [_named(root, named, config)], {}, {}, {}, SeriesFolders(root, config), None
    found = discovery.discover_all(root, (root,), config)
    history = {path.relative_to(root).as_posix(): older for path, older in found.history.items()}
    files, told = promote(
        root,
        [path.relative_to(root).as_posix() for path in found.files],
        history,
        config.max_file_bytes,
    )
    packets, hits = loading.load_packets(root, [root / name for name in files], config)
    unread = {p.path for p in packets if (p.data if p.kind == "json" else p.text) is None}
    unreadable = {hit.path: hit for hit in hits if hit.path in unread}
    series = SeriesFolders.of(root, config, found)
    return packets, unreadable, found.unordered, history, series, told


def _guess(path: str, history: dict[str, tuple[str, ...]], guess: SeriesGuess) -> str:
    """The warning for a series' current file that a shallow clone only guessed, as
    `history-unavailable` says it in `check`."""
    if guess.tied:
        return (
            f"{path} may not be the current handoff: {' and '.join(guess.tied)} gives the "
            "same date in its name, and this shallow clone hides the last commits that tell "
            "which came later, so this one is a guess; run `git fetch --unshallow` and show "
            "again (in GitHub Actions, `fetch-depth: 0` in actions/checkout; check: "
            "history-unavailable)"
        )
    others = history.get(path, ())
    named = ", ".join(others[:3]) + (f" and {len(others) - 3} more" if len(others) > 3 else "")
    return (
        f"{path} may not be the current handoff: this shallow clone hides the last commits "
        f"of its series {path.rpartition('/')[0]}/, so which file is current could not "
        f"be told and this one is a guess (the others: {named}); run `git fetch --unshallow` "
        "and show again (check: history-unavailable)"
    )


def _superseded(root: Path, path: str, config: Config) -> str | None:
    """The warning for an older file of a series named on the command line: the series'
    current file is another one, as `check` would judge it."""
    folder = path.rpartition("/")[0]
    found = discovery.discover_all(root, (root / folder,), config)
    for current, older in found.history.items():
        if path in older:
            newest = current.relative_to(root).as_posix()
            return (
                f"{path} is an older handoff of the series {folder}/, not its current one: "
                f"that is {newest} (`{program()} show {quote(newest)}` shows it)"
            )
    return None


def _joined(*warnings: str | None) -> str | None:
    """The warnings in one line; any may be ``None``."""
    return "; ".join(w for w in warnings if w) or None


def _cannot_read(path: str, hit: Hit | None) -> str:
    """``PATH:LINE:COLUMN: why``, in the audit's words (its fix included)."""
    where = f":{hit.line}" if hit and hit.line else ""
    if hit and hit.line and hit.column:
        where += f":{hit.column}"
    return f"{path}{where}: {hit.message if hit else 'cannot be read'}"


def _empty(packet: Packet) -> bool:
    """A hand-written handoff that was read and holds nothing but whitespace."""
    return packet.kind == "markdown" and packet.text is not None and not packet.text.strip()


def _empty_message(path: str, text: str) -> str:
    what = "empty" if not text else "empty (only whitespace)"
    return (
        f"{path} is {what}: write the handoff (state, next step, decisions, pointers) or remove it"
    )


def _files(packet: Packet) -> list[str]:
    """The packet's file and its markdown twin."""
    twin = packet.markdown_path
    return [packet.path] + ([twin] if twin and twin != packet.path else [])


def _renamed_here(root: Path, packets: list[Packet], branch: str | None) -> set[str]:
    """The branches of active packets that ``git branch -m`` renamed into ``branch`` (no
    local branch has their name, and this branch's reflog says it had it), as `branch-mismatch`
    re-points them; asked of git only when the branch has no active packet and another
    branch's active packet is there."""
    active = [p for p in packets if p.kind == "json" and p.status == "active"]
    if branch is None or not active or any(p.branch == branch for p in active):
        return set()
    others = {p.branch for p in active if p.branch}
    try:
        local = {r.branch for r in plumbing.list_refs(root) if r.name.startswith("refs/heads/")}
        gone = others - local
        return renamed_from(root, branch) & gone if gone else set()
    except plumbing.GitError:
        return set()


def _candidates(
    packets: list[Packet], branch: str | None, *, named: bool, renamed: set[str] | None = None
) -> tuple[BriefState, list[Packet]]:
    """How the branch's handoff is chosen, and the candidates of that kind."""
    if named:
        return "named", packets
    if branch is None:
        raise NoHandoff(
            "HEAD is detached: no branch to take a handoff for; check out a branch "
            "(`git switch BRANCH`) or name the file: handoff-audit show PATH"
        )
    own = {id(p) for p in packets if p.kind == "json" and p.branch == branch}
    renamed = renamed or set()
    tiers: list[tuple[BriefState, Callable[[Packet], bool]]] = [
        ("active", lambda p: id(p) in own and p.status == "active"),
        # a packet of this branch under the name it had before `git branch -m`
        ("active", lambda p: p.kind == "json" and p.status == "active" and p.branch in renamed),
        ("finished", lambda p: id(p) in own and p.status in FINISHED),
        # An unreadable or empty one too: when it is the newest, `show` says why it is not shown.
        ("hand-written", lambda p: p.kind == "markdown"),
    ]
    for state, fits in tiers:
        candidates = [p for p in packets if fits(p)]
        if candidates:
            return state, candidates
    raise NoHandoff(nothing_found(packets, branch))


def _newest(candidates: list[Packet], changes: dict[str, Commit], dirt: dict[str, str]) -> Packet:
    """The candidate changed last: uncommitted first, then by the commit that last changed it;
    on a tie (one commit added them all), the one nearest the top folder, then the first path:
    a note at the top is the project's, one deep in the tree usually a package's."""

    def when(packet: Packet) -> tuple[bool, int]:
        times = [changes[f].time for f in _files(packet) if f in changes]
        return (any(f in dirt for f in _files(packet)), max(times, default=0))

    # max() keeps the first of equals: order them as a tie is broken.
    return max(sorted(candidates, key=lambda p: (p.path.count("/"), p.path)), key=when)


def _real(candidates: list[Packet], config: Config) -> list[Packet]:
    """The hand-written candidates that are handoffs: not one `check` calls ``not-a-handoff``
    (a how-to beside the real note) or an unfilled template (``placeholder``), unless all are;
    the others stay named in the brief's header ("also on this branch")."""
    if len(candidates) < 2:
        return candidates
    real = [p for p in candidates if _reads_as_handoff(p, config)]
    return real or candidates


def _reads_as_handoff(packet: Packet, config: Config) -> bool:
    if packet.text is None or _empty(packet):  # `show` says why it cannot be shown
        return True
    instead, blanks = judge_markdown(packet.path, packet.text or "")
    if instead is not None:
        return not _reported(packet, config, NOT_A_HANDOFF.id)
    return not blanks


def _title(packet: Packet) -> str | None:
    data = packet.data or {}
    title = data.get("title")
    if isinstance(title, str) and title.strip():
        return shorten(redact(title), ITEM_CHARS)
    topic = data.get("topic")
    return shorten(redact(topic), ITEM_CHARS) if isinstance(topic, str) and topic else None


def _sections(
    packet: Packet,
    config: Config,
    found: tuple[str, list[Packet]],
    committed: tuple[Path, dict[str, str], Freshness],
) -> tuple[tuple[Section, ...], str | None]:
    """The brief's sections in reading order, and the warning to give before them; an
    ``--allow-dirty`` risk as the work tree and history (``committed``) tell it now, and the
    ``--verify`` runs at commits HEAD no longer reaches, those its freshness walked taken as
    reached (`_walked`); for a
    package's note among the hand-written handoffs ``found`` (its state and candidates), the
    other packages' next steps after its own (`sibling_steps`)."""
    if packet.kind != "markdown" and packet.data is not None:
        root, dirt, fresh = committed
        gone = off_history(root, verify_commits(packet.data), _walked(fresh))
        data = committed_dirt(root, packet.path, packet.data, dirt)
        return packet_sections(packet.path, data, gone)
    sections, warning = _written(packet, config)
    state, candidates = found
    siblings = sibling_steps(
        packet, candidates if state == "hand-written" else [], config, committed[0]
    )
    if siblings is not None:  # after the next action, before the text as written
        at = int(bool(sections) and sections[0].key == "next_action")
        sections = (*sections[:at], siblings, *sections[at:])
    return sections, warning


def _walked(fresh: Freshness) -> set[str]:
    """The commits HEAD reaches that the freshness read: HEAD, and the last known good commit
    and the commits since it, when it is HEAD's ancestor."""
    since = fresh.since_lkg
    walked = {commit.sha for commit in since.commits} | {since.base} if since else set()
    return walked | ({fresh.head} if fresh.head else set())


def _written(packet: Packet, config: Config) -> tuple[tuple[Section, ...], str | None]:
    """A hand-written handoff (or an unread packet): its next step, then its text as written;
    a warning instead of the next step when it is no handoff (instructions about writing one,
    an agent's prompt) or an unfilled template, as `check` calls it, or its next step only a
    heading."""
    text = redact(packet.text or "")
    lines = [shorten(line, ITEM_CHARS) for line in text.splitlines()][: MAX_ITEMS * 5]
    written = Section("text", "The handoff as written", tuple(lines))
    instead, blanks = (
        judge_markdown(packet.path, packet.text or "") if packet.kind == "markdown" else (None, [])
    )
    if instead is not None and _reported(packet, config, NOT_A_HANDOFF.id):
        where = ""
        if instead.lines:
            line, words = instead.lines[0]
            where = f", from line {line}: {show(words)}"
        return (written,), (
            f"{packet.path} is not a handoff: {instead.reason} (check: not-a-handoff{where}); "
            "it names no next action"
        )
    if blanks:
        first = blanks[0]
        return (written,), (
            f"{packet.path} is an unfilled template: fill it in before relying on it "
            f"({len(blanks)} lines are placeholders, from line {first.line}: "
            f"{show(first.text)}); it names no next action"
        )
    # start-up: the next-step reading (its cues, markdown-it) loads only for a hand-written handoff
    from handoff_audit.engine.next_step import next_step

    step = next_step(text)
    if step.bare is not None:
        line, words = step.bare
        return (written,), (
            f"{packet.path} is an unfilled template: fill it in before relying on it (its "
            f"next-step heading {show(words)} at line {line} is empty or holds only "
            "placeholders); it names no next action"
        )
    if step.unclear is not None:
        return (written,), f"{packet.path} {step.unclear}"
    if step.text is None:
        return (written,), None
    said = at_clause(step.text, ITEM_CHARS)
    return (Section("next_action", "Next action", (said,)), written), None


def _reported(packet: Packet, config: Config, rule_id: str) -> bool:
    """Whether `check` reports what ``rule_id`` found in the hand-written handoff: the rule is
    not off in the configuration, nor suppressed in the file (for ``not-a-handoff``, the rule's
    own advice when a file is both instructions and a handoff)."""
    rule = RULES_BY_ID[rule_id]
    if config.rules.get(rule_id, rule.default) is None:
        return False
    return not suppression.read([packet], RULES_BY_ID).covers(packet.path, rule_id)


__all__ = ["Brief", "NoHandoff", "UnreadableHandoff", "build_brief"]
