"""The command that checks out a packet's branch, printed on a detached HEAD: only for a name
`plumbing.is_safe_branch` accepts (git takes it, and it cannot be read as an option), and that is a
branch here, local or remote-tracking (`git switch NAME`, or `git switch --track REMOTE/NAME`,
with ``-c NAME`` for a remote named with a ``/``); ``None`` otherwise. A packet's ``branch``
comes from the tree, often from a pull request: as ``--orphan=resume`` it would make `git switch`
empty the work tree, and a branch deleted after its merge would get a command that fails. One
``for-each-ref`` lists the branches, whatever the number of packets."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from handoff_audit.git.plumbing import Ref, is_safe_branch
from handoff_audit.shell import quote


@dataclass(frozen=True)
class Branches:
    """The branches here: local ones, and each remote-tracking one by its short name with the
    ``REMOTE/NAME`` to track (``origin``'s first, else the first remote's by name)."""

    local: frozenset[str] = frozenset()
    remote: dict[str, str] = field(default_factory=dict)


def branches(refs: Sequence[Ref]) -> Branches:
    """`Branches` from `plumbing.list_refs`' answer."""
    local = frozenset(r.name.removeprefix("refs/heads/") for r in refs if _local(r))
    remote: dict[str, str] = {}
    tracked = sorted(
        (r for r in refs if r.name.startswith("refs/remotes/")),
        key=lambda r: (r.remote != "origin", r.name),
    )
    for ref in tracked:
        if ref.branch and not ref.remote.startswith("-"):
            remote.setdefault(ref.branch, ref.name.removeprefix("refs/remotes/"))
    return Branches(local, remote)


def _local(ref: Ref) -> bool:
    return ref.name.startswith("refs/heads/")


def switch_command(name: object, here: Branches) -> str | None:
    """The command that checks out branch ``name``, quoted for the shell; ``None`` when it is
    no branch name `plumbing.is_safe_branch` accepts or no such branch is here."""
    if not isinstance(name, str) or not is_safe_branch(name):
        return None
    if name in here.local:
        return f"git switch {quote(name)}"
    if name in here.remote:
        tracked = here.remote[name]
        if "/" in tracked.removesuffix(f"/{name}"):
            # git names the new branch after the tracked one's first `/`: `fork/NAME` of a
            # remote `team/fork`, unless told the name.
            return f"git switch -c {quote(name)} --track {quote(tracked)}"
        return f"git switch --track {quote(tracked)}"
    return None


__all__ = ["Branches", "branches", "switch_command"]
