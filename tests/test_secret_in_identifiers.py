"""A credential-shaped branch or topic is a name, as a credential-shaped folder is: a packet
that holds one (written before `new` refused them) keeps it, and a topic is named as its file
has it in every output, so that the commands printed work (a branch is printed redacted, its
fixes rename it first); a credential in the packet's text is still redacted. Shown is
not passed: the `secret` rule reports such a branch or topic (in the packet and in its twin),
and `new` refuses such a `--topic`, and such a checked-out branch. (The tokens are built from
parts: this file holds none.)"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from action_runner import Runner
from agent_support import run_hook, stop_event
from conftest import GitRepo
from handoff_audit.markdown import render_packet

BRANCH = "ghp_" + "a1b2c3" * 6
TOPIC = "ghp_" + "d4e5f6" * 6
INSIDE = "ghp_" + "Zq3" * 12
FIELDS = ["--next-action", "Add unicode identifiers in src/a.py", "--verdict-pointer", "src/a.py"]


def _feature(repo: GitRepo, branch: str = "feat") -> None:
    repo.write("src/a.py", "x = 1\n")
    repo.commit("init")
    repo.git("checkout", "-q", "-b", branch)
    repo.write("src/a.py", "x = 2\n")
    repo.commit("tokenizer")


def _bash(command: str, cwd: Path) -> None:
    """Run ``command`` literally, as printed, with this environment's console scripts."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    ran = subprocess.run(
        ["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )
    assert ran.returncode == 0, (command, ran.stderr)


def _update_command(text: str) -> str:
    [command] = {c for c in re.findall(r"`([^`]+)`", text) if "handoff-audit update" in c}
    return command


def test_a_branch_renamed_to_a_token_shape_is_renamed_again_before_re_pointing(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    """Review 50-7, defect 3: the fix that re-points the packet at a branch named like a
    credential no longer prints the name: it renames the branch first, to a name the user fills
    in, and re-points the packet there."""
    _feature(git_repo)
    done = run_cli(["new", "--summary", f"Tokenizer; key {INSIDE}", *FIELDS], cwd=git_repo.root)
    assert done.code == 0, done.err
    git_repo.commit("packet")
    git_repo.git("branch", "-m", BRANCH)
    shown = run_cli(["show"], cwd=git_repo.root)
    checked = run_cli(["check"], cwd=git_repo.root)
    assert checked.code == 1
    stopped = run_hook(stop_event(git_repo.root))
    assert stopped.code == 2
    for said in (shown.out + shown.err, checked.out + checked.err, stopped.err):
        assert BRANCH not in said and INSIDE not in said
    assert "branch-mismatch" in checked.out
    rename = 'git branch -m "<a new name for the branch, not a credential>" && '
    command = _update_command(checked.out)
    assert command.startswith(rename) and _update_command(shown.out) == command
    _bash(
        command.replace('"<a new name for the branch, not a credential>"', "feat-renamed"),
        git_repo.root,
    )
    packet = json.loads((git_repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert packet["branch"] == "feat-renamed"
    assert INSIDE not in packet["summary"] and "[redacted GitHub token]" in packet["summary"]
    git_repo.commit("re-pointed")
    assert run_cli(["check"], cwd=git_repo.root).code == 0
    assert run_hook(stop_event(git_repo.root)).code == 0


def _secrets(out: str) -> list[str]:
    """The `secret` findings of ``check``'s text output."""
    return [line for line in out.splitlines() if ": secret: " in line]


def test_new_refuses_a_token_shaped_topic_and_check_reports_a_token_shaped_branch(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    _feature(git_repo, "feat")
    summary = ["--summary", f"Tokenizer; key {INSIDE}"]
    refused = run_cli(["new", "--topic", TOPIC, *summary, *FIELDS], cwd=git_repo.root)
    assert refused.code == 2
    assert refused.err == (
        "handoff-audit: error: --topic looks like a GitHub token; a topic names the packet's "
        "files and is shown unredacted in every report: name the work instead (e.g. --topic "
        "refund-api), and revoke the credential if it is one\n"
    )
    assert not (git_repo.root / ".handoff").exists()
    done = run_cli(["new", "--topic", "tokenizer", *summary, *FIELDS], cwd=git_repo.root)
    assert done.code == 0, done.err
    path = git_repo.root / ".handoff" / "tokenizer.json"
    packet = json.loads(path.read_text(encoding="utf-8"))
    # as `new` wrote it before it refused a credential-shaped checked-out branch
    path.write_text(json.dumps({**packet, "branch": BRANCH}, indent=2) + "\n", encoding="utf-8")
    assert run_cli(["render", "--write", str(path)], cwd=git_repo.root).code == 0
    git_repo.git("branch", "-m", BRANCH)
    assert INSIDE not in packet["summary"] and "[redacted GitHub token]" in packet["summary"]
    assert INSIDE not in path.with_suffix(".md").read_text(encoding="utf-8")
    git_repo.commit("packet")
    checked = run_cli(["check"], cwd=git_repo.root)
    assert checked.code == 1, checked.out
    assert [line.split(": secret: ")[0] for line in _secrets(checked.out)] == [
        ".handoff/tokenizer.json:4:13",
        ".handoff/tokenizer.md:4:15",
    ]
    assert "[redacted" not in checked.out
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2
    assert "branch [redacted GitHub token] is not ready" in blocked.err, blocked.err
    assert BRANCH not in blocked.err


def test_new_refuses_a_token_shaped_branch_option_without_echoing_it(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    """Review 49-10, defect 8: `new --branch feat/TOKEN` wrote what `check` reports as `secret`."""
    _feature(git_repo)
    summary = ["--summary", "Tokenizer."]
    refused = run_cli(["new", "--branch", f"feat/{BRANCH}", *summary, *FIELDS], cwd=git_repo.root)
    assert refused.code == 2
    assert refused.err == (
        "handoff-audit: error: --branch looks like a GitHub token; a branch name is stored in "
        "the packet and shown unredacted in every report: name the branch for the work instead "
        "(`git branch -m NEW`, then --branch NEW), and revoke the credential if it is one\n"
    )
    assert BRANCH not in refused.out + refused.err
    assert not (git_repo.root / "handoff.json").exists()
    done = run_cli(
        ["new", "--branch", "feat", "--summary", "Tokenizer.", *FIELDS], cwd=git_repo.root
    )
    assert done.code == 0, done.err


def test_a_token_shaped_topic_written_by_hand_is_reported_in_the_packet_and_its_twin(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    _feature(git_repo)
    made = run_cli(
        ["new", "--topic", "notify", "--summary", "Slack notifier.", *FIELDS], cwd=git_repo.root
    )
    assert made.code == 0, made.err
    old = git_repo.root / ".handoff" / "notify.json"
    packet = json.loads(old.read_text(encoding="utf-8"))
    packet["topic"] = TOPIC
    new = git_repo.root / ".handoff" / f"{TOPIC}.json"
    new.write_text(json.dumps(packet, indent=2) + "\n", encoding="utf-8")
    old.unlink()
    old.with_suffix(".md").unlink()
    rendered = run_cli(["render", "--write", f".handoff/{TOPIC}.json"], cwd=git_repo.root)
    assert rendered.code == 0, rendered.err
    git_repo.commit("packet")
    checked = run_cli(["check"], cwd=git_repo.root)
    assert checked.code == 1, checked.out
    found = _secrets(checked.out)
    assert [line.split(": secret: ")[0] for line in found] == [
        f".handoff/{TOPIC}.json:3:12",
        f".handoff/{TOPIC}.md:1:12",
        f".handoff/{TOPIC}.md:6:14",
    ]
    assert found[0].endswith(
        "secret: topic contains what looks like a GitHub token; a topic is shown as it is, "
        "never redacted: pick another topic for this work (a new packet with `handoff-audit "
        "new --topic NEW`, this one deleted) and revoke the credential"
    )
    assert all("repeats the branch or topic of" in line for line in found[1:])
    report = json.loads(run_cli(["check", "--format", "json"], cwd=git_repo.root).out)
    assert [f["pointer"] for f in report["findings"] if f["rule"] == "secret"] == [
        "/topic",
        None,
        None,
    ]


def test_the_action_fails_on_a_token_shaped_topic(runner: Runner) -> None:
    data = json.loads((runner.repo.root / "handoff.json").read_text(encoding="utf-8"))
    data["topic"] = TOPIC
    runner.repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    runner.repo.write("handoff.md", render_packet(data))
    runner.head = runner.repo.commit("topic")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 1, done.out
    assert int(done.outputs["errors"]) >= 1
    secret = [line for line in done.out.splitlines() if "handoff-audit%3A secret::" in line]
    assert [line.split(",title=")[0] for line in secret] == [
        "::error file=handoff.json,line=26,col=12",
        "::error file=handoff.md,line=6,col=14",
    ]
