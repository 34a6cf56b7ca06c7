"""Review 58-2, item 4 (haroldcampbell/osoyah): a folder of dated handoffs spelled
`session-hand-offs/` is offered as a series (`extend-series`), and the root how-to that lists
its entries (`session-hand-off.md`) is not offered as a packet."""

from __future__ import annotations

from collections.abc import Callable

from conftest import GitRepo, Result

Run = Callable[..., Result]

ENTRY = (
    "# {topic}\n\n## State\n\nThe board renders; the {topic} work is merged.\n\n"
    "## Next step\n\nWire the {topic} view to the API in `client/src/app/board.ts`.\n\n"
    "## Decisions\n\nKept the CDK drag list because it already handles scrolling.\n"
)
HOW_TO = (
    "# Session Hand-Off\n\n## How to Use\n\n- Add entries in `session-hand-offs/` named "
    "`yyyy-mm-dd-nn-title.md`.\n\n## Entries\n\n"
    "- 2025-12-21-02-frontend-setup.md - frontend setup\n"
    "- 2025-12-21-01-repo-scaffold.md - scaffold\n"
)


def test_a_hand_offs_folder_is_offered_as_a_series_not_its_index(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write("session-hand-offs/2025-12-21-01-repo-scaffold.md", ENTRY.format(topic="a"))
    git_repo.write("session-hand-offs/2025-12-21-02-frontend-setup.md", ENTRY.format(topic="b"))
    git_repo.write("session-hand-offs/_template.md", "# YYYY-MM-DD-NN title\n")
    git_repo.write("session-hand-off.md", HOW_TO)
    git_repo.commit("handoffs")
    result = run_cli(["check"], cwd=git_repo.root)
    assert 'extend-series: ["session-hand-offs"]' in result.out + result.err, result.err
    assert "extend-packets" not in result.out + result.err
    assert "session-hand-off.md" not in (result.out + result.err).replace("hand-offs/", "")
