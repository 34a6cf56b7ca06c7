"""Review 50-7, defect 1: after `git branch -m`, a packet older than the work is re-pointed and
refreshed in one command, and every place that prints a fix for it prints that command: `check`
(`branch-mismatch` and `packet-outdated`), `show`, SessionStart and the Stop hook, from the top
folder and from a subfolder. Each command is run as printed (its placeholder filled in, as an
agent would) in a copy of the repository, from the folder it was printed in, and `check` passes
afterwards. Before, `check` and `show` printed a bare `update PACKET --branch NEW`, which
`update` refuses for such a packet; `packet-outdated` printed `update`, which finds no packet of
the new branch; `show` from `src/` named the packet from the top folder."""

from __future__ import annotations

import json
import re
import shlex
import shutil
from pathlib import Path

import pytest

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo
from stop_play import sh
from test_renamed_topics import _two_topics

SUMMARY = "Added work2 and work3 to src/a.py; error recovery is next."
_PLACEHOLDER = re.compile(r'"<what the commits since the packet[^">]*>"')


def _renamed(tmp_path: Path) -> GitRepo:
    """feat/old with its packet, two commits of work after it, then renamed feat/new."""
    repo = GitRepo(tmp_path / "repo")
    repo.write("src/a.py", "x\n")
    repo.write("tests/report.txt", "ok\n")
    repo.commit("init")
    repo.git("checkout", "-q", "-b", "feat/old")
    repo.write("src/a.py", "x\ny\n")
    repo.commit("work1")
    made = sh(
        "handoff-audit new --summary 'Wrote the parser in src/a.py' --next-action "
        "'Add error recovery to src/a.py' --verdict-pointer tests/report.txt",
        repo.root,
    )
    assert made.returncode == 0, made.stderr
    repo.commit("handoff")
    repo.write("src/a.py", "x\ny\nz\n")
    repo.commit("work2")
    repo.write("src/a.py", "x\ny\nz\nw\n")
    repo.commit("work3")
    repo.git("branch", "-m", "feat/old", "feat/new")
    return repo


def _ticked(text: str) -> list[str]:
    return [c for c in re.findall(r"`([^`]+)`", text) if c.startswith("handoff-audit update")]


def _printed(repo: GitRepo, folder: Path) -> dict[str, str]:
    """Each place's printed fix for the renamed, stale packet, run from ``folder``."""
    check = sh("handoff-audit check", folder)
    assert check.returncode == 1, check.stdout + check.stderr
    rules = {
        rule: _ticked(line)
        for line in check.stdout.splitlines()
        for rule in ("branch-mismatch", "packet-outdated")
        if f": {rule}" in line
    }
    show = sh("handoff-audit show", folder)
    assert show.returncode == 0, show.stderr
    warning = show.stdout.splitlines()[0]
    assert warning.startswith("Warning: "), show.stdout
    start = run_hook(stop_event(repo.root, event="SessionStart") | {"cwd": str(folder)}, folder)
    context = json.loads(start.out)["hookSpecificOutput"]["additionalContext"]
    stop = run_hook(stop_event(repo.root) | {"cwd": str(folder)}, folder)
    assert stop.code == 2, stop.err
    [fix] = [line.removeprefix("  fix: ") for line in stop.lines if line.startswith("  fix: ")]
    return {
        "branch-mismatch": rules["branch-mismatch"][0],
        "packet-outdated": rules["packet-outdated"][0],
        "show": _ticked(warning)[0],
        "SessionStart": _ticked(context.splitlines()[0])[0],
        "Stop": fix,
    }


@pytest.mark.parametrize("where", [".", "src"])
def test_every_printed_fix_re_points_and_refreshes_the_renamed_branch_s_packet(
    tmp_path: Path, where: str
) -> None:
    repo = _renamed(tmp_path)
    printed = _printed(repo, repo.root / where)
    for place, command in printed.items():
        assert "--branch feat/new --summary " in command, (place, command)
        copy = tmp_path / f"copy-{place}"
        shutil.copytree(repo.root, copy, symlinks=True)
        filled = _PLACEHOLDER.sub(shlex.quote(SUMMARY), command)
        ran = run_fix(copy / where, filled)
        assert ran.returncode == 0, (place, filled, ran.stdout + ran.stderr)
        packet = json.loads((copy / "handoff.json").read_text(encoding="utf-8"))
        assert packet["branch"] == "feat/new" and packet["summary"] == SUMMARY, place
        sh("git add -A && git commit -qm refreshed", copy)
        check = sh("handoff-audit check", copy / where)
        assert check.returncode == 0, (place, check.stdout + check.stderr)
        assert "packet-outdated" not in check.stdout, (place, check.stdout)
    assert printed["show"].startswith(
        "handoff-audit update ../handoff.json " if where == "src" else "handoff-audit update "
    )


def test_when_only_another_topic_moved_on_every_place_prints_the_re_point_alone(
    tmp_path: Path,
) -> None:
    """Two topics renamed together; the one commit since the default packet is billing's. The
    Stop hook re-points it alone (its summary kept); `check` (both findings), `show` and
    SessionStart printed the `--summary`/`--next-action` form instead, which would overwrite
    the auth packet's summary with billing news. All print the one command now, and it works."""
    repo = _two_topics(tmp_path)
    check = sh("handoff-audit check", repo.root)
    lines = {
        rule: line
        for line in check.stdout.splitlines()
        for rule in ("branch-mismatch", "packet-outdated")
        if line.startswith("handoff.json") and f": {rule}" in line
    }
    show = sh("handoff-audit show", repo.root).stdout.splitlines()[0]
    start = run_hook(stop_event(repo.root, event="SessionStart"), repo.root)
    context = json.loads(start.out)["hookSpecificOutput"]["additionalContext"]
    stop = run_hook(stop_event(repo.root), repo.root)
    [fix] = [line for line in stop.lines if "fix: handoff-audit update handoff.json" in line]
    printed = {
        **{rule: _ticked(line)[0] for rule, line in lines.items()},
        "show": _ticked(show)[0],
        "SessionStart": _ticked(context.splitlines()[0])[0],
        "Stop": fix.removeprefix("  fix: ").split(" && ")[0],
    }
    alone = "handoff-audit update handoff.json --branch feat/account"
    # show and SessionStart present the branch's newest packet: billing's when its commit is a
    # second later than auth's, else the default one; either re-point alone is right.
    billing = "handoff-audit update .handoff/billing.json --branch feat/account"
    for place in ("show", "SessionStart"):
        assert printed.pop(place) in (alone, billing), (place, printed)
    assert printed == dict.fromkeys(printed, alone) and len(printed) == 3, printed
    assert sh(f"{alone} && git add -A && git commit -qm re-pointed", repo.root).returncode == 0
    packet = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert (packet["branch"], packet["summary"]) == ("feat/account", "auth work")
    after = sh("handoff-audit check", repo.root)
    assert "handoff.json" not in after.stdout, after.stdout
