#!/usr/bin/env python3
"""Print one version's section of CHANGELOG.md (Keep a Changelog form): a release's notes.

    python scripts/changelog.py v1.2.3 [--changelog CHANGELOG.md]

The section is the text under the heading ``## [1.2.3] - YYYY-MM-DD`` up to the next ``## ``
heading, without the heading itself and without the link references at the end of the file.
Exit 0 with the notes on standard output; 2 when the file cannot be read, the version is not a
release version, or its section is missing or empty (the release stops: write the notes first).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_VERSION = re.compile(r"v?(\d+\.\d+\.\d+)")
_HEADING = re.compile(r"^## \[(?P<version>[^\]]+)\](?: - (?P<date>\d{4}-\d{2}-\d{2}))?\s*$")
_LINK = re.compile(r"^\[[^\]]+\]: \S+\s*$")


class ChangelogError(ValueError):
    """A missing or malformed section; the message says which and what to do."""


def section(text: str, version: str) -> str:
    """The notes of ``version`` (``1.2.3`` or ``v1.2.3``) in a Keep a Changelog text."""
    match = _VERSION.fullmatch(version)
    if match is None:
        raise ChangelogError(f"{version!r} is not a release version like v1.2.3")
    wanted = match.group(1)
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if _HEADING.match(line)]
    for position, start in enumerate(starts):
        heading = _HEADING.match(lines[start])
        assert heading is not None
        if heading.group("version") != wanted:
            continue
        if heading.group("date") is None:
            raise ChangelogError(f"the heading of {wanted} has no date: ## [{wanted}] - YYYY-MM-DD")
        end = starts[position + 1] if position + 1 < len(starts) else len(lines)
        body = [line for line in lines[start + 1 : end] if not _LINK.match(line)]
        notes = "\n".join(body).strip()
        if not notes:
            raise ChangelogError(f"the section of {wanted} is empty")
        return notes + "\n"
    raise ChangelogError(
        f"no section ## [{wanted}] - YYYY-MM-DD: move the [Unreleased] notes under it first"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("version", help="the release tag, e.g. v1.2.3")
    parser.add_argument("--changelog", type=Path, default=ROOT / "CHANGELOG.md")
    args = parser.parse_args(argv)
    try:
        notes = section(args.changelog.read_text(encoding="utf-8"), args.version)
    except (OSError, UnicodeDecodeError) as error:
        print(f"changelog: {error}", file=sys.stderr)
        return 2
    except ChangelogError as error:
        print(f"changelog: {args.changelog.name}: {error}", file=sys.stderr)
        return 2
    sys.stdout.write(notes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
