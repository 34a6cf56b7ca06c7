"""A documentation build's reference stub is no handoff (review 48-1, item 1): the 3-line
mkdocstrings page ``# `History` / ::: agents.handoffs.history``, the only file of a folder the
`series` globs find (``docs/ref/handoffs/``), gets a `not-a-handoff` warning, not md-incomplete
errors. Its one line of body was below the stub's two-line minimum."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result

Run = Callable[..., Result]

STUBS = [
    "# `History`\n\n::: agents.handoffs.history\n",
    "# `Handoff`\n\n::: agents.handoffs.Handoff\n    options:\n      show_root_heading: true\n",
    "# Handoff prompts\n\n.. automodule:: agents.extensions.handoff_prompt\n   :members:\n",
    "::: agents.handoffs\n",
    "::: agents.handoffs\n    options:\n      members:\n        - Handoff\n        - handoff\n",
    ".. automodule:: agents.handoffs\n   :members: Handoff, handoff\n   :undoc-members:\n",
    # a quoted filter, as mkdocstrings documents `filters` (review 48-8, item 2)
    '# `Handoff`\n\n::: agents.handoffs.Handoff\n    options:\n      filters:\n        - "!^_"\n',
    "::: agents.handoffs\n    options:\n      filters:\n        - '!^_'\n"
    '        - "^__init__$"\n',
]


def _rules(run_cli: Run, repo: GitRepo) -> tuple[int, list[tuple[str, str, str]]]:
    result = run_cli(["check", "--format", "json"], cwd=repo.root)
    found = result.json()["findings"]
    return result.code, sorted((f["path"], f["rule"], f["severity"]) for f in found)


@pytest.mark.parametrize("text", STUBS)
def test_a_reference_stub_alone_in_a_series_folder_is_not_a_handoff(
    run_cli: Run, git_repo: GitRepo, text: str
) -> None:
    git_repo.write("docs/ref/handoffs/history.md", text)
    git_repo.commit("docs")
    code, found = _rules(run_cli, git_repo)
    assert found == [("docs/ref/handoffs/history.md", "not-a-handoff", "warning")]
    assert code == 0


def test_the_review_repro_passes_with_one_warning(run_cli: Run, git_repo: GitRepo) -> None:
    git_repo.write("docs/ref/handoffs/history.md", STUBS[0])
    git_repo.commit("docs")
    result = run_cli(["check"], cwd=git_repo.root)
    assert result.code == 0, result.out
    assert "history.md:3: not-a-handoff (warning): this file is a stub of 1 line(s)" in result.out
    assert "md-incomplete" not in result.out


@pytest.mark.parametrize(
    "text",
    [
        "# Handoff\n\nSome notes.\n",  # one line: a handoff left unwritten
        "# Handoff\n\n::: agents.handoffs\n\nWired the parser; next: test `src/cli.py`.\n",
    ],
)
def test_a_handoff_with_a_line_or_a_directive_among_prose_is_still_judged(
    run_cli: Run, git_repo: GitRepo, text: str
) -> None:
    git_repo.write("docs/handoffs/notes.md", text)
    git_repo.commit("notes")
    _, found = _rules(run_cli, git_repo)
    assert "md-incomplete" in {rule for _, rule, _ in found}
    assert "not-a-handoff" not in {rule for _, rule, _ in found}


HIDDEN = """\
# Handoff 2026-12-01

::: refunds.api
    Status: in progress, do not deploy
    - [x] Added POST /refunds (commit 74d3335)
    Tried: retries in the client; they doubled refunds
"""


@pytest.mark.parametrize(
    "text",
    [
        HIDDEN,
        HIDDEN.replace("# Handoff 2026-12-01", "# Notes"),
        "# Notes\n\n::: refunds.api\n    Next: [describe the next step]\n    Date: YYYY-MM-DD\n",
        "# Notes\n\n::: refunds.api\n    options:\n      done: 74d3335\n",
        "# Notes\n\n::: refunds.api\n" + "    a: b\n" * 9,
    ],
)
def test_a_handoff_behind_a_directive_line_is_still_judged(
    run_cli: Run, git_repo: GitRepo, text: str
) -> None:
    """Review 48-5, item 3: a dated handoff with a status field, a ticked box and a commit id
    escaped judgement when its body started with ``::: name`` and the rest was indented."""
    git_repo.git("checkout", "-q", "-b", "feat/refunds")
    git_repo.write("HANDOFF.md", text)
    git_repo.commit("handoff")
    code, found = _rules(run_cli, git_repo)
    assert "not-a-handoff" not in {rule for _, rule, _ in found}, found
    assert "md-incomplete" in {rule for _, rule, _ in found}, found
    assert code == (0 if "[describe" in text else 1)
