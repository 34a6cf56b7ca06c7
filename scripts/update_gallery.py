"""Regenerate the gallery's golden files: examples/gallery/*/*/expected.json.

    python scripts/update_gallery.py           # rewrite every expected.json
    python scripts/update_gallery.py --check   # exit 1 if one differs from what the tool says now

Every folder under examples/gallery/good/ and examples/gallery/broken/ is one example. Its
expected.json is exactly what `handoff-audit check --format json` prints when run in a copy of
the folder outside any git repository (so `head` is null and paths are relative), or what the
command in its optional `command` file prints (e.g. `handoff-audit check --format json
--target-branch main`). The tool's version (it comes from the git tag) is written as
GALLERY_VERSION, so that a release or a commit does not change the golden files.

Run this only when a change in the output is intended, and review the
diff: tests/test_reports_gallery.py fails while a golden file is out of date.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import shlex
import shutil
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from handoff_audit import __version__
from handoff_audit.cli.main import main as cli_main

REPO = Path(__file__).resolve().parents[1]
GALLERY = REPO / "examples" / "gallery"
GROUPS = ("good", "broken")
DEFAULT_COMMAND = "handoff-audit check --format json"
GOLDEN = "expected.json"
GALLERY_VERSION = "0.0.0"
"""What the golden files say in place of the tool's version (report tool.version, SARIF)."""
NOT_INPUT = frozenset({GOLDEN, "command", "README.md"})
"""Files of an example folder that are not part of the audited project."""


@dataclass(frozen=True, slots=True)
class Run:
    """One run of the command line on an example."""

    code: int
    """The exit code."""
    out: str
    """What it printed on standard output."""
    err: str
    """What it printed on standard error."""


def examples(gallery: Path = GALLERY) -> list[Path]:
    """Every example folder, in a stable order."""
    return sorted(
        folder
        for group in GROUPS
        if (gallery / group).is_dir()
        for folder in (gallery / group).iterdir()
        if folder.is_dir()
    )


def command(example: Path, output_format: str = "json") -> list[str]:
    """The CLI arguments (after ``handoff-audit``) that produce the example's golden output."""
    file = example / "command"
    text = file.read_text(encoding="utf-8").strip() if file.is_file() else DEFAULT_COMMAND
    words = shlex.split(text)
    if words[:2] != ["handoff-audit", "check"] or "--format json" not in text:
        raise ValueError(f"{file}: must be one `{DEFAULT_COMMAND} ...` command line")
    args = words[1:]
    args[args.index("--format") + 1] = output_format
    return args


@contextlib.contextmanager
def isolated_copy(example: Path) -> Iterator[Path]:
    """A copy of the example's project files in a temporary folder that no git repo contains."""
    with tempfile.TemporaryDirectory(prefix="handoff-gallery-") as tmp:
        root = Path(tmp) / "project"
        shutil.copytree(
            example, root, symlinks=True, ignore=lambda _dir, names: NOT_INPUT & set(names)
        )
        yield root


def run_in(root: Path, args: list[str]) -> Run:
    """Run the real command line in-process with ``root`` as the working directory."""
    out, err = io.StringIO(), io.StringIO()
    before = Path.cwd()
    saved = {
        key: os.environ.pop(key)
        for key in list(os.environ)
        if key.startswith("GITHUB_") or key == "GIT_CEILING_DIRECTORIES"
    }
    os.environ["GIT_CEILING_DIRECTORIES"] = str(root.parent)
    try:
        os.chdir(root)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli_main(args)
    finally:
        os.chdir(before)
        del os.environ["GIT_CEILING_DIRECTORIES"]
        os.environ.update(saved)
    return Run(code, normalise_version(out.getvalue()), err.getvalue())


def normalise_version(text: str) -> str:
    """The JSON output with every string that is exactly the tool's version made GALLERY_VERSION."""
    return text.replace(f'"{__version__}"', f'"{GALLERY_VERSION}"')


def run_example(example: Path, output_format: str = "json") -> Run:
    """Audit a copy of the example; refuse output that leaks the temporary folder."""
    with isolated_copy(example) as root:
        run = run_in(root, command(example, output_format))
        for leak in {str(root), str(root.resolve()), str(root.parent)}:
            if leak in run.out or leak in run.err:
                raise AssertionError(f"{example.name}: the output names the temporary folder")
    if run.code not in (0, 1):
        raise AssertionError(f"{example}: exit {run.code}: {run.err.strip()}")
    return run


def stale(gallery: Path = GALLERY) -> list[Path]:
    """Examples whose golden file is missing or differs from what the tool prints now."""
    return [
        example
        for example in examples(gallery)
        if not (example / GOLDEN).is_file()
        or (example / GOLDEN).read_text(encoding="utf-8") != run_example(example).out
    ]


def update(gallery: Path = GALLERY) -> list[Path]:
    """Rewrite every golden file that changed; return the examples rewritten."""
    changed = []
    for example in examples(gallery):
        out = run_example(example).out
        golden = example / GOLDEN
        if not golden.is_file() or golden.read_text(encoding="utf-8") != out:
            golden.write_text(out, encoding="utf-8")
            changed.append(example)
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a golden file differs")
    args = parser.parse_args(argv)
    if args.check:
        out_of_date = stale()
        for example in out_of_date:
            print(f"out of date: {example.relative_to(REPO).as_posix()}/{GOLDEN}")
        if out_of_date:
            print("if the change is intended, run: python scripts/update_gallery.py")
        return 1 if out_of_date else 0
    for example in update():
        print(f"wrote {example.relative_to(REPO).as_posix()}/{GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
