"""A clean, tagged copy of this repository for the release tests: its tracked files as they are
in the work tree, committed in a new git repository, tagged, and cloned as CI clones."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from git_helpers import git
from script_loader import REPO


def tracked_copy(target: Path) -> Path:
    """The repository's tracked files as they are in the work tree, without its .git."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = REPO / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def tagged_clone(root: Path, tag: str) -> Path:
    """A `git clone --no-local` of a one-commit repository of the tracked files, tagged ``tag``
    (annotated, as a release tag is)."""
    checkout = tracked_copy(root / "checkout")
    git(checkout, "init", "--quiet", "--initial-branch", "main")
    git(checkout, "add", "--all")
    git(checkout, "commit", "--quiet", "-m", "release")
    git(checkout, "tag", "--annotate", "-m", tag, tag)
    clean = root / "clean"
    git(root, "clone", "--quiet", "--no-local", str(checkout), str(clean))
    return clean
