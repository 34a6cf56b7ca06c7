"""An untracked file inside a submodule is not this repository's uncommitted work: no commit
here can take it (`git add -- lib` stages nothing). The Stop hook lets the session stop and
`update` writes, instead of printing a fix that fails. A change to the submodule's tracked files
gets a fix that commits it inside the submodule, then records its commit here, and works as
printed. Real repositories, the real CLI and hook."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from agent_support import run_fix, run_hook, stop_event, the_command
from conftest import GitRepo, Result

Run = Callable[..., Result]


def test_an_untracked_file_in_a_submodule_blocks_nothing(tmp_path: Path, run_cli: Run) -> None:
    lib = GitRepo(tmp_path / "lib")
    lib.write("lib.py", "def f():\n    pass\n")
    lib.commit("lib")
    repo = GitRepo(tmp_path / "super")
    repo.write("app.py", "app = 1\n")
    repo.commit("init")
    repo.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", str(lib.root), "lib")
    repo.commit("add lib")
    repo.git("switch", "-q", "-c", "feat/sub")
    repo.write("app.py", "app = 1\nx = 1\n")
    repo.commit("work")
    made = run_cli(
        ["new", "--summary", "app.py sets x", "--next-action", "Use x in lib/lib.py",
         "--verdict-pointer", "app.py"],
        cwd=repo.root,
    )  # fmt: skip
    assert made.code == 0, made.err
    repo.commit("handoff")
    assert run_hook(stop_event(repo.root)).code == 0
    (repo.root / "lib" / "notes.txt").write_text("scratch\n", encoding="utf-8")
    stopped = run_hook(stop_event(repo.root))
    assert stopped.code == 0, stopped.err
    updated = run_cli(["update", "handoff.json", "--summary", "app.py sets x"], cwd=repo.root)
    assert updated.code == 0, updated.err
    repo.commit("handoff: refresh")
    # A change to the submodule's tracked files: committed inside it first, by a fix that runs.
    (repo.root / "lib" / "lib.py").write_text("def f():\n    return 1\n", encoding="utf-8")
    blocked = run_hook(stop_event(repo.root))
    assert blocked.code == 2 and "uncommitted changes in lib" in blocked.err, blocked.err
    command = the_command(blocked.err, "fix: ")
    assert command.startswith("git -C lib commit -a"), command
    done = run_fix(repo.root, command)
    assert done.returncode == 0, f"{command}\n{done.stdout}{done.stderr}"
    assert repo.git("status", "--porcelain", "--ignore-submodules=untracked") == ""
    assert "uncommitted" not in run_hook(stop_event(repo.root)).err
