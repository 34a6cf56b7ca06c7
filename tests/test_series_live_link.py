"""A series whose ``latest.md`` is a symbolic link to one of its dated files, whose dated files
are git-ignored on purpose (``.claude/handoffs/``: only the README and the link are tracked):
the link is read as its target, the Stop hook's fix for a new file re-points it and commits it
with ``git add -f``, and an agent following the printed fixes gets out of the loop. Real
repositories, the real CLI and hook."""

from __future__ import annotations

import os
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import pytest

from agent_support import HookRun, run_hook, stop_event
from conftest import GitRepo
from handoff_audit.engine.ignored import kept_out

FOLDER = ".claude/handoffs"
README = "# Handoffs\n\nThe individual handoff files are gitignored; only this README and the\n"
PHASE = (
    "# Phase 1 complete\n\nState: the skeleton builds; `src/app.py` runs.\n\n"
    "## Next step\nWrite the monorepo skeleton in `src/app.py`.\n"
)
LINES = f"{FOLDER}/*.md\n!{FOLDER}/README.md\n!{FOLDER}/latest.md\n!{FOLDER}/*-phase-*.md\n"


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    return GitRepo(tmp_path / "repo")


def _linked(repo: GitRepo, readme: str = README + "symlink latest.md are tracked.\n") -> None:
    repo.write("src/app.py", "A = 1\n")
    repo.write(".gitignore", LINES)
    if readme:
        repo.write(f"{FOLDER}/README.md", readme)
    repo.write(f"{FOLDER}/2026-04-22-phase-1-complete.md", PHASE)
    os.symlink("2026-04-22-phase-1-complete.md", repo.root / FOLDER / "latest.md")
    repo.git("add", "-A")
    repo.commit("phase 1", date="2026-04-22T08:00:00Z")


def test_the_link_is_read_as_its_target(repo: GitRepo, run_cli) -> None:  # type: ignore[no-untyped-def]
    _linked(repo)
    report = run_cli(["check", "--format", "json"], cwd=repo.root).json()
    [packet] = report["packets"]
    assert packet["path"] == f"{FOLDER}/2026-04-22-phase-1-complete.md", packet
    assert f"{FOLDER}/latest.md" not in str(report), report


def _sh(root: Path, command: str) -> None:
    done = subprocess.run(["sh", "-c", command], cwd=root, capture_output=True, text=True)
    assert done.returncode == 0, (command, done.stderr)


def _stop(repo: GitRepo) -> HookRun:
    """The Stop hook's answer when the agent stops now."""
    return run_hook(stop_event(repo.root), cwd=repo.root)


def _stop_after(repo: GitRepo, command: str, message: str = "handoff") -> HookRun:
    """The Stop hook's answer after the agent runs ``command`` (a fix the hook printed) and
    commits."""
    _sh(repo.root, command)
    repo.commit(message)
    return _stop(repo)


def _relink(today: str, name: str) -> str:
    """The command that points ``latest.md`` at ``name`` and stages the link."""
    return f"ln -sfn {today}-{name}.md {FOLDER}/latest.md && git add -- {FOLDER}/latest.md"


def _a_new_file_is_asked_for(repo: GitRepo) -> str:
    """The first stop on a branch that wrote no handoff: the hook asks for a new dated file to
    add by force, never the base's old ignored one. Returns today's date, which names it."""
    first = _stop(repo)
    assert first.code == 2 and "no active handoff" in first.err, first.err
    assert "2026-04-22-phase-1.md" not in first.err, first.err
    today = datetime.now(UTC).date().isoformat()
    assert f"`git add -f -- '{FOLDER}/{today}-<topic>.md'`" in first.err, first.err
    return today


@pytest.mark.parametrize("readme", [True, False])  # without it, the pattern says so
def test_an_agent_following_the_fixes_leaves_the_loop(repo: GitRepo, readme: bool) -> None:
    _linked(repo, README + "symlink latest.md are tracked.\n" if readme else "")
    repo.git("switch", "-qc", "feat/x")
    repo.write("src/app.py", "A = 2\n")
    repo.commit("work")
    first = _stop(repo)
    assert first.code == 2 and "no active handoff" in first.err, first.err
    today = datetime.now(UTC).date().isoformat()
    new = f"{FOLDER}/{today}-<topic>.md"
    assert f"`git add -f -- '{new}'`" in first.err, first.err
    link = f"`ln -sfn '{today}-<topic>.md' {FOLDER}/latest.md && git add -- {FOLDER}/latest.md`"
    assert link in first.err, first.err

    written = f"{FOLDER}/{today}-skeleton.md"
    repo.write(written, PHASE.replace("Phase 1 complete", "Skeleton"))
    second = _stop(repo)
    assert "ignored by git on purpose" in second.err, second.err
    assert "check-ignore" not in second.err, second.err
    relink = _relink(today, "skeleton")
    assert f"  fix: git add -f -- {written} && {relink}" in second.lines, second.err
    third = _stop_after(repo, f"git add -f -- {written} && {relink}")
    assert "no active handoff" not in third.err, third.err
    assert "ignored by git" not in third.err, third.err
    assert os.readlink(repo.root / FOLDER / "latest.md") == f"{today}-skeleton.md"


def test_a_file_ignored_by_its_own_line_keeps_the_old_fix(repo: GitRepo) -> None:
    repo.write("src/app.py", "A = 1\n")
    repo.write(f"{FOLDER}/2026-04-22-phase-1.md", PHASE)
    repo.commit("phase 1", date="2026-04-22T08:00:00Z")
    repo.git("switch", "-qc", "feat/x")
    repo.write("src/app.py", "A = 2\n")
    repo.write(".gitignore", f"{FOLDER}/2026-12-01-mine.md\n")
    repo.commit("work")
    repo.write(f"{FOLDER}/2026-12-01-mine.md", PHASE)
    hook = _stop(repo)
    assert f"  fix: git check-ignore -v -- {FOLDER}/2026-12-01-mine.md" in hook.lines, hook.err
    assert "on purpose" not in hook.err, hook.err


def _kept_out(
    repo: GitRepo,
    link: bool,
    readme: str = "# Handoffs\nKept out of git on purpose: local notes.\n",
) -> None:
    """A series kept out of git on purpose whose base tracks none of its files: only the README
    (and the ``latest.md`` link, with ``link``) is committed; its dated file stays behind,
    ignored, in the work tree. The work branch ``feat/x`` holds a commit of code."""
    repo.write("src/app.py", "A = 1\n")
    lines = f"{FOLDER}/*.md\n!{FOLDER}/README.md\n" + f"!{FOLDER}/latest.md\n" * link
    repo.write(".gitignore", lines)
    repo.write(f"{FOLDER}/README.md", readme)
    repo.write(f"{FOLDER}/2026-04-22-phase-1.md", PHASE)
    if link:
        os.symlink("2026-04-22-phase-1.md", repo.root / FOLDER / "latest.md")
    repo.commit("phase 1", date="2026-04-22T08:00:00Z")
    assert "2026-04-22-phase-1.md" not in repo.git("ls-files")
    repo.git("switch", "-qc", "feat/x")
    repo.write("src/app.py", "A = 2\n")
    repo.commit("work")


def test_the_old_ignored_file_from_the_base_is_never_added_by_force(repo: GitRepo) -> None:
    """The base's dated file is ignored too (only the README and the link are tracked) and the
    branch wrote no handoff: `git add -f` of that old file would pass it off as the branch's,
    so the hook says to write the next one, and an agent doing so gets out of the loop."""
    _kept_out(repo, link=True, readme="# Handoffs\n\nThe dated files here are git-ignored.\n")
    today = _a_new_file_is_asked_for(repo)

    written = f"{FOLDER}/{today}-skeleton.md"
    repo.write(written, PHASE.replace("Phase 1 complete", "Skeleton"))
    second = _stop(repo)
    assert second.code == 2, second.err
    relink = _relink(today, "skeleton")
    assert f"  fix: git add -f -- {written} && {relink}" in second.lines, second.err
    assert _stop_after(repo, f"git add -f -- {written} && {relink}").code == 0


def test_an_old_ignored_file_is_not_the_branch_s_when_the_base_tracks_none(
    repo: GitRepo,
) -> None:
    """With no file of the series on the base to compare with, the ignored file dated before
    the branch's first commit is no handoff of the branch: never offered for `git add -f`."""
    _kept_out(repo, link=False)
    today = _a_new_file_is_asked_for(repo)

    written = f"{FOLDER}/{today}-phase-2.md"
    repo.write(written, PHASE.replace("Phase 1 complete", "Phase 2"))
    second = _stop(repo)
    assert f"  fix: git add -f -- {written}" in second.lines, second.err
    assert _stop_after(repo, f"git add -f -- {written}").code == 0


def test_the_add_f_fix_re_points_the_link_and_a_stale_link_is_named(repo: GitRepo) -> None:
    """The base's ``latest.md`` points at its old ignored file: the fix for the branch's new
    file re-points the link in the same command; a stop after adding the file alone says to
    re-point the link, never "no active handoff", and an agent following it leaves the loop."""
    _kept_out(repo, link=True)
    written = f"{FOLDER}/2026-12-05-phase-2.md"
    repo.write(written, PHASE.replace("Phase 1 complete", "Phase 2"))
    first = _stop(repo)
    relink = _relink("2026-12-05", "phase-2")
    assert f"  fix: git add -f -- {written} && {relink}" in first.lines, first.err

    second = _stop_after(repo, f"git add -f -- {written}", "handoff without the link")
    assert second.code == 2, second.err
    assert "no active handoff" not in second.err, second.err
    assert f"{FOLDER}/latest.md still points at {FOLDER}/2026-04-22-phase-1.md" in second.err
    assert f"  fix: {relink}" in second.lines, second.err
    assert _stop_after(repo, relink, "link").code == 0


def test_following_the_first_fix_with_the_link_leaves_the_loop(repo: GitRepo) -> None:
    _kept_out(repo, link=True)
    written = f"{FOLDER}/2026-12-05-phase-2.md"
    repo.write(written, PHASE.replace("Phase 1 complete", "Phase 2"))
    [fix] = [line for line in _stop(repo).lines if line.startswith("  fix: ")]
    assert _stop_after(repo, fix.removeprefix("  fix: ")).code == 0


@pytest.mark.parametrize("says", ["are git-ignored", "are gitignored", "are git ignored"])
def test_a_readme_saying_git_ignored_in_any_spelling_keeps_the_files_out(
    git_repo: GitRepo, says: str
) -> None:
    """Review: "git-ignored", with a hyphen, was not read as the folder's README saying so, and
    a `.gitignore` line naming the one file then got the advice to delete it."""
    git_repo.write(".gitignore", f"{FOLDER}/2026-04-22-phase-1.md\n")
    git_repo.write(f"{FOLDER}/README.md", f"# Handoffs\n\nThe dated files here {says}.\n")
    git_repo.write(f"{FOLDER}/2026-04-22-phase-1.md", PHASE)
    git_repo.commit("series")
    why = kept_out(git_repo.root, [f"{FOLDER}/2026-04-22-phase-1.md"])
    assert why == f"{FOLDER}/README.md says its files are git-ignored"
