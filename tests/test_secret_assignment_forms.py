"""`secret`: `new` redacts a credential assignment in any letter case and with spaces around
``=`` (review 49-1, defect 1); how `check` and `show` read each form is in the table of
test_secret_line_forms.py."""

from __future__ import annotations

import json
from collections.abc import Callable

from authoring_support import NEW, on_feature_branch
from conftest import GitRepo, Result
from test_secret_line_forms import AWS, DB

Run = Callable[..., Result]


def test_new_redacts_an_assignment_with_spaces(git_repo: GitRepo, run_cli: Run) -> None:
    repo = on_feature_branch(git_repo)
    summary = f"Deployed with aws_secret_access_key = {AWS} and db_password = {DB}"
    result = run_cli(["new", "--summary", summary, *NEW[3:]], cwd=repo.root)
    assert result.code == 0, result.err
    text = (repo.root / "handoff.json").read_text()
    assert AWS not in text and DB not in text
    assert "aws_secret_access_key = [redacted" in json.loads(text)["summary"]
    assert run_cli(["check", "--select", "secret"], cwd=repo.root).code == 0
