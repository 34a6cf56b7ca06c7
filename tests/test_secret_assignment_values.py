"""`secret`: the loose assignment form (any case, spaces around ``=``) reports a value only when
it looks like a credential (review 49-5, defect 3); the lines `check` reports or not are in the
table of test_secret_line_forms.py. Paths, dotted code, key-type names, data names
(``sort_key``) and prose are not reported, so `new` and `update` keep them as written; when
they do redact a credential, they say so on standard error."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from authoring_support import on_feature_branch
from conftest import GitRepo, Result
from test_secret_line_forms import DB, lines

Run = Callable[..., Result]

NOT_CREDENTIALS = lines("value-", reported=False)


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
