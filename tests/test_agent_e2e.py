"""End to end, playing a coding agent: it works and commits, tries to stop, is blocked, runs the
command the hook printed (with its own session transcript), and may stop; CI's `check` then passes.

The agent's commands really run in a real repository; its transcript records what they printed
and how they exited, in Claude Code's format (tests/agent_support.py).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

from agent_support import Session, fill_in, run_hook, stop_event, the_command
from conftest import GitRepo

TOKEN = "ghp_" + "Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp9Oo8"
CHECK = """\
import sys
sys.path.insert(0, "src")
from refunds import refund
if refund(10.005) != 10.01:
    print("FAIL: refund(10.005) ==", refund(10.005), "expected 10.01")
    sys.exit(1)
print("ok")
"""


class Agent:
    """Runs commands in the repository the way an agent's Bash tool would, and records them."""

    def __init__(self, repo: GitRepo, session: Session) -> None:
        self.repo = repo
        self.session = session
        bin_dir = str(Path(sys.executable).parent)
        self.env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}

    def bash(self, command: str) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            ["sh", "-c", command],
            cwd=self.repo.root,
            env=self.env,
            capture_output=True,
            text=True,
            check=False,
        )
        self.session.bash(command, (done.stdout + done.stderr).strip(), done.returncode)
        return done


def _ci_check_passes(root: Path) -> None:
    """The installed ``handoff-audit check`` in `root`, as CI runs it after a push: it passes."""
    check = subprocess.run(
        [str(Path(sys.executable).parent / "handoff-audit"), "check"],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    assert check.returncode == 0, check.stdout + check.stderr


def test_an_agent_cannot_stop_without_a_current_packet(git_repo: GitRepo, tmp_path: Path) -> None:
    repo = git_repo
    repo.write("README.md", "# shop\n")
    repo.write("check.py", CHECK)
    repo.write(".handoff-audit.yml", f"verify: {shlex.quote(sys.executable)} check.py\n")
    repo.write("src/refunds.py", "def refund(amount):\n    return amount\n")
    installed = subprocess.run(
        [str(Path(sys.executable).parent / "handoff-audit"), "hook", "--install"],
        cwd=repo.root,
        capture_output=True,
        text=True,
        check=False,
    )
    assert installed.returncode == 0, installed.stderr
    repo.commit("shop with a failing check, and the handoff hook")
    repo.git("checkout", "-q", "-b", "feat/refunds")

    transcript = tmp_path / "claude" / "projects" / "-repo" / "5b2d0c1e.jsonl"
    session = Session(cwd=repo.root)
    agent = Agent(repo, session)
    session.prompt("Round refunds to cents; check.py must pass.")
    assert agent.bash(f"{shlex.quote(sys.executable)} check.py").returncode == 1
    session.edit(repo.root / "src/refunds.py", "return amount", "return round(amount + 1e-9, 2)")
    agent.bash(f"curl -s -H 'Authorization: token {TOKEN}' http://127.0.0.1:9/ || true")
    assert agent.bash(f"{shlex.quote(sys.executable)} check.py").returncode == 0
    assert agent.bash("git add -A && git commit -q -m 'refunds: round to cents'").returncode == 0
    session.say("Done: refunds round to cents.")
    session.save(transcript)

    # It tries to stop: blocked, told exactly what to run.
    blocked = run_hook(stop_event(repo.root, transcript))
    assert blocked.code == 2, blocked.err
    assert len(blocked.lines) <= 12
    command = the_command(blocked.err, "fix: ")
    assert command.startswith(f"handoff-audit new --from-transcript {transcript} --verify ")

    # Stopping again at once (Claude Code sets stop_hook_active) is judged again: still blocked.
    assert run_hook(stop_event(repo.root, transcript, active=True)).code == 2

    # It runs the command, filling in what only it knows.
    wrote = agent.bash(
        fill_in(
            command,
            {
                "<what this session did>": "Refunds round to cents; check.py passes.",
                "<the first thing the next session should do>": "Round GBP refunds too.",
                "<path or URL of the test report>": "check.py",
            },
        )
    )
    assert wrote.returncode == 0, wrote.stderr
    # An uncommitted packet does not let it stop (CI sees only commits): it commits.
    assert run_hook(stop_event(repo.root, transcript)).code == 2
    assert (
        agent.bash("git add -- handoff.json handoff.md && git commit -q -m handoff").returncode == 0
    )
    allowed = run_hook(stop_event(repo.root, transcript))
    assert allowed.code == 0, allowed.err

    packet = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert packet["branch"] == "feat/refunds"
    assert packet["last_known_good_commit"] == repo.git("rev-parse", "HEAD~1")  # --verify passed
    assert "src/refunds.py" in packet["changed_files"]
    failed = [c for c in packet["commands_run"] if c["exit"] != 0]
    assert failed and failed[0]["cmd"].endswith("check.py")
    assert "expected 10.01" in failed[0]["note"]
    assert any("check.py" in attempt for attempt in packet["failed_attempts"])
    for name in ("handoff.json", "handoff.md"):
        text = (repo.root / name).read_text(encoding="utf-8")
        assert TOKEN not in text
    assert "[redacted" in (repo.root / "handoff.json").read_text(encoding="utf-8")

    # The packet is committed with the work (above) and pushed; CI's check passes.
    _ci_check_passes(repo.root)

    # Next turn: more work committed on top of the packet; stopping is blocked again, and the
    # fix is `update` with the same transcript.
    session.prompt("Also refuse negative refunds.")
    session.edit(
        repo.root / "src/refunds.py",
        "def refund(amount):\n",
        "def refund(amount):\n    if amount < 0:\n        raise ValueError(amount)\n",
    )
    agent.bash("git commit -q -am 'refunds: refuse negative amounts'")
    session.save(transcript)
    stale = run_hook(stop_event(repo.root, transcript))
    assert stale.code == 2, stale.err
    assert "packet-outdated" in stale.err
    refresh = the_command(stale.err, "fix: ")
    assert refresh.startswith(f"handoff-audit update handoff.json --from-transcript {transcript}")
    # The fix always records what changed: a --summary naming the newest commit since.
    said = re.search(r'--summary "(<[^"]*newest [0-9a-f]{7}[^"]*>)"', refresh)
    assert said is not None, refresh
    filled = fill_in(
        refresh.replace(f'"{said.group(1)}"', "'Refunds refuse negative amounts now.'")
    )
    assert agent.bash(filled).returncode == 0
    agent.bash("git add -- handoff.json handoff.md && git commit -q -m 'handoff: refreshed'")
    assert run_hook(stop_event(repo.root, transcript)).code == 0
    _ci_check_passes(repo.root)
    refreshed = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert refreshed["last_known_good_commit"] == repo.git("rev-parse", "HEAD~1")
    cmds = [c["cmd"] for c in refreshed["commands_run"]]
    # Appended, not repeated: the failure of the first turn is there once.
    assert cmds.count("git commit -q -am 'refunds: refuse negative amounts'") == 1
    assert [c["exit"] for c in refreshed["commands_run"]].count(1) == 1
