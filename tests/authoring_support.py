"""What the tests of the writing commands (tests/test_authoring_*.py) share."""

from __future__ import annotations

import json
from typing import Any

NEW = [
    "new",
    "--summary",
    "Keys stored.",
    "--next-action",
    "Fix the duplicate check.",
    "--verdict-pointer",
    "reports/junit.xml",
]
"""A `new` command line with every required field."""

REFUNDS = [
    "--summary",
    "Refunds round half-even for EUR.",
    "--next-action",
    "Fix GBP rounding in src/refunds.py.",
    "--verdict-pointer",
    "https://ci.example.com/run/1",
]
"""The required fields of `new` for a packet about refunds (its summary and next action are
quoted by the tests that read the packet back)."""


def on_feature_branch(git_repo: Any) -> Any:
    """``git_repo`` with one commit on main and a work branch ``feat/refunds`` checked out."""
    git_repo.write("src/app.py", "print('hi')\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/refunds")
    return git_repo


def packet_json(repo: Any, path: str = "handoff.json") -> Any:
    """The packet at ``path`` in ``repo``, parsed."""
    return json.loads((repo.root / path).read_text())
