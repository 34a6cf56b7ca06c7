"""A credential in a handoff file saved as UTF-16 with a byte order mark (Windows Notepad's
"Unicode", PowerShell 5's `>`) is still found (review 48-5, item 5), and so is one in UTF-16
without a mark, known by its NUL bytes: the `secret` scan decodes the file as its mark (or its
NUL bytes) says, in a single handoff, a JSON packet and an older file of a series, at the right
line and column, the token never echoed. A JSON packet with a UTF-8 mark too."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import GitRepo
from git_helpers import committed_secret_is_found_once

TOKEN = "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
NOTE = f"# Notes 2026-11-01\n\n## State\n\nDeploy with GH_PAT {TOKEN}\n\n"
NOTE += "## Next step\n\nAdd the prices.\n"
CURRENT = (
    "# Handoff 2026-12-01\n\n## State\n\nPrices added; tests pass.\n\n## Next step\n\n"
    "Ship it.\n\n## Decisions\n\n- chose EUR because the shop is in France\n\n"
    "## Ruled out\n\nNone.\n\n## Pointers\n\n- README\n"
)
PACKET = '{"branch": "feat/a",\n "summary": "uses ' + TOKEN + '"}\n'


@pytest.mark.parametrize(
    ("files", "where"),
    [
        ({"HANDOFF.md": NOTE.encode("utf-16")}, ("HANDOFF.md", 5, 20)),
        ({"HANDOFF.md": b"\xfe\xff" + NOTE.encode("utf-16-be")}, ("HANDOFF.md", 5, 20)),
        ({"handoff.json": PACKET.encode("utf-16")}, ("handoff.json", 2, 19)),
        ({"HANDOFF.md": NOTE.encode("utf-16-le")}, ("HANDOFF.md", 5, 20)),
        ({"HANDOFF.md": ("Prix — été\n" + NOTE).encode("utf-16-be")}, ("HANDOFF.md", 6, 20)),
        ({"handoff.json": PACKET.encode("utf-16-le")}, ("handoff.json", 2, 19)),
        ({"handoff.json": b"\xef\xbb\xbf" + PACKET.encode()}, ("handoff.json", 2, 19)),
        (
            {
                "docs/handoffs/2026-11-01-auth.md": NOTE.encode("utf-16"),
                "docs/handoffs/2026-12-01-auth.md": CURRENT.encode(),
            },
            ("docs/handoffs/2026-11-01-auth.md", 5, 20),
        ),
    ],
    ids=[
        "markdown-le",
        "markdown-be",
        "json",
        "markdown-le-no-bom",
        "markdown-be-no-bom",
        "json-le-no-bom",
        "json-utf8-bom",
        "older-series-file",
    ],
)
def test_a_credential_in_a_file_with_a_byte_order_mark_is_reported(
    run_cli: Any, git_repo: GitRepo, files: dict[str, bytes], where: tuple[str, int, int]
) -> None:
    git_repo.write("README", "hi\n")
    git_repo.commit("init")
    git_repo.git("switch", "-qc", "feat/a")
    committed_secret_is_found_once(run_cli, git_repo, files, where, TOKEN)
