"""Review 50-6, defects 1 and 2: a credential-shaped topic or successor (`supersede --by`)
given on the command line is refused without being echoed, whatever its letter case, and a
credential-shaped target branch that names no branch is redacted in its error. A real GitHub
token is mixed case, which the topic pattern refuses too: the credential test comes first, so
that the pattern's error does not print the token. (The tokens are built from parts: this file
holds none.)"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conftest import GitRepo

MIXED = "ghp_" + "A1b2C3" * 6
LOWER = "ghp_" + "a1b2c3" * 6
FIELDS = ["--summary", "Did.", "--next-action", "Wire src/a.py", "--verdict-pointer", "src/a.py"]
TOPIC_REFUSED = "handoff-audit: error: --topic looks like a GitHub token; "
BY_REFUSED = "handoff-audit: error: supersede --by looks like a GitHub token; "
TARGET_REFUSED = "handoff-audit: error: --target-branch '[redacted GitHub token]': no such "

BOTH = ("mixed", "lower")
CASES = [
    ("new-topic", ["new", "--topic", "{}", *FIELDS], TOPIC_REFUSED, ("mixed",)),
    ("update-topic", ["update", "--topic", "{}", "--summary", "x"], TOPIC_REFUSED, BOTH),
    ("archive-topic", ["archive", "--topic", "{}"], TOPIC_REFUSED, BOTH),
    ("supersede-topic", ["supersede", "--topic", "{}", "--by", "next"], TOPIC_REFUSED, BOTH),
    ("update-target", ["update", "--target-branch", "{}", "--summary", "x"], TARGET_REFUSED, BOTH),
    ("new-target", ["new", "--topic", "b", "--target-branch", "{}", *FIELDS], TARGET_REFUSED, BOTH),
    ("check-target", ["check", "--target-branch", "{}"], TARGET_REFUSED, BOTH),
    ("supersede-by-topic", ["supersede", "--by", "{}"], BY_REFUSED, BOTH),
    ("supersede-by-file", ["supersede", "--by", "{}.json"], BY_REFUSED, BOTH),
    ("supersede-by-nested", ["supersede", "--by", "next/{}"], BY_REFUSED, BOTH),
]
"""Each case's name, its command line (``{}`` the token), the start of its one-line error, and
the token's shapes that reached the output or the packet before the fix (`new` refused a
lower-case token-shaped topic already, and `new --branch` both shapes)."""


def _files(root: Path) -> dict[str, bytes]:
    """Every file of the work tree but git's own, with its content."""
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file() and ".git" not in path.relative_to(root).parts
    }


@pytest.mark.parametrize(
    ("args", "start", "token"),
    [
        pytest.param(args, start, token, id=f"{case}-{shape}")
        for case, args, start, shapes in CASES
        for shape, token in (("mixed", MIXED), ("lower", LOWER))
        if shape in shapes
    ],
)
def test_a_token_shaped_name_is_refused_and_never_echoed(
    git_repo: GitRepo, run_cli: Callable[..., Any], args: list[str], start: str, token: str
) -> None:
    git_repo.write("src/a.py", "x = 1\n")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write("src/a.py", "x = 2\n")
    git_repo.commit("work")
    made = run_cli(["new", *FIELDS], cwd=git_repo.root)
    assert made.code == 0, made.err
    git_repo.commit("packet")
    before = _files(git_repo.root)
    done = run_cli([arg.replace("{}", token) for arg in args], cwd=git_repo.root)
    assert done.code == 2, done.out + done.err
    assert done.err.startswith(start), done.err
    assert done.err.count("\n") == 1, done.err
    assert token not in done.out + done.err
    assert token.lower() not in (done.out + done.err).lower()
    assert _files(git_repo.root) == before
    assert git_repo.git("status", "--porcelain") == ""
