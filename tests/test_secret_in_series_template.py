"""A template kept in a series folder and skipped as no handoff by its name
(``YYYY-MM-DD-topic.md``, ``TEMPLATE.md``) is still committed and pushed: a real credential in
it gets the `secret` finding, like one in a series' older files, without the token echoed."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result
from handoff_support import COMPLETE as GOOD

Run = Callable[..., Result]

TOKEN = "ghp_" + "Zq3" * 12

TEMPLATE = f"""\
# Session Handoff

**Date:** YYYY-MM-DD
**Branch:** <branch-name>

## Current State
[2-3 sentences describing current progress]

## Setup
export GITHUB_TOKEN={TOKEN}

## Next Steps
- [ ]
"""


@pytest.mark.parametrize("name", ["YYYY-MM-DD-topic.md", "TEMPLATE.md", "yyyymmdd.md"])
@pytest.mark.parametrize("with_handoffs", [False, True])
def test_a_token_in_a_template_by_name_is_a_secret(
    git_repo: GitRepo, run_cli: Run, name: str, with_handoffs: bool
) -> None:
    git_repo.write("app.py", "x = 1\n")
    git_repo.write(f"docs/handoffs/{name}", TEMPLATE)
    if with_handoffs:
        git_repo.write("docs/handoffs/2026-12-01-login.md", GOOD)
    git_repo.commit("handoff template")
    for args in (["check"], ["check", "--format", "json"]):
        result = run_cli(args, cwd=git_repo.root)
        assert result.code == 1, result.out
        assert TOKEN not in result.out + result.err
        assert TOKEN[4:20] not in result.out + result.err
    findings = result.json()["findings"]
    secrets = [f for f in findings if f["rule"] == "secret"]
    assert [f["path"] for f in secrets] == [f"docs/handoffs/{name}"], findings
    assert secrets[0]["line"] == 10
    assert {p["path"] for p in result.json()["packets"]} <= {"docs/handoffs/2026-12-01-login.md"}
    assert all(f["rule"] == "secret" for f in findings if f["path"].endswith(name)), findings


def test_a_clean_template_still_gets_no_finding(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write("docs/handoffs/YYYY-MM-DD-topic.md", TEMPLATE.replace(TOKEN, "<your token>"))
    git_repo.commit("handoff template")
    result = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert result.code == 0, result.out
    assert result.json()["findings"] == []


INDEX = f"""\
# Handoffs

One file per session, named `YYYY-MM-DD-topic.md`; the newest is the current one.

CI pushes them with `GITHUB_TOKEN={TOKEN}`.
"""


@pytest.mark.parametrize("name", ["README.md", "index.md", "Readme.md"])
def test_a_token_in_a_series_index_is_a_secret(git_repo: GitRepo, run_cli: Run, name: str) -> None:
    """A series folder's index is skipped as no handoff, but committed like its templates:
    a credential in it is found, the secret rule alone, the token never echoed."""
    git_repo.write("app.py", "x = 1\n")
    git_repo.write(f"docs/handoffs/{name}", INDEX)
    git_repo.write("docs/handoffs/2026-12-01-login.md", GOOD)
    git_repo.commit("handoffs and their index")
    result = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert result.code == 1, result.out
    assert TOKEN[4:20] not in result.out + result.err
    findings = result.json()["findings"]
    assert [(f["rule"], f["line"]) for f in findings if f["path"].endswith(name)] == [
        ("secret", 5)
    ], findings
    assert {p["path"] for p in result.json()["packets"]} == {"docs/handoffs/2026-12-01-login.md"}
