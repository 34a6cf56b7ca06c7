"""A series the repository's own committed ``.gitignore`` keeps out of git (xrf9268-hue/sbx:
``.claude/handoffs/*.md``, "ignore active handoffs to prevent accidental sensitive data
commits"): the Stop hook takes the handoff the session wrote there, uncommitted and ignored, as
the branch's handoff, judged from the work tree; nothing it or `check` prints asks to commit
that file, by force or by deleting the line. Real repositories, the real CLI and hook, an agent
knowing only what the hook prints."""

from __future__ import annotations

import os
import re
import subprocess
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from agent_support import run_hook, stop_event
from conftest import GitRepo
from handoff_audit.authoring.agent_gate import judge
from handoff_audit.git import plumbing


def today() -> str:
    """Today, as the hook dates a new series file, read when the test runs (never when the
    module is collected, minutes earlier, maybe the day before): a fixed date would fall before
    tomorrow's commits."""
    return datetime.now(UTC).date().isoformat()


FOLDER = ".claude/handoffs"
IGNORE = (
    "# Handoffs (ignore active handoffs to prevent accidental sensitive data commits)\n"
    f"{FOLDER}/*.md\n!{FOLDER}/README.md\n!{FOLDER}/archive/\n"
)
README = "# Handoffs Directory\n\nHandoff files follow this pattern: `YYYY-MM-DD-slug.md`.\n"
HANDOFF = (
    "# {title}\n\nState: the export help is drafted in `README.md`; the tests pass.\n\n"
    '## Next step\nWrite the protocol table under "Usage" in `README.md`.\n\n'
    "## Decisions\nChose one README section because the help is short.\n\n"
    "## Ruled out\nTried a docs/ page; rejected: docs/ is generated.\n"
)
OLD = f"{FOLDER}/2026-11-20-reality-validation.md"
COMMITTING = re.compile(
    r"add -f|check-ignore|remove that line|delete the lines|git add\b[^`]*handoffs/2"
)


def _sbx(repo: GitRepo, older: int = 1, work: str | None = None) -> None:
    """sbx's layout: the ignore rule and the folder's README committed, older handoffs of the
    series left in the work tree, ignored, by earlier sessions; a branch with work of its own."""
    repo.write("README.md", "# sbx\n")
    repo.write(".gitignore", IGNORE)
    repo.write(f"{FOLDER}/README.md", README)
    for number in range(older):
        repo.write(OLD.replace("reality", f"reality-{number}") if number else OLD, "# old\n")
    repo.commit("main", date="2026-11-20T08:00:00Z")
    assert FOLDER + "/2026" not in repo.git("ls-files")
    repo.git("switch", "-qc", "try")
    repo.write("README.md", "# sbx\n\nExport help.\n")
    repo.commit("work", date=work)


def _ago(seconds: float) -> tuple[float, str]:
    """The time ``seconds`` ago, as a file time and as a commit date."""
    when = time.time() - seconds
    return when, datetime.fromtimestamp(when, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def test_an_agent_writes_the_ignored_handoff_as_told_and_the_next_stop_passes(
    tmp_path: Path, run_cli: Any
) -> None:
    repo = GitRepo(tmp_path / "repo")
    _sbx(repo)
    first = run_hook(stop_event(repo.root), cwd=repo.root)
    assert first.code == 2 and "no active handoff" in first.err, first.err
    assert COMMITTING.search(first.err) is None, first.err
    assert "leave it out of git" in first.err, first.err
    told = re.search(r"write the next one, (\S+),", first.err)
    assert told is not None, first.err
    written = told[1].replace("<topic>", "export-help")

    repo.write(written, HANDOFF.format(title="Export help"))
    second = run_hook(stop_event(repo.root), cwd=repo.root)
    assert second.code == 0, second.err
    assert COMMITTING.search(second.err) is None, second.err
    assert written not in repo.git("ls-files") and repo.git("status", "--porcelain") == ""

    check = run_cli(["check"], cwd=repo.root)
    assert COMMITTING.search(check.err) is None, check.err
    assert f"{OLD}, {written} are kept out of git on purpose" in check.err, check.err
    assert f"`handoff-audit check {written}`" in check.err, check.err


def test_the_ignored_handoff_is_judged_and_mended_in_the_work_tree(tmp_path: Path) -> None:
    """Its findings block as a committed handoff's do; the last line asks for no commit, as
    mending it commits nothing."""
    repo = GitRepo(tmp_path / "repo")
    _sbx(repo)
    written = f"{FOLDER}/{today()}-export-help.md"
    repo.write(written, HANDOFF.format(title="Export help").split("## Next step")[0])
    first = run_hook(stop_event(repo.root), cwd=repo.root)
    assert first.code == 2, first.err
    assert f"{written}" in first.err and "md-incomplete" in first.err, first.err
    assert COMMITTING.search(first.err) is None, first.err
    assert first.lines[-1].endswith(", then stop again.") and "commit" not in first.lines[-1]
    repo.write(written, HANDOFF.format(title="Export help"))
    assert run_hook(stop_event(repo.root), cwd=repo.root).code == 0


def test_git_processes_do_not_grow_with_the_series_files(tmp_path: Path) -> None:
    counts = []
    for older in (1, 6):
        repo = GitRepo(tmp_path / str(older))
        _sbx(repo, older)
        written = f"{FOLDER}/{today()}-export-help.md"
        repo.write(written, HANDOFF.format(title="Export help"))
        start = plumbing.spawn_count()
        gate = judge(repo.root)
        counts.append(plumbing.spawn_count() - start)
        assert gate.problems == [], gate.problems
        assert [p.path for p in gate.packets] == [written]
    assert counts[0] == counts[1], counts


def test_a_line_not_committed_yet_is_no_owner_s_rule(tmp_path: Path) -> None:
    """A wildcard line the session added to `.gitignore` and did not commit keeps nothing out
    of git on the owner's behalf: the hook does not take the ignored file as the handoff."""
    repo = GitRepo(tmp_path / "repo")
    repo.write("README.md", "# sbx\n")
    repo.commit("main", date="2026-11-20T08:00:00Z")
    repo.git("switch", "-qc", "try")
    repo.write("README.md", "# sbx\n\nExport help.\n")
    repo.commit("work")
    repo.write(".gitignore", f"{FOLDER}/*.md\n")
    repo.write(f"{FOLDER}/{today()}-export-help.md", HANDOFF.format(title="Export help"))
    gate = judge(repo.root)
    assert gate.packets == [] and gate.local == (), gate
    assert gate.problems, gate


def test_update_does_not_ask_to_commit_the_ignored_series(tmp_path: Path, run_cli: Any) -> None:
    """`update` found no packet to refresh and blamed the owner's ignore line for it."""
    repo = GitRepo(tmp_path / "repo")
    _sbx(repo)
    repo.write(f"{FOLDER}/{today()}-export-help.md", HANDOFF.format(title="Export help"))
    update = run_cli(["update", "--next-action", "Write the table."], cwd=repo.root)
    assert update.code == 2, update.err
    assert COMMITTING.search(update.err) is None, update.err
    assert "no active packet to update" in update.err, update.err


def _fill(command: str) -> str:
    """The printed fix with its ``<...>`` parts filled in, as an agent does."""
    return re.sub(r'"<[^>]*>"', '"Wrote the table; next: the footnotes."', command)


def test_commits_after_the_local_handoff_outdate_it_until_it_is_updated(tmp_path: Path) -> None:
    """Its file time is when it was last written: commits after it (beyond a minute) leave it
    behind the work, as later commits leave a committed handoff; the agent, knowing only what
    the hook prints, appends what changed from its own folder and the next stop passes."""
    repo = GitRepo(tmp_path / "repo")
    _sbx(repo, work=_ago(7200)[1])
    written = written_an_hour_ago(repo, f"{today()}-export-help.md")
    assert run_hook(stop_event(repo.root), cwd=repo.root).code == 0, "written after the work"
    for number in range(6):
        repo.write("docs/table.md", f"row {number}\n")
        repo.commit(f"table row {number}")

    agent = repo.root / "docs"
    first = run_hook(stop_event(agent), cwd=agent)
    assert first.code == 2 and "handoff-outdated" in first.err, first.err
    assert "6 later commits" in first.err and "`table row 5`" in first.err, first.err
    assert COMMITTING.search(first.err) is None, first.err
    fix = next(line for line in first.lines if line.startswith("  fix: "))
    assert f"> ../{written}" in fix, fix
    done = subprocess.run(["sh", "-c", _fill(fix[7:])], cwd=agent, capture_output=True)
    assert done.returncode == 0, done.stderr
    assert "## Since then" in (repo.root / written).read_text()
    second = run_hook(stop_event(agent), cwd=agent)
    assert second.code == 0, second.err
    assert written not in repo.git("ls-files")


def test_a_commit_within_a_minute_of_the_handoff_leaves_it_current(tmp_path: Path) -> None:
    """The agent writes its handoff, then commits the work it describes."""
    repo = GitRepo(tmp_path / "repo")
    _sbx(repo)
    written = f"{FOLDER}/{today()}-export-help.md"
    repo.write(written, HANDOFF.format(title="Export help"))
    half_a_minute_ago = time.time() - 30
    os.utime(repo.root / written, (half_a_minute_ago, half_a_minute_ago))
    repo.write("docs/table.md", "row\n")
    repo.commit("table")
    assert run_hook(stop_event(repo.root), cwd=repo.root).code == 0


def test_a_file_named_today_but_written_before_the_branch_is_not_its_handoff(
    tmp_path: Path,
) -> None:
    """The date in its name says nothing of who wrote it: last modified before the branch's
    first own commit, it is an earlier session's, and the hook asks for the branch's own."""
    repo = GitRepo(tmp_path / "repo")
    _sbx(repo)
    day = today()
    left = f"{FOLDER}/{day}-earlier-session.md"
    repo.write(left, HANDOFF.format(title="Earlier session"))
    two_hours_ago = _ago(7200)[0]
    os.utime(repo.root / left, (two_hours_ago, two_hours_ago))
    first = run_hook(stop_event(repo.root), cwd=repo.root)
    assert first.code == 2 and "no active handoff" in first.err, first.err
    assert f"write the next one, {FOLDER}/{day}-<topic>.md," in first.err, first.err
    assert COMMITTING.search(first.err) is None, first.err

    repo.write(f"{FOLDER}/{day}-export-help.md", HANDOFF.format(title="Export help"))
    assert run_hook(stop_event(repo.root), cwd=repo.root).code == 0


def test_a_series_folder_holding_no_tracked_file_is_seen(tmp_path: Path) -> None:
    """No README tracked there: git lists the whole folder as one ``.claude/`` entry, which
    hid the files in it, so the hook asked for a handoff it never saw, however often written."""
    repo = GitRepo(tmp_path / "repo")
    repo.write("README.md", "# sbx\n")
    repo.write(".gitignore", f"{FOLDER}/*.md\n")
    repo.commit("main", date="2026-11-20T08:00:00Z")
    repo.write(OLD, "# old\n")
    repo.git("switch", "-qc", "try")
    repo.write("README.md", "# sbx\n\nExport help.\n")
    repo.commit("work")
    assert repo.git("status", "--porcelain", "--ignored") == "!! .claude/"

    first = run_hook(stop_event(repo.root), cwd=repo.root)
    assert first.code == 2 and "no active handoff" in first.err, first.err
    told = re.search(r"write the next one, (\S+),", first.err)
    assert told is not None and "leave it out of git" in first.err, first.err
    repo.write(told[1].replace("<topic>", "export-help"), HANDOFF.format(title="Export help"))
    second = run_hook(stop_event(repo.root), cwd=repo.root)
    assert second.code == 0, second.err


def test_git_processes_do_not_grow_with_the_ignored_series_folders(tmp_path: Path) -> None:
    """Each folder was asked apart (its ignoring lines, their commit, its base's files): about
    three git processes a folder."""
    counts = []
    day = today()
    for folders in (1, 10):
        repo = GitRepo(tmp_path / str(folders))
        written = kept_out_folders(repo, folders, day)
        start = plumbing.spawn_count()
        gate = judge(repo.root)
        counts.append(plumbing.spawn_count() - start)
        assert gate.problems == [], gate.problems
        assert [p.path for p in gate.packets] == [written]
    assert counts[0] == counts[1], counts


def test_a_line_the_branch_committed_is_no_owner_s_rule(tmp_path: Path) -> None:
    """The owner's rule is one the default branch already commits: a wildcard line the branch
    added and committed itself keeps its handoff out of git on nobody's behalf, so its file is
    to be committed, as before such lines were read as the owner's."""
    repo = GitRepo(tmp_path / "repo")
    repo.write("README.md", "# sbx\n")
    repo.commit("main", date="2026-11-20T08:00:00Z")
    repo.git("switch", "-qc", "try")
    repo.write("README.md", "# sbx\n\nExport help.\n")
    repo.write(".gitignore", IGNORE)
    repo.write(f"{FOLDER}/README.md", README)
    repo.commit("work")
    written = f"{FOLDER}/{today()}-export-help.md"
    repo.write(written, HANDOFF.format(title="Export help"))
    gate = judge(repo.root)
    assert gate.local == () and gate.packets == [] and gate.problems, gate
    hook = run_hook(stop_event(repo.root), cwd=repo.root)
    assert hook.code == 2 and f"git add -f -- {written}" in hook.err, hook.err
    assert "leave it out of git" not in hook.err, hook.err

    repo.git("switch", "-q", "main")
    repo.git("merge", "-q", "--ff-only", "try")
    repo.git("switch", "-qc", "next")
    repo.write("README.md", "# sbx\n\nExport help, and its table.\n")
    repo.commit("more work")
    assert judge(repo.root).local == (written,)  # main commits the line now: the owner's


def test_a_rebase_or_a_reworded_commit_leaves_the_local_handoff_current(tmp_path: Path) -> None:
    """Rebase and amend give the commits a new committer time, not new work: the handoff
    written after the work still describes it, so they do not outdate it."""
    repo = GitRepo(tmp_path / "repo")
    _sbx(repo, work=_ago(7200)[1])
    written_an_hour_ago(repo, f"{today()}-export-help.md")
    assert run_hook(stop_event(repo.root), cwd=repo.root).code == 0

    repo.git("commit", "-q", "--amend", "-m", "work, better worded")
    amended = run_hook(stop_event(repo.root), cwd=repo.root)
    assert amended.code == 0, amended.err

    repo.git("switch", "-q", "main")
    repo.write("LICENSE", "MIT\n")
    repo.commit("license", date=_ago(1800)[1])
    repo.git("switch", "-q", "try")
    repo.git("rebase", "-q", "main")
    rebased = run_hook(stop_event(repo.root), cwd=repo.root)
    assert rebased.code == 0, rebased.err


def _claude_ignored(repo: GitRepo, where: str) -> str:
    """A repository ignoring the whole ``.claude/`` folder by a line in ``where`` (its
    settings.local.json with it), a branch with work, and the handoff the session wrote in
    ``.claude/handoffs/``."""
    repo.write("README.md", "# app\n")
    if where == ".gitignore":
        repo.write(".gitignore", ".claude/\n")
    repo.commit("main", date="2026-11-20T08:00:00Z")
    if where != ".gitignore":
        with (repo.root / where).open("a", encoding="utf-8") as lines:
            lines.write(".claude/\n")
    repo.write(".claude/settings.local.json", '{"token": "x"}\n')
    repo.git("switch", "-qc", "try")
    repo.write("README.md", "# app\n\nExport help.\n")
    repo.commit("work")
    written = f"{FOLDER}/{today()}-export-help.md"
    repo.write(written, HANDOFF.format(title="Export help"))
    return written


def _still_ignored(repo: GitRepo, where: str) -> None:
    assert repo.git("check-ignore", "-v", ".claude/settings.local.json").startswith(where)
    assert repo.git("status", "--porcelain", "--", ".gitignore") == ""


def test_a_whole_ignored_claude_folder_is_never_asked_to_be_unignored(tmp_path: Path) -> None:
    """The owner's committed `.claude/` line keeps settings.local.json out of git too:
    deleting it, as the hook asked, would let that file in. The handoff written under it is
    the branch's, as the work tree holds it, as in a series the owner keeps out of git."""
    repo = GitRepo(tmp_path / "repo")
    written = _claude_ignored(repo, ".gitignore")
    stop = run_hook(stop_event(repo.root), cwd=repo.root)
    assert stop.code == 0, stop.err
    assert COMMITTING.search(stop.err) is None, stop.err
    _still_ignored(repo, ".gitignore")
    repo.write(written, HANDOFF.format(title="Export help").split("## Next step")[0])
    incomplete = run_hook(stop_event(repo.root), cwd=repo.root)
    assert incomplete.code == 2 and "md-incomplete" in incomplete.err, incomplete.err
    assert COMMITTING.search(incomplete.err) is None, incomplete.err


def test_a_whole_folder_line_not_the_owner_s_gets_add_f_and_stays(
    tmp_path: Path, run_cli: Any
) -> None:
    """`.claude/` in this clone's `.git/info/exclude`: the hook's fix adds the handoff by
    force; the agent running it and committing gets out of the loop, the line kept. `check`
    and `update` never ask for that line to be deleted either."""
    repo = GitRepo(tmp_path / "repo")
    written = _claude_ignored(repo, ".git/info/exclude")
    for args in (["check"], ["update", "--next-action", "Write the table."]):
        said = run_cli(args, cwd=repo.root).err
        assert f"{written} is ignored by git on purpose" in said and "add it by force" in said
        assert not re.search(r"check-ignore|remove that line|delete the lines", said), said
    first = run_hook(stop_event(repo.root), cwd=repo.root)
    assert first.code == 2 and f"git add -f -- {written}" in first.err, first.err
    assert not re.search(r"check-ignore|remove that line|delete the lines", first.err), first.err
    fix = next(line for line in first.lines if line.startswith("  fix: "))
    done = subprocess.run(["sh", "-c", fix[7:]], cwd=repo.root, capture_output=True)
    assert done.returncode == 0, done.stderr
    repo.git("commit", "-qm", "handoff")
    second = run_hook(stop_event(repo.root), cwd=repo.root)
    assert second.code == 0, second.err
    _still_ignored(repo, ".git/info/exclude")


def _nested(repo: GitRepo, ignore: str, folders: list[str]) -> str:
    """A repository whose committed `.gitignore` (``ignore``) keeps a whole tree out of git,
    with series folders of the defaults deeper in it (``folders``), each holding an earlier
    session's file; a branch with work, and the handoff the session wrote in the first one."""
    repo.write("README.md", "# app\n")
    repo.write(".gitignore", ignore)
    repo.commit("main", date="2026-11-20T08:00:00Z")
    for folder in folders:
        repo.write(f"{folder}/2026-11-20-old.md", "# old\n")
    repo.git("switch", "-qc", "try")
    repo.write("README.md", "# app\n\nExport help.\n")
    repo.commit("work")
    written = f"{folders[0]}/{today()}-export-help.md"
    repo.write(written, HANDOFF.format(title="Export help"))
    return written


def test_a_series_folder_deep_in_a_wholly_ignored_tree_is_seen(tmp_path: Path) -> None:
    """Git lists the ignored tree as one entry (``tools/``, ``packages/``): a series folder
    two levels or more below it, found by the default globs when tracked, was never asked
    for, so the hook asked for a handoff the session had written. Git processes do not grow
    with the number of such folders."""
    cases = [
        (".claude/\n", "tools/x/.claude/handoffs"),  # tools/ holds only ignored files
        ("packages/\n", "packages/a/docs/handoffs"),
        (".claude/\n", ".claude/x/handoffs"),
    ]
    for number, (ignore, folder) in enumerate(cases):
        repo = GitRepo(tmp_path / str(number))
        written = _nested(repo, ignore, [folder])
        assert "/" not in repo.git("status", "--porcelain", "--ignored").split()[-1].rstrip("/")
        stop = run_hook(stop_event(repo.root), cwd=repo.root)
        assert stop.code == 0, (folder, stop.err)
        assert judge(repo.root).local == (written,), folder
        repo.write(written, HANDOFF.format(title="Export help").split("## Next step")[0])
        incomplete = run_hook(stop_event(repo.root), cwd=repo.root)
        assert incomplete.code == 2 and "md-incomplete" in incomplete.err, incomplete.err
        assert COMMITTING.search(incomplete.err) is None, incomplete.err
    counts = []
    for many in (1, 8):
        repo = GitRepo(tmp_path / f"many{many}")
        folders = [f"packages/p{n}/docs/handoffs" for n in range(many)]
        written = _nested(repo, "packages/\n", folders)
        start = plumbing.spawn_count()
        gate = judge(repo.root)
        counts.append(plumbing.spawn_count() - start)
        assert gate.problems == [] and gate.local == (written,), gate
    assert counts[0] == counts[1], counts


def _folders(top: Path, many: int) -> None:
    for n in range(many):
        (top / f"d{n:05}").mkdir(parents=True)
        (top / f"d{n:05}" / "o.bin").write_bytes(b"")


def test_a_big_ignored_tree_does_not_hide_a_series_in_another(tmp_path: Path, run_cli: Any) -> None:
    """An ignored ``build/`` of 5,200 folders, sorting before ``tools/``, used up the walk's
    5,000 folders, so the handoff under ``tools/`` was never found: the hook asked for it at
    every stop and `show` said the branch had none."""
    repo = GitRepo(tmp_path / "repo")
    written = _nested(repo, ".claude/\ntools/\nbuild/\n", ["tools/x/.claude/handoffs"])
    _folders(repo.root / "build", 5_200)
    stop = run_hook(stop_event(repo.root), cwd=repo.root)
    assert stop.code == 0, stop.err
    shown = run_cli(["show"], cwd=repo.root)
    assert f"{written} is this branch's handoff" in shown.out, shown.out + shown.err


def test_the_walk_of_an_ignored_tree_is_bounded_in_breadth_and_depth(tmp_path: Path) -> None:
    """A build tree git ignores whole is walked on every stop, shallow folders first: in each
    ignored top folder, past 5,000 folders (one deep, in name order, then two deep, ...) the
    walk stops, and it looks no deeper than ten folders below it: a series seven deep in a
    monorepo (``ws/apps/web/src/feature/x/.claude/handoffs``) was missed at six."""
    for many, found in ((4_990, True), (5_000, False)):
        repo = GitRepo(tmp_path / str(many))
        written = _nested(repo, ".claude/\nbuild/\n", ["tools/x/.claude/handoffs"])
        _folders(repo.root / "tools" / "build", many)
        assert judge(repo.root).local == ((written,) if found else ()), many
    for deep, found in (
        ("a/b/c/d/e", True),
        ("a/b/c/d/e/f/g/h", True),
        ("a/b/c/d/e/f/g/h/i", False),
    ):
        repo = GitRepo(tmp_path / deep.replace("/", ""))
        written = _nested(repo, ".claude/\n", [f"tools/{deep}/.claude/handoffs"])
        assert judge(repo.root).local == ((written,) if found else ()), deep


def test_a_numbered_local_handoff_outdated_is_told_its_next_number(tmp_path: Path) -> None:
    """In a numbered series kept out of git, `handoff-outdated` names the next number, in the
    series' format, never a dated file; written, that file is the branch's handoff."""
    repo = GitRepo(tmp_path / "repo")
    _sbx(repo, older=0, work=_ago(7200)[1])
    written_an_hour_ago(repo, "009-export-help.md")
    repo.write("docs/table.md", "row\n")
    repo.commit("table")

    first = run_hook(stop_event(repo.root), cwd=repo.root)
    assert first.code == 2 and "handoff-outdated" in first.err, first.err
    following = f"{FOLDER}/010-<topic>.md"
    assert f"or write the series' next numbered handoff, {following}\n" in first.err, first.err
    assert "next dated" not in first.err, first.err
    repo.write(following.replace("<topic>", "table"), HANDOFF.format(title="Table"))
    assert run_hook(stop_event(repo.root), cwd=repo.root).code == 0


def kept_out_folders(repo: GitRepo, folders: int, day: str) -> str:
    """A repository whose `.gitignore` keeps ``folders`` series folders (``pkgN/.claude/
    handoffs``, each with a README and an earlier session's file) out of git, a branch with
    work, and the handoff the session wrote in the first, dated ``day``: its path."""
    repo.write(".gitignore", "**/.claude/handoffs/*.md\n!**/.claude/handoffs/README.md\n")
    for number in range(folders):
        repo.write(f"pkg{number}/{FOLDER}/README.md", README)
        repo.write(f"pkg{number}/{FOLDER}/2026-11-20-old.md", "# old\n")
    repo.commit("main", date="2026-11-20T08:00:00Z")
    repo.git("switch", "-qc", "try")
    repo.write("pkg0/app.py", "A = 1\n")
    repo.commit("work")
    written = f"pkg0/{FOLDER}/{day}-export-help.md"
    repo.write(written, HANDOFF.format(title="Export help"))
    return written


def test_a_kept_out_series_with_no_file_yet_is_offered_first_for_the_missing_handoff(
    tmp_path: Path, run_cli: Any
) -> None:
    """The folder holds only its tracked README: the "no handoff" block names the series' next
    file first, kept out of git, and `new` as the other way; written as told, the next stop
    passes and `show` hands it over."""
    repo = GitRepo(tmp_path / "repo")
    _sbx(repo, older=0)
    first = run_hook(stop_event(repo.root), cwd=repo.root)
    assert first.code == 2 and "no active handoff" in first.err, first.err
    fix = next(line for line in first.lines if "fix: " in line)
    named = f"{FOLDER}/{today()}-<topic>.md"
    assert f"write the next one, {named}," in fix and "leave it out of git" in fix, first.err
    assert "or, for a committed packet instead: `" in first.err and " new " in first.err
    assert COMMITTING.search(first.err) is None, first.err
    written = named.replace("<topic>", "export-help")
    repo.write(written, HANDOFF.format(title="Export help"))
    second = run_hook(stop_event(repo.root), cwd=repo.root)
    assert second.code == 0, second.err
    assert written not in repo.git("ls-files") and repo.git("status", "--porcelain") == ""
    shown = run_cli(["show"], cwd=repo.root)
    assert f"{written} is this branch's handoff" in shown.out, shown.out + shown.err


def written_an_hour_ago(repo: GitRepo, name: str) -> str:
    """The session's handoff ``name`` written into the kept-out series an hour ago (its file
    time): its path."""
    written = f"{FOLDER}/{name}"
    repo.write(written, HANDOFF.format(title="Export help"))
    hour_ago = _ago(3600)[0]
    os.utime(repo.root / written, (hour_ago, hour_ago))
    return written
