"""A trailing `...`/`…` makes a placeholder only of a short or placeholder stem (review 48-5,
item 4): a full-length key followed by an ellipsis, a random value with `my` among random
parts and a long digit run beside `my` are credentials, through `check` and `new` (which must
not write them); `sk-...`, `sk-proj-…` and `your-key-here…` are still placeholders."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from conftest import GitRepo, Result

Run = Callable[..., Result]

# Built from parts so that this file does not itself look like it leaks credentials.
_HALF = "Ab3dEfGhIjKlMnOpQrStUvWxYz" + "0123456789"
KEY = "sk-proj-" + _HALF + "T3Blbk" + "FJ" + _HALF  # 88 characters, the report's shape

STILL_SECRETS = {
    "aB3dE-my-Xy9Qw2…": "aB3dE-my-Xy9Qw2",
    KEY + "...": KEY,
    KEY + "…": KEY,
    "83749283749823749823" + "-my": "83749283749823749823",
}
PLACEHOLDERS = ["sk-...", "sk-proj-…", "your-key-here…", "abc...", "my-api-key"]


def _handoff(line: str) -> str:
    return f"# Handoff\n\n## Next step\n\nRun the migration.\n\n{line}\n"


@pytest.mark.parametrize("value", list(STILL_SECRETS), ids=range(len(STILL_SECRETS)))
def test_check_reports_a_credential_followed_by_an_ellipsis(
    git_repo: GitRepo, run_cli: Run, value: str
) -> None:
    git_repo.write("HANDOFF.md", _handoff(f"OPENAI_API_KEY={value}"))
    git_repo.commit("handoff")
    result = run_cli(["check", "--select", "secret", "HANDOFF.md"], cwd=git_repo.root)
    assert result.code == 1, result.out
    assert "HANDOFF.md:7:16: secret: line 7 contains what looks like" in result.out
    assert STILL_SECRETS[value] not in result.out + result.err


@pytest.mark.parametrize("value", PLACEHOLDERS)
def test_check_passes_a_short_or_placeholder_stem(
    git_repo: GitRepo, run_cli: Run, value: str
) -> None:
    git_repo.write("HANDOFF.md", _handoff(f"OPENAI_API_KEY={value}"))
    git_repo.commit("handoff")
    result = run_cli(["check", "--select", "secret", "HANDOFF.md"], cwd=git_repo.root)
    assert result.code == 0, result.out


@pytest.mark.parametrize("value", list(STILL_SECRETS), ids=range(len(STILL_SECRETS)))
def test_new_does_not_write_a_credential_followed_by_an_ellipsis(
    git_repo: GitRepo, run_cli: Run, value: str
) -> None:
    git_repo.write("README.md", "hi\n")
    git_repo.commit("init")
    summary = f"Rotated keys; OPENAI_API_KEY={value} is in the vault."
    args = ["new", "--summary", summary, "--next-action", "Check the vault."]
    result = run_cli([*args, "--verdict-pointer", "README.md"], cwd=git_repo.root)
    assert result.code == 0, result.err
    written = "".join((git_repo.root / name).read_text() for name in ("handoff.json", "handoff.md"))
    assert STILL_SECRETS[value] not in written
    assert (
        "[redacted credential assignment]"
        in json.loads((git_repo.root / "handoff.json").read_text())["summary"]
    )
    check = run_cli(["check", "--select", "secret"], cwd=git_repo.root)
    assert check.code == 0, check.out


@pytest.mark.parametrize("value", PLACEHOLDERS)
def test_new_keeps_a_placeholder(git_repo: GitRepo, run_cli: Run, value: str) -> None:
    git_repo.write("README.md", "hi\n")
    git_repo.commit("init")
    summary = f"Rotated keys; OPENAI_API_KEY={value} is in the vault."
    args = ["new", "--summary", summary, "--next-action", "Check the vault."]
    result = run_cli([*args, "--verdict-pointer", "README.md"], cwd=git_repo.root)
    assert result.code == 0, result.err
    assert value in json.loads((git_repo.root / "handoff.json").read_text())["summary"]


HEADERS_CUT_SHORT = [
    'curl -H "Authorization: Bearer 448d5c18..." https://api.example.com/call',
    "Authorization: Bearer 448d5c1...",
    'curl -H "X-Api-Key: 448d5c18..." https://api.example.com/call',
    "curl -H 'Authorization: Token 9f8e7d6c…' https://api.example.com/call",
]
HEADERS_WITH_A_KEY = [
    'curl -H "Authorization: Bearer 448d5c18af3e..." https://api.example.com/call',
    "Authorization: Bearer 448d5c18af3e",
    'curl -H "X-Api-Key: 448d5c18af3e9..." https://api.example.com/call',
]


@pytest.mark.parametrize("line", HEADERS_CUT_SHORT, ids=range(len(HEADERS_CUT_SHORT)))
def test_a_header_with_a_key_cut_short_is_a_placeholder(
    git_repo: GitRepo, run_cli: Run, line: str
) -> None:
    """The header forms (``Authorization: Bearer``, curl's ``-H``) take a value of 8 characters
    or fewer before an ellipsis for a prefix shown cut short, as the assignment form does."""
    git_repo.write("HANDOFF.md", _handoff(f"    {line}"))
    git_repo.commit("handoff")
    result = run_cli(["check", "--select", "secret", "HANDOFF.md"], cwd=git_repo.root)
    assert result.code == 0, result.out


@pytest.mark.parametrize("line", HEADERS_WITH_A_KEY, ids=range(len(HEADERS_WITH_A_KEY)))
def test_a_header_with_a_longer_key_is_still_a_secret(
    git_repo: GitRepo, run_cli: Run, line: str
) -> None:
    git_repo.write("HANDOFF.md", _handoff(f"    {line}"))
    git_repo.commit("handoff")
    result = run_cli(["check", "--select", "secret", "HANDOFF.md"], cwd=git_repo.root)
    assert result.code == 1, result.out
    assert "HANDOFF.md:7:" in result.out and "448d5c18af3e" not in result.out + result.err
