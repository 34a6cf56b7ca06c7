"""How far the checked-out branch's upstream (``@{upstream}``, as last fetched) is ahead of it:
for `show` and ``SessionStart``, whose handoff is the local one while a newer one may be waiting
there. From local refs only: nothing is fetched, and no other command asks it (`check` never
does). Read from the ``--branch`` line of the `status` the brief runs anyway (`BranchStatus`);
one ``git for-each-ref`` of the branch's own ref only when that line is not the branch's (a
rebase stopped midway detaches HEAD from the branch shown)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from handoff_audit.credentials import redact
from handoff_audit.git import plumbing

_TRACK = re.compile(r"(ahead|behind) (\d+)")


@dataclass(frozen=True, slots=True)
class Upstream:
    """The branch's upstream and the commits each side has that the other lacks."""

    name: str
    """As git shortens it: ``origin/feat``."""
    ahead: int
    """Commits the upstream has that the branch lacks."""
    behind: int
    """Commits the branch has that the upstream lacks."""


class BranchStatus:
    """`plumbing.status` of the whole work tree, asked when first called and then kept, with
    its ``--branch`` line from the same git call (`plumbing.branch_status`), for
    `upstream_line`."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.line: str | None = None
        self._files: dict[str, str] | None = None

    def __call__(self) -> dict[str, str]:
        if self._files is None:
            self._files, self.line = plumbing.branch_status(self.root)
        return self._files


def upstream_of(root: Path, branch: str) -> Upstream | None:
    """The upstream of the local ``branch`` when it has commits the branch lacks; ``None`` when
    it has none, when no upstream is configured, when it is gone (its remote-tracking branch
    deleted) or when git cannot say."""
    ref = f"refs/heads/{branch}"
    fields = "%(refname)%00%(upstream:short)%00%(upstream:track,nobracket)"
    try:
        out = plumbing.run(root, ["for-each-ref", f"--format={fields}", "--", ref])
    except plumbing.GitError:
        return None
    for line in out.decode("utf-8", "surrogateescape").splitlines():
        name, _, rest = line.partition("\0")
        upstream, _, track = rest.partition("\0")
        if name == ref and upstream:
            return _ahead(upstream, track)
    return None


def _said(line: str, branch: str) -> Upstream | None:
    """`upstream_of` as `git status --branch` says it in ``line``, which is ``branch``'s:
    ``feat/x...origin/feat/x [ahead 1, behind 2]``, or ``feat/x`` without an upstream (a
    branch's name holds no ``..``, space or ``[``)."""
    upstream, _, track = line.removeprefix(f"{branch}...").partition(" [")
    return _ahead(upstream, track) if line.startswith(f"{branch}...") else None


def _ahead(upstream: str, track: str) -> Upstream | None:
    """The `Upstream` named ``upstream`` when ``track`` (``ahead 1, behind 2``, as git says
    it) has it ahead of the branch."""
    counts = {side: int(number) for side, number in _TRACK.findall(track)}
    # git's "ahead" is the branch's own commits, its "behind" the upstream's
    if counts.get("behind", 0) > 0:
        return Upstream(upstream, counts["behind"], counts.get("ahead", 0))
    return None


def upstream_line(root: Path, branch: str | None, said: str | None = None) -> str | None:
    """The line `show` and ``SessionStart`` say when the checked-out ``branch``'s upstream is
    ahead of it (`upstream_of`): by how much, and the command that brings it in; ``None`` on a
    detached HEAD and when it is not ahead. ``said``: `BranchStatus.line`, read instead of
    asking git when it is the branch's."""
    if branch is None:
        return None
    if said is not None and said.partition("...")[0] == branch:
        found = _said(said, branch)
    else:
        found = upstream_of(root, branch)
    if found is None:
        return None
    ahead = f"{found.ahead} commit{'s' if found.ahead != 1 else ''}"
    if found.behind:
        mine = f"{found.behind} commit{'s' if found.behind != 1 else ''}"
        return (
            f"the upstream {found.name} is {ahead} ahead of {branch} and {mine} behind it (as "
            "last fetched; the branches diverged): the handoff there may be newer than this one; "
            f"bring it in with `git pull --rebase` (it replays the {mine} of {branch} on "
            f"{found.name}), then run `handoff-audit show`"
        )
    return (
        f"the upstream {found.name} is {ahead} ahead of {branch} (as last fetched): the handoff "
        "there may be newer than this one; bring it in with `git pull --ff-only`, then run "
        "`handoff-audit show`"
    )


def redacted_upstream(
    root: Path, branch: str | None, refs: plumbing.Refs | None, said: str | None
) -> str | None:
    """`upstream_line`, redacted: the branch's and its upstream's names are echoed. Read from
    ``said``, the `status` line of the branch checked out; not asked when the refs already read
    (``refs``) hold no remote-tracking branch: no git process."""
    if refs is not None and not any(ref.name.startswith("refs/remotes/") for ref in refs[0]):
        return None
    line = upstream_line(root, branch, said)
    return redact(line) if line else None
