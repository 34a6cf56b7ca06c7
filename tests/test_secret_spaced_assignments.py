"""`secret`: the assignment forms the loose test let through (review 50, fix a) are reported and
redacted wherever the tool echoes text: ``db_password = Password1`` (lower case, spaces, letters
and a digit in mixed case), ``DB_PASSWORD = hunter`` (an environment variable's name with spaces
around ``=``) and a value followed by prose (``export API_TOKEN = s3cr3tvalue then run make``);
code and prose that only look like one (``password = getpass()``, "the password = the one in
1Password") stay silent, in a handoff's markdown and in any field of a packet."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from action_runner import PR, Runner
from authoring_support import on_feature_branch
from conftest import GitRepo, Result
from core_packets import packet, write_packet

Run = Callable[..., Result]

# Built from parts so that this file does not itself look like it leaks credentials.
MIXED = "Pass" + "word1"
WORD = "hun" + "ter"
PROSE = "s3cr3t" + "value"
LEET = "MyPa" + "ssw0rd"
CAPITALISED = ("Correct" + "Horse9", "MyRedis" + "Pass2", "MySecret" + "Key2024")
"""Shaped like class names, but a password's, a key's, not a token's: credentials."""
VALUES = (MIXED, WORD, PROSE, LEET, *CAPITALISED)

CREDENTIALS = [
    f"db_password = {MIXED}",
    f"db_password = {LEET}",
    f"DB_PASSWORD = {CAPITALISED[0]}",
    f"REDIS_PASSWORD = {CAPITALISED[1]}",
    f"aws_secret_access_key = {CAPITALISED[2]}",
    f"DB_PASSWORD = {WORD}",
    f"DB_PASSWORD\t=\t'{WORD}'",
    f"export API_TOKEN={PROSE} then run make",
    f"set DB_PASSWORD={WORD}2 then restart",
    f"export API_TOKEN = {PROSE} then run make",
    f"set DB_PASSWORD = {WORD}2 then restart",
    f"api_token = {PROSE} then run make",
    f"DB_PASSWORD={WORD}",
    f"Password: {WORD}22x",
]

LOOK_ALIKES = [
    'password = request.form["password"]',
    "password = getpass()",
    'token = os.environ["TOKEN"]',
    "api_key = settings.API_KEY",
    "password = None",
    'password = ""',
    'secret = "<your secret>"',
    "DB_PASSWORD = ${{ secrets.DB_PASSWORD }}",
    "password = $DB_PASSWORD",
    "the password = the one in 1Password",
    "token = token.strip()",
    "password_length = 12",
    "passwordless = true",
    "token_count = 4096",
    "reset the password = done",
    "DB_PASSWORD = the one in 1Password",
    "DB_PASSWORD = unchanged in prod",
    'API_KEY = os.getenv("API_KEY")',
    "API_KEY = settings.API_KEY",
    "TOKEN = token.strip()",
    "API_KEY = api_key",
    "MAX_TOKEN = 4096",
    "SECRET_KEY = None",
    "CancellationToken = default",
    "Set token = sha256sum of the release tarball, then tag v2.",
    # class and type names, not passwords (review 50-7)
    "refresh_token = RefreshTokenV2",
    "RATE_LIMIT_TOKEN = TokenBucket2",
    "auth_token = BearerToken",
]

HANDOVER = "# Handover\nStatus: tests pass.\nNext: run `bin/deploy` with:\n{lines}\n"
FORMATS = ("text", "json", "sarif", "github", "markdown")


def _secret_findings(result: Result) -> list[dict[str, Any]]:
    return [f for f in result.json()["findings"] if f["rule"] == "secret"]


def _assert_never_printed(run_cli: Run, repo: GitRepo, handoff: str) -> None:
    """No output format of `check`, and not `show` of ``handoff``, prints any of the values."""
    for fmt in FORMATS:
        out = run_cli(["check", "--format", fmt, "--select", "secret"], cwd=repo.root).out
        assert not any(value in out for value in VALUES), fmt
    shown = run_cli(["show", handoff], cwd=repo.root)
    assert shown.code == 0, shown.err
    assert "[redacted" in shown.out
    assert not any(value in shown.out + shown.err for value in VALUES)


def test_every_form_in_a_markdown_handoff_is_reported_and_never_printed(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write("HANDOVER.md", HANDOVER.format(lines="\n".join(CREDENTIALS)))
    git_repo.commit("handover")
    result = run_cli(["check", "--format", "json", "--select", "secret"], cwd=git_repo.root)
    lines = [f["line"] for f in _secret_findings(result)]
    assert lines == list(range(4, 4 + len(CREDENTIALS))), result.out
    _assert_never_printed(run_cli, git_repo, "HANDOVER.md")
    shown = run_cli(["show", "HANDOVER.md"], cwd=git_repo.root).out
    assert shown.count("[redacted") == len(CREDENTIALS)


def test_every_form_in_any_field_of_a_packet_is_reported_and_never_printed(
    git_repo: GitRepo, run_cli: Run
) -> None:
    commands = [{"cmd": line, "exit": 0} for line in CREDENTIALS]
    data = packet(
        commands_run=commands,
        summary=f"Deployed; DB_PASSWORD = {WORD}",
        traps=[f"db_password = {MIXED} is the staging one"],
    )
    write_packet(git_repo.root, data, twin=False)
    git_repo.commit("packet")
    result = run_cli(["check", "--format", "json", "--select", "secret"], cwd=git_repo.root)
    messages = " ".join(f["message"] for f in _secret_findings(result))
    fields = [f"commands_run[{n}].cmd" for n in range(len(CREDENTIALS))]
    for field in [*fields, "summary", "traps[0]"]:
        assert f"{field} contains" in messages, (field, messages)
    _assert_never_printed(run_cli, git_repo, "handoff.json")


def test_code_and_prose_that_look_like_one_stay_silent(git_repo: GitRepo, run_cli: Run) -> None:
    """Only the credential among its look-alikes is reported and redacted, in markdown and in a
    packet's command log; `show` keeps every look-alike as written."""
    git_repo.write(
        "HANDOVER.md", HANDOVER.format(lines="\n".join([f"DB_PASSWORD = {WORD}", *LOOK_ALIKES]))
    )
    commands = [{"cmd": line, "exit": 0} for line in LOOK_ALIKES]
    write_packet(git_repo.root / "pkt", packet(commands_run=commands), twin=False)
    git_repo.commit("handover")
    result = run_cli(["check", "--format", "json", "--select", "secret"], cwd=git_repo.root)
    found = [(f["path"], f["line"]) for f in _secret_findings(result)]
    assert found == [("HANDOVER.md", 4)], result.out
    shown = run_cli(["show", "HANDOVER.md"], cwd=git_repo.root).out
    assert shown.count("[redacted") == 1 and WORD not in shown
    for line in LOOK_ALIKES:
        assert line in shown, line


@pytest.mark.parametrize("line", [f"DB_PASSWORD = {WORD}", f"db_password = {MIXED}"])
def test_new_and_update_redact_and_say_which_field(
    git_repo: GitRepo, run_cli: Run, line: str
) -> None:
    repo = on_feature_branch(git_repo)
    args = ["--next-action", "Run it.", "--verdict-pointer", "r.xml"]
    result = run_cli(["new", "--summary", f"Deployed with {line}", *args], cwd=repo.root)
    assert result.code == 0, result.err
    assert "note: summary: redacted a credential; revoke it if real" in result.err.splitlines()
    result = run_cli(["update", "--trap", f"{line} (staging)"], cwd=repo.root)
    assert result.code == 0, result.err
    assert "note: traps[0]: redacted a credential; revoke it if real" in result.err.splitlines()
    text = (repo.root / "handoff.json").read_text() + (repo.root / "handoff.md").read_text()
    assert not any(value in text + result.err for value in VALUES)
    assert json.loads((repo.root / "handoff.json").read_text())["summary"].startswith(
        "Deployed with "
    )
    assert run_cli(["check", "--select", "secret"], cwd=repo.root).code == 0


def test_the_pull_request_comment_and_summary_never_show_the_value(runner: Runner) -> None:
    data = json.loads((runner.repo.root / "handoff.json").read_text())
    data["commands_run"] = [{"cmd": line, "exit": 0} for line in CREDENTIALS[:3]]
    runner.repo.write("handoff.json", data)
    runner.head = runner.repo.commit("log")
    done = runner.run("pull_request", runner.pull_request())
    assert done.code == 1
    assert "secret" in done.summary
    assert "::error file=handoff.json" in done.out
    [comment] = runner.fake.ours(PR)
    assert not any(value in comment["body"] + done.summary + done.out for value in VALUES)
