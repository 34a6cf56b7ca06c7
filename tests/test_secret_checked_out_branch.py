"""Review 52-1, defect 1: on a branch named like a credential, `new` and `update` took the name
from git and wrote it into the packet and its twin without a word, and the Stop hook's fix for
the missing handoff was that `new`: the next round, `show` and `SessionStart` printed the name in
full. Now `new` and `update` refuse it without echoing it, naming the rename that comes first,
and the hook's fix renames the branch before `new`. (The token is built from parts: this file
holds none.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

from agent_support import run_fix, run_hook, stop_event, the_command
from stop_play import base, sh, with_packet

TOKEN = "fix/ghp_" + "R7x2Kq9Lm4Np" * 3
NEW_NAME = '"<a new name for the branch, not a credential>"'


def _on_token_branch(tmp_path: Path) -> Path:
    repo = base(tmp_path)
    repo.git("switch", "-q", "-c", TOKEN)
    repo.write("s.py", "s = 1\n")
    repo.commit("s")
    return repo.root


def test_the_hook_renames_a_credential_branch_before_new(tmp_path: Path) -> None:
    root = _on_token_branch(tmp_path)
    stop = run_hook(stop_event(root))
    assert stop.code == 2 and TOKEN not in stop.err + stop.out, stop.err
    command = the_command(stop.err, "fix: ")
    assert command.startswith(f"git branch -m {NEW_NAME} && "), command
    ran = run_fix(root, command.replace(NEW_NAME, "feat/s-parser"))
    assert ran.returncode == 0, ran.stdout + ran.stderr
    written = (root / "handoff.json").read_text(encoding="utf-8")
    assert json.loads(written)["branch"] == "feat/s-parser"
    assert TOKEN not in written + (root / "handoff.md").read_text(encoding="utf-8")
    assert sh("git add -A && git commit -qm handoff", root).returncode == 0
    again = run_hook(stop_event(root))
    assert again.code == 0, again.err
    shown = sh("handoff-audit show", root)
    assert shown.returncode == 0 and TOKEN not in shown.stdout + shown.stderr


def test_new_refuses_a_credential_branch_taken_from_git(tmp_path: Path) -> None:
    root = _on_token_branch(tmp_path)
    done = sh(
        "handoff-audit new --summary 'added s' --next-action 'Parse s.' --verdict-pointer s.py",
        root,
    )
    assert done.returncode == 2, done.stderr
    assert TOKEN not in done.stdout + done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert f"`git branch -m {NEW_NAME} && handoff-audit new`" in done.stderr, done.stderr
    assert not (root / "handoff.json").exists() and not (root / "handoff.md").exists()
    show = sh("handoff-audit show", root)
    assert show.returncode == 1 and TOKEN not in show.stdout + show.stderr, show.stderr
    assert "[redacted GitHub token]" in show.stderr


def test_update_refuses_a_credential_branch_and_names_the_re_point(tmp_path: Path) -> None:
    repo = with_packet(tmp_path, "feat/old")
    root = repo.root
    packet = json.loads((root / "handoff.json").read_text(encoding="utf-8"))
    repo.write("handoff.json", json.dumps({**packet, "branch": TOKEN}, indent=2) + "\n")
    assert sh("handoff-audit render --write handoff.json", root).returncode == 0
    repo.commit("a packet an older version wrote on the branch")
    repo.git("branch", "-m", TOKEN)
    before = (root / "handoff.json").read_bytes()
    done = sh("handoff-audit update --summary 'f1 added, tested'", root)
    assert done.returncode == 2 and TOKEN not in done.stdout + done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert (root / "handoff.json").read_bytes() == before
    command = done.stderr.split("rename the branch first, `", 1)[1].split("`", 1)[0]
    ran = run_fix(root, f"{command.replace(NEW_NAME, 'feat/new')} --summary 'f1 added, tested'")
    assert ran.returncode == 0, ran.stdout + ran.stderr
    written = (root / "handoff.json").read_text(encoding="utf-8")
    assert json.loads(written)["branch"] == "feat/new" and TOKEN not in written


def _packet_on_token_branch(tmp_path: Path) -> Path:
    """A packet an older version wrote on the credential-shaped branch, with work after it."""
    repo = with_packet(tmp_path, "feat/old")
    root = repo.root
    packet = json.loads((root / "handoff.json").read_text(encoding="utf-8"))
    repo.write("handoff.json", json.dumps({**packet, "branch": TOKEN}, indent=2) + "\n")
    assert sh("handoff-audit render --write handoff.json", root).returncode == 0
    repo.git("branch", "-m", TOKEN)
    repo.commit("a packet an older version wrote on the branch")
    repo.write("f2.py", "2\n")
    repo.commit("f2")
    return root


def test_every_fix_on_a_credential_branch_with_a_packet_renames_it_first(tmp_path: Path) -> None:
    """Review 52-3, defect 5: the hook printed a bare `update` (which refuses the checked-out
    branch) and a by-hand removal of the branch field (which fails `branch-mismatch`)."""
    root = _packet_on_token_branch(tmp_path)
    stop = run_hook(stop_event(root))
    assert stop.code == 2, stop.err
    fixes = [line.split("fix: ", 1)[1] for line in stop.err.splitlines() if "fix: " in line]
    assert fixes and all(f.startswith(f"git branch -m {NEW_NAME} && ") for f in fixes), stop.err
    assert "by hand" not in stop.err, stop.err
    checked = sh("handoff-audit check", root)
    printed = [part for part in checked.stdout.split("`") if "handoff-audit update" in part]
    assert printed and all(p.startswith(f"git branch -m {NEW_NAME} && ") for p in printed)
    for command in fixes:
        filled = re.sub(r'"<what the commits[^"]*>"', "'added f2'", command)
        ran = run_fix(root, filled.replace(NEW_NAME, "feat/f2"))
        assert ran.returncode == 0, ran.stdout + ran.stderr
    assert sh("git add -A && git commit -qm handoff", root).returncode == 0
    again = run_hook(stop_event(root))
    assert again.code == 0, again.err
    written = (root / "handoff.json").read_text(encoding="utf-8")
    assert json.loads(written)["branch"] == "feat/f2"
    assert TOKEN not in written + (root / "handoff.md").read_text(encoding="utf-8")
    shown = sh("handoff-audit show", root)
    assert shown.returncode == 0 and TOKEN not in shown.stdout + shown.stderr, shown.stderr


def test_no_step_of_the_hook_s_fixes_prints_a_credential_branch(tmp_path: Path) -> None:
    """Review 52-4, defect 2: the hook's header named the credential-shaped branch in full, and
    so did `update`'s note once its fix was run ("re-pointed from branch ...")."""
    root = _packet_on_token_branch(tmp_path)
    outputs: list[str] = []
    stop = run_hook(stop_event(root))
    outputs.append(stop.err + stop.out)
    assert stop.code == 2 and "[redacted GitHub token]" in stop.err, stop.err
    for command in ("handoff-audit check", "handoff-audit show"):
        done = sh(command, root)
        outputs.append(done.stdout + done.stderr)
    fixes = [line.split("fix: ", 1)[1] for line in stop.err.splitlines() if "fix: " in line]
    for command in fixes:
        filled = re.sub(r'"<what the commits[^"]*>"', "'added f2'", command)
        ran = run_fix(root, filled.replace(NEW_NAME, "feat/f2"))
        assert ran.returncode == 0, ran.stdout + ran.stderr
        outputs.append(ran.stdout + ran.stderr)
    assert any("re-pointed from branch" in output for output in outputs), outputs
    assert sh("git add -A && git commit -qm handoff", root).returncode == 0
    again = run_hook(stop_event(root))
    assert again.code == 0, again.err
    outputs.append(again.err + again.out)
    for command in ("handoff-audit check", "handoff-audit show"):
        done = sh(command, root)
        outputs.append(done.stdout + done.stderr)
    leaks = [output for output in outputs if TOKEN in output]
    assert not leaks, leaks


def test_the_hook_does_not_echo_another_packet_s_credential_branch(tmp_path: Path) -> None:
    """Review 52-4, defect 2: the hook showed the branch a packet names as it is, so a packet
    of a credential-shaped branch printed the token in the reasons and fixes of another."""
    root = _packet_on_token_branch(tmp_path)
    assert sh("git switch -q -c feat/next && echo 3 > f3.py && git add -A", root).returncode == 0
    assert sh("git commit -qm f3", root).returncode == 0
    stop = run_hook(stop_event(root))
    assert stop.code == 2 and "[redacted GitHub token]" in stop.err, stop.err
    assert TOKEN not in stop.err + stop.out, stop.err
