"""Every data file under src/handoff_audit/ ships in the wheel: pyproject.toml's package-data
names it (the facets' heading phrases, the schemas, explain's examples)."""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "src" / "handoff_audit"


def test_every_data_file_is_package_data() -> None:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    globs = pyproject["tool"]["setuptools"]["package-data"]["handoff_audit"]
    data = [
        path.relative_to(PACKAGE).as_posix()
        for path in sorted(PACKAGE.rglob("*"))
        if path.is_file() and path.suffix not in (".py", ".pyc")
    ]
    assert "markdown/cues/headings.json" in data
    shipped = [name for name in data if any(fnmatch(name, glob) for glob in globs)]
    assert shipped == data
