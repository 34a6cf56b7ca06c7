"""A line a message quotes is never cut inside a credential: the quote shows the credential
whole, and so redacted, or not at all, wherever on the line it starts. A finding's JSON pointer
is redacted as its message is. (The tokens are built from parts: this file holds none.)"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from conftest import GitRepo

TOKENS = (
    "ghp_" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ" + "abcdefghij",
    "sk_" + "live_" + "abcdefghijklmnopqrstuvwx",
)
COLUMNS = range(49)
FORMATS = ("text", "github", "markdown", "json", "sarif")


def _at(column: int, token: str) -> str:
    """``token`` starting at ``column`` of a line."""
    return ("x" * (column - 1) + " " if column else "") + token + " end"


def _template(column: int, token: str) -> str:
    return (
        f"# Handoff\n\n## Summary\n[{_at(column, token)}]\n\n## Next steps\n[TODO: fill in]\n\n"
        f"## Risks\n[{_at(column, token)}]\n"
    )


@pytest.fixture
def quoting_repo(git_repo: GitRepo) -> GitRepo:
    """A stub and a template for each token at each column, each its own packet, on a feature
    branch (on main, `handoff-in-merge` alone would be reported)."""
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write(".handoff-audit.yml", 'packets: ["**/HANDOFF.md"]\n')
    for column in COLUMNS:
        for number, token in enumerate(TOKENS):
            stub = "\n".join(_at(column, t) for t in TOKENS) + "\n"
            git_repo.write(f"stub{column:02}/HANDOFF.md", stub)
            git_repo.write(f"form{number}-{column:02}/HANDOFF.md", _template(column, token))
    git_repo.commit("quotes")
    return git_repo


@pytest.mark.parametrize("form", FORMATS)
def test_no_prefix_of_a_token_is_quoted_in_any_format(
    quoting_repo: GitRepo, run_cli: Callable[..., Any], form: str
) -> None:
    done = run_cli(["check", "--format", form], cwd=quoting_repo.root)
    assert done.code == 1, done.err
    for token in TOKENS:
        assert token[:12] not in done.out + done.err, (form, token)


def test_the_quotes_are_there_and_name_the_lines(
    quoting_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    report = run_cli(["check", "--format", "json"], cwd=quoting_repo.root).json()
    rules = [finding["rule"] for finding in report["findings"]]
    assert rules.count("not-a-handoff") == len(COLUMNS)
    assert rules.count("placeholder") == len(COLUMNS) * len(TOKENS)
    quoted = [f["message"] for f in report["findings"] if f["rule"] == "not-a-handoff"]
    assert all('(lines 1, 2: "' in message for message in quoted)


@pytest.mark.parametrize("form", ["json", "sarif"])
def test_a_credential_in_a_json_key_is_redacted_in_the_pointer(
    git_repo: GitRepo, run_cli: Callable[..., Any], form: str
) -> None:
    token = TOKENS[0]
    git_repo.commit("init")
    packet = {
        "schema_version": "1",
        "title": "Refund flow",
        "branch": "main",
        "status": "active",
        "x-notes": {token: "pasted by mistake"},
        f"extra_{token}": 1,
    }
    git_repo.write("handoff.json", json.dumps(packet, indent=1) + "\n")
    done = run_cli(["check", "--format", form], cwd=git_repo.root)
    assert done.code == 1, done.err
    assert token[:12] not in done.out
    report = json.loads(done.out)
    if form == "json":
        pointers = [f["pointer"] for f in report["findings"]]
    else:
        results = report["runs"][0]["results"]
        pointers = [r.get("properties", {}).get("pointer") for r in results]
    assert "/x-notes/[redacted GitHub token]" in pointers
    assert pointers.count("/extra_[redacted GitHub token]") == 2
