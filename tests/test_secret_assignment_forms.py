"""`secret`: a credential assignment in any letter case and with spaces around ``=`` (review
49-1, defect 1): ``AWS_SECRET_ACCESS_KEY = ...``, ``~/.aws/credentials``' lower-case
``aws_secret_access_key = ...``, ``db_password = ...``, the value bare or quoted, is reported by
`check` and redacted by `show` and `new`, while prose and code that only look like one are not."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from authoring_support import NEW, on_feature_branch
from conftest import GitRepo, Result

Run = Callable[..., Result]

# Built from parts so that this file does not itself look like it leaks credentials.
AWS = "9dKq2vLx8Zp3Rt7Wm4Yn6Bc1" + "Hj5Fg0Sd2Ae8Ku3"
DB = "Zx81kLq" + "Pw0rd"

FORMS = {
    "spaces": (f"AWS_SECRET_ACCESS_KEY = {AWS}", AWS),
    "aws-credentials": (f"aws_secret_access_key = {AWS}", AWS),
    "lower-case": (f"db_password = {DB}", DB),
    "mixed-case": (f"Api_Key={DB}", DB),
    "double-quoted": (f'aws_secret_access_key = "{AWS}"', AWS),
    "single-quoted": (f"app_secret = '{DB}'", DB),
    "tab": (f"github_token\t=\t{DB}", DB),
}

HANDOVER = "# Handover\nStatus: tests pass.\nNext: run `bin/deploy` with:\n{line}\n"


@pytest.mark.parametrize("form", FORMS.values(), ids=list(FORMS))
def test_an_assignment_with_spaces_or_in_lower_case_is_reported_and_redacted(
    git_repo: GitRepo, run_cli: Run, form: tuple[str, str]
) -> None:
    line, secret = form
    git_repo.write("HANDOVER.md", HANDOVER.format(line=line))
    git_repo.commit("handover")
    result = run_cli(["check", "--format", "json", "--select", "secret"], cwd=git_repo.root)
    found = [f for f in result.json()["findings"] if f["rule"] == "secret"]
    assert [f["line"] for f in found] == [4], result.out
    assert secret not in result.out
    shown = run_cli(["show"], cwd=git_repo.root)
    assert shown.code == 0, shown.err
    assert "[redacted" in shown.out
    assert secret not in shown.out


def test_new_redacts_an_assignment_with_spaces(git_repo: GitRepo, run_cli: Run) -> None:
    repo = on_feature_branch(git_repo)
    summary = f"Deployed with aws_secret_access_key = {AWS} and db_password = {DB}"
    result = run_cli(["new", "--summary", summary, *NEW[3:]], cwd=repo.root)
    assert result.code == 0, result.err
    text = (repo.root / "handoff.json").read_text()
    assert AWS not in text and DB not in text
    assert "aws_secret_access_key = [redacted" in json.loads(text)["summary"]
    assert run_cli(["check", "--select", "secret"], cwd=repo.root).code == 0


NOT_CREDENTIALS = [
    "the password = the one in 1Password",
    'API_KEY = os.getenv("API_KEY")',
    "api_key = config.api_key",
    "db_password = $DB_PASSWORD",
    "db_password = ${DB_PASSWORD}",
    "aws_secret_access_key = <your-secret-key>",
    "secret_key = your-secret-key-here",
    "password = ********",
    "sort_key = lambda row: row[0]",
    "primary_key = 42",
    "DB_PASSWORD = DB_PASSWORD_PROD2",
]


def test_prose_variables_and_placeholders_beside_one_are_not_credentials(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """Only the real credential among its look-alikes is reported and redacted."""
    lines = "\n".join([f"db_password = {DB}", *NOT_CREDENTIALS])
    git_repo.write("HANDOVER.md", HANDOVER.format(line=lines))
    git_repo.commit("handover")
    result = run_cli(["check", "--format", "json", "--select", "secret"], cwd=git_repo.root)
    assert [f["line"] for f in result.json()["findings"] if f["rule"] == "secret"] == [4]
    shown = run_cli(["show"], cwd=git_repo.root).out
    assert shown.count("[redacted") == 1 and DB not in shown
    for line in NOT_CREDENTIALS:
        assert line in shown, line
