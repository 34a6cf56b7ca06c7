#!/usr/bin/env python3
"""Check a release's built distributions before they are published, as a new user meets them.

    python scripts/check_dist.py --version v1.2.3 dist/ [--schemas OUT] [PIP OPTION]...

1. ``dist/`` holds exactly the sdist and the wheel of that version (the tag's, via setuptools-scm).
2. The wheel, installed alone in a new virtual environment, says ``handoff-audit, version 1.2.3``.
3. The README's first command, run by that installation in this repository, exits as the README
   says it does (1: ``examples/`` holds broken packets on purpose).

Options after the folder go to ``pip install`` (the tests pass ``--no-index --find-links DIR``).
With ``--schemas OUT`` the bundled JSON Schemas are also written to OUT, each named after the last
part of its ``$id``: the release attaches them, so that every ``$id`` is a URL that resolves.
Exit 0 when everything holds, 1 with one line per problem, 2 on a bad argument.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "src" / "handoff_audit" / "schema"
README_FIRST_EXIT = 1
"""What the README says its first command exits with."""
_VERSION = re.compile(r"v?(\d+\.\d+\.\d+)")


def readme_first_command(readme: str) -> list[str]:
    """The handoff-audit part of the README's first command line (after its last ``&&``)."""
    block = readme.split("```console\n", 1)[1]
    last = block.splitlines()[0].split("&&")[-1].split()
    if not last or not last[0].endswith("handoff-audit"):
        raise ValueError("the README's first line does not end with a handoff-audit command")
    return ["handoff-audit", *last[1:]]


def distributions(folder: Path, version: str) -> tuple[list[Path], list[str]]:
    """The sdist and the wheel of ``version`` in ``folder``, and the problems found."""
    found = sorted(p for p in folder.iterdir() if p.suffix in (".whl", ".gz"))
    wanted = [f"handoff_audit-{version}.tar.gz", f"handoff_audit-{version}-py3-none-any.whl"]
    problems = [
        f"{folder}: no {name} (built: {', '.join(p.name for p in found) or 'nothing'})"
        for name in wanted
        if not (folder / name).is_file()
    ]
    problems += [f"{p}: not a distribution of {version}" for p in found if p.name not in wanted]
    return [folder / name for name in wanted], problems


def installed_problems(wheel: Path, version: str, pip_options: list[str]) -> list[str]:
    """Install ``wheel`` in a new virtual environment; what is wrong with what it runs."""
    with tempfile.TemporaryDirectory(prefix="handoff-dist-") as tmp:
        venv = Path(tmp) / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        install = subprocess.run(
            [str(venv / "bin" / "pip"), "install", "--quiet", "--disable-pip-version-check",
             *pip_options, str(wheel)],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        if install.returncode != 0:
            return [f"pip install {wheel.name} failed: {install.stderr.strip()[-500:]}"]
        tool = str(venv / "bin" / "handoff-audit")
        shown = subprocess.run([tool, "--version"], capture_output=True, text=True, check=False)
        problems = []
        if shown.stdout.strip() != f"handoff-audit, version {version}":
            problems.append(f"--version says {shown.stdout.strip()!r}, not version {version}")
        command = readme_first_command((ROOT / "README.md").read_text(encoding="utf-8"))
        first = subprocess.run(
            [tool, *command[1:]], cwd=ROOT, capture_output=True, text=True, check=False
        )
        if first.returncode != README_FIRST_EXIT or not first.stdout:
            problems.append(
                f"the README's first command `{' '.join(command)}` exited {first.returncode}, "
                f"not {README_FIRST_EXIT}: {first.stderr.strip()[-300:]}"
            )
        return problems


def write_schemas(out: Path) -> list[Path]:
    """Each bundled schema, named after its ``$id``'s last part, into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for source in sorted(SCHEMAS.glob("*.schema.json")):
        schema_id = json.loads(source.read_text(encoding="utf-8"))["$id"]
        target = out / schema_id.rsplit("/", 1)[-1]
        target.write_bytes(source.read_bytes())
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--version", required=True, help="the release tag, e.g. v1.2.3")
    parser.add_argument("--schemas", type=Path, default=None, metavar="OUT")
    parser.add_argument("dist", type=Path)
    args, pip_options = parser.parse_known_args(argv)
    match = _VERSION.fullmatch(args.version)
    if match is None or not args.dist.is_dir():
        print(f"check_dist: give --version vX.Y.Z and a folder ({args.dist})", file=sys.stderr)
        return 2
    version = match.group(1)
    files, problems = distributions(args.dist, version)
    if not problems:
        problems = installed_problems(files[1], version, pip_options)
    for problem in problems:
        print(f"check_dist: {problem}", file=sys.stderr)
    if problems:
        return 1
    for schema in write_schemas(args.schemas) if args.schemas else []:
        print(f"wrote {schema}")
    print(f"handoff-audit {version}: the sdist and the wheel are ready to publish")
    return 0


if __name__ == "__main__":
    sys.exit(main())
