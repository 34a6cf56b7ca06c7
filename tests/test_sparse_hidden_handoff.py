"""A sparse checkout (`git sparse-checkout set packages/web`) of a branch whose handoff is
committed outside its definition (packages/api/HANDOFF.md): `show` and SessionStart said the
branch had no handoff, and the Stop hook asked for `handoff-audit new`, which would leave the
branch with two. Now they name the note and `git sparse-checkout add` for its folder; once it
is in, the hook judges it as ever. Outside a sparse checkout, git is asked no more."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from agent_support import run_fix, run_hook, stop_event, the_command
from conftest import GitRepo
from git_helpers import git
from handoff_audit.authoring.agent_gate import judge
from handoff_audit.engine.brief import NoHandoff, build_brief
from handoff_audit.engine.sparse_handoffs import hidden_handoffs
from handoff_audit.git import plumbing
from test_agent_session_start import claude_start, context_of

NOTE = (
    "# Handoff: api\n\nDate: 2026-12-05\n\n## State\n- The API server is started in "
    "packages/api/server.py.\n\n## Next step\n- Add the /health route to "
    "packages/api/server.py.\n"
)
HIDDEN = "the branch's handoff is packages/api/HANDOFF.md, outside this sparse checkout"


def _sparse_clone(repo: GitRepo, tmp_path: Path, note: str = "packages/api/HANDOFF.md") -> Path:
    """Branch ``feat`` changes packages/api and commits its ``note``; a clone of it keeps only
    packages/web in its sparse checkout."""
    repo.write("packages/api/server.py", "A = 1\n")
    repo.write("packages/web/index.js", "w = 1\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat")
    repo.write("packages/api/server.py", "A = 2\n")
    repo.write(note, NOTE)
    repo.commit("api + note")
    repo.git("switch", "-q", "main")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--branch", "feat", repo.root.as_uri(), str(clone))
    git(clone, "config", "user.email", "t@example.com")
    git(clone, "config", "user.name", "t")
    git(clone, "sparse-checkout", "set", "packages/web")
    assert not (clone / note).exists()
    return clone


def test_show_and_session_start_name_the_note_outside_the_checkout(
    git_repo: GitRepo, tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    clone = _sparse_clone(git_repo, tmp_path)
    shown = run_cli(["show"], cwd=clone / "packages/web")
    assert shown.code == 2, shown.err  # as for a handoff that cannot be read
    assert "has no handoff" not in shown.err
    assert f"{HIDDEN}; run `git sparse-checkout add ../api` to read it" in shown.err
    context = context_of(run_hook(claude_start(clone), cwd=clone))
    assert context == (
        f"Warning: no brief for this session: {HIDDEN}; run `git sparse-checkout add "
        "packages/api` to read it\n"
    )
    done = run_fix(clone, "git sparse-checkout add packages/api")
    assert done.returncode == 0, done.stderr
    shown = run_cli(["show"], cwd=clone)
    assert shown.code == 0, shown.err
    assert "Add the /health route" in shown.out


def test_the_stop_hook_brings_the_note_in_then_judges_it(git_repo: GitRepo, tmp_path: Path) -> None:
    clone = _sparse_clone(git_repo, tmp_path)
    web = clone / "packages/web"
    (web / "index.js").write_text("w = 2\n", "utf-8")
    git(clone, "commit", "-qam", "web: index")
    run = run_hook(stop_event(web), cwd=web)
    assert run.code == 2, run.err
    assert "handoff-audit new" not in run.err and "no active handoff" not in run.err
    assert "packages/api/HANDOFF.md, this branch's handoff, lies outside this sparse" in run.err
    command = the_command(run.err, "fix: ")
    assert command == "git sparse-checkout add ../api"
    done = run_fix(web, command)
    assert done.returncode == 0, done.stderr
    # The note is in: the agent goes on with the API, and the hook judges the note as ever.
    (clone / "packages/api/server.py").write_text("A = 3\n", "utf-8")
    git(clone, "commit", "-qam", "api: health route")
    run = run_hook(stop_event(web), cwd=web)
    assert run.code == 2 and "handoff-outdated" in run.err, run.err
    assert "sparse-checkout" not in run.err and "handoff-audit new" not in run.err
    note = clone / "packages/api/HANDOFF.md"
    note.write_text(NOTE.replace("Add the /health route", "Document the /health route"), "utf-8")
    git(clone, "commit", "-qam", "handoff: api")
    run = run_hook(stop_event(web), cwd=web)
    assert run.code == 0, run.err
    assert git(clone, "ls-files", "--", "*HANDOFF*", "*handoff*") == "packages/api/HANDOFF.md"


def test_a_series_file_the_branch_wrote_outside_the_checkout(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    clone = _sparse_clone(git_repo, tmp_path, "docs/handoffs/2026-12-05-api.md")
    (clone / "packages/web/index.js").write_text("w = 2\n", "utf-8")
    git(clone, "commit", "-qam", "web: index")
    run = run_hook(stop_event(clone), cwd=clone)
    assert run.code == 2, run.err
    assert the_command(run.err, "fix: ") == "git sparse-checkout add docs/handoffs"
    assert "handoff-audit new" not in run.err


def test_a_series_record_the_branch_did_not_write_asks_for_a_handoff(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    """The project's record in a series outside the checkout is no handoff of the branch's: as
    in a whole checkout, the hook asks for one."""
    git_repo.write("docs/handoffs/2026-12-01-setup.md", NOTE)
    clone = _sparse_clone(git_repo, tmp_path)
    git(clone, "rm", "-q", "--sparse", "packages/api/HANDOFF.md")
    git(clone, "commit", "-qm", "note dropped")
    (clone / "packages/web/index.js").write_text("w = 2\n", "utf-8")
    git(clone, "commit", "-qam", "web: index")
    run = run_hook(stop_event(clone), cwd=clone)
    assert run.code == 2, run.err
    assert "no active handoff" in run.err and "sparse-checkout" not in run.err


def test_no_more_git_outside_a_sparse_checkout(git_repo: GitRepo) -> None:
    """A branch without a handoff, in a whole checkout: `show` and the Stop hook ask git as
    many times as before (the listing discovery made is read, and no `git config`)."""
    git_repo.write("packages/api/server.py", "A = 1\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat")
    git_repo.write("packages/api/server.py", "A = 2\n")
    git_repo.commit("work")
    start = plumbing.spawn_count()
    with pytest.raises(NoHandoff):
        build_brief(git_repo.root)
    assert plumbing.spawn_count() - start == 11
    start = plumbing.spawn_count()
    gate = judge(git_repo.root)
    assert plumbing.spawn_count() - start == 14
    assert [p.kind for p in gate.problems] == ["no-packet"]
    start = plumbing.spawn_count()
    assert hidden_handoffs(git_repo.root, gate.config) == []
    assert plumbing.spawn_count() == start


def test_one_git_process_in_a_sparse_checkout(git_repo: GitRepo, tmp_path: Path) -> None:
    clone = _sparse_clone(git_repo, tmp_path)
    gate = judge(clone)
    start = plumbing.spawn_count()
    assert hidden_handoffs(clone, gate.config) == ["packages/api/HANDOFF.md"]
    assert plumbing.spawn_count() - start == 1  # `git config`: sparse, in cone mode
