"""A series whose ``latest.md`` is a symbolic link to one of its dated files, whose dated files
are git-ignored on purpose (``.claude/handoffs/``: only the README and the link are tracked):
the link is read as its target, the Stop hook's fix for a new file re-points it, the new file
stays out of git as the repository's committed ``.gitignore`` keeps it (read from the work
tree, never added by force), and an agent following the printed fixes gets out of the loop.
Real repositories, the real CLI and hook."""

from __future__ import annotations

import os
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import pytest

from agent_support import run_hook, stop_event
from conftest import GitRepo
from handoff_audit.engine.ignored import kept_out


def today() -> str:
    """Today, as the hook dates a new series file, read when the test runs (never when the
    module is collected, minutes earlier, maybe the day before): a fixed date would fall before
    tomorrow's commits."""
    return datetime.now(UTC).date().isoformat()


FOLDER = ".claude/handoffs"
README = "# Handoffs\n\nThe individual handoff files are gitignored; only this README and the\n"
PHASE = (
    "# Phase 1 complete\n\nState: the skeleton builds; `src/app.py` runs.\n\n"
    "## Next step\nWrite the monorepo skeleton in `src/app.py`.\n"
)
LINES = f"{FOLDER}/*.md\n!{FOLDER}/README.md\n!{FOLDER}/latest.md\n!{FOLDER}/*-phase-*.md\n"


def _linked(repo: GitRepo, readme: str = README + "symlink latest.md are tracked.\n") -> None:
    repo.write("src/app.py", "A = 1\n")
    repo.write(".gitignore", LINES)
    if readme:
        repo.write(f"{FOLDER}/README.md", readme)
    repo.write(f"{FOLDER}/2026-04-22-phase-1-complete.md", PHASE)
    os.symlink("2026-04-22-phase-1-complete.md", repo.root / FOLDER / "latest.md")
    repo.git("add", "-A")
    repo.commit("phase 1", date="2026-04-22T08:00:00Z")


def test_the_link_is_read_as_its_target(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    repo = GitRepo(tmp_path / "repo")
    _linked(repo)
    report = run_cli(["check", "--format", "json"], cwd=repo.root).json()
    [packet] = report["packets"]
    assert packet["path"] == f"{FOLDER}/2026-04-22-phase-1-complete.md", packet
    assert f"{FOLDER}/latest.md" not in str(report), report


def _sh(root: Path, command: str) -> None:
    done = subprocess.run(["sh", "-c", command], cwd=root, capture_output=True, text=True)
    assert done.returncode == 0, (command, done.stderr)


@pytest.mark.parametrize("readme", [True, False])  # without it, the pattern says so
def test_an_agent_following_the_fixes_leaves_the_loop(tmp_path: Path, readme: bool) -> None:
    repo = GitRepo(tmp_path / "repo")
    _linked(repo, README + "symlink latest.md are tracked.\n" if readme else "")
    repo.git("switch", "-qc", "feat/x")
    repo.write("src/app.py", "A = 2\n")
    repo.commit("work")
    first = run_hook(stop_event(repo.root), cwd=repo.root)
    assert first.code == 2 and "no active handoff" in first.err, first.err
    day = today()
    new = f"{FOLDER}/{day}-<topic>.md"
    assert f"write the next one, {new}," in first.err, first.err
    assert "leave it out of git" in first.err and "add -f" not in first.err, first.err
    assert "ln -sfn" not in first.err, first.err  # a committed link to a file no commit holds

    written = f"{FOLDER}/{day}-skeleton.md"
    repo.write(written, PHASE.replace("Phase 1 complete", "Skeleton"))
    second = run_hook(stop_event(repo.root), cwd=repo.root)
    assert second.code == 0, second.err
    assert written not in repo.git("ls-files"), "the ignored handoff was committed"
    assert repo.git("status", "--porcelain") == ""


def test_a_file_ignored_by_its_own_line_keeps_the_old_fix(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.write("src/app.py", "A = 1\n")
    repo.write(f"{FOLDER}/2026-04-22-phase-1.md", PHASE)
    repo.commit("phase 1", date="2026-04-22T08:00:00Z")
    repo.git("switch", "-qc", "feat/x")
    repo.write("src/app.py", "A = 2\n")
    repo.write(".gitignore", f"{FOLDER}/2026-12-01-mine.md\n")
    repo.commit("work")
    repo.write(f"{FOLDER}/2026-12-01-mine.md", PHASE)
    hook = run_hook(stop_event(repo.root), cwd=repo.root)
    assert f"  fix: git check-ignore -v -- {FOLDER}/2026-12-01-mine.md" in hook.lines, hook.err
    assert "on purpose" not in hook.err, hook.err


def test_the_old_ignored_file_from_the_base_is_never_added_by_force(tmp_path: Path) -> None:
    """The base's dated file is ignored too (only the README and the link are tracked) and the
    branch wrote no handoff: `git add -f` of that old file would pass it off as the branch's,
    so the hook says to write the next one, and an agent doing so gets out of the loop."""
    repo = GitRepo(tmp_path / "repo")
    repo.write("src/app.py", "A = 1\n")
    repo.write(".gitignore", f"{FOLDER}/*.md\n!{FOLDER}/README.md\n!{FOLDER}/latest.md\n")
    repo.write(f"{FOLDER}/README.md", "# Handoffs\n\nThe dated files here are git-ignored.\n")
    repo.write(f"{FOLDER}/2026-04-22-phase-1.md", PHASE)
    os.symlink("2026-04-22-phase-1.md", repo.root / FOLDER / "latest.md")
    repo.git("add", "-A")
    repo.commit("phase 1", date="2026-04-22T08:00:00Z")
    assert "2026-04-22-phase-1.md" not in repo.git("ls-files")
    repo.git("switch", "-qc", "feat/x")
    repo.write("src/app.py", "A = 2\n")
    repo.commit("work")

    _the_next_one_is_asked_for_and_passes(repo, "skeleton", "Skeleton")


def _the_next_one_is_asked_for_and_passes(repo: GitRepo, topic: str, title: str) -> None:
    """The old ignored file is never offered: the hook asks for today's next file, never `git
    add -f`, and a stop after the agent writes it (left out of git) passes."""
    first = run_hook(stop_event(repo.root), cwd=repo.root)
    assert first.code == 2 and "no active handoff" in first.err, first.err
    assert "2026-04-22-phase-1.md" not in first.err, first.err
    day = today()
    assert f"write the next one, {FOLDER}/{day}-<topic>.md," in first.err, first.err
    assert "add -f" not in first.err, first.err

    written = f"{FOLDER}/{day}-{topic}.md"
    repo.write(written, PHASE.replace("Phase 1 complete", title))
    second = run_hook(stop_event(repo.root), cwd=repo.root)
    assert second.code == 0, second.err


def _kept_out(repo: GitRepo, link: bool) -> None:
    """A series kept out of git on purpose whose base tracks none of its files: only the README
    (and the ``latest.md`` link, with ``link``) is committed; its dated file stays behind,
    ignored, in the work tree."""
    repo.write("src/app.py", "A = 1\n")
    lines = f"{FOLDER}/*.md\n!{FOLDER}/README.md\n" + f"!{FOLDER}/latest.md\n" * link
    repo.write(".gitignore", lines)
    repo.write(f"{FOLDER}/README.md", "# Handoffs\nKept out of git on purpose: local notes.\n")
    repo.write(f"{FOLDER}/2026-04-22-phase-1.md", PHASE)
    if link:
        os.symlink("2026-04-22-phase-1.md", repo.root / FOLDER / "latest.md")
    repo.commit("phase 1", date="2026-04-22T08:00:00Z")
    assert "2026-04-22-phase-1.md" not in repo.git("ls-files")
    repo.git("switch", "-qc", "feat/x")
    repo.write("src/app.py", "A = 2\n")
    repo.commit("work")


def test_an_old_ignored_file_is_not_the_branch_s_when_the_base_tracks_none(
    tmp_path: Path,
) -> None:
    """With no file of the series on the base to compare with, the ignored file dated before
    the branch's first commit is no handoff of the branch: never offered for `git add -f`."""
    repo = GitRepo(tmp_path / "repo")
    _kept_out(repo, link=False)
    _the_next_one_is_asked_for_and_passes(repo, "phase-2", "Phase 2")


def test_a_stale_link_is_named_once_the_file_is_committed_by_force(tmp_path: Path) -> None:
    """The base's ``latest.md`` points at its old ignored file. The branch's new file, left out
    of git, is its handoff as it is, the link left alone; an agent that adds it by force and
    commits it anyway is told to re-point the link, never "no active handoff", and following
    that leaves the loop."""
    repo = GitRepo(tmp_path / "repo")
    _kept_out(repo, link=True)
    day = today()
    written = f"{FOLDER}/{day}-phase-2.md"
    repo.write(written, PHASE.replace("Phase 1 complete", "Phase 2"))
    first = run_hook(stop_event(repo.root), cwd=repo.root)
    assert first.code == 0, first.err

    _sh(repo.root, f"git add -f -- {written}")
    repo.commit("handoff without the link")
    second = run_hook(stop_event(repo.root), cwd=repo.root)
    assert second.code == 2, second.err
    assert "no active handoff" not in second.err, second.err
    assert f"{FOLDER}/latest.md still points at {FOLDER}/2026-04-22-phase-1.md" in second.err
    relink = f"ln -sfn {day}-phase-2.md {FOLDER}/latest.md && git add -- {FOLDER}/latest.md"
    assert f"  fix: {relink}" in second.lines, second.err
    _sh(repo.root, relink)
    repo.commit("link")
    third = run_hook(stop_event(repo.root), cwd=repo.root)
    assert third.code == 0, third.err


def test_a_series_kept_out_by_info_exclude_keeps_the_add_f_fix(tmp_path: Path) -> None:
    """Session 54's fix where the line that ignores the series is no committed rule of the
    repository's (``.git/info/exclude``, this clone's own) but its README says the files are
    git-ignored: the branch's file is added by force, as before."""
    repo = GitRepo(tmp_path / "repo")
    repo.write("src/app.py", "A = 1\n")
    repo.write(f"{FOLDER}/README.md", "# Handoffs\n\nThe dated files here are git-ignored.\n")
    repo.write(f"{FOLDER}/2026-04-22-phase-1.md", PHASE)
    repo.commit("phase 1", date="2026-04-22T08:00:00Z")
    repo.git("switch", "-qc", "feat/x")
    repo.write("src/app.py", "A = 2\n")
    repo.commit("work")
    day = today()
    with (repo.root / ".git" / "info" / "exclude").open("a", encoding="utf-8") as exclude:
        exclude.write(f"{FOLDER}/{day[:7]}-*.md\n")  # this month's dated files
    written = f"{FOLDER}/{day}-phase-2.md"
    repo.write(written, PHASE.replace("Phase 1 complete", "Phase 2"))
    first = run_hook(stop_event(repo.root), cwd=repo.root)
    assert first.code == 2, first.err
    assert f"  fix: git add -f -- {written}" in first.lines, first.err
    _sh(repo.root, f"git add -f -- {written}")
    repo.commit("handoff")
    assert run_hook(stop_event(repo.root), cwd=repo.root).code == 0


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
