"""A rebase stopped in the middle (on a conflict, or an ``edit`` step): not a plain detached
HEAD. git knows the branch being rebased (``rebase-merge/head-name`` or
``rebase-apply/head-name`` in the work tree's git folder) and, when it stopped on a conflict,
lists the files in ``MERGE_MSG``; both are read as files, with no git process.

Mid-rebase, `git switch` is refused: the way on is to resolve the conflicts and run
``git rebase --continue`` (or ``git rebase --abort``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from handoff_audit.git import plumbing
from handoff_audit.git.reflog import head_reflog_tail
from handoff_audit.git_folder import git_dirs
from handoff_audit.shell import from_top, quote

CONTINUE = "GIT_EDITOR=true git rebase --continue"
"""The command that goes on with a rebase, keeping each commit's message (no editor opens)."""
STAGE_THEM = "the commit the rebase stopped at takes them"
"""What changes not staged at a rebase's stop (an `edit` step's amendment begun) ask."""


def continue_command(names: str) -> str:
    """The command that goes on with a rebase: `CONTINUE`, after staging ``names`` (shell words
    naming its changes not staged, which `--continue` refuses), if any."""
    return f"git add -- {names} && {CONTINUE}" if names else CONTINUE


_MAX_BYTES = 64 * 1024


@dataclass(frozen=True, slots=True)
class Rebase:
    """A rebase in progress."""

    branch: str
    """The branch being rebased (``refs/heads/`` left out); ``""``: a detached HEAD."""
    conflicts: tuple[str, ...]
    """The files git listed as conflicted when it stopped (``MERGE_MSG``); may be resolved since."""

    def said(self, unstaged: Sequence[str] = (), *, handed: bool = False) -> str:
        """One line for `show` and a new session: what is under way and the way on, with the
        changes not staged ``unstaged`` (from the top folder) staged first, as the Stop hook
        prints it (`continue_command`); ``handed``: the branch's handoff follows it."""
        files = ", ".join(self.conflicts[:5]) + (
            f" and {len(self.conflicts) - 5} more" if len(self.conflicts) > 5 else ""
        )
        resolve = (
            f"resolve the conflicts in {files} (git status lists what is left), `git add` them, "
            if self.conflicts
            else "resolve what `git status` reports unmerged, if anything, `git add` it, "
        )
        go_on = continue_command(" ".join(from_top(f) for f in unstaged))
        if unstaged:
            shown = ", ".join(unstaged[:5]) + (
                f" and {len(unstaged) - 5} more" if len(unstaged) > 5 else ""
            )
            go_on += f"` (it stages the changes not staged in {shown}: {STAGE_THEM})"
        else:
            go_on += "`"
        abort = "which drops those changes, " if unstaged else ""
        return (
            f"a rebase of {self.what()} is in progress (HEAD is detached while git replays "
            f"its commits): {resolve}then run `{go_on}, or `git rebase --abort`, {abort}to give "
            "it up; "
            + (
                "the branch's handoff follows"
                if handed
                else "the branch's handoff is shown once the rebase is done"
            )
        )

    def what(self) -> str:
        """``branch NAME``, or ``a detached HEAD``."""
        return f"branch {self.branch}" if self.branch else "a detached HEAD"


def rebase_in_progress(root: Path) -> Rebase | None:
    """The rebase under way in the work tree at ``root`` (its top folder), else ``None``."""
    folders = git_dirs(os.path.realpath(root))
    if not folders:
        return None
    own = folders[0]  # a worktree's own folder holds its rebase state
    for kind in ("rebase-merge", "rebase-apply"):
        name = _read(os.path.join(own, kind, "head-name")).strip()
        if name.startswith("refs/heads/") or name.strip() == "detached HEAD":
            return Rebase(
                name.removeprefix("refs/heads/").removeprefix("detached HEAD"), _conflicts(own)
            )
    return None


def _conflicts(folder: str) -> tuple[str, ...]:
    """The files under ``# Conflicts:`` in git's ``MERGE_MSG``."""
    lines = _read(os.path.join(folder, "MERGE_MSG")).splitlines()
    if "# Conflicts:" not in lines:
        return ()
    found = []
    for line in lines[lines.index("# Conflicts:") + 1 :]:
        if not line.startswith("#"):
            break
        if line.startswith("#\t"):
            found.append(line[2:])
    return tuple(found)


def _read(path: str) -> str:
    try:
        with open(path, "rb") as handle:
            return handle.read(_MAX_BYTES).decode("utf-8", "replace")
    except OSError:
        return ""


STOPPED = (
    ("MERGE_HEAD", "merge", "git merge --abort"),
    ("CHERRY_PICK_HEAD", "cherry-pick", "git cherry-pick --abort"),
    ("REVERT_HEAD", "revert", "git revert --abort"),
)
"""The file git keeps in a work tree's git folder while each operation is stopped midway (on a
conflict, or before its commit), the operation's name and the command that gives it up."""


@dataclass(frozen=True, slots=True)
class Stopped:
    """A merge, cherry-pick or revert stopped midway on a branch (not a rebase)."""

    kind: str
    """``merge``, ``cherry-pick`` or ``revert``."""
    commit: str
    """The commit taken in (the first 7 hex digits of git's ``*_HEAD`` file)."""
    abort: str
    """The command that gives it up."""

    def finish(self, *, empty: bool) -> str:
        """The command that finishes it, keeping git's message (no editor opens); a pick or a
        revert that became ``empty`` (the resolution kept this branch's side) is skipped."""
        if self.kind == "merge":
            return "git commit --no-edit"
        if empty:
            return f"git {self.kind} --skip"
        return f"GIT_EDITOR=true git {self.kind} --continue"

    def said(self, finish: str | None = None) -> str:
        """One line: what is under way and the way on, ``finish`` (the command that finishes
        it, `conflict_fixes.finishing`; by default `finish` of a pick that is not empty)."""
        finish = finish or self.finish(empty=False)
        return (
            f"a {self.kind} of commit {self.commit} is in progress (stopped before its commit): "
            "resolve what `git status` reports unmerged, if anything, `git add` it, then run "
            f"`{finish}`, or `{self.abort}` to give it up"
        )


def stopped_in_progress(root: Path) -> Stopped | None:
    """The merge, cherry-pick or revert under way in the work tree at ``root``, else ``None``
    (read as files, no git process)."""
    folders = git_dirs(os.path.realpath(root))
    if not folders:
        return None
    for name, kind, abort in STOPPED:
        head = _read(os.path.join(folders[0], name)).strip()
        if head:
            return Stopped(kind, head[:7], abort)
    return None


def stopped_around(cwd: Path) -> Stopped | None:
    """`stopped_in_progress` of the work tree around ``cwd`` (the nearest folder up with a
    ``.git``)."""
    here = Path(os.path.realpath(cwd))
    for folder in (here, *here.parents):
        if os.path.exists(folder / ".git"):
            return stopped_in_progress(folder)
    return None


def conflict_source(root: Path) -> str:
    """What left a conflict with no merge, pick or revert stopped on it in the work tree at
    ``root`` (read as files, no git process): ``squash`` (a `git merge --squash`: git's
    ``SQUASH_MSG``), ``pick`` or ``revert`` (a ``-n`` of several commits: git's ``sequencer``
    folder, its to-do list's first word), ``stash`` (a stash entry is kept: ``refs/stash``;
    whether its pop left this conflict is `conflicts.stash_left_it`'s to say), else ``""``."""
    folders = git_dirs(os.path.realpath(root))
    if not folders:
        return ""
    own = folders[0]
    if os.path.exists(os.path.join(own, "SQUASH_MSG")):
        return "squash"
    if os.path.isdir(os.path.join(own, "sequencer")):
        words = _read(os.path.join(own, "sequencer", "todo")).split(maxsplit=1)
        return "revert" if words and words[0] in ("revert", "r") else "pick"
    return "stash" if stash_kept(root) else ""


def stash_kept(root: Path) -> bool:
    """Whether the repository of the work tree at ``root`` keeps a stash entry (``refs/stash``,
    loose or packed; read as files)."""
    folders = git_dirs(os.path.realpath(root))
    if not folders:
        return False
    common = folders[-1]
    if os.path.exists(os.path.join(common, "refs", "stash")):
        return True
    packed = _read(os.path.join(common, "packed-refs")).splitlines()
    return any(line.endswith(" refs/stash") for line in packed)


def sequence_no_commit(root: Path) -> bool:
    """Whether the cherry-pick or revert sequence left in the work tree at ``root`` runs with
    ``-n`` (git's ``sequencer/opts``: ``no-commit = true``)."""
    folders = git_dirs(os.path.realpath(root))
    options = _read(os.path.join(folders[0], "sequencer", "opts")) if folders else ""
    return any(line.replace(" ", "").lower() == "no-commit=true" for line in options.splitlines())


@dataclass(frozen=True, slots=True)
class Pending:
    """A git operation left midway with nothing to resolve and no commit of its own waiting
    (no ``*_HEAD`` file): a cherry-pick or revert sequence between two steps, a `git am` stopped
    on a patch, a `git bisect` left running. The next session would find the repository in the
    middle of it."""

    kind: str
    """``cherry-pick``, ``revert``, ``am`` or ``bisect``."""
    said: str
    """What is under way, one line."""
    command: str
    """The command that finishes it (or, with nothing to finish it with, gives it up)."""
    also: str
    """The other ways, one line."""
    branch: str = ""
    """For ``bisect``: the branch it started on (or came from), when known."""

    @property
    def reason(self) -> str:
        """What is under way and that it is to be finished: the Stop hook's reason."""
        return f"{self.said}; finish it"

    def told(self) -> str:
        """One sentence for `show` and a new session, from the same parts as the Stop hook's
        reason, fix and other ways: what is under way, the command, the other ways."""
        line = f"{self.reason}: run `{self.command}`; {self.also}"
        return f"{line[0].upper()}{line[1:]}."


def pending_in_progress(root: Path, *, staged: bool = False) -> Pending | None:
    """The operation left midway in the work tree at ``root`` (read as files, no git process)
    that no rebase, merge, cherry-pick or revert stopped on its commit is (those are
    `rebase_in_progress` and `stopped_in_progress`), else ``None``; ``staged``: the index
    differs from HEAD (a `git am` stopped on a patch goes on only with the patch applied)."""
    folders = git_dirs(os.path.realpath(root))
    if not folders:
        return None
    own = folders[0]
    if os.path.exists(os.path.join(own, "rebase-apply", "applying")):
        return _am(staged)
    kind = sequence_step(_read(os.path.join(own, "sequencer", "todo")))
    if kind and not any(os.path.exists(os.path.join(own, name)) for name, _kind, _abort in STOPPED):
        no_commit = sequence_no_commit(root)
        return Pending(
            kind,
            f"a `git {kind}` of several commits is left midway (git's sequencer folder: the "
            "commits after this one are not taken yet)",
            sequence_continue(kind, no_commit=no_commit),
            f"or `git {kind} --abort` to give up the whole sequence (`git {kind} --quit` keeps "
            "what it took so far and drops the rest)",
        )
    if os.path.exists(os.path.join(own, "BISECT_LOG")):
        return bisect_left(root, own)
    return None


_STEP = re.compile(r"[ \t\r\n]*(pick|p|revert)[ \t]")
"""The first step of a sequencer's to-do list as git reads it (`sequencer_get_last_command`):
blank space, then ``pick`` (or ``p``) or ``revert``, then a space or a tab."""


def sequence_step(todo: str) -> str:
    """``cherry-pick`` or ``revert`` when the sequencer's to-do list ``todo`` starts with a
    step git goes on with (`git status` then says the operation is in progress), else ``""``:
    a folder left with nothing to do (an empty list, an interrupted or old git's) is no
    operation to git, and its `--continue` fails ("no commits parsed")."""
    step = _STEP.match(todo)
    if step is None:
        return ""
    return "revert" if step.group(1) == "revert" else "cherry-pick"


BISECT_RESET = 'git -C "$(git rev-parse --show-toplevel)" bisect reset'
"""Ends a bisect (git refuses `git bisect` outside the top folder: this works from a subfolder
too); after it, the branch to check out, when the bisect did not start on one."""


def bisect_left(root: Path, own: str) -> Pending:
    """A `git bisect` left running in the work tree at ``root`` (git folder ``own``): its
    reset checks out what it started on (``BISECT_START``); when that is a commit, not a branch
    (a bisect started mid-rebase, on a detached HEAD), the reset names the branch it came from
    (`bisect_branch`), else the session would end on a detached HEAD off the branch."""
    start = _read(os.path.join(own, "BISECT_START")).strip()
    said = "a `git bisect` is left running (HEAD is wherever it last checked out)"
    log = '`git -C "$(git rev-parse --show-toplevel)" bisect log` first shows what it found'
    branch = bisect_branch(root, start) if plumbing.is_commit_id(start) else start
    if branch == start or not branch:
        back = (
            f"checks out branch {branch}, where it started"
            if branch
            else "checks out where it started"
        )
        return Pending(
            "bisect",
            said,
            BISECT_RESET,
            f"this ends it and {back}; {log}, to note in the handoff",
            branch,
        )
    return Pending(
        "bisect",
        f"{said}; it started on commit {start[:12]}, not on a branch, so a bare `bisect reset` "
        f"would leave HEAD detached there: this returns to branch {branch}",
        f"{BISECT_RESET} {quote(branch)}",
        f"this ends it and checks out branch {branch}; {log}, to note in the handoff",
        branch,
    )


_MAX_CHECKOUTS = 16
"""How many checkouts in a row `left_branch` follows back (reflog entries read, at most)."""


def left_branch(root: Path) -> tuple[str, int]:
    """The branch the session left by checkouts, and how many checkouts in a row moved HEAD
    since (git's ``logs/HEAD``, read back from its last line while each is ``checkout: moving
    from COMMIT to WHAT``, up to `_MAX_CHECKOUTS` of them, until one moves ``from BRANCH``: a
    `git bisect reset` back to a bisect's detached start, a `git checkout COMMIT`, a `git
    checkout --detach` then `git checkout HEAD~1`); ``("", 0)`` when the last move of HEAD was no
    checkout, or the chain reaches none from a branch. WHAT is as it was typed (a full id,
    ``HEAD~2``, ``feat~2``, a tag): it is not read; the caller, for a detached HEAD, compares
    HEAD with the branch's tip. A branch name has no space, so the first `` to `` ends it,
    whatever the target's text."""
    lines = head_reflog_tail(root)
    prefix = "checkout: moving from "
    for steps, line in enumerate(reversed(lines[-_MAX_CHECKOUTS:]), start=1):
        message = line.partition("\t")[2]
        source, to, _target = message.removeprefix(prefix).partition(" to ")
        if not message.startswith(prefix) or not to:
            break
        if not plumbing.is_commit_id(source):
            return source, steps
    return "", 0


def bisect_branch(root: Path, start: str) -> str:
    """The branch a bisect that started on commit ``start`` came from: the branch a rebase in
    progress rebases, else the one local branch that holds ``start`` (one git process), else
    ``""``."""
    rebase = rebase_in_progress(root)
    if rebase is not None and rebase.branch:
        return rebase.branch
    try:
        out = plumbing.run(
            root, ["for-each-ref", "--contains", start, "--format=%(refname:short)", "refs/heads/"]
        )
    except plumbing.GitError:
        return ""
    names = out.decode("utf-8", "replace").split()
    return names[0] if len(names) == 1 else ""


def pending_around(cwd: Path) -> Pending | None:
    """`pending_in_progress` of the work tree around ``cwd`` (the nearest folder up with a
    ``.git``), for `show` and a new session, which have no gate: whether anything is staged is
    asked of git (one `git status`) only for a `git am` stopped on a patch."""
    here = Path(os.path.realpath(cwd))
    top = next((f for f in (here, *here.parents) if os.path.exists(f / ".git")), None)
    pending = pending_in_progress(top) if top is not None else None
    if top is None or pending is None or pending.kind != "am":
        return pending
    try:
        codes = plumbing.status(top, [])
    except plumbing.GitError:
        return pending
    return pending_in_progress(top, staged=staged(codes))


def staged(codes: dict[str, str]) -> bool:
    """Whether the index differs from HEAD, by `plumbing.status`' codes."""
    return any(code[0] not in " ?" for code in codes.values())


def sequence_continue(kind: str, *, no_commit: bool) -> str:
    """The command that goes on with a cherry-pick or revert sequence (``kind``); with
    ``no_commit`` (``-n``) the rest is staged, not committed, so it commits what was staged
    (or the `new` or `update` printed after it would refuse a work tree that is not clean)."""
    go_on = f"GIT_EDITOR=true git {kind} --continue"
    if not no_commit:
        return go_on
    return f'{go_on} && {{ git diff --cached --quiet || git commit -m "{COMMIT_PLACEHOLDER}"; }}'


COMMIT_PLACEHOLDER = "<what the change does>"
"""The placeholder of a commit message in a printed fix."""


def _am(staged: bool) -> Pending:
    said = "a `git am` is stopped on a patch it could not apply (git's rebase-apply folder)"
    by_hand = (
        "apply the patch by hand (`git am --show-current-patch=diff` shows it), `git add` the "
        "files, then `git am --continue`"
    )
    if staged:
        return Pending(
            "am",
            said,
            "git am --continue",
            "this commits what is staged as the patch; `git am --skip` leaves the patch out, "
            "`git am --abort` gives up the whole series",
        )
    return Pending(
        "am",
        said,
        "git am --abort",
        f"this gives up the whole series; to keep it instead: {by_hand} (`git am --skip` "
        "leaves this patch out)",
    )
