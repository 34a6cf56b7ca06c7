"""Review 58-2, item 4 (haroldcampbell/osoyah): a folder of dated handoffs spelled
`session-hand-offs/` is offered as a series (`extend-series`), the root how-to that lists
its entries (`session-hand-off.md`) is not offered as a packet, and the Stop hook names the
branch's file there as its handoff with that setting, not as its work."""

from __future__ import annotations

from collections.abc import Callable

from agent_support import run_hook, stop_event
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


BODY = (
    "# Handoff: {}\n\n## State\nRefund endpoint in src/app.py returns 200; tests pass except "
    "the currency case.\n\n## Next step\nFix the currency rounding in src/app.py:12 and run "
    "pytest.\n\n## Decisions\n- Use Decimal for amounts, because floats lost cents.\n\n"
    "## Ruled out\n- Rounding in the template: it hid the bug.\n\n## Pointers\n- src/app.py:12\n"
)


def test_the_hook_takes_the_branchs_file_there_once_the_folder_is_a_series(
    git_repo: GitRepo,
) -> None:
    git_repo.write("src/app.py", "x = 1\n")
    git_repo.write("session-hand-offs/2025-12-21-01-repo-scaffold.md", BODY.format("scaffold"))
    git_repo.commit("handoff: scaffold")
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write("src/app.py", "x = 2\n")
    git_repo.write("session-hand-offs/2026-01-02-01-refunds.md", BODY.format("refunds"))
    git_repo.commit("work and its handoff")
    hook = run_hook(stop_event(git_repo.root))
    assert hook.code == 2, hook.err
    said = "session-hand-offs/2026-01-02-01-refunds.md is a dated handoff in session-hand-offs/"
    assert said in hook.err, hook.err
    assert 'fix: set in .handoff-audit.yml: extend-series: ["session-hand-offs"]' in hook.err
    git_repo.write(".handoff-audit.yml", 'extend-series: ["session-hand-offs"]\n')
    git_repo.commit("audit the series")
    after = run_hook(stop_event(git_repo.root))
    assert after.code == 0, after.err
