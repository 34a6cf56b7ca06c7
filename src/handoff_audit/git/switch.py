"""The command that checks out a packet's branch, printed on a detached HEAD: only for a name
that `git check-ref-format --branch` accepts, that cannot be read as an option, and that is a
branch here, local or remote-tracking (`git switch NAME`, or `git switch --track REMOTE/NAME`);
``None`` otherwise. A packet's ``branch`` comes from the tree, often from a pull request: as
``--orphan=resume`` it would make `git switch` empty the work tree, and a branch deleted after
its merge would get a command that fails. One ``for-each-ref`` lists the branches, whatever the
number of packets."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from handoff_audit.git.plumbing import Ref
from handoff_audit.shell import quote

_FORBIDDEN = re.compile(r"[\x00-\x20\x7f~^:?*\[\\]")
"""What no ref name holds (`git check-ref-format`): controls, space, ``~^:?*[\\``."""


def is_branch_name(name: object) -> bool:
    """True for a name `git check-ref-format --branch` accepts that does not start with ``-``
    (which `git switch` would read as an option)."""
    if not isinstance(name, str) or not name or name.startswith("-") or name in ("HEAD", "@"):
        return False
    if _FORBIDDEN.search(name) or ".." in name or "@{" in name:
        return False
    if name.endswith(("/", ".")):
        return False
    return all(
        part and not part.startswith(".") and not part.endswith(".lock") for part in name.split("/")
    )


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
        (r.name.removeprefix("refs/remotes/") for r in refs if r.name.startswith("refs/remotes/")),
        key=lambda name: (not name.startswith("origin/"), name),
    )
    for name in tracked:
        remote_name, _, short = name.partition("/")
        if short and not remote_name.startswith("-"):
            remote.setdefault(short, name)
    return Branches(local, remote)


def _local(ref: Ref) -> bool:
    return ref.name.startswith("refs/heads/")


def switch_command(name: object, here: Branches) -> str | None:
    """The command that checks out branch ``name``, quoted for the shell; ``None`` when it is
    no branch name `is_branch_name` accepts or no such branch is here."""
    if not isinstance(name, str) or not is_branch_name(name):
        return None
    if name in here.local:
        return f"git switch {quote(name)}"
    if name in here.remote:
        return f"git switch --track {quote(here.remote[name])}"
    return None


__all__ = ["Branches", "branches", "is_branch_name", "switch_command"]
