"""Whose `.gitignore` line keeps a handoff out of git: the owner's is one the branch's base
commit already holds, for `check` as for the Stop hook; a line the branch added itself is not.
Real repositories, the real CLI and hook."""

from __future__ import annotations

import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from agent_support import run_hook, stop_event
from conftest import GitRepo

FOLDER = ".claude/handoffs"
HANDOFF = (
    "# {title}\n\nState: the export help is drafted in `README.md`; the tests pass.\n\n"
    '## Next step\nWrite the protocol table under "Usage" in `README.md`.\n\n'
    "## Decisions\nChose one README section because the help is short.\n\n"
    "## Ruled out\nTried a docs/ page; rejected: docs/ is generated.\n"
)


def _branch(repo: GitRepo, ignore_on_main: str = "", ignore_on_branch: str = "") -> None:
    """``main`` with ``ignore_on_main`` as its `.gitignore`, and a branch with work of its own
    that commits ``ignore_on_branch`` into `.gitignore` itself."""
    repo.write("README.md", "# app\n")
    if ignore_on_main:
        repo.write(".gitignore", ignore_on_main)
    repo.commit("main", date="2026-11-20T08:00:00Z")
    repo.git("switch", "-qc", "try")
    repo.write("README.md", "# app\n\nExport help.\n")
    if ignore_on_branch:
        repo.write(".gitignore", ignore_on_main + ignore_on_branch)
    repo.commit("work")


def test_check_and_the_hook_read_the_owner_s_line_from_the_base_commit(
    tmp_path: Path, run_cli: Any
) -> None:
    """The branch itself committed the series' ignore line: the hook asks for its handoff by
    force, as the line is nobody's choice but the branch's; `check` read HEAD's `.gitignore`,
    called the file kept out by the owner and asked for nothing."""
    repo = GitRepo(tmp_path / "repo")
    _branch(repo, ignore_on_branch=f"{FOLDER}/*.md\n")
    written = f"{FOLDER}/{datetime.now(UTC).date().isoformat()}-export-help.md"
    repo.write(written, HANDOFF.format(title="Export help"))
    hook = run_hook(stop_event(repo.root), cwd=repo.root)
    assert hook.code == 2 and f"git add -f -- {written}" in hook.err, hook.err
    check = run_cli(["check"], cwd=repo.root)
    assert f"warning: {written} is ignored by git on purpose" in check.err, check.err
    assert f"add it by force (`git add -f -- {written}`)" in check.err, check.err
    assert "kept out of git on purpose" not in check.err, check.err

    repo.git("switch", "-q", "main")
    repo.git("merge", "-q", "--ff-only", "try")
    main = run_cli(["check"], cwd=repo.root)  # on the default branch, its own line is the owner's
    assert f"{written} is kept out of git on purpose" in main.err, main.err
    assert "git add -f" not in main.err, main.err


NEW = [
    "new",
    "--summary",
    "Added export help",
    "--next-action",
    "Write the table",
    "--verdict-pointer",
    "README.md",
]
DELETING = re.compile(r"remove that line|delete the lines|check-ignore")


def _folder_ignored(repo: GitRepo, line: str) -> None:
    """``main`` ignoring a whole folder by ``line`` (other files of it too), a branch with work."""
    repo.write("README.md", "# app\n")
    repo.write(".gitignore", f"{line}\n")
    repo.commit("main", date="2026-11-20T08:00:00Z")
    repo.git("switch", "-qc", "try")
    repo.write("README.md", "# app\n\nExport help.\n")
    repo.commit("work")


def test_new_asks_for_git_add_f_not_the_whole_folder_line(tmp_path: Path, run_cli: Any) -> None:
    """`.handoff/` in `.gitignore`: `new`'s refusal over the packet it wrote there asked to
    remove that line; the agent following the printed command now gets the packet committed,
    the line kept."""
    repo = GitRepo(tmp_path / "repo")
    _folder_ignored(repo, ".handoff/")
    assert run_cli([*NEW, "--topic", "export"], cwd=repo.root).code == 0
    again = run_cli([*NEW, "--topic", "export"], cwd=repo.root)
    assert again.code == 2 and DELETING.search(again.err) is None, again.err
    told = re.search(r"\(`(git add -f -- [^`]+)`\)", again.err)
    assert told is not None and "ignores other files too, all of .handoff/" in again.err, again.err
    done = subprocess.run(["sh", "-c", told[1]], cwd=repo.root, capture_output=True)
    assert done.returncode == 0, done.stderr
    repo.git("commit", "-qm", "handoff")
    assert repo.git("ls-files", ".handoff").split() == [
        ".handoff/export.json",
        ".handoff/export.md",
    ]
    assert repo.root.joinpath(".gitignore").read_text() == ".handoff/\n"


def test_archive_warns_with_git_add_f_over_a_whole_folder_line(
    tmp_path: Path, run_cli: Any
) -> None:
    """`docs/` ignored (the whole folder's files with it): `archive`'s warning on the packet
    written there asked to remove that line."""
    repo = GitRepo(tmp_path / "repo")
    _folder_ignored(repo, "docs")
    assert run_cli([*NEW, "--output", "docs/handoff.json"], cwd=repo.root).code == 0
    archived = run_cli(["archive", "docs/handoff.json"], cwd=repo.root)
    assert archived.code == 0 and DELETING.search(archived.err) is None, archived.err
    assert "the .gitignore line `docs` ignores other files too, all of docs/" in archived.err
    assert "`git add -f -- docs/handoff.json docs/handoff.md`" in archived.err, archived.err


COMMITTING = re.compile(r"add -f|check-ignore|remove that line|delete the lines")


def test_a_working_note_the_owner_ignores_is_kept_local(tmp_path: Path, run_cli: Any) -> None:
    """`SESSION_HANDOFF.md` in the default branch's `.gitignore`: the owner keeps working
    notes local. The hook and `check` said to delete that line; now the note the session wrote
    is the branch's handoff as the work tree holds it, judged there, and nothing asks for a
    commit of it."""
    repo = GitRepo(tmp_path / "repo")
    _branch(repo, ignore_on_main="SESSION_HANDOFF.md\n")
    repo.write("SESSION_HANDOFF.md", HANDOFF.format(title="Export help").split("## Next")[0])
    incomplete = run_hook(stop_event(repo.root), cwd=repo.root)
    assert incomplete.code == 2 and "SESSION_HANDOFF.md:1 md-incomplete" in incomplete.err
    assert COMMITTING.search(incomplete.err) is None, incomplete.err
    repo.write("SESSION_HANDOFF.md", HANDOFF.format(title="Export help"))
    stop = run_hook(stop_event(repo.root), cwd=repo.root)
    assert stop.code == 0, stop.err
    check = run_cli(["check"], cwd=repo.root)
    assert COMMITTING.search(check.err) is None, check.err
    assert "SESSION_HANDOFF.md is a working note the repository's own .gitignore" in check.err
    assert "`handoff-audit check SESSION_HANDOFF.md`" in check.err, check.err
    assert repo.git("status", "--porcelain") == ""


def test_a_note_line_the_branch_added_gets_one_answer(tmp_path: Path, run_cli: Any) -> None:
    """The branch itself committed `HANDOFF.md` into `.gitignore`: not the owner's line, so
    the hook and `check` alike say to remove it and commit the note."""
    repo = GitRepo(tmp_path / "repo")
    _branch(repo, ignore_on_branch="HANDOFF.md\n")
    repo.write("HANDOFF.md", HANDOFF.format(title="Export help"))
    hook = run_hook(stop_event(repo.root), cwd=repo.root)
    assert hook.code == 2 and "fix: git check-ignore -v -- HANDOFF.md" in hook.err, hook.err
    check = run_cli(["check"], cwd=repo.root)
    assert "warning: HANDOFF.md is ignored by git" in check.err, check.err
    assert "remove that line (`git check-ignore -v -- HANDOFF.md`" in check.err, check.err


def test_the_hook_asks_for_git_add_f_over_a_pattern_line(tmp_path: Path, run_cli: Any) -> None:
    """`*.json` and `*.md` in `.gitignore` ignore other files too: the hook's fix for the
    packet they hide adds it by force; the agent running it and committing is let go, the
    lines kept."""
    repo = GitRepo(tmp_path / "repo")
    _branch(repo, ignore_on_main="*.json\n*.md\n!README.md\n")
    assert run_cli(NEW, cwd=repo.root).code == 0
    first = run_hook(stop_event(repo.root), cwd=repo.root)
    assert first.code == 2 and "`*.json` ignores other files too" in first.err, first.err
    assert DELETING.search(first.err) is None, first.err
    fix = next(line for line in first.lines if line.startswith("  fix: "))
    assert fix == "  fix: git add -f -- handoff.json handoff.md", first.err
    subprocess.run(["sh", "-c", fix[7:]], cwd=repo.root, check=True)
    repo.git("commit", "-qm", "handoff")
    second = run_hook(stop_event(repo.root), cwd=repo.root)
    assert second.code == 0, second.err
    assert repo.root.joinpath(".gitignore").read_text() == "*.json\n*.md\n!README.md\n"


def test_a_folder_or_pattern_line_over_a_tracked_series_is_never_to_be_deleted(
    tmp_path: Path, run_cli: Any
) -> None:
    """The owner's `docs/` or `**/handoff*` came after the series' first files were committed:
    git calls no folder holding tracked files ignored, so the hook and `update` read the line
    as naming the new file alone and said to delete it (letting every other ignored file of
    docs/ into git), and `check` said nothing. Now the three give one answer: the owner's line
    over the series keeps the file local; a pattern line (`*.md`) gets `git add -f`, kept."""
    for line, local in (("docs/", True), ("**/handoff*", True), ("*.md\n!README.md", False)):
        repo = GitRepo(tmp_path / str(len(line)))
        repo.write("README.md", "# app\n")
        repo.write("docs/handoffs/2026-11-01-old.md", HANDOFF.format(title="Old"))
        repo.commit("series", date="2026-11-01T08:00:00Z")
        repo.write(".gitignore", f"{line}\n")
        repo.commit("ignore", date="2026-11-20T08:00:00Z")
        repo.git("switch", "-qc", "try")
        repo.write("app.py", "A = 1\n")
        repo.commit("work")
        written = f"docs/handoffs/{datetime.now(UTC).date().isoformat()}-export-help.md"
        repo.write(written, HANDOFF.format(title="Export help"))
        hook = run_hook(stop_event(repo.root), cwd=repo.root)
        update = run_cli(["update", "--next-action", "Write the table."], cwd=repo.root)
        check = run_cli(["check"], cwd=repo.root)
        for said in (hook.err, update.err, check.err):
            assert re.search(r"check-ignore|remove that line|delete the lines", said) is None, said
        if local:
            assert hook.code == 0 and "add -f" not in hook.err + update.err, hook.err
            assert f"note: {written} is kept out of git on purpose" in check.err, check.err
        else:
            told = f"add it by force (`git add -f -- {written}`)"
            assert hook.code == 2 and f"fix: git add -f -- {written}" in hook.err, hook.err
            assert told in update.err and f"warning: {written}" in check.err, check.err
            assert told in check.err, check.err
        assert repo.root.joinpath(".gitignore").read_text() == f"{line}\n"
