"""A git submodule at a working note's name (``HANDOFF.md``) was a submodule to the merge gate
alone: `check` said "invalid-json: the path is a folder, not a regular file … Move or rename the
folder", the Stop hook repeated it with `explain invalid-json`, `show` stopped on the same
words, and `new` asked to `git mv` it. It is no JSON and moving it helps nothing: every command
now names it a submodule, with the gate's fix (`git rm`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from agent_support import run_fix, run_hook, stop_event, the_command
from conftest import GitRepo, Result

Run = Callable[..., Result]

SAID = (
    "HANDOFF.md is a git submodule where a handoff file is expected, not a handoff: no handoff "
    "can be read from it; remove the submodule (`git rm -- :/HANDOFF.md`, which takes it out of "
    ".gitmodules too) and commit"
)


def _with_submodule(tmp_path: Path) -> GitRepo:
    sub = GitRepo(tmp_path / "sub")
    sub.write("notes.txt", "shared notes\n")
    sub.commit("notes")
    repo = GitRepo(tmp_path / "super")
    repo.write("app.py", "app = 1\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat/x")
    repo.write("app.py", "app = 2\n")
    repo.commit("work")
    repo.git(
        "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(sub.root), "HANDOFF.md"
    )
    repo.commit("a submodule at HANDOFF.md")
    return repo


def test_check_show_and_new_name_the_submodule(tmp_path: Path, run_cli: Run) -> None:
    repo = _with_submodule(tmp_path)
    done = run_cli(["check", "--format", "json"], cwd=repo.root)
    findings = [(f["rule"], f["message"]) for f in done.json()["findings"]]
    assert findings == [("not-a-handoff", SAID)], findings
    gate = run_cli(["check", "--target-branch", "main"], cwd=repo.root)
    assert gate.code == 1 and "invalid-json" not in gate.out, gate.out
    assert "HANDOFF.md is a git submodule" in gate.out
    shown = run_cli(["show"], cwd=repo.root)
    assert shown.code == 2
    assert "git submodule" in shown.err and "Move or rename the folder" not in shown.err
    made = run_cli(
        ["new", "--summary", "did x", "--next-action", "do y", "--verdict-pointer", "app.py"],
        cwd=repo.root,
    )
    assert made.code == 2
    assert "the git submodule HANDOFF.md" in made.err and "git rm -- HANDOFF.md" in made.err
    assert "NEW-NAME" not in made.err


def test_the_stop_hook_names_the_submodule_and_its_fix_works(tmp_path: Path) -> None:
    repo = _with_submodule(tmp_path)
    stopped = run_hook(stop_event(repo.root))
    assert stopped.code == 2, stopped.err
    assert f"- {SAID}" in stopped.err
    assert "invalid-json" not in stopped.err
    fix = the_command(stopped.err, "fix: git rm")
    assert run_fix(repo.root, f"git rm {fix}").returncode == 0
    assert not (repo.root / "HANDOFF.md").exists()
    again = run_hook(stop_event(repo.root))
    assert "submodule" not in again.err, again.err
