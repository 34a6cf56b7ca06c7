"""Handoffs no commit holds, because the repository's ``.gitignore`` keeps them out of git, met
the Stop hook's own fixes with a loop: their later commits were counted from a commit that had
deleted an earlier file of their name (okjackishere/gpcr-ptm: ``handoff.json`` ignored) or from
the start of the default branch's history (CrayJThiemsert/vero-lite: ``.claude/handoffs/``
ignored, 1,994 commits of ``main``), so no refresh cleared them. Their time in the work tree is
when they were written. Real repositories, the real CLI and hook, an agent knowing only what
the hook prints."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from agent_support import run_hook, stop_event
from conftest import GitRepo
from git_helpers import check, hits
from test_agent_session_start import claude_start

NOTE = (
    "# {title}\n\nState: the export help is drafted in `README.md`; the tests pass.\n\n"
    '## Next step\nWrite the protocol table under "Usage" in `README.md`.\n\n'
    "## Decisions\nChose one README section because the help is short.\n\n"
    "## Ruled out\nTried a docs/ page; rejected: docs/ is generated.\n"
)
ANSWER = "Wrote the table; next: the footnotes."


def _stamp(seconds_ago: float) -> str:
    when = datetime.fromtimestamp(time.time() - seconds_ago, UTC)
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def _long_main(repo: GitRepo, commits: int) -> None:
    """``commits`` commits on ``main``, months old, each changing ``log.txt`` (git fast-import:
    a history longer than the audit's walk of a handoff's changes), checked out."""
    start = int(time.time()) - 200 * 86_400
    stream = []
    for number in range(commits):
        text = f"{number}\n"
        stream.append(
            f"commit refs/heads/main\ncommitter Dev <dev@example.com> {start + number * 60} "
            f"+0000\ndata 3\nlog\nM 100644 inline log.txt\ndata {len(text)}\n{text}\n"
        )
    subprocess.run(
        ["git", "fast-import", "--quiet"],
        cwd=repo.root,
        input="".join(stream),
        text=True,
        check=True,
    )
    repo.git("reset", "-q", "--hard", "main")


FOLDER = ".claude/handoffs"
LAYOUTS = {
    # vero-lite: the folder's own .gitignore keeps all but itself and its README out
    "folder": {
        f"{FOLDER}/.gitignore": "*\n!.gitignore\n!README.md\n",
        f"{FOLDER}/README.md": "# Handoff files\n\nThe directory is **gitignored by default**.\n",
    },
    # sbx: a wildcard line of the top .gitignore
    "top": {
        ".gitignore": f"{FOLDER}/*.md\n!{FOLDER}/README.md\n",
        f"{FOLDER}/README.md": "# Handoffs\n\nFiles follow `YYYY-MM-DD-slug.md`.\n",
    },
}


def _fill(command: str) -> str:
    return re.sub(r'"<[^>]*>"', shlex.quote(ANSWER), command)


def _play(repo: GitRepo, rounds: int = 4) -> list[str]:
    """Stop; do what the hook printed (write the file it names, run its first fix), commit
    what git tracks, until the hook lets the session end: what the hook said each round."""
    said = []
    for _round in range(rounds):
        stop = run_hook(stop_event(repo.root), cwd=repo.root)
        assert "Traceback" not in stop.err, stop.err
        if stop.code == 0:
            return said
        said.append(stop.err)
        told = re.search(r"write the next one, (\S+),", stop.err)
        fix = next((line[7:] for line in stop.lines if line.startswith("  fix: ")), None)
        if told is not None:
            repo.write(told[1].replace("<topic>", "export-help"), NOTE.format(title="Export"))
        else:
            assert fix is not None, stop.err
            done = subprocess.run(["sh", "-c", _fill(fix)], cwd=repo.root, capture_output=True)
            assert done.returncode == 0, done.stderr
        if repo.git("status", "--porcelain"):
            repo.commit("agent: as the hook said")
    raise AssertionError("still blocked after the rounds:\n" + "\n".join(said))


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_a_kept_out_series_file_counts_only_commits_after_it(tmp_path: Path, layout: str) -> None:
    """vero-lite: a default branch longer than the walk of changes; the file written as the hook
    said is current, a commit of the branch after it outdates it by that one commit, and the
    hook's own "Since then" fix clears it."""
    repo = GitRepo(tmp_path / "repo")
    _long_main(repo, 2100)
    for path, text in LAYOUTS[layout].items():
        repo.write(path, text)
    repo.write("README.md", "# vero\n")
    repo.commit("ignore the handoffs", date=_stamp(100 * 86_400))
    repo.git("switch", "-qc", "try")
    repo.write("README.md", "# vero\n\nExport help.\n")
    repo.commit("work", date=_stamp(7200))

    first = _play(repo)
    assert len(first) == 1 and "no active handoff" in first[0], first
    [written] = [f"{FOLDER}/{name}" for name in os.listdir(repo.root / FOLDER) if name[0] == "2"]
    assert written not in repo.git("ls-files")

    hour_ago = time.time() - 3600
    os.utime(repo.root / written, (hour_ago, hour_ago))
    repo.write("docs/table.md", "row\n")
    repo.commit("table")
    second = _play(repo)
    assert len(second) == 1 and "handoff-outdated" in second[0], second
    assert "1 later commit touches" in second[0] and "`table`" in second[0], second[0]
    assert "## Since then" in (repo.root / written).read_text(encoding="utf-8")
    assert written not in repo.git("ls-files")


def _gpcr(repo: GitRepo) -> None:
    """gpcr-ptm: a tracked handoff.json deleted months ago by the commit that ignored it;
    ``feat/x`` with work of its own, following the README's Quick start."""
    repo.write("a.py", "a\n")
    repo.write("handoff.json", '{"old": true}\n')
    repo.commit("init", date=_stamp(150 * 86_400))
    (repo.root / "handoff.json").unlink()
    repo.write(".gitignore", "handoff.json\nreports/\n")
    repo.write(".handoff-audit.yml", 'verify: "true"\n')
    repo.commit("classify module", date=_stamp(119 * 86_400))
    repo.git("switch", "-qc", "feat/x")
    repo.write("b/b.py", "b\n")
    repo.commit("work", date=_stamp(7200))


def test_an_ignored_packet_is_not_dated_by_the_commit_that_deleted_its_name(
    tmp_path: Path, run_cli: Any
) -> None:
    """Its age and later commits come from when `new` or `update` wrote it; the hook's
    refresh clears its packet-outdated."""
    repo = GitRepo(tmp_path / "repo")
    _gpcr(repo)
    deleted = repo.git("rev-parse", "HEAD~1")
    new = run_cli(
        [
            "new",
            "--summary",
            "Classify added.",
            "--next-action",
            "Test arrestins.",
            "--verdict-pointer",
            "https://ci.example.com/run/1",
            "--verify",
        ],
        cwd=repo.root,
    )
    assert new.code == 0, new.err
    repo.git("add", "handoff.md")
    repo.commit("handoff")
    report = check(run_cli, repo.root)
    assert not hits(report, "packet-age") and not hits(report, "packet-outdated"), report
    assert deleted[:12] not in str(report)

    hour_ago = time.time() - 3600
    os.utime(repo.root / "handoff.json", (hour_ago, hour_ago))
    repo.write("c.py", "c\n")
    repo.commit("more work")
    said = _play(repo)
    assert len(said) == 1 and "packet-outdated" in said[0], said
    assert "1 later commit touches" in said[0] and deleted[:12] not in said[0], said[0]
    assert "update handoff.json --verify" in said[0], said[0]
    report = check(run_cli, repo.root)
    assert not hits(report, "packet-outdated"), report


def test_new_and_update_say_an_ignored_packet_stays_local(tmp_path: Path, run_cli: Any) -> None:
    """gpcr-ptm: `new` wrote the git-ignored handoff.json and said nothing; the merge gate and
    CI never saw it."""
    repo = GitRepo(tmp_path / "repo")
    _gpcr(repo)
    options = ["--summary", "Classify added.", "--next-action", "Test arrestins."]
    new = run_cli(
        ["new", *options, "--verdict-pointer", "https://ci.example.com/run/1"], cwd=repo.root
    )
    assert new.code == 0, new.err
    said = [line for line in new.err.splitlines() if "ignored by git" in line]
    assert said == [
        "note: handoff.json is ignored by git (.gitignore:1 `handoff.json`), so it stays on "
        "this machine: the merge gate and CI will not see it; to commit it anyway, "
        "`git add -f -- handoff.json`"
    ], new.err
    update = run_cli(["update", "--next-action", "Test arrestins twice."], cwd=repo.root / "b")
    assert update.code == 0, update.err
    assert "`git add -f -- ../handoff.json`" in update.err, update.err
    assert repo.git("add", "-f", "--", "handoff.json") == ""
    repo.git("add", "handoff.md")
    repo.commit("handoff")
    again = run_cli(["update", "--next-action", "Test arrestins again."], cwd=repo.root)
    assert again.code == 0 and "ignored by git" not in again.err, again.err


def test_the_merge_gate_tells_an_ignored_packet_s_commit_by_force(
    tmp_path: Path, run_cli: Any
) -> None:
    """gpcr-ptm: `check --target-branch` told `git add -- :/handoff.json`, which git refuses
    for an ignored file; the command it prints now commits it."""
    repo = GitRepo(tmp_path / "repo")
    _gpcr(repo)
    options = ["--summary", "Classify added.", "--next-action", "Test arrestins."]
    new = run_cli(
        ["new", *options, "--verdict-pointer", "https://ci.example.com/run/1"], cwd=repo.root
    )
    assert new.code == 0, new.err
    repo.git("add", "handoff.md")
    repo.commit("handoff")
    update = run_cli(["update", "--next-action", "Test arrestins twice."], cwd=repo.root)
    assert update.code == 0, update.err
    gate = run_cli(["check", "--target-branch", "main"], cwd=repo.root)
    told = re.search(r"commit it \(`(git add [^`]*)`", gate.out)
    assert told is not None, gate.out
    assert told[1].startswith("git add -f -- :/handoff.json :/handoff.md && "), told[1]
    assert "-f as git ignores handoff.json" in gate.out, gate.out
    done = subprocess.run(["sh", "-c", told[1]], cwd=repo.root, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "handoff.json" in repo.git("ls-files")


@pytest.mark.parametrize("first", ["Stop", "SessionStart"])
def test_a_touch_does_not_refresh_an_ignored_note(tmp_path: Path, run_cli: Any, first: str) -> None:
    """A git-ignored HANDOFF.md is dated by its file time: `touch HANDOFF.md` after the hook
    found it outdated (or after a session began with it) let the hook end the session, and
    `show` called the stale note current. A text an earlier reading saw is dated no later than
    then; changing its words, as the hook's fix does, is what refreshes it."""
    repo = GitRepo(tmp_path / "repo")
    repo.write(".gitignore", "HANDOFF.md\n")
    repo.write("README.md", "# tool\n")
    repo.commit("ignore the note", date=_stamp(5 * 3600))
    repo.git("switch", "-qc", "feat/help")
    repo.write("README.md", "# tool\n\nExport help.\n")
    repo.commit("work", date=_stamp(3 * 3600))
    repo.write("HANDOFF.md", NOTE.format(title="Export"))
    two_hours_ago = time.time() - 7200
    os.utime(repo.root / "HANDOFF.md", (two_hours_ago, two_hours_ago))
    if first == "SessionStart":
        start = run_hook(claude_start(repo.root), cwd=repo.root)
        assert "Write the protocol table" in start.out, start.out + start.err
    repo.write("docs/table.md", "row\n")
    repo.commit("table")
    if first == "Stop":
        stop = run_hook(stop_event(repo.root), cwd=repo.root)
        assert stop.code == 2 and "HANDOFF.md handoff-outdated" in stop.err, stop.err

    os.utime(repo.root / "HANDOFF.md")  # touch: the words stay as they were
    stop = run_hook(stop_event(repo.root), cwd=repo.root)
    assert stop.code == 2 and "HANDOFF.md handoff-outdated" in stop.err, stop.err
    with (repo.root / "HANDOFF.md").open("a", encoding="utf-8") as note:
        note.write("\n  \n")  # a blank line (re-review 58-4): no word changed either
    stop = run_hook(stop_event(repo.root), cwd=repo.root)
    assert stop.code == 2 and "HANDOFF.md handoff-outdated" in stop.err, stop.err
    show = run_cli(["show"], cwd=repo.root)
    assert "it is outdated" in show.out + show.err, show.out + show.err
    checked = run_cli(["check", "HANDOFF.md"], cwd=repo.root)
    assert "handoff-outdated" in checked.out, checked.out + checked.err

    said = _play(repo)
    assert len(said) == 1, said
    assert "## Since then" in (repo.root / "HANDOFF.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "line", [f"{FOLDER}/", FOLDER, f"/{FOLDER}/", ".claude/", f"{FOLDER}/*", f"{FOLDER}/*.md"]
)
def test_a_base_line_ignoring_the_series_folder_keeps_its_files_local(
    tmp_path: Path, line: str
) -> None:
    """A line that ignores the series folder by name (``.claude/handoffs/``) keeps its files
    out of git as the wider lines do: the file the session writes there is the branch's
    handoff, read from the work tree, never to be added by force (it was told "ignored by git
    on purpose (… ignores other files too, all of .claude/handoffs/) … add it by force")."""
    repo = GitRepo(tmp_path / "repo")
    repo.write(".gitignore", f"{line}\n")
    repo.write("README.md", "# vero\n")
    repo.commit("ignore the handoffs")
    repo.git("switch", "-qc", "try")
    repo.write("README.md", "# vero\n\nExport help.\n")
    repo.commit("work")

    written = f"{FOLDER}/{datetime.now(UTC):%Y-%m-%d}-parser.md"
    repo.write(written, NOTE.format(title="Parser"))
    stop = run_hook(stop_event(repo.root), cwd=repo.root)
    assert stop.code == 0 and "add it by force" not in stop.err, stop.err
    assert written not in repo.git("ls-files") and not repo.git("status", "--porcelain")
    said = subprocess.run(
        [sys.executable, "-m", "handoff_audit", "check"], cwd=repo.root, capture_output=True
    )
    assert said.returncode == 0, said.stderr
    assert f"{written} is kept out of git on purpose (the .gitignore line `{line}`" in (
        said.stderr.decode()
    )
