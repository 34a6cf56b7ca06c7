"""The handoff files a sparse checkout leaves out of the work tree (`git sparse-checkout set`):
a branch's note committed outside the checkout's definition is not there for `show`, the
SessionStart brief or the Stop hook to read, though it is the branch's handoff (the merge gate
reads it from the commit). Asked only when no handoff was found in the work tree.

They are read off the listing discovery made (`tracked.listed`: ``git ls-files`` lists the
entries a sparse checkout skips too), no git process for it; which paths lie outside the
definition is `sparse.outside_definition`'s: no git process outside a sparse checkout.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.cwd_paths import from_folder
from handoff_audit.engine.brief_errors import UnreadableHandoff
from handoff_audit.git import tracked
from handoff_audit.git.sparse import outside_definition
from handoff_audit.model.packet import in_series, is_agent_file, named_packet
from handoff_audit.shell import quote_path


def hidden_handoffs(root: Path, config: Config, *, series: bool = True) -> list[str]:
    """The files git tracks (from the top folder ``root``, sorted) that the ``packets`` globs
    name, or of a folder the ``series`` globs match (with ``series``), which lie outside this
    sparse checkout's definition and are not in the work tree; none when the checkout is not
    sparse. Markdown in an agent's folder is left out, as discovery leaves it out."""
    outside = outside_definition(root)
    if outside is None:
        return []
    return sorted(
        name
        for name in tracked.listed(str(root.resolve()))
        if (named_packet(name, config) or (series and in_series(name, config)))
        and (name.lower().endswith(".json") or not is_agent_file(name))
        and outside(name)
        and not os.path.lexists(root / name)
    )


def folders_of(paths: Sequence[str]) -> list[str]:
    """The folders that hold ``paths`` (a file at the top: itself), sorted: what `git
    sparse-checkout add` brings into the work tree."""
    return sorted({path.rpartition("/")[0] or path for path in paths})


def hidden_said(paths: Sequence[str]) -> str:
    """``PATH`` of the first of ``paths``, with how many more there are."""
    more = len(paths) - 1
    return paths[0] + (f" (and {more} more handoff file{'s' if more > 1 else ''})" if more else "")


def outside_checkout(
    hidden: Sequence[str], root: Path, cwd: Path, notes: tuple[str, ...]
) -> UnreadableHandoff:
    """`show`'s error for the ``hidden`` handoff files (`hidden_handoffs`): the branch's
    handoff is there but not readable, and `git sparse-checkout add` (its folders written from
    ``cwd``, as git reads them) brings it in; ``notes``: the configuration's."""
    folders = " ".join(quote_path(from_folder(root / f, cwd)) for f in folders_of(hidden))
    said = (
        f"the branch's handoff is {hidden_said(hidden)}, outside this sparse checkout; "
        f"run `git sparse-checkout add {folders}` to read it"
    )
    error = UnreadableHandoff(said, hidden[0])
    error.notes = notes
    return error
