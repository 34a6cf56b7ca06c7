"""Every owner and repository a held-out round must not draw from.

    python bench/heldout/exclusions.py RESERVED_LIST > exclude.json

A fresh set is fresh only if none of its files comes from an owner or a repository used before:
this gathers the repositories named by every manifest under ``tests/data`` (``CORPUS.json``,
``SOURCES.json``) and by ``tests/data/SOURCES.md``, adds the reserved list given (one
``owner/name`` per line, ``#`` comments), and prints ``{"owners": [...], "repos": [...]}``,
lower-cased, for the collectors' brief and for ``recheck.py``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[2] / "tests" / "data"
REPO_NAME = re.compile(r"github\.com/([\w.-]+/[\w.-]+)|`([\w.-]+/[\w.-]+)`")


def manifest_repos(path: Path) -> set[str]:
    """The repositories one manifest names (``repository``, ``repo`` or ``source_repo``)."""
    data: Any = json.loads(path.read_text(encoding="utf-8"))
    rows = data.get("files", data) if isinstance(data, dict) else data
    found = set()
    for row in rows if isinstance(rows, list) else []:
        for key in ("repository", "repo", "source_repo"):
            if isinstance(row, dict) and isinstance(row.get(key), str) and "/" in row[key]:
                found.add(row[key].strip())
    return found


def used_repos() -> set[str]:
    repos: set[str] = set()
    for name in ("CORPUS.json", "SOURCES.json"):
        for path in DATA.glob(f"*/{name}"):
            repos |= manifest_repos(path)
    for match in REPO_NAME.finditer((DATA / "SOURCES.md").read_text(encoding="utf-8")):
        name = (match.group(1) or match.group(2)).removesuffix(".git")
        if not name.startswith(("tests/", "docs/", "src/", ".")):
            repos.add(name)
    return repos


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        reserved = Path(argv[0]).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(
            f"exclusions: {argv[0]}: cannot be read ({error}); name the reserved list",
            file=sys.stderr,
        )
        return 2
    repos = used_repos()
    for line in reserved.splitlines():
        line = line.split("#", 1)[0].strip()
        if "/" in line:
            repos.add(line)
    repos = {r.lower() for r in repos}
    owners = {r.split("/", 1)[0] for r in repos}
    print(json.dumps({"owners": sorted(owners), "repos": sorted(repos)}, indent=0))
    print(f"{len(owners)} owners, {len(repos)} repositories", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
