#!/usr/bin/env python3
"""Fail when requirements.lock no longer fits pyproject.toml; offline, nothing is re-resolved.

The lock is current when every runtime requirement of ``[project].dependencies`` and every
build requirement of ``[build-system].requires`` is pinned in it (``name==version``) to a
version the requirement accepts, and every pin carries at least one ``--hash``. Refresh it
with the command in the lock's header (README.md, "Prebuilt image or Dockerfile").

Usage: python scripts/check_lock.py [--pyproject pyproject.toml] [--lock requirements.lock]
Exit 0 when current, 1 with one line per problem when stale, 2 when a file cannot be read.
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from pathlib import Path

from packaging.requirements import InvalidRequirement, Requirement
from packaging.utils import canonicalize_name
from packaging.version import InvalidVersion, Version

ROOT = Path(__file__).resolve().parents[1]
REFRESH = (
    "refresh it: pip-compile --generate-hashes --strip-extras --allow-unsafe "
    "--no-emit-index-url --build-deps-for=wheel --output-file=requirements.lock pyproject.toml"
)
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)")
# The platform the image runs: Debian bookworm's Python 3.11 on Linux.
IMAGE_MARKERS = {
    "python_version": "3.11",
    "python_full_version": "3.11.2",
    "sys_platform": "linux",
    "platform_system": "Linux",
    "os_name": "posix",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
}


def read_lock(text: str) -> tuple[dict[str, Version], list[str]]:
    """The pins of a pip-compile lock (canonical name -> version) and its problems: a pin
    without a hash, a line that is not a pin, a package pinned twice."""
    pins: dict[str, Version] = {}
    problems: list[str] = []
    entries: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if line[0].isspace():
            if entries and stripped.startswith("--hash="):
                entries[-1] = (entries[-1][0], entries[-1][1] + " " + stripped)
            continue
        entries.append((number, stripped))
    for number, entry in entries:
        match = _PIN.match(entry)
        if match is None:
            problems.append(f"line {number}: {entry.split()[0]!r} is not a name==version pin")
            continue
        name = canonicalize_name(match.group(1))
        try:
            version = Version(match.group(2))
        except InvalidVersion:
            problems.append(f"line {number}: {match.group(2)!r} is not a version")
            continue
        if name in pins:
            problems.append(f"line {number}: {name} is pinned twice")
        if "--hash=sha256:" not in entry:
            problems.append(f"line {number}: {name}=={version} has no --hash")
        pins[name] = version
    return pins, problems


def check(pyproject: dict[str, object], lock_text: str) -> list[str]:
    """Every problem that makes the lock stale for ``pyproject``; empty when it is current."""
    pins, problems = read_lock(lock_text)
    project = pyproject.get("project")
    build = pyproject.get("build-system")
    runtime = project.get("dependencies", []) if isinstance(project, dict) else []
    builds = build.get("requires", []) if isinstance(build, dict) else []
    for origin, requirements in (("dependencies", runtime), ("build-system.requires", builds)):
        for text in requirements:
            try:
                requirement = Requirement(str(text))
            except InvalidRequirement as error:
                problems.append(f"pyproject.toml {origin}: {text!r} is not a requirement ({error})")
                continue
            if requirement.marker and not requirement.marker.evaluate(IMAGE_MARKERS):
                continue
            name = canonicalize_name(requirement.name)
            pinned = pins.get(name)
            if pinned is None:
                problems.append(f"{requirement} ({origin}) is not pinned in the lock")
            elif not requirement.specifier.contains(pinned, prereleases=True):
                problems.append(f"{requirement} ({origin}) does not accept the locked {pinned}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pyproject", type=Path, default=ROOT / "pyproject.toml")
    parser.add_argument("--lock", type=Path, default=ROOT / "requirements.lock")
    args = parser.parse_args(argv)
    try:
        pyproject = tomllib.loads(args.pyproject.read_text(encoding="utf-8"))
        lock_text = args.lock.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        print(f"check_lock: {error}", file=sys.stderr)
        return 2
    problems = check(pyproject, lock_text)
    for problem in problems:
        print(f"{args.lock.name}: {problem}", file=sys.stderr)
    if problems:
        print(f"{args.lock.name} is stale: {REFRESH}", file=sys.stderr)
        return 1
    print(f"{args.lock.name} is current: every requirement of pyproject.toml is pinned with hashes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
