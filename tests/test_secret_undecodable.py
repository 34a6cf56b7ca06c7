"""A credential in a handoff file that is not UTF-8 (one cp1252 byte) is still found: the
`secret` scan reads the file with each undecodable byte replaced, in a single handoff, a JSON
packet and an older file of a series (only ever scanned for credentials)."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import GitRepo
from git_helpers import committed_secret_is_found_once

TOKEN = "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
NOTE = f"# Handoff\n\n## State\n\nCafé menu API works; deploy with GH_PAT {TOKEN}\n\n"
NOTE += "## Next step\n\nAdd the prices.\n"
CURRENT = (
    "# Handoff 2025-02-01\n\n## State\n\nPrices added; tests pass.\n\n## Next step\n\n"
    "Ship it.\n\n## Decisions\n\n- chose EUR because the shop is in France\n\n"
    "## Ruled out\n\nNone.\n\n## Pointers\n\n- README\n"
)


def _branch(repo: GitRepo) -> None:
    repo.write("README", "hi\n")
    repo.commit("init")
    repo.git("switch", "-qc", "feat/a")


@pytest.mark.parametrize(
    ("files", "where"),
    [
        ({"HANDOFF.md": NOTE.encode("cp1252")}, ("HANDOFF.md", 5, 41)),
        (
            {"handoff.json": b'{"branch": "\xff\xfe ' + TOKEN.encode() + b'"}\n'},
            ("handoff.json", 1, 16),
        ),
        (
            {
                "docs/handoffs/2025-01-01.md": NOTE.encode("cp1252"),
                "docs/handoffs/2025-02-01.md": CURRENT.encode(),
            },
            ("docs/handoffs/2025-01-01.md", 5, 41),
        ),
    ],
    ids=["markdown", "json", "older-series-file"],
)
def test_a_credential_in_a_file_that_is_not_utf8_is_reported(
    run_cli: Any, git_repo: GitRepo, files: dict[str, bytes], where: tuple[str, int, int]
) -> None:
    _branch(git_repo)
    committed_secret_is_found_once(run_cli, git_repo, files, where, TOKEN)
