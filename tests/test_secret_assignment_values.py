"""`secret`: the loose assignment form (any case, spaces around ``=``) reports a value only when
it looks like a credential (review 49-5, defect 3). Paths, dotted code, key-type names, data
names (``sort_key``) and prose are not reported, so `new` and `update` keep them as written;
when they do redact a credential, they say so on standard error."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from authoring_support import on_feature_branch
from conftest import GitRepo, Result

Run = Callable[..., Result]

NOT_CREDENTIALS = [
    "private_key = ~/.ssh/id_ed25519",
    "ssh_key = ~/.ssh/id_ed25519",
    "api_key = config/keys2.json",
    "db_password = /run/secrets/db_password2.txt",
    "Set token = sha256sum of the release tarball, then tag v2.",
    "sort_key = created_at2",
    "partition_key = tenant1",
    "public_key = ed25519",
    "sign_key = HMAC-SHA256",
    "rsa_key = 4096bits",
    "primary_key = id2",
    "foreign_key = orders.user_id2",
    "api_key = settings.API_KEY2",
    "secret = vault.read2",
    "idempotency_key = req-42",
    "page_token = abc123",
]

# Built from parts so that this file does not itself look like it leaks credentials.
DB = "Zx81kLq" + "Pw0rd"
AWS = "wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCYzzEXAMPLEKEY9"

HANDOVER = "# Handover\nStatus: tests pass.\nNext: run `bin/deploy` with:\n{line}\n"


@pytest.mark.parametrize("line", NOT_CREDENTIALS)
def test_a_path_code_or_prose_is_not_a_credential(
    git_repo: GitRepo, run_cli: Run, line: str
) -> None:
    git_repo.write("HANDOVER.md", HANDOVER.format(line=line))
    git_repo.commit("handover")
    result = run_cli(["check", "--format", "json", "--select", "secret"], cwd=git_repo.root)
    assert [f for f in result.json()["findings"] if f["rule"] == "secret"] == [], result.out


@pytest.mark.parametrize("line", NOT_CREDENTIALS)
def test_new_keeps_a_path_code_or_prose_as_written(
    git_repo: GitRepo, run_cli: Run, line: str
) -> None:
    repo = on_feature_branch(git_repo)
    result = run_cli(
        ["new", "--summary", line, "--next-action", f"Check {line}", "--verdict-pointer", "r.xml"],
        cwd=repo.root,
    )
    assert result.code == 0, result.err
    data = json.loads((repo.root / "handoff.json").read_text())
    assert (data["summary"], data["next_action"]) == (line, f"Check {line}")
    assert "redacted" not in result.err


@pytest.mark.parametrize(
    "line, secret",
    [
        (f"db_password = {DB}", DB),
        (f"aws_secret_access_key = {AWS}", AWS),
        (f"deploy_token = '{DB}!'", f"{DB}!"),
    ],
)
def test_a_credential_is_still_reported(
    git_repo: GitRepo, run_cli: Run, line: str, secret: str
) -> None:
    git_repo.write("HANDOVER.md", HANDOVER.format(line=line))
    git_repo.commit("handover")
    result = run_cli(["check", "--format", "json", "--select", "secret"], cwd=git_repo.root)
    assert [f["line"] for f in result.json()["findings"] if f["rule"] == "secret"] == [4]
    assert secret not in run_cli(["show"], cwd=git_repo.root).out


def test_new_and_update_say_which_field_they_redacted(git_repo: GitRepo, run_cli: Run) -> None:
    repo = on_feature_branch(git_repo)
    summary = f"Deployed with db_password = {DB}"
    result = run_cli(
        ["new", "--summary", summary, "--next-action", "Run it.", "--verdict-pointer", "r.xml"],
        cwd=repo.root,
    )
    assert result.code == 0, result.err
    assert "note: summary: redacted a credential; revoke it if real" in result.err.splitlines()
    assert DB not in (repo.root / "handoff.json").read_text() and DB not in result.err
    result = run_cli(["update", "--risk", f"db_password = {DB} leaked", "high"], cwd=repo.root)
    assert result.code == 0, result.err
    lines = result.err.splitlines()
    assert "note: open_risks[0].what: redacted a credential; revoke it if real" in lines
    assert not any(line.startswith("note: summary:") for line in lines)
    assert DB not in (repo.root / "handoff.json").read_text() and DB not in result.err
