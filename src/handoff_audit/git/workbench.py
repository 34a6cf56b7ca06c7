"""What `new` and `update` take from git: the branch, HEAD, the changed files and the dirt.

Every git call goes through `handoff_audit.git.plumbing`; the number of calls does not depend on
the number of packets.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.errors import InputError, ShallowHistory
from handoff_audit.git import plumbing
from handoff_audit.git.agent_files import is_personal
from handoff_audit.git.base_tip import base_ref, shown_name
from handoff_audit.git.protected import protected_patterns
from handoff_audit.git.rebase_state import stopped_in_progress
from handoff_audit.git.unknown_target import unknown_target
from handoff_audit.git_folder import bare_repository, bare_repository_problem
from handoff_audit.model.packet import in_series, is_packet_file
from handoff_audit.shell import quote

_STATUS_WORDS = {"?": "untracked", "M": "modified", "A": "added", "D": "deleted", "U": "unmerged"}


@dataclass(frozen=True, slots=True)
class Workbench:
    """The repository as `new` and `update` find it."""

    root: Path
    """The work tree's top folder; packet paths are relative to it."""
    branch: str
    """The packet's branch (``--branch``, or the checked-out one)."""
    head: str
    """The full id of the commit checked out."""
    changed_files: tuple[str, ...]
    """Files changed against the merge base with the target (``--target-branch``, else the first
    protected branch that exists; every file of HEAD when none exists), committed or not;
    packet files left out, but a series' own (`in_series`: ``docs/sessions/20241215/
    session_log.md``)."""
    base_branch: str | None
    """The branch ``changed_files`` was taken against; ``None`` when none exists."""
    base: str
    """The commit ``changed_files`` was taken against: the merge base (HEAD when the base
    branch shares no history; the empty tree when no base branch exists)."""
    dirt: tuple[tuple[str, str], ...]
    """Uncommitted tracked changes and untracked, not-ignored files, as (path, what), packet
    files left out: writing packets is what `new` and `update` do; nested repositories too."""
    nested: tuple[str, ...] = ()
    """Untracked git repositories or worktrees inside the work tree that are no submodule
    (``.worktrees/inner/``, `nested_repo`): no work of the branch, and never to be committed."""
    base_target: str | None = None
    """``base_branch`` as a merge target names it: the branch, ``main`` for ``origin/main``."""


def nested_repo(path: str, code: str) -> bool:
    """Whether a `plumbing.status` entry is a git repository or worktree inside this one: git
    (``--untracked-files=all``) lists an untracked folder whole only when it is one."""
    return code == "??" and path.endswith("/")


def packet_folder(near: Path | None) -> Path:
    """Where a writer reads git for the packet ``near`` (PACKET, `new --output`): its folder,
    else the current folder; the current folder too for a path inside git's own folder, which
    the writer refuses by name."""
    folder = None if near is None else Path(os.path.abspath(near)).parent
    if folder is None or ".git" in (part.lower() for part in folder.resolve().parts):
        return Path.cwd()
    return folder


def read_workbench(
    cwd: Path,
    config_for: Callable[[Path], Config],
    branch: str | None,
    target: str | None,
    command: str = "new",
) -> tuple[Workbench, Config]:
    """The workbench around ``cwd`` (its nearest existing folder: `new --output` may name a
    folder still to be made) and the repository's configuration; `InputError` when git
    cannot say (in a bare repository, naming ``command``, the one to run in a clone)."""
    while not cwd.is_dir() and cwd != cwd.parent:
        cwd = cwd.parent
    try:
        info = plumbing.repo_info(cwd)
    except plumbing.UnsafeRepository as error:
        raise InputError(error.advice(cwd)) from None
    if info is None and (bare := bare_repository(str(cwd))) is not None:
        raise InputError(bare_repository_problem(bare, command))
    if info is None:
        raise InputError(f"{cwd}: not inside a git repository; `new` and `update` read git")
    root = info.toplevel
    config = config_for(root)
    return workbench_at(root, config, branch, target), config


def workbench_at(
    root: Path,
    config: Config,
    branch: str | None,
    target: str | None,
    *,
    refs: plumbing.Refs | None = None,
    status: Callable[[], dict[str, str]] | None = None,
) -> Workbench:
    """The workbench of the repository whose top folder is ``root`` (`read_workbench`'s, for a
    caller that found the top folder itself); ``refs`` (`plumbing.read_refs`) and ``status``
    (`plumbing.status` of the whole tree) when the caller has read them or will read them
    anyway, so that git is not asked twice. `InputError` when git cannot say."""
    try:
        if branch is None:
            branch = plumbing.current_branch(root)
            if branch is None:
                raise InputError("HEAD is detached; say which branch this is with --branch")
        base_branch, head, base, base_target = branch_base(root, config, target, refs)
        changed = plumbing.changed_since(root, base)
        tree = status() if status is not None else plumbing.status(root, [])
    except plumbing.GitError as error:
        raise InputError(str(error)) from None
    own = packet_file_test(config)
    entries = sorted(tree.items())
    nested = tuple(path for path, code in entries if nested_repo(path, code))
    dirt = tuple(
        (path, _describe(code)) for path, code in entries if not own(path) and path not in nested
    )
    # a series' file named as a packet (`session_log.md`) is the branch's, as its others are
    kept = tuple(path for path in changed if not own(path) or in_series(path, config))
    return Workbench(root, branch, head, kept, base_branch, base, dirt, nested, base_target)


def branch_base(
    root: Path, config: Config, target: str | None, refs: plumbing.Refs | None = None
) -> tuple[str | None, str, str, str | None]:
    """`Workbench.base_branch`, `.head`, `.base` and `.base_target`: the branch the checked-out
    commit's own work is taken against (``target``, else the first protected branch that
    exists), HEAD's full id, their merge base (HEAD when they share no history; the empty tree
    when no base branch exists) and that branch's name as a merge target names it (``main``
    for ``origin/main``). The Stop hook's, the writers' and `check`'s one reading of the base,
    whose ``.gitignore`` lines are the owner's (`engine.ignored.owner_revision`). `InputError`
    (`ShallowHistory` in a shallow clone missing the merge base) or `plumbing.GitError` when
    git cannot say."""
    if target is not None and not plumbing.is_safe_branch(target):
        raise InputError(f"--target-branch {target!r} is not a usable branch name")
    found_base = None if target else _first_protected(root, config, refs)
    base_branch = target or (shown_name(found_base) if found_base else None)
    base_target = target or (found_base.branch if found_base else None)
    tip = found_base.commit if found_base else None
    revisions = ["HEAD"] + ([target] if target else [])
    found = plumbing.resolve(root, revisions)
    head = found["HEAD"]
    if head is None:
        raise InputError("the repository has no commit yet; commit once, then run `new`")
    if target is not None:
        resolved = found[target]
        if resolved is None:
            known = plumbing.list_refs(root)
            raise unknown_target(target, known, " or commit here (fetch it first)")
        tip = resolved[0]
    # No default branch at all (the first commit was made on this branch): every commit
    # is the branch's own work, from the root commit on.
    base = head[0] if tip is not None else plumbing.empty_tree(len(head[0]))
    if tip is not None:
        merge_base = plumbing.merge_base(root, head[0], tip)
        if merge_base is None:
            _refuse_shallow(root, base_branch or target or "")
            if target is not None:
                raise InputError(f"HEAD and {target} share no history; no merge base to diff")
            base_branch = base_target = None
        else:
            base = merge_base
    return base_branch, head[0], base, base_target


def _refuse_shallow(root: Path, base_branch: str) -> None:
    """`ShallowHistory` when the clone at ``root`` is shallow: a merge base is missing only
    because the commits that join HEAD and ``base_branch`` were not fetched."""
    info = plumbing.repo_info(root)
    if info is None or not info.shallow:
        return
    raise ShallowHistory(
        f"HEAD and {base_branch} share no commit in this shallow clone (their history is not "
        "fetched), so the branch's own work cannot be told: fetch it with `git fetch "
        "--unshallow` (or `git fetch --deepen=500` until `git merge-base HEAD "
        f"{quote(base_branch)}` finds a commit)"
    )


def branch_changes(
    root: Path,
    config: Config,
    branch: str,
    refs: plumbing.Refs,
    status: Callable[[], dict[str, str]],
) -> tuple[set[str], str | None]:
    """The files the checked-out ``branch`` changed against its first protected branch
    (`Workbench.changed_files` and the dirt's paths, packet files left out but a series' own)
    and that branch:
    what `workbench_at` says of them, for a caller that needs neither HEAD nor the merge base,
    in one git call (``diff --merge-base``) besides ``refs`` and ``status``. Where that cannot
    answer (no protected branch here, no shared history, a git before 2.30), `workbench_at`
    does. `InputError` when git cannot say."""
    found_base = _first_protected(root, config, refs)
    base_branch = shown_name(found_base) if found_base else None
    tip = found_base.commit if found_base else None
    changed: list[str] | None = None
    if tip is not None:
        try:
            changed = plumbing.changed_since_merge_base(root, tip)
        except plumbing.GitError:
            changed = None
    if changed is None:
        bench = workbench_at(root, config, branch, None, refs=refs, status=status)
        found = {*bench.changed_files, *(path for path, _ in bench.dirt)}
        return found - merged_in(root), bench.base_branch
    try:
        tree = status()
    except plumbing.GitError as error:
        raise InputError(str(error)) from None
    own = packet_file_test(config)
    uncommitted = (path for path, code in tree.items() if not nested_repo(path, code))
    found = {path for path in (*changed, *uncommitted) if not own(path) or in_series(path, config)}
    return found - merged_in(root), base_branch


def merged_in(root: Path) -> set[str]:
    """During a ``git merge`` (stopped on a conflict, or ``--no-commit``), the files it brought
    in from the merged side as that side has them: changed there since the merge base and
    the same in the work tree, the other side's work, not the branch's. No git process when no
    merge is under way (`rebase_state.stopped_in_progress` reads git's folder), two when one is."""
    stopped = stopped_in_progress(root)
    if stopped is None or stopped.kind != "merge":
        return set()
    try:
        theirs = _names(root, ["diff", "--name-only", "-z", "--no-renames", "HEAD...MERGE_HEAD"])
        differ = _names(root, ["diff", "--name-only", "-z", "--no-renames", "MERGE_HEAD", "--"])
    except plumbing.GitError:
        return set()
    return theirs - differ


def _names(root: Path, args: list[str]) -> set[str]:
    out = plumbing.run(root, args).decode("utf-8", "surrogateescape")
    return {name for name in out.split("\0") if name}


def base_commit(root: Path, config: Config, refs: plumbing.Refs) -> str | None:
    """The commit of the checked-out branch's base (`branch_changes`'s branch), if any."""
    found = _first_protected(root, config, refs)
    return found.commit if found else None


def _first_protected(root: Path, config: Config, read: plumbing.Refs | None) -> plumbing.Ref | None:
    """The first protected branch (in the configuration's order, else the repository's default
    branch) that exists here, local before remote-tracking unless that is ahead of it
    (`base_tip.base_ref`); ``read``: the refs when the caller has them."""
    refs, origin_head = read if read is not None else plumbing.read_refs(root)
    patterns = protected_patterns(config.protected_branches, refs, origin_head)
    return base_ref(root, refs, patterns)


def packet_file_test(config: Config) -> Callable[[str], bool]:
    """Whether a path (from the top folder) is a packet file or a packet's twin, or a personal
    settings file (`is_personal`: this machine's, never committed, never the branch's work)."""
    return lambda path: is_personal(path) or is_packet_file(path, config)


def _describe(code: str) -> str:
    for char in (code[1], code[0]):
        if char in _STATUS_WORDS:
            return _STATUS_WORDS[char]
    return "changed"


def dirt_lines(dirt: tuple[tuple[str, str], ...], shown: int = 10) -> str:
    """``src/app.py (modified), scratch.tmp (untracked)``, shortened after ``shown`` paths."""
    names = [f"{printable(path)} ({what})" for path, what in dirt[:shown]]
    more = len(dirt) - shown
    return ", ".join(names) + (f" and {more} more" if more > 0 else "")


def printable(path: str) -> str:
    """A path as a message shows it: control characters escaped, the rest as it is."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in path)


def resolve_commit(root: Path, revision: str, option: str = "--last-known-good") -> str:
    """The full id of the commit ``revision`` names; `InputError` naming ``option`` otherwise."""
    if not revision or revision.startswith("-") or any(c in revision for c in "\n\0 "):
        raise InputError(f"{option} {revision!r} is not a usable revision")
    try:
        found = plumbing.resolve(root, [revision])[revision]
    except plumbing.GitError as error:
        raise InputError(str(error)) from None
    if found is None:
        raise InputError(f"{option} {revision!r} is no commit here")
    return found[0]


def unsaved(root: Path, paths: list[str]) -> list[str]:
    """Those of ``paths`` (from the top folder) whose content git does not hold as it is:
    modified, untracked or ignored. One git call."""
    try:
        status = plumbing.status(root, plumbing.pathspecs("", literal=paths), ignored=True)
    except plumbing.GitError as error:
        raise InputError(str(error)) from None
    return sorted(status)
