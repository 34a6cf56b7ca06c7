"""Files whose names differ only in letter case: ``HANDOFF.md`` beside ``handoff.md``.

On macOS and Windows (case-insensitive file systems, as they are set up by default) the two
names are one file: writing a JSON packet's twin ``handoff.md`` there overwrites a hand-written
``HANDOFF.md``, and a clone of a repository that holds both keeps only one of them.
"""

from __future__ import annotations

import os
from pathlib import Path


def case_variant(path: Path) -> str | None:
    """The name of a file or folder beside ``path`` whose name differs from ``path``'s only in
    letter case (``HANDOFF.md`` for ``handoff.md``), tracked by git or not; ``None`` when there
    is none or the folder cannot be listed. One listing of the folder."""
    wanted = path.name.casefold()
    try:
        with os.scandir(path.parent) as entries:
            found = [e.name for e in entries if e.name.casefold() == wanted]
    except OSError:
        return None
    return min((name for name in found if name != path.name), default=None)


__all__ = ["case_variant"]
