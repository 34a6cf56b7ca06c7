"""A packet whose markdown rendering is larger than ``max-file-bytes``: no command writes that
twin (each refuses before writing, one line, the user's files untouched), and the advice that
`check` and the agent hook print for such a twin is one that clears it when followed as printed
(trim the packet, or raise the limit in the configuration in use, then `render --write`), never
`render --write` alone, which writes the same bytes again. Real repositories, the real CLI."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from agent_support import feature_repo, run_fix, run_hook, stop_event, the_command
from conftest import GitRepo, Result
from git_helpers import check, dump, hits, packet

Run = Callable[..., Result]

LIMIT = 2000
LONG_SUMMARY = "<*>x " * 300
"""A summary whose rendering (markdown escapes `<` and `*`) is longer than its JSON: the packet
is under `LIMIT`, its twin over it. Not `<*>` alone, which is a placeholder."""
NEW_LONG = [
    "--summary",
    LONG_SUMMARY,
    "--next-action",
    "Fix GBP rounding in src/refunds.py.",
    "--verdict-pointer",
    "https://ci.example.com/run/1",
]
"""`new`'s options for a packet whose twin is over `LIMIT`: the summary is long."""


def _config(git_repo: GitRepo, limit: int = LIMIT) -> None:
    git_repo.write(".handoff-audit.yml", f"max-file-bytes: {limit}\n")


def _oversized_pair(git_repo: GitRepo, run_cli: Run) -> tuple[Path, Path]:
    """A branch whose committed packet is under `LIMIT` and whose twin, rendered from it (as
    an earlier version or a larger limit let `render --write` write it), is over it."""
    feature_repo(git_repo)
    data = packet("feat/refunds", git_repo.head(), summary=LONG_SUMMARY)
    json_file = git_repo.write("handoff.json", dump(data))
    rendered = run_cli(["render", "handoff.json"], cwd=git_repo.root)
    assert rendered.code == 0, rendered.err
    twin = git_repo.write("handoff.md", rendered.out)
    _config(git_repo)
    git_repo.commit("handoff: refunds, and a smaller max-file-bytes")
    assert json_file.stat().st_size <= LIMIT < twin.stat().st_size
    return json_file, twin


def _one_line_refusal(result: Result) -> str:
    assert result.code == 2, (result.out, result.err)
    lines = [line for line in result.err.splitlines() if line.startswith("handoff-audit: error:")]
    assert len(lines) == 1 and "Traceback" not in result.err, result.err
    return lines[0]


def _set_limit_as_advised(git_repo: GitRepo, message: str) -> None:
    """Do what the advice says: ``in FILE: max-file-bytes: N`` written into FILE."""
    [(file, value)] = re.findall(r"in (\S+): max-file-bytes: (\d+)", message)
    assert file == ".handoff-audit.yml"
    (git_repo.root / file).write_text(f"max-file-bytes: {value}\n", encoding="utf-8")


def _trim_as_advised(json_file: Path, message: str) -> None:
    """Do what the advice says: shorten the longest field it names."""
    [field] = re.findall(r"longest field \((\w+)\)", message)
    assert field == "summary"
    data = json.loads(json_file.read_text(encoding="utf-8"))
    data[field] = "Refunds round half-even for EUR."
    json_file.write_text(dump(data), encoding="utf-8")


def _printed_render(message: str) -> str:
    [command] = re.findall(r"then run `(handoff-audit render --write [^`]+)`", message)
    return command


def test_render_write_refuses_a_twin_over_the_limit(git_repo: GitRepo, run_cli: Run) -> None:
    json_file, twin = _oversized_pair(git_repo, run_cli)
    twin.write_text("# my own notes\n", encoding="utf-8")
    before = {path: path.read_bytes() for path in (json_file, twin)}

    line = _one_line_refusal(run_cli(["render", "--write", "handoff.json"], cwd=git_repo.root))
    assert re.search(
        r"handoff\.md \(the rendering of handoff\.json\) would be \d+ bytes, more than "
        rf"max-file-bytes \({LIMIT} bytes\)",
        line,
    ), line
    assert "nothing was written" in line
    assert "Trim handoff.json's longest field (summary)" in line
    assert "raise the limit in .handoff-audit.yml: max-file-bytes: 3072" in line
    assert {path: path.read_bytes() for path in (json_file, twin)} == before


@pytest.mark.parametrize(
    "command",
    [
        ["archive"],
        ["supersede", "--by", "refunds-v2"],
        ["update", "--next-action", "Fix GBP rounding next."],
    ],
    ids=["archive", "supersede", "update"],
)
def test_the_writers_of_a_twin_refuse_it_over_the_limit(
    git_repo: GitRepo, run_cli: Run, command: list[str]
) -> None:
    json_file, twin = _oversized_pair(git_repo, run_cli)
    before = {path: path.read_bytes() for path in (json_file, twin)}
    line = _one_line_refusal(run_cli(command, cwd=git_repo.root))
    assert "handoff.md (the rendering of handoff.json) would be" in line
    assert "nothing was written" in line and ".handoff-audit.yml" in line
    assert {path: path.read_bytes() for path in (json_file, twin)} == before


def test_new_refuses_a_packet_whose_twin_would_be_over_the_limit(
    git_repo: GitRepo, run_cli: Run
) -> None:
    feature_repo(git_repo)
    _config(git_repo)
    git_repo.commit("a smaller max-file-bytes")
    made = run_cli(["new", *NEW_LONG], cwd=git_repo.root)
    line = _one_line_refusal(made)
    assert "handoff.md (the rendering of handoff.json) would be" in line
    assert "longest field (summary)" in line
    assert not (git_repo.root / "handoff.json").exists()
    assert not (git_repo.root / "handoff.md").exists()


def test_new_names_the_configuration_given_with_config(git_repo: GitRepo, run_cli: Run) -> None:
    feature_repo(git_repo)
    git_repo.write("ci/audit.yml", f"max-file-bytes: {LIMIT}\n")
    git_repo.commit("a configuration elsewhere")
    made = run_cli(["new", "--config", "ci/audit.yml", *NEW_LONG], cwd=git_repo.root)
    assert "raise the limit in ci/audit.yml: max-file-bytes: 3072" in _one_line_refusal(made)


@pytest.mark.parametrize("follow", ["raise the limit", "trim the packet"])
def test_the_check_advice_followed_as_printed_clears_the_finding(
    git_repo: GitRepo, run_cli: Run, follow: str
) -> None:
    json_file, _ = _oversized_pair(git_repo, run_cli)
    [finding] = hits(check(run_cli, git_repo.root), "invalid-json")
    assert finding["path"] == "handoff.md"
    message = finding["message"]
    assert "handoff.json renders to" in message and "alone writes the same" in message
    command = _printed_render(message)
    assert command == "handoff-audit render --write handoff.json"
    # The command alone is refused, and says what to do first.
    alone = run_fix(git_repo.root, command)
    assert alone.returncode == 2 and "nothing was written" in alone.stderr

    if follow == "raise the limit":
        _set_limit_as_advised(git_repo, message)
    else:
        _trim_as_advised(json_file, message)
    done = run_fix(git_repo.root, command)
    assert done.returncode == 0, done.stderr
    assert check(run_cli, git_repo.root)["findings"] == []


@pytest.mark.parametrize("follow", ["raise the limit", "trim the packet"])
def test_the_hook_advice_followed_as_printed_lets_the_session_stop(
    git_repo: GitRepo, run_cli: Run, follow: str
) -> None:
    json_file, _ = _oversized_pair(git_repo, run_cli)
    blocked = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert blocked.code == 2, blocked.err
    fix = the_command(blocked.err, "fix:")
    assert not fix.startswith("handoff-audit render"), blocked.err
    assert fix.startswith("trim handoff.json's longest field (summary) until it and its twin")
    then = the_command(blocked.err, "then run:")
    assert then == "handoff-audit render --write handoff.json"

    if follow == "raise the limit":
        _set_limit_as_advised(git_repo, fix)
    else:
        _trim_as_advised(json_file, fix)
    done = run_fix(git_repo.root, then)
    assert done.returncode == 0, done.stderr
    git_repo.commit("handoff: fits max-file-bytes")
    after = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert "invalid-json" not in after.err
    # raising max-file-bytes commits the configuration: setup, no work after the packet
    assert after.code == 0, after.err


NOTES = "\n## Notes\n\n" + "Staging needs the VPN before the seed. " * 60
"""What a person adds to a twin that makes it larger than `LIMIT`."""


@pytest.mark.parametrize("packet_too", [False, True], ids=["twin-only", "packet-too"])
def test_the_hook_never_drops_what_a_person_added_to_a_twin_over_the_limit(
    git_repo: GitRepo, run_cli: Run, packet_too: bool
) -> None:
    feature_repo(git_repo)
    summary = LONG_SUMMARY if packet_too else "Refunds round half-even for EUR."
    data = packet("feat/refunds", git_repo.head(), summary=summary)
    git_repo.write("handoff.json", dump(data))
    rendered = run_cli(["render", "handoff.json"], cwd=git_repo.root)
    assert rendered.code == 0, rendered.err
    twin = git_repo.write("handoff.md", rendered.out + NOTES)
    _config(git_repo)
    git_repo.commit("handoff, with notes in its twin")
    assert twin.stat().st_size > LIMIT

    blocked = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert blocked.code == 2, blocked.err
    fix = the_command(blocked.err, "fix:")
    assert "render --write" not in blocked.err and "then run:" not in blocked.err, blocked.err
    assert 'the next fix carries section "Notes" of handoff.md into handoff.json' in blocked.err
    _set_limit_as_advised(git_repo, fix)
    git_repo.commit("max-file-bytes: room for the notes")

    carry = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert carry.code == 2, carry.err
    command = the_command(carry.err, "fix:")
    assert command.startswith("handoff-audit update handoff.json ") and "--trap 'Notes: " in command
    assert "render --write" not in carry.err, carry.err
    command = re.sub(r'"<[^"]*>"', "'max-file-bytes raised'", command)
    assert run_fix(git_repo.root, command).returncode == 0, command
    git_repo.commit("handoff: notes carried")
    assert run_hook(stop_event(git_repo.root), cwd=git_repo.root).code == 0
    traps = json.loads((git_repo.root / "handoff.json").read_text(encoding="utf-8"))["traps"]
    assert traps == [f"Notes: {NOTES.split(chr(10))[-1].strip()}"]
    assert "Staging needs the VPN before the seed." in twin.read_text(encoding="utf-8")
