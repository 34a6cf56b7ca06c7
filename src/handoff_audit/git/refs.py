"""A branch as `plumbing.read_refs` reads it, and which remote a remote-tracking branch is of:
the longest configured remote name its ref starts with, for a remote may be named with a ``/``
(`git remote add team/fork URL`: ``refs/remotes/team/fork/feat/x`` is its branch ``feat/x``,
not ``fork/feat/x``)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Ref:
    """A local or remote-tracking branch."""

    name: str
    """The full ref name, e.g. ``refs/heads/main`` or ``refs/remotes/origin/main``."""
    commit: str
    """The commit it points to."""
    tree: str
    """That commit's tree."""
    time: int
    """That commit's committer time (Unix seconds)."""
    current: bool
    """True for the checked-out branch."""
    remote: str = ""
    """The remote of a remote-tracking branch (``origin``, ``team/fork``); ``""`` for a local
    one, and for one whose name no configured remote fits (`remote_of`)."""
    parents: tuple[str, ...] = ()
    """The commit's parents (two or more: a merge)."""
    upstream: str = ""
    """A local branch's upstream as a full ref name (``refs/remotes/origin/feat``), else ``""``."""

    @property
    def branch(self) -> str:
        """The branch's short name (``main``; ``origin/main`` and ``team/fork/main`` become
        ``main``)."""
        if self.name.startswith("refs/heads/"):
            return self.name.removeprefix("refs/heads/")
        tracked = self.name.removeprefix("refs/remotes/")
        if self.remote and tracked.startswith(f"{self.remote}/"):
            return tracked[len(self.remote) + 1 :]
        return tracked.partition("/")[2]


def ambiguous(name: str) -> bool:
    """Whether the ref ``name`` is a remote-tracking branch whose name after ``refs/remotes/``
    (``origin/feat/x``) could be split into a remote and a branch at more than one ``/``: only
    then do the configured remote names tell which split is git's."""
    return name.startswith("refs/remotes/") and name.count("/") > 3


def remote_of(name: str, names: Collection[str]) -> str:
    """The remote of the ref ``name``: the longest of the configured remote ``names`` that its
    name after ``refs/remotes/`` starts with, before a ``/`` and a branch; else its first part
    when that is the only split (not `ambiguous`); else, and for a local branch, ``""``."""
    if not name.startswith("refs/remotes/"):
        return ""
    tracked = name.removeprefix("refs/remotes/")
    fits = [n for n in names if tracked.startswith(f"{n}/") and len(tracked) > len(n) + 1]
    if fits:
        return max(fits, key=len)
    return "" if ambiguous(name) else tracked.partition("/")[0]
