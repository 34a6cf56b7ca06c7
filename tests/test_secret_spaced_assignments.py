"""`secret`: the assignment forms the loose test let through (review 50, fix a) are reported and
redacted wherever the tool echoes text: ``db_password = Password1`` (lower case, spaces, letters
and a digit in mixed case), ``DB_PASSWORD = huntergate`` (an environment variable's name with spaces
around ``=``) and a value followed by prose (``export API_TOKEN = s3cr3tvalue then run make``);
code and prose that only look like one (``password = getpass()``, "the password = the one in
1Password") stay silent. How `check` and `show` read each line in a handoff's markdown is in the
table of test_secret_line_forms.py; here, the same lines in any field of a packet, in `new` and
`update`, and in the pull request comment."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from action_runner import PR, Runner
from authoring_support import on_feature_branch
from conftest import GitRepo, Result
from core_packets import packet, write_packet
from test_secret_line_forms import FORMATS, MIXED, SILENT, VALUES, WORD, lines

Run = Callable[..., Result]

CREDENTIALS = lines("spaced-", reported=True)


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


def test_code_and_prose_that_look_like_one_stay_silent_in_a_packet(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """No look-alike of the table in a packet's command log is reported."""
    commands = [{"cmd": line, "exit": 0} for line in SILENT]
    write_packet(git_repo.root / "pkt", packet(commands_run=commands), twin=False)
    git_repo.commit("packet")
    result = run_cli(["check", "--format", "json", "--select", "secret"], cwd=git_repo.root)
    assert _secret_findings(result) == [], result.out


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
