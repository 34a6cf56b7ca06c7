"""A Twilio API key SID (``SK`` and 32 hex digits) is reported as gitleaks' twilio-api-key rule
reports it (``SK[0-9a-fA-F]{32}``, wherever it stands), and its value is never echoed: not by
`check` in any format, not by `show`, not in what `new` writes."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable

import pytest

from authoring_support import NEW, on_feature_branch
from conftest import GitRepo, Result
from handoff_audit.credentials import find_secrets, redact

Run = Callable[..., Result]


def _sid(upper: bool = False) -> str:
    """A fresh key SID, built here so that no file of the repository holds one."""
    digits = secrets.token_hex(16)
    return "S" + "K" + (digits.upper() if upper else digits)


@pytest.mark.parametrize(
    "text",
    [
        "Created the staging API key {sid} in the console.",
        "TWILIO_API_KEY_SID={sid}",
        '"sid": "{sid}"',
        "https://api.twilio.com/2010-04-01/Accounts/AC1/Keys/{sid}.json",
        "key`{sid}`",
    ],
)
def test_a_key_sid_is_found_wherever_it_stands(text: str) -> None:
    for sid in (_sid(), _sid(upper=True)):
        line = text.format(sid=sid)
        assert [m.kind for m in find_secrets(line)] == ["twilio api key"], line
        assert sid not in redact(line)


def test_only_the_upper_case_prefix_and_32_hex_digits_are_a_key_sid() -> None:
    sid = _sid()
    assert find_secrets("s" + "k" + sid[2:]) == []  # gitleaks' rule is case-sensitive
    assert find_secrets(sid[:-1] + " ") == []  # 31 digits
    assert find_secrets(sid[:-1] + "g") == []  # not hex


def test_check_reports_it_at_its_line_and_never_shows_it(git_repo: GitRepo, run_cli: Run) -> None:
    repo = on_feature_branch(git_repo)
    sid = _sid()
    repo.write(
        "HANDOFF.md",
        "# Twilio\n\n## State\nSMS wired in src/app.py; tests pass.\n"
        f"Staging API key: created {sid} (friendly name staging).\n\n"
        "## Next step\nAdd retries to the SMS sender in src/app.py.\n",
    )
    repo.commit("handoff")
    result = run_cli(["check", "--format", "json", "--select", "secret"], cwd=repo.root)
    assert result.code == 1, result.err
    [finding] = result.json()["findings"]
    assert (finding["path"], finding["line"]) == ("HANDOFF.md", 5)
    assert "looks like a twilio api key" in finding["message"]
    for output in ("text", "json", "sarif", "github", "markdown"):
        shown = run_cli(["check", "--format", output], cwd=repo.root)
        assert sid not in shown.out + shown.err, output
    shown = run_cli(["show"], cwd=repo.root)
    assert shown.code == 0, shown.err
    assert sid not in shown.out + shown.err


def test_new_writes_no_key_sid(git_repo: GitRepo, run_cli: Run) -> None:
    repo = on_feature_branch(git_repo)
    sid = _sid()
    result = run_cli(["new", "--summary", f"SMS wired; key {sid}", *NEW[3:]], cwd=repo.root)
    assert result.code == 0, result.err
    text = (repo.root / "handoff.json").read_text(encoding="utf-8")
    assert sid not in text + (repo.root / "handoff.md").read_text(encoding="utf-8")
    assert json.loads(text)["summary"] == "SMS wired; key [redacted twilio api key]"
    assert sid not in result.out + result.err
