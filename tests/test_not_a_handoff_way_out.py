"""The fixes `not-a-handoff` prints, followed literally, clear it (and the merge block of a
working note's name): the command that moves the file, or leaving it out of the setting that
finds it (``packets`` and ``block-files``, or ``series``)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from conftest import GitRepo
from git_helpers import check
from handoff_audit.config import WORKING_NOTES

GUIDE = """\
# How to write a handoff

Before ending the session, write a handoff in docs/handoffs/.
The handoff should include the current state, the next step and decisions with reasons.
Create a new file named with today's date.
Use this template and fill in each section.
Do not leave placeholders in it.
"""
GONE = {"not-a-handoff", "handoff-in-merge"}


def _guide(repo: GitRepo, path: str) -> str:
    """The guide committed on a feature branch at ``path``; the not-a-handoff message."""
    repo.write("app.py", "x = 1\n")
    repo.commit("init")
    repo.git("switch", "-qc", "feat/guide")
    repo.write(path, GUIDE)
    repo.commit("the team's guide")
    return _message(repo, path)


def _message(repo: GitRepo, path: str) -> str:
    return str(next(f["message"] for f in _findings(repo) if f["rule"] == "not-a-handoff"))


def _findings(repo: GitRepo) -> list[dict[str, Any]]:
    done = subprocess.run(
        ["handoff-audit", "check", "--format", "json", "--target-branch", "main"],
        cwd=repo.root,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    findings: list[dict[str, Any]] = json.loads(done.stdout)["findings"]
    return findings


def _follow_command(repo: GitRepo, message: str) -> None:
    (command,) = re.findall(r"\(`([^`]*git mv[^`]*)`\)", message)
    subprocess.run(["bash", "-c", command], cwd=repo.root, check=True)
    repo.commit("move the guide where docs live")


@pytest.mark.parametrize("path", ["HANDOVER.md", "docs/HANDOVER.md", "handoffs/TO_CLAUDE.md"])
def test_the_printed_command_clears_the_findings(git_repo: GitRepo, path: str) -> None:
    message = _guide(git_repo, path)
    blocked = "handoff-in-merge" in {f["rule"] for f in _findings(git_repo)}
    assert blocked == path.endswith("HANDOVER.md")  # a series is not blocked
    _follow_command(git_repo, message)
    assert not GONE & {f["rule"] for f in _findings(git_repo)}, _findings(git_repo)


def _printed(message: str, key: str) -> list[str]:
    """The setting ``key`` as the message prints it: ``in .handoff-audit.yml: key: [...]``."""
    (said,) = re.findall(rf"in \.handoff-audit\.yml: {key}: (\[[^\]]*\])", message)
    printed: list[str] = json.loads(said)
    return printed


def _paste(repo: GitRepo, message: str, *keys: str) -> None:
    """Write each setting ``keys`` names as the message prints it, commit it on main (a pull
    request of its own, merged first: the merge gate reads main's `block-files`, where a `!`
    entry of the branch's own leaves out only a file main has as it is), and merge main into
    the branch."""
    lines = [f"{key}: {json.dumps(_printed(message, key))}\n" for key in keys]
    repo.git("switch", "-q", "main")
    repo.write(".handoff-audit.yml", "".join(lines))
    repo.commit("the settings the finding prints")
    repo.git("switch", "-q", "feat/guide")
    repo.git("merge", "-q", "--no-edit", "main")


def test_leaving_a_working_note_s_name_out_of_packets_and_block_files_clears_both(
    git_repo: GitRepo,
) -> None:
    message = _guide(git_repo, "HANDOVER.md")
    assert _printed(message, "extend-packets") == ["!HANDOVER.md"]  # the defaults kept
    assert _printed(message, "block-files") == [*WORKING_NOTES, "!HANDOVER.md"]
    _paste(git_repo, message, "extend-packets", "block-files")
    assert not GONE & {f["rule"] for f in _findings(git_repo)}, _findings(git_repo)


REAL_NOTE = "# Handoff\n\n## State\nRefunds half done in a.py.\n\n## Next step\nAdd tests.\n"


def test_the_printed_setting_leaves_out_that_guide_and_still_blocks_a_real_handoff(
    git_repo: GitRepo,
) -> None:
    """Pasting the setting the finding prints silences the guide alone: a real HANDOFF.md at
    the root is still audited and still blocked from the merge (dropping `**/HANDOFF.md`, as
    the finding said before, let it through with exit 0)."""
    message = _guide(git_repo, "tools/agent/HANDOFF.md")
    _paste(git_repo, message, "extend-packets", "block-files")
    git_repo.write("HANDOFF.md", REAL_NOTE)
    git_repo.commit("wip")
    findings = _findings(git_repo)
    assert "not-a-handoff" not in {f["rule"] for f in findings}, findings
    assert {f["path"] for f in findings if f["rule"] == "handoff-in-merge"} == {"HANDOFF.md"}
    assert all(f["path"] != "tools/agent/HANDOFF.md" for f in findings), findings
    done = subprocess.run(
        ["handoff-audit", "check", "-q", "--target-branch", "main"], cwd=git_repo.root
    )
    assert done.returncode == 1


def test_a_series_file_is_told_to_leave_its_folder_out_of_series(
    git_repo: GitRepo, run_cli: Any
) -> None:
    message = _guide(git_repo, "handoffs/TO_CLAUDE.md")
    assert _printed(message, "extend-series") == ["!handoffs"]  # the defaults kept
    assert "`packets`" not in message
    _paste(git_repo, message, "extend-series")
    assert not GONE & {f["rule"] for f in _findings(git_repo)}, _findings(git_repo)
    assert check(run_cli, git_repo.root)["packets"] == []


def _commands(repo: GitRepo, cwd: str = "") -> list[str]:
    """Every move the not-a-handoff findings print, run from ``cwd`` (under the root)."""
    done = subprocess.run(
        ["handoff-audit", "check", "--format", "json"],
        cwd=repo.root / cwd,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    messages = [f["message"] for f in json.loads(done.stdout)["findings"]]
    return [c for m in messages for c in re.findall(r"\(`([^`]*mv -- [^`]*)`\)", m)]


def _follow(repo: GitRepo, commands: list[str], cwd: str = "") -> None:
    """Run each command as printed, in ``cwd``; then no file is taken for a handoff."""
    for command in commands:
        done = subprocess.run(
            ["bash", "-c", command], cwd=repo.root / cwd, capture_output=True, text=True
        )
        assert done.returncode == 0, (command, done.stderr)
    assert "not-a-handoff" not in {f["rule"] for f in _findings(repo)}, _findings(repo)


def test_the_move_takes_no_name_that_is_there_or_printed_for_another_file(
    git_repo: GitRepo,
) -> None:
    git_repo.write("docs/handoff-guide.md", "# Our docs guide\n")
    for path in ("HANDOFF.md", "api/HANDOFF.md", "API/HANDOFF.md", "web/HANDOFF.md"):
        git_repo.write(path, GUIDE)
    git_repo.commit("guides")
    commands = _commands(git_repo)
    targets = [command.rpartition(" ")[2].rstrip(")") for command in commands]
    assert len(targets) == 4 and len({t.lower() for t in targets}) == 4, commands
    assert "docs/handoff-guide-2.md" in targets
    _follow(git_repo, commands)
    assert (git_repo.root / "docs/handoff-guide.md").read_text() == "# Our docs guide\n"


def test_the_move_runs_as_printed_from_the_folder_check_ran_in(git_repo: GitRepo) -> None:
    git_repo.write("sub/HANDOFF.md", GUIDE)
    git_repo.commit("guide")
    commands = _commands(git_repo, "sub")
    assert len(commands) == 1
    _follow(git_repo, commands, "sub")
    assert not (git_repo.root / "sub/docs").exists()
    assert git_repo.git("status", "--porcelain").startswith("R  sub/HANDOFF.md -> docs/")


def test_a_file_git_does_not_track_is_moved_with_mv(git_repo: GitRepo) -> None:
    git_repo.write("app.py", "x = 1\n")
    git_repo.commit("init")
    git_repo.write("HANDOFF.md", GUIDE)  # written, not committed
    (command,) = _commands(git_repo)
    assert "git mv" not in command
    _follow(git_repo, [command])
    assert (git_repo.root / "docs/handoff-guide.md").read_text() == GUIDE


def test_a_long_name_gets_a_target_the_file_system_takes(git_repo: GitRepo) -> None:
    path = f"docs/handoffs/2026-12-01-{'x' * 240}.md"  # 254 bytes: a legal name
    git_repo.write(path, GUIDE)
    git_repo.commit("guide")
    (command,) = _commands(git_repo)
    target = command.rpartition(" ")[2].rstrip(")")
    assert len(target.rpartition("/")[2].encode()) <= 255
    _follow(git_repo, [command])


@pytest.mark.parametrize("here_is_a_repo", [True, False])
def test_the_move_of_a_file_in_another_repository_moves_that_file_only(
    tmp_path: Path, here_is_a_repo: bool
) -> None:
    """``check "../my other"`` from inside another repository (with its own HANDOFF.md at the
    same place) or from a folder in none: the printed move, run where check ran, moves the
    audited repository's file, never the one around the current folder."""
    other = GitRepo(tmp_path / "my other")
    other.write("web/HANDOFF.md", GUIDE)
    other.commit("guide")
    here = tmp_path / "app"
    real = "# Handoff\n\n## State\nLogin works; tests pass.\n\n## Next step\nAdd refresh.\n"
    if here_is_a_repo:
        app = GitRepo(here)
        app.write("web/HANDOFF.md", real)
        app.commit("init")
    else:
        here.mkdir()
    done = subprocess.run(
        ["handoff-audit", "check", "--format", "json", "../my other"],
        cwd=here,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    messages = [f["message"] for f in json.loads(done.stdout)["findings"]]
    (command,) = [c for m in messages for c in re.findall(r"\(`([^`]*mv -- [^`]*)`\)", m)]
    ran = subprocess.run(["bash", "-c", command], cwd=here, capture_output=True, text=True)
    assert ran.returncode == 0, (command, ran.stderr)
    assert other.git("status", "--porcelain") == "R  web/HANDOFF.md -> docs/web-handoff-guide.md"
    if here_is_a_repo:
        assert app.git("status", "--porcelain") == ""
        assert (here / "web/HANDOFF.md").read_text() == real
    else:
        assert sorted(p.name for p in here.iterdir()) == []
