"""How far the checked-out branch's upstream (``@{upstream}``, as last fetched) is ahead of it:
for `show` and ``SessionStart``, whose handoff is the local one while a newer one may be waiting
there. One ``git for-each-ref`` of the branch's own ref, from local refs only: nothing is fetched,
and no other command asks it (`check` never does)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

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
        if name != ref or not upstream:
            continue
        counts = {side: int(number) for side, number in _TRACK.findall(track)}
        # git's "ahead" is the branch's own commits, its "behind" the upstream's
        if counts.get("behind", 0) > 0:
            return Upstream(upstream, counts["behind"], counts.get("ahead", 0))
    return None


def upstream_line(root: Path, branch: str | None) -> str | None:
    """The line `show` and ``SessionStart`` say when the checked-out ``branch``'s upstream is
    ahead of it (`upstream_of`): by how much, and the command that brings it in; ``None`` on a
    detached HEAD and when it is not ahead."""
    found = upstream_of(root, branch) if branch else None
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
