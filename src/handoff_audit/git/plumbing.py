"""The only module that runs git. Every call is an argument list (never a shell), paths come
after ``--``, and the number of git processes in an audit does not grow with the number of
packets: lookups are batched (``cat-file --batch-check``, ``diff-tree --stdin``) and history is
read as one stream that is closed as soon as it has said enough.

Anything that comes from a packet (a commit, a branch, a path) is checked here, before it can
reach git's command line, so no packet can smuggle an option (``--output=…``, ``-c …``,
``--upload-pack=…``) into a git call.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from handoff_audit.git.log_records import log_records as log_records
from handoff_audit.git.log_records import log_with_files as log_with_files
from handoff_audit.git.log_records import raw_log_records as raw_log_records
from handoff_audit.git.refs import Ref as Ref
from handoff_audit.git.refs import ambiguous, remote_of
from handoff_audit.globs import positives
from handoff_audit.model.repo_history import Commit, is_bot
from handoff_audit.textcut import shorten

_spawned = 0
"""How many git processes this process has started; read it with `spawn_count` (tests and the
benchmark do). The only process-wide state outside the engine's run (docs/architecture.md)."""

DEFAULT_TIMEOUT = 300.0
"""Seconds a local git call may take before it is stopped (it never should)."""

_COMMIT = re.compile(r"[0-9a-fA-F]{7,64}")
_BLOB_NAME = re.compile(r"[0-9a-f]{7,64}(?:~[0-9]{1,4}:[^\0\n]+)?")
"""A blob id, or a file as it was N first-parent commits before a commit (``COMMIT~N:PATH``)."""
# start-up: compiled by `re` when git first fails
_URL_USERINFO = r"([A-Za-z][A-Za-z0-9+.-]*://)[^/@\s]+@"
_BRANCH = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._/+@-]*")
_EMPTY_TREE = {
    40: "4b825dc642cb6eb9a060e54bf8d69288fbee4904",
    64: "6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321",
}


class GitError(Exception):
    """A git call failed; the message is one line: the command and git's own words."""


class UnsafeRepository(GitError):
    """Git refuses the repository: it belongs to another user ("dubious ownership")."""

    def advice(self, path: Path) -> str:
        """The one-line message for a user: git's words and the fix."""
        return (
            f"{self}: git refuses this repository (it belongs to another user); if you trust "
            f"it, run `git config --global --add safe.directory {path}` and try again"
        )


class DamagedRepository(GitError):
    """Git cannot read an object the history holds (corrupt or missing): the history is there
    but unreadable, which is not the same as a shallow clone's history that is not there."""


# start-up: compiled by `re` when git first fails
_DAMAGE = (
    rb"is corrupt|inflate: |unable to unpack|unable to read tree|hash mismatch|"
    rb"bad (?:tree|blob|commit) object|object file \S+ is empty|packfile .* cannot be accessed"
)


def _failure(args: Sequence[str], err: bytes) -> GitError:
    """The error for a failed git call, by what git said."""
    message = f"git {args[0]} failed: {_first_line(err)}"
    if b"dubious ownership" in err:
        return UnsafeRepository(message)
    if re.search(_DAMAGE, err):
        return DamagedRepository(message)
    return GitError(message)


def spawn_count() -> int:
    """How many git processes this process has started so far."""
    return _spawned


def is_commit_id(value: object) -> bool:
    """True for 7 to 64 hexadecimal characters: the only commit names taken from a packet."""
    return isinstance(value, str) and _COMMIT.fullmatch(value) is not None


def is_safe_branch(value: object) -> bool:
    """True for a branch name git accepts that cannot be read as an option or a revision range."""
    if not isinstance(value, str) or not 0 < len(value) <= 255:
        return False
    if _BRANCH.fullmatch(value) is None:
        return False
    return not (
        ".." in value
        or "@{" in value
        or value.endswith((".lock", "/", "."))
        or any(not p or p.startswith(".") or p.endswith(".lock") for p in value.split("/"))
    )


def is_safe_path(value: object) -> bool:
    """True for a relative ``/``-separated path inside the repository (no ``..``, no NUL) that
    can travel on a line to git (no newline)."""
    return isinstance(value, str) and "\n" not in value and stays_inside(value)


def stays_inside(value: str) -> bool:
    """True for a relative path that does not climb out of its root: not absolute, no ``..``
    part, no NUL. A newline is a character of a file name like any other here."""
    if not value or "\0" in value or value.startswith(("/", "\\")) or re.match("[A-Za-z]:", value):
        return False
    return ".." not in value.replace("\\", "/").split("/")


def empty_tree(oid_length: int) -> str:
    """The id of the empty tree in a repository whose object ids have ``oid_length`` digits."""
    return _EMPTY_TREE.get(oid_length, _EMPTY_TREE[40])


def _env() -> dict[str, str]:
    env = dict(os.environ)
    # Never wait for a password, never take the index lock for a read, never page.
    env.update(GIT_TERMINAL_PROMPT="0", GIT_OPTIONAL_LOCKS="0", GIT_PAGER="cat", LC_ALL="C")
    env.pop("GIT_EXTERNAL_DIFF", None)
    return env


def _popen(root: Path, args: Sequence[str], **kwargs: object) -> subprocess.Popen[bytes]:
    global _spawned
    _spawned += 1
    return subprocess.Popen(  # type: ignore[call-overload, no-any-return]
        ["git", *args], cwd=root, env=_env(), **kwargs
    )


def run(
    root: Path,
    args: Sequence[str],
    *,
    stdin: bytes | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    ok_codes: tuple[int, ...] = (0,),
    network: bool = False,
) -> bytes:
    """Run ``git ARGS`` in ``root`` and return its standard output; `GitError` otherwise.

    ``network`` runs git in its own process group, so that a timeout also stops the helpers
    it started (ssh, a credential helper) instead of waiting on their open pipes."""
    proc = _start(root, args, stdin=stdin is not None, network=network)
    return _finish(proc, args, stdin, timeout, ok_codes, network)


def _start(
    root: Path, args: Sequence[str], *, stdin: bool = False, network: bool = False
) -> subprocess.Popen[bytes]:
    try:
        return _popen(
            root,
            args,
            stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=network,
        )
    except OSError as error:
        raise GitError(f"cannot run git: {error.strerror or error}") from error


def _finish(
    proc: subprocess.Popen[bytes],
    args: Sequence[str],
    stdin: bytes | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    ok_codes: tuple[int, ...] = (0,),
    network: bool = False,
) -> bytes:
    """Wait for git (`_start`), its output; `GitError` for a failure or a timeout."""
    try:
        out, err = proc.communicate(stdin, timeout=timeout)
    except subprocess.TimeoutExpired as error:
        if network and hasattr(os, "killpg"):
            os.killpg(proc.pid, signal.SIGKILL)
        else:
            proc.kill()
        proc.communicate()
        raise GitError(f"git {args[0]} did not finish within {timeout:.0f} s") from error
    if proc.returncode not in ok_codes:
        raise _failure(args, err)
    return out


def _first_line(err: bytes) -> str:
    """Git's first line of complaint, with any credentials in a URL masked."""
    text = err.decode("utf-8", "replace").strip()
    line = text.splitlines()[0] if text else "no message"
    return shorten(re.sub(_URL_USERINFO, r"\1***@", line), 300)


def _scratch_file() -> IO[bytes]:
    """An unnamed read-write file that goes away when closed, for git's standard error (or
    input): in memory where the system has ``memfd_create`` (Linux), else a temporary file."""
    if hasattr(os, "memfd_create"):
        try:
            return open(os.memfd_create("handoff-audit", os.MFD_CLOEXEC), "w+b")
        except OSError:
            pass  # a sandbox that refuses memfd_create: a temporary file does as well
    # start-up: tempfile (with shutil and random) only where there is no memfd_create
    import tempfile

    return tempfile.TemporaryFile()


@contextmanager
def stream(root: Path, args: Sequence[str], sep: bytes = b"\0") -> Iterator[Iterator[bytes]]:
    """Run ``git ARGS`` and yield its output split on ``sep``, as it comes. Leaving the block
    early stops git, so a history walk costs only what was read."""
    with _scratch_file() as errors:
        try:
            proc = _popen(
                root, args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=errors
            )
        except OSError as error:
            raise GitError(f"cannot run git: {error.strerror or error}") from error
        assert proc.stdout is not None
        finished = False

        def records() -> Iterator[bytes]:
            nonlocal finished
            assert proc.stdout is not None
            pending = b""
            while chunk := os.read(proc.stdout.fileno(), 1 << 16):
                pending += chunk
                *complete, pending = pending.split(sep)
                yield from complete
            if pending:
                yield pending
            finished = True

        try:
            yield records()
        finally:
            if not finished:
                proc.kill()
            proc.stdout.close()
            code = proc.wait()
        if finished and code != 0:
            errors.seek(0)
            raise _failure(args, errors.read())


@dataclass(frozen=True, slots=True)
class RepoInfo:
    """Where the repository is and what kind of clone it is."""

    toplevel: Path
    """The work tree's top folder."""
    prefix: str
    """The audited root relative to ``toplevel`` (``""`` or ``sub/dir/``)."""
    shallow: bool
    """True in a shallow clone (``git clone --depth N``)."""
    boundary: frozenset[str] = frozenset()
    """In a shallow clone, the commits whose parents are missing."""


def repo_info(root: Path) -> RepoInfo | None:
    """The repository around ``root``, or ``None`` outside git (or when git is missing);
    `UnsafeRepository` when git refuses it."""
    try:
        args = ["--show-toplevel", "--show-prefix", "--is-shallow-repository", "--git-path"]
        out = run(root, ["rev-parse", *args, "shallow"])
    except UnsafeRepository:
        raise
    except GitError:
        return None
    lines = out.decode("utf-8", "surrogateescape").split("\n")
    if len(lines) < 4 or not lines[0]:
        return None
    shallow = lines[2] == "true"
    boundary: frozenset[str] = frozenset()
    if shallow:
        try:
            text = (root / lines[3]).read_text("ascii", "replace")
        except OSError:
            text = ""
        boundary = frozenset(line for line in text.split() if is_commit_id(line))
    return RepoInfo(Path(lines[0]), lines[1], shallow, boundary)


Refs = tuple[list[Ref], str | None]
"""What `read_refs` returns: the branches, and the branch ``origin/HEAD`` points at."""


def list_refs(root: Path) -> list[Ref]:
    """Every local and remote-tracking branch (symbolic refs like ``origin/HEAD`` left out)."""
    return read_refs(root)[0]


def read_refs(root: Path) -> Refs:
    """`list_refs`, and the branch ``origin/HEAD`` points at (the remote's default branch,
    ``None`` when unset); one git call, and one ``git remote`` more when a remote-tracking
    branch's name could be split at more than one ``/`` (`refs.ambiguous`)."""
    fields = "%(HEAD)%00%(objectname)%00%(tree)%00%(committerdate:unix)%00%(symref)%00%(refname)"
    fields += "%00%(parent)%00%(upstream)"
    out = run(root, ["for-each-ref", f"--format={fields}", "refs/heads", "refs/remotes"])
    rows = [line.split("\0") for line in out.decode("utf-8", "surrogateescape").splitlines()]
    names = _remote_names(root) if any(ambiguous(row[5]) for row in rows if not row[4]) else []
    refs = []
    origin_head = None
    for head, commit, tree, when, symref, name, parents, upstream in rows:
        if symref:
            if name == "refs/remotes/origin/HEAD":
                origin_head = symref.removeprefix("refs/remotes/origin/")
            continue
        if not tree:
            continue
        remote, parent_ids, at = remote_of(name, names), tuple(parents.split()), int(when or 0)
        refs.append(Ref(name, commit, tree, at, head == "*", remote, parent_ids, upstream))
    return refs, origin_head


def _remote_names(root: Path) -> list[str]:
    """The configured remotes' names (one ``git remote``); none when git cannot tell."""
    try:
        return run(root, ["remote"]).decode("utf-8", "surrogateescape").split()
    except GitError:
        return []


def resolve(root: Path, revisions: Sequence[str]) -> dict[str, tuple[str, str] | None]:
    """Each revision's (commit id, tree id), ``None`` when it is not a commit here; one git
    call for all of them.

    Revisions travel on standard input, where git never reads options; still, a name starting
    with ``-``, or holding a line break or a NUL, is refused (`ValueError`)."""
    return resolve_and_find(root, revisions, "HEAD", ())[0]


def resolve_and_find(
    root: Path, revisions: Sequence[str], rev: str, paths: Sequence[str]
) -> tuple[dict[str, tuple[str, str] | None], set[str]]:
    """`resolve`, and in the same git call which ``paths`` (from the top folder) exist in the
    commit ``rev`` (a file, a link or a folder). Paths travel on standard input too; a path
    `is_safe_path` rejects is never asked about."""
    wanted = list(dict.fromkeys(revisions))
    asked = [path for path in dict.fromkeys(paths) if is_safe_path(path)]
    if not wanted and not asked:
        return {}, set()
    for name in [*wanted, rev]:
        if "\n" in name or "\0" in name or name.startswith("-") or not name:
            raise ValueError(f"unsafe revision {name!r}")
    ids = _searched(root, [*wanted, rev])
    lines = "".join(f"{ids.get(n, n)}^{{commit}}\n{ids.get(n, n)}^{{tree}}\n" for n in wanted)
    lines += "".join(f"{ids.get(rev, rev)}:{path}\n" for path in asked)
    out = run(
        root,
        ["cat-file", "--batch-check=%(objectname) %(objecttype)"],
        stdin=lines.encode("utf-8", "surrogateescape"),
    )
    answers = iter(out.decode("utf-8", "replace").splitlines())
    result: dict[str, tuple[str, str] | None] = {}
    for name in wanted:
        commit = next(answers, "").split(" ")
        tree = next(answers, "").split(" ")
        ok = commit[-1] == "commit" and tree[-1] == "tree"
        result[name] = (commit[0], tree[0]) if ok else None
    found = {
        path
        for path in asked
        if (answer := next(answers, "").split(" "))
        and len(answer) == 2
        and answer[1] in ("blob", "tree", "commit")
    }
    return result, found


def _searched(root: Path, names: Sequence[str]) -> dict[str, str]:
    """The object id of each name starting with ``:`` (``:/TEXT``, a search of commit
    messages): git reads a suffix such as ``^{commit}`` after it as part of the text searched,
    so it is resolved alone first (`git rev-parse --verify`, the name after
    ``--end-of-options``), then peeled by its id. A name git does not resolve is left out."""
    ids: dict[str, str] = {}
    for name in dict.fromkeys(names):
        if not name.startswith(":"):
            continue
        args = ["rev-parse", "--verify", "-q", "--end-of-options", name]
        try:
            found = run(root, args).decode("ascii", "replace").strip()
        except GitError:
            continue
        if is_commit_id(found):
            ids[name] = found
    return ids


def ancestry(
    root: Path,
    head: str,
    limit: int,
    times: dict[str, int] | None = None,
    also: Sequence[str] = (),
) -> tuple[list[tuple[str, tuple[str, ...]]], bool]:
    """The commits reachable from ``head`` (and from the commits ``also`` names: a merge's
    other parents) with their parents, newest first, at most ``limit``; the flag says whether
    the walk stopped at the limit. ``times``, when given, receives each commit's committer time
    (Unix seconds)."""
    for tip in (head, *also):
        _check_commit(tip)
    commits: list[tuple[str, tuple[str, ...]]] = []
    args = ["rev-list", "--timestamp", "--parents", f"--max-count={limit + 1}", head, *also]
    args.append("--")
    with stream(root, args, b"\n") as lines:
        for line in lines:
            if not line:
                continue
            stamp, sha, *parents = line.decode("ascii").split()
            if len(commits) == limit:
                return commits, True
            commits.append((sha, tuple(parents)))
            if times is not None:
                times[sha] = int(stamp)
    return commits, False


@contextmanager
def changes(
    root: Path, head: str, since: str | None = None, *, blobs: bool = False
) -> Iterator[Iterator[Commit]]:
    """Walk ``head``'s history newest first with each commit's changed files and whether a
    maintenance bot made it (`repo_history.is_bot`), only the commits ``since`` lacks when
    given; with ``blobs``, each file's old and new blob ids (`Commit.blobs`); one git process,
    stopped when the caller leaves the block."""
    _check_commit(head)
    revisions = [head]
    if since is not None:
        _check_commit(since)
        revisions += ["--not", since]
    fields = "%H%x1f%ct%x1f%P%x1f%an%x1f%ae%x1f%s"
    with stream(root, log_with_files(fields, revisions, blobs=blobs)) as found:
        yield _parse_changes(found, blobs)


def _parse_changes(fields: Iterator[bytes], raw: bool) -> Iterator[Commit]:
    for header, files, blobs in raw_log_records(fields, 6, 1, raw=raw):
        sha, when, parents, name, email, subject = header
        count = len(parents.split())
        bot = is_bot(name, email, count)
        yield Commit(sha, int(when), subject, files, bot, count > 1, blobs=blobs)


def _diff_blocks(out: bytes) -> Iterator[tuple[tuple[str, ...], str, str, str]]:
    """Parse ``diff-tree --stdin -z`` output into (header words, blob id, path, new mode) per
    entry; a block's header is the input line it answers, echoed by git."""
    header: tuple[str, ...] = ()
    fields = iter(out.split(b"\0"))
    for field in fields:
        while field:
            if field.startswith(b":"):
                meta = field.decode("ascii", "replace").split()
                path = next(fields, b"").decode("utf-8", "surrogateescape")
                blob = meta[3] if meta[4] != "D" else meta[2]
                yield header, blob, path, meta[1]
                break
            line, _, field = field.partition(b"\n")
            if line:
                header = tuple(line.decode("ascii", "replace").split())


def tree_files(
    root: Path,
    trees: Sequence[str],
    pathspecs: Sequence[str],
    oid_length: int = 40,
    links: set[tuple[str, str]] | None = None,
    gitlinks: set[tuple[str, str]] | None = None,
) -> dict[str, list[tuple[str, str]]]:
    """For each tree id, its files matching ``pathspecs`` as (path, blob id); one git call for
    all of them (each tree is compared with the empty tree by ``diff-tree --stdin``). ``links``
    gets (tree id, path) of each of those that is a symbolic link, ``gitlinks`` of each that is
    a submodule (its id a commit's of another repository)."""
    wanted = list(dict.fromkeys(trees))
    if not wanted:
        return {}
    for tree in wanted:
        _check_commit(tree)
    empty = empty_tree(oid_length)
    stdin = "".join(f"{empty} {tree}\n" for tree in wanted).encode()
    args = ["diff-tree", "--stdin", "-r", "-z", "--no-renames", "--diff-filter=A", "--", *pathspecs]
    result: dict[str, list[tuple[str, str]]] = {tree: [] for tree in wanted}
    for header, blob, path, mode in _diff_blocks(run(root, args, stdin=stdin)):
        if len(header) == 2 and header[1] in result:
            result[header[1]].append((path, blob))
            if links is not None and mode == "120000":
                links.add((header[1], path))
            elif gitlinks is not None and mode == "160000":
                gitlinks.add((header[1], path))
    return result


_Pairs = Sequence[tuple[str, str]]


def deleted_between(root: Path, pairs: _Pairs) -> dict[tuple[str, str], set[str]]:
    """For each (old tree, new tree) pair, the files present in the old and gone from the new;
    one git call for all pairs."""
    result: dict[tuple[str, str], set[str]] = {pair: set() for pair in pairs}
    for header, path in _diff_pairs(root, list(result), "--diff-filter=D"):
        if len(header) == 2 and (header[0], header[1]) in result:
            result[(header[0], header[1])].add(path)
    return result


def changed_from(root: Path, pairs: _Pairs) -> dict[str, set[str]]:
    """For each (commit, other commit) pair, one per commit: the files that differ between the
    two, by ``commit``; one git call for all pairs."""
    result: dict[str, set[str]] = {commit: set() for commit, _ in pairs}
    for header, path in _diff_pairs(root, list(pairs)):
        if header and header[0] in result:  # git echoes a pair of commits as the first alone
            result[header[0]].add(path)
    return result


def _diff_pairs(root: Path, pairs: _Pairs, *options: str) -> Iterator[tuple[tuple[str, ...], str]]:
    """``diff-tree --stdin`` over ``pairs`` (of trees: the first to the second; of commits:
    the second to the first): each changed file with its block's header."""
    for sha in (sha for pair in pairs for sha in pair):
        _check_commit(sha)
    if not pairs:
        return
    stdin = "".join(f"{one} {two}\n" for one, two in pairs).encode()
    args = ["diff-tree", "--stdin", "-r", "-z", "--no-renames", *options]
    for header, _blob, path, _mode in _diff_blocks(run(root, args, stdin=stdin)):
        yield header, path


def read_blobs(root: Path, names: Sequence[str], max_size: int | None = None) -> dict[str, bytes]:
    """The content of each blob named (by its id, or as ``COMMIT~N:PATH``) that is at most
    ``max_size`` bytes, in their order; one ``cat-file --batch`` call for all of them. Larger
    blobs, and a blob met again (a file that commits left unchanged), are streamed past: memory
    holds each content once."""
    wanted = list(dict.fromkeys(names))
    if bad := [name for name in wanted if _BLOB_NAME.fullmatch(name) is None]:
        raise ValueError(f"not a blob id or COMMIT~N:PATH: {bad[0]!r}")
    result: dict[str, bytes] = {}
    by_id: dict[str, bytes] = {}
    if not wanted:
        return result
    # The names go in through a file, not a pipe: git answers while it reads, and a pipe both
    # ways would need a writer thread to avoid a deadlock.
    with _scratch_file() as ids, _scratch_file() as errors:
        ids.write("".join(f"{name}\n" for name in wanted).encode("utf-8", "surrogateescape"))
        ids.seek(0)
        try:
            proc = _popen(
                root, ["cat-file", "--batch"], stdin=ids, stdout=subprocess.PIPE, stderr=errors
            )
        except OSError as error:
            raise GitError(f"cannot run git: {error.strerror or error}") from error
        assert proc.stdout is not None
        with proc.stdout as out:
            for name in wanted:
                header = out.readline().decode("ascii", "replace").split()
                if len(header) != 3:  # "<name> missing": no content follows
                    continue
                oid, kind, size = header[0], header[1], int(header[2])
                if kind == "blob" and oid not in by_id and (max_size is None or size <= max_size):
                    by_id[oid] = out.read(size)
                else:
                    skip(out, size)
                if kind == "blob" and oid in by_id:
                    result[name] = by_id[oid]
                out.read(1)  # the LF after the content
        if proc.wait() != 0:
            errors.seek(0)
            raise GitError(f"git cat-file failed: {_first_line(errors.read())}")
    return result


def batch_reader(root: Path) -> subprocess.Popen[bytes]:
    """A ``cat-file --batch`` for the caller to ask one object at a time, each answer read
    before the next question (its output is flushed after each object); the caller closes its
    input and output and waits for it."""
    try:
        return _popen(
            root,
            ["cat-file", "--batch"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
    except OSError as error:
        raise GitError(f"cannot run git: {error.strerror or error}") from error


def skip(out: IO[bytes], size: int) -> None:
    """Read past ``size`` bytes of ``out`` without keeping them."""
    while size > 0:
        chunk = out.read(min(size, 1 << 20))
        if not chunk:
            return
        size -= len(chunk)


def status(root: Path, pathspecs: Sequence[str], *, ignored: bool = False) -> dict[str, str]:
    """Work-tree changes under ``pathspecs``: path (from the top folder) -> two-letter code
    (``??`` untracked, `` M`` modified, ``!!`` ignored with ``ignored``, ...); one git call."""
    return _parse_status(run(root, _status_args(pathspecs, ignored)))


def branch_status(root: Path) -> tuple[dict[str, str], str]:
    """`status` of the whole work tree, and from the same call its ``--branch`` line without
    its ``## `` (``feat/x...origin/feat/x [ahead 1, behind 2]``: `upstream.upstream_line`)."""
    out = run(root, [*_STATUS, "--branch", "--ahead-behind", "--"])
    line, _, files = out.partition(b"\0")
    return _parse_status(files), line.decode("utf-8", "surrogateescape").removeprefix("## ")


# Untracked files inside a submodule are the submodule's business: no commit here can take them
# (`git add -- lib` stages nothing), and this repository's .gitignore does not reach them.
_STATUS = (
    "status",
    "--porcelain=v1",
    "-z",
    "--untracked-files=all",
    "--no-renames",
    "--ignore-submodules=untracked",
)


def _status_args(pathspecs: Sequence[str], ignored: bool) -> list[str]:
    return [*_STATUS, *(["--ignored=matching"] if ignored else []), "--", *pathspecs]


class StatusLater:
    """`status` (not ignored files) started now and read later: git looks at the work tree
    while this process does other work (speed: at 10,000 packets `status` was the longest git
    call, waited for after the packets were checked). `result` is `status`'s answer or error;
    `discard` stops git when the answer is not needed."""

    def __init__(self, root: Path, pathspecs: Sequence[str]) -> None:
        self.args = _status_args(pathspecs, False)
        self.pathspecs = tuple(pathspecs)
        """What it looks at: the answer holds for any path these pathspecs cover."""
        self._proc: subprocess.Popen[bytes] | None = None
        self._error: GitError | None = None
        try:
            self._proc = _start(root, self.args)
        except GitError as error:
            self._error = error

    def result(self) -> dict[str, str]:
        """`status`'s answer (waits for git); `GitError` as `status` raises it."""
        if self._error is not None:
            raise self._error
        assert self._proc is not None, "result() after discard()"
        return _parse_status(_finish(self._proc, self.args))

    def discard(self) -> None:
        """Stop git if it still runs, and reap it."""
        proc, self._proc = self._proc, None
        if proc is not None and proc.returncode is None:
            proc.kill()
            proc.communicate()


def _parse_status(out: bytes) -> dict[str, str]:
    entries = (entry for entry in out.split(b"\0") if len(entry) > 3)
    return {e[3:].decode("utf-8", "surrogateescape"): e[:2].decode("ascii") for e in entries}


def _check_commit(value: str) -> None:
    if not is_commit_id(value):
        raise ValueError(f"not a commit id: {value!r}")


def current_branch(root: Path) -> str | None:
    """The checked-out branch's short name; ``None`` when HEAD is detached. `GitError` outside
    a repository."""
    out = run(root, ["symbolic-ref", "--quiet", "--short", "HEAD"], ok_codes=(0, 1))
    return out.decode("utf-8", "surrogateescape").strip() or None


def merge_base(root: Path, one: str, other: str) -> str | None:
    """The best common ancestor of two commit ids; ``None`` when they share no history."""
    _check_commit(one)
    _check_commit(other)
    out = run(root, ["merge-base", one, other], ok_codes=(0, 1))
    return out.decode("ascii", "replace").strip() or None


def changed_since(root: Path, base: str) -> list[str]:
    """Files (from the top folder) that differ between commit ``base`` and the work tree,
    staged or not, deleted ones included; untracked files are in `status`. One git call."""
    _check_commit(base)
    out = run(root, ["diff", "--name-only", "-z", "--no-renames", base, "--"])
    names = out.decode("utf-8", "surrogateescape").split("\0")
    return sorted({name for name in names if name})


def changed_since_merge_base(root: Path, tip: str) -> list[str]:
    """`changed_since` the merge base of HEAD and the commit ``tip``, in one git call
    (``diff --merge-base``, git 2.30); `GitError` when they share no history."""
    _check_commit(tip)
    out = run(root, ["diff", "--name-only", "-z", "--no-renames", "--merge-base", tip, "--"])
    names = out.decode("utf-8", "surrogateescape").split("\0")
    return sorted({name for name in names if name})


def pathspecs(prefix: str, globs: Iterable[str] = (), literal: Iterable[str] = ()) -> list[str]:
    """Git pathspecs (from the top folder) for configuration globs and for exact paths, both
    relative to the audited root; ``prefix`` is that root from the top folder (``""``, ``a/``).
    The globs' pathspecs ignore letter case: they list at least what `model.packet.named_packet`
    and `named_block_file` keep, ``Handoff.md`` for ``**/HANDOFF.md``. An exclusion (``!``) is
    left out: the files listed are matched against the whole list afterwards."""
    specs = [f":(top,glob,icase){prefix}{glob.removeprefix('./')}" for glob in positives(globs)]
    return specs + [f":(top,literal){prefix}{path}" for path in literal]


def mark_safe_directory(path: Path) -> None:
    """Trust ``path`` in the global git configuration (``$HOME/.gitconfig``).

    In the action's container the workspace belongs to another user than the container's root,
    and git refuses such a repository ("dubious ownership") until it is marked safe. Run from
    ``/`` so that git does not first inspect the very folder it distrusts. `GitError` on failure.
    """
    run(Path(path.anchor or "/"), ["config", "--global", "--add", "safe.directory", str(path)])
