"""Which folders the ``series`` globs match are a code package, not a series of handoffs.

A folder that directly holds source code (`CODE_SUFFIXES`) is a code package only
when its markdown files are not handoff-shaped: a folder with a dated markdown file
(``2026-12-01-auth.md``) stays a series whatever scripts sit beside it (a ``make_index.py``
must not switch off the audit, and the `secret` scan, of ``docs/handoffs/``). Otherwise a
package marker (``__init__.py``, ``index.ts``, ``mod.rs``, a ``.go`` file …) or more code files
than numbered markdown files makes it a package (``src/x/handoffs/`` with ``__init__.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from handoff_audit.engine.series_order import DATED, name_key

CODE_SUFFIXES = frozenset(
    [
        ".py",
        ".pyi",
        ".ts",
        ".tsx",
        ".js",
        ".jsx",
        ".mjs",
        ".cjs",
        ".go",
        ".rs",
        ".java",
        ".kt",
        ".kts",
        ".scala",
        ".rb",
        ".php",
        ".cs",
        ".fs",
        ".vb",
        ".c",
        ".h",
        ".cc",
        ".cpp",
        ".cxx",
        ".hpp",
        ".hh",
        ".m",
        ".mm",
        ".swift",
        ".dart",
        ".ex",
        ".exs",
        ".erl",
        ".clj",
        ".hs",
        ".ml",
        ".lua",
        ".pl",
        ".r",
        ".jl",
        ".zig",
        ".nim",
        ".vue",
        ".svelte",
    ]
)
"""Source code files: a folder that directly holds one and no dated handoff is a code package
(``src/x/handoffs/`` with ``models.py``; `code_packages`), never a series of handoffs,
whatever its name; the one list of them."""


def is_code_file(name: str) -> bool:
    """True for a source code file by its name's suffix (`CODE_SUFFIXES`, any case)."""
    base = name.rpartition("/")[2]
    dot = base.rfind(".")
    return dot > 0 and base[dot:].lower() in CODE_SUFFIXES


PACKAGE_MARKERS = frozenset(
    [
        "__init__.py",
        "__main__.py",
        "index.ts",
        "index.tsx",
        "index.js",
        "index.jsx",
        "index.mjs",
        "index.cjs",
        "mod.rs",
        "lib.rs",
        "main.rs",
        "package-info.java",
    ]
)
"""File names that make a folder a code package on their own (with any ``.go`` file)."""


def is_package_marker(name: str) -> bool:
    """True for a file that marks its folder as a code package (`PACKAGE_MARKERS`, ``.go``)."""
    base = name.rpartition("/")[2].lower()
    return base in PACKAGE_MARKERS or base.endswith(".go")


def code_packages(code_files: Iterable[str], markdown: Iterable[str]) -> set[str]:
    """The folders of ``code_files`` (names from the root, with ``/``) that are code packages,
    given the markdown files there (``markdown``: the series-shaped files present)."""
    dated: set[str] = set()
    numbered: Counter[str] = Counter()
    for name in markdown:
        key = name_key(name)
        folder = name.rpartition("/")[0]
        if key is not None and key[0] == DATED:
            dated.add(folder)
        elif key is not None:
            numbered[folder] += 1
    by_folder: dict[str, list[str]] = {}
    for name in code_files:
        by_folder.setdefault(name.rpartition("/")[0], []).append(name)
    return {
        folder
        for folder, files in by_folder.items()
        if folder not in dated
        and (any(is_package_marker(f) for f in files) or len(files) > numbered[folder])
    }


__all__ = ["PACKAGE_MARKERS", "code_packages", "is_package_marker"]
