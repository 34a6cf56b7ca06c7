"""Shallow clones (``git clone --depth 1 file://…``, as CI checks out): never changed unless
``--fetch-history`` (or ``ci``) allows it, then deepened when needed; never call a commit unknown
only because the clone is shallow."""

from __future__ import annotations

import json
from pathlib import Path

from agent_support import run_hook, stop_event
from git_helpers import check, git, hits, packet


def _origin(git_repo, behind: int = 5) -> str:  # type: ignore[no-untyped-def]
    git_repo.write("src/app.py", "start\n")
    lkg = git_repo.commit("start")
    for i in range(behind - 1):
        git_repo.write("src/app.py", f"step {i}\n")
        git_repo.commit(f"step {i}")
    git_repo.write("handoff.json", packet(lkg=lkg, pointers=["src/app.py"]))
    git_repo.commit("handoff")
    return lkg


def _clone(origin: Path, tmp_path: Path) -> Path:
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", "1", origin.as_uri(), str(clone))
    assert git(clone, "rev-parse", "--is-shallow-repository") == "true"
    return clone


def test_check_never_fetches_into_a_shallow_clone_unless_asked(git_repo, tmp_path, run_cli) -> None:  # type: ignore[no-untyped-def]
    _origin(git_repo, behind=5)
    clone = _clone(git_repo.root, tmp_path)

    def snapshot() -> dict[str, tuple[int, int]]:
        return {
            str(p.relative_to(clone)): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in sorted((clone / ".git").rglob("*"))
            if p.is_file()
        }

    before = snapshot()
    report = check(run_cli, clone)
    assert snapshot() == before, "check wrote into the repository"
    assert git(clone, "rev-list", "--count", "HEAD") == "1"
    assert git(clone, "rev-parse", "--is-shallow-repository") == "true"
    [hit] = hits(report, "history-unavailable")
    assert "--fetch-history" in hit["message"] and "fetch-depth: 0" in hit["message"]
    assert not hits(report, "lkg-unknown") and not hits(report, "lkg-behind")


def test_shallow_clone_is_deepened_and_judged(git_repo, tmp_path, run_cli) -> None:  # type: ignore[no-untyped-def]
    _origin(git_repo, behind=5)
    clone = _clone(git_repo.root, tmp_path)
    report = check(run_cli, clone, "--fetch-history")
    assert report["packets"][0]["commits_behind"] == 5
    assert not hits(report, "history-unavailable") and not hits(report, "lkg-unknown")
    assert not hits(report, "packet-outdated")
    assert int(git(clone, "rev-list", "--count", "HEAD")) > 1


def test_shallow_clone_that_cannot_be_deepened_says_so(git_repo, tmp_path, run_cli) -> None:  # type: ignore[no-untyped-def]
    _origin(git_repo, behind=5)
    clone = _clone(git_repo.root, tmp_path)
    git(clone, "remote", "set-url", "origin", (tmp_path / "gone").as_uri())
    report = check(run_cli, clone, "--fetch-history")
    [hit] = hits(report, "history-unavailable")
    assert "shallow clone" in hit["message"] and "fetch-depth: 0" in hit["message"]
    assert "deepening failed" in hit["message"]
    assert hit["severity"] == "warning"
    assert not hits(report, "lkg-unknown") and not hits(report, "lkg-behind")
    # The boundary commit lists every file as new: that must not read as later work.
    assert not hits(report, "packet-outdated") and not hits(report, "packet-age")
    assert report["packets"][0]["commits_behind"] is None


def test_shallow_clone_without_a_remote(git_repo, tmp_path, run_cli) -> None:  # type: ignore[no-untyped-def]
    _origin(git_repo, behind=3)
    clone = _clone(git_repo.root, tmp_path)
    git(clone, "remote", "remove", "origin")
    [hit] = hits(check(run_cli, clone, "--fetch-history"), "history-unavailable")
    assert "no remote" in hit["message"] and "fetch-depth: 0" in hit["message"]


def test_unknown_commit_is_judged_once_the_full_history_is_there(
    git_repo, tmp_path, run_cli
) -> None:  # type: ignore[no-untyped-def]
    git_repo.write("src/app.py", "start\n")
    git_repo.commit("start")
    git_repo.write("handoff.json", packet(lkg="deadbeefdeadbeef"))
    git_repo.commit("handoff")
    clone = _clone(git_repo.root, tmp_path)
    report = check(run_cli, clone, "--fetch-history")
    assert git(clone, "rev-parse", "--is-shallow-repository") == "false"
    assert len(hits(report, "lkg-unknown")) == 1
    assert not hits(report, "history-unavailable")


def test_packet_age_after_deepening_uses_the_real_last_change(git_repo, tmp_path, run_cli) -> None:  # type: ignore[no-untyped-def]
    git_repo.write("src/app.py", "start\n")
    lkg = git_repo.commit("start", date="2020-01-01T00:00:00Z")
    git_repo.write("handoff.json", packet(lkg=lkg))
    changed = git_repo.commit("handoff", date="2020-01-02T00:00:00Z")
    for i in range(3):
        git_repo.write("handoff.md", f"twin {i}\n")
        git_repo.commit(f"twin {i}")
    clone = _clone(git_repo.root, tmp_path)
    report = check(run_cli, clone, "--fetch-history")
    [hit] = hits(report, "packet-age")
    assert changed[:12] in hit["message"]
    assert not hits(report, "history-unavailable") and not hits(report, "packet-outdated")


def _pull_request(git_repo) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """main moves on while feat holds the packet; refs/heads/pr-merge is GitHub's merge commit."""
    git_repo.write("src/app.py", "start\n")
    git_repo.commit("start")
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write("src/feature.py", "f\n")
    lkg = git_repo.commit("feature")
    git_repo.write("handoff.json", packet(branch="feat", lkg=lkg))
    pr_head = git_repo.commit("handoff")
    git_repo.git("checkout", "-q", "main")
    for i in range(12):
        git_repo.write("src/app.py", f"base {i}\n")
        git_repo.commit(f"base {i}")
    git_repo.git("checkout", "-q", "-b", "pr-merge")
    git_repo.git("merge", "-q", "--no-ff", "-m", "Merge feat into main", "feat")
    git_repo.git("checkout", "-q", "main")
    return lkg, pr_head


def _merge_checkout(git_repo, tmp_path):  # type: ignore[no-untyped-def]
    """A depth-1 clone of the pull request's merge commit, as actions/checkout makes it."""
    clone = tmp_path / "clone"
    git(
        tmp_path,
        "clone",
        "-q",
        "--depth",
        "1",
        "--branch",
        "pr-merge",
        git_repo.root.as_uri(),
        str(clone),
    )
    return clone


def test_pull_request_head_beyond_a_depth_one_merge_checkout(git_repo, tmp_path, run_cli) -> None:  # type: ignore[no-untyped-def]
    _lkg, pr_head = _pull_request(git_repo)
    clone = _merge_checkout(git_repo, tmp_path)
    git(clone, "checkout", "-q", "--detach")
    report = check(
        run_cli,
        clone,
        "--head",
        pr_head,
        "--branch",
        "feat",
        "--target-branch",
        "main",
        "--fetch-history",
    )
    assert report["head"] == pr_head
    assert report["packets"][0]["commits_behind"] == 1
    assert not hits(report, "history-unavailable") and not hits(report, "lkg-behind")
    assert hits(report, "active-in-merge")
    # main was fetched (one commit deep) to know the merge target: its tip is a new shallow
    # boundary, whose file list must not read as work done after the packet.
    assert "origin/main" in git(clone, "branch", "-r")
    assert not hits(report, "packet-outdated") and not hits(report, "packet-age")


def test_pull_request_head_unreachable_in_a_shallow_clone(git_repo, tmp_path, run_cli) -> None:  # type: ignore[no-untyped-def]
    _lkg, pr_head = _pull_request(git_repo)
    clone = _merge_checkout(git_repo, tmp_path)
    git(clone, "remote", "remove", "origin")
    report = check(run_cli, clone, "--head", pr_head, "--branch", "feat")
    [hit] = hits(report, "history-unavailable")
    assert pr_head in hit["message"] and "fetch-depth: 0" in hit["message"]
    assert report["head"] is None and not hits(report, "lkg-unknown")


def test_unknown_head_in_a_full_clone_is_a_usage_error(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    git_repo.write("handoff.json", packet())
    git_repo.commit("handoff")
    result = run_cli(["check", "--head", "abcdef1234"], cwd=git_repo.root)
    assert result.code == 2 and "--head abcdef1234: no such commit" in result.err


def test_deepening_error_never_shows_credentials(git_repo, tmp_path, run_cli) -> None:  # type: ignore[no-untyped-def]
    _origin(git_repo, behind=3)
    clone = _clone(git_repo.root, tmp_path)
    git(clone, "remote", "set-url", "origin", "http://user:s3cr3t-t0ken@127.0.0.1:9/repo.git")
    result = run_cli(["check", "--format", "json", "--fetch-history"], cwd=clone)
    assert "s3cr3t-t0ken" not in result.out + result.err
    assert "history-unavailable" in result.out


def test_pull_request_head_beyond_a_shallow_checkout_names_fetch_history(
    git_repo, tmp_path, run_cli
) -> None:  # type: ignore[no-untyped-def]
    _lkg, pr_head = _pull_request(git_repo)
    clone = _merge_checkout(git_repo, tmp_path)
    report = check(run_cli, clone, "--head", pr_head, "--branch", "feat")
    [hit] = hits(report, "history-unavailable")
    assert pr_head in hit["message"] and "--fetch-history" in hit["message"]
    assert git(clone, "rev-list", "--count", "HEAD") == "1"


def _undated_series(git_repo) -> None:  # type: ignore[no-untyped-def]
    """A series whose names carry no date and no number, committed in the reverse of their
    names' order: only the commits tell that ``notes-a.md`` is the newest."""
    git_repo.write("src/app.py", "start\n")
    git_repo.commit("start", date="2025-01-01T00:00:00Z")
    for month, letter in enumerate("cba", start=2):
        git_repo.write(f"docs/sessions/notes-{letter}.md", f"# Notes {letter}\n\nDid {letter}.\n")
        git_repo.commit(f"session {letter}", date=f"2025-{month:02d}-01T00:00:00Z")


def test_a_series_only_commits_order_is_no_silent_guess_in_a_shallow_clone(
    git_repo, tmp_path, run_cli
) -> None:  # type: ignore[no-untyped-def]
    _undated_series(git_repo)
    clone = _clone(git_repo.root, tmp_path)
    report = check(run_cli, clone)
    [packet] = report["packets"]
    [hit] = hits(report, "history-unavailable")
    assert hit["path"] == packet["path"]
    assert "docs/sessions/" in hit["message"] and "could not be told" in hit["message"]
    assert "--fetch-history" in hit["message"] and "fetch-depth: 0" in hit["message"]
    assert git(clone, "rev-parse", "--is-shallow-repository") == "true"  # nothing fetched


def test_a_series_only_commits_order_is_told_after_deepening_in_the_same_run(
    git_repo, tmp_path, run_cli
) -> None:  # type: ignore[no-untyped-def]
    _undated_series(git_repo)
    clone = _clone(git_repo.root, tmp_path)
    report = check(run_cli, clone, "--fetch-history")
    assert [(p["path"], p["history"]) for p in report["packets"]] == [
        ("docs/sessions/notes-a.md", ["docs/sessions/notes-b.md", "docs/sessions/notes-c.md"])
    ]
    assert not hits(report, "history-unavailable")
    # The same in a full clone, where nothing needs fetching.
    report = check(run_cli, git_repo.root)
    assert report["packets"][0]["path"] == "docs/sessions/notes-a.md"
    assert not hits(report, "history-unavailable")


def test_show_and_session_start_say_a_shallow_clone_s_current_file_is_a_guess(
    git_repo, tmp_path, run_cli
) -> None:  # type: ignore[no-untyped-def]
    """The brief a new session is handed says what `check` says: which file is current could
    not be told, the other files, and how to let git tell."""
    _undated_series(git_repo)
    clone = _clone(git_repo.root, tmp_path)
    shown = run_cli(["show"], cwd=clone)
    assert shown.code == 0, shown.err
    warning = shown.out.splitlines()[0]
    assert warning.startswith("Warning: docs/sessions/")
    assert "may not be the current handoff" in warning and "git fetch --unshallow" in warning
    assert warning.count("docs/sessions/notes-") == 3  # the guess and the two others
    started = run_hook(stop_event(clone, event="SessionStart"))
    assert started.code == 0, started.err
    context = json.loads(started.out)["hookSpecificOutput"]["additionalContext"]
    assert "may not be the current handoff" in context and "git fetch --unshallow" in context
    shown_full = run_cli(["show"], cwd=git_repo.root)
    assert "may not be the current handoff" not in shown_full.out


def test_a_dated_series_needs_no_history_in_a_shallow_clone(git_repo, tmp_path, run_cli) -> None:  # type: ignore[no-untyped-def]
    git_repo.write("src/app.py", "start\n")
    git_repo.commit("start")
    for name in ("session-2.md", "session-10.md"):
        git_repo.write(f"docs/sessions/{name}", "# Notes\n\nDid it.\n")
        git_repo.commit(name)
    clone = _clone(git_repo.root, tmp_path)
    report = check(run_cli, clone)
    assert report["packets"][0]["path"] == "docs/sessions/session-10.md"
    assert not hits(report, "history-unavailable")


def test_show_names_both_handoffs_of_one_date_a_shallow_clone_cannot_order(
    git_repo, tmp_path, run_cli
) -> None:  # type: ignore[no-untyped-def]
    """Locally nothing is fetched: the brief says the file shown is a guess, names the other
    file of its date and the fix."""
    git_repo.write("src/app.py", "start\n")
    git_repo.commit("start", date="2026-11-01T00:00:00Z")
    for letter, hour in (("b", "08"), ("a", "18")):
        text = f"# Handoff {letter}\n\n## State\nDid {letter}.\n\n## Next step\nDo {letter}2.\n"
        git_repo.write(f"docs/handoffs/2026-11-05-{letter}.md", text)
        git_repo.commit(f"handoff {letter}", date=f"2026-11-05T{hour}:00:00Z")
    git_repo.write("src/app.py", "more\n")
    git_repo.commit("more", date="2026-11-06T00:00:00Z")
    clone = _clone(git_repo.root, tmp_path)

    shown = run_cli(["show"], cwd=clone)

    assert shown.code == 0, shown.err
    warning = shown.out.splitlines()[0]
    assert warning.startswith("Warning: docs/handoffs/2026-11-05-b.md may not be the current")
    assert "docs/handoffs/2026-11-05-a.md gives the same date" in warning
    assert "git fetch --unshallow" in warning and "fetch-depth: 0" in warning
    started = run_hook(stop_event(clone, event="SessionStart"))
    assert started.code == 0, started.err
    context = json.loads(started.out)["hookSpecificOutput"]["additionalContext"]
    assert "docs/handoffs/2026-11-05-a.md gives the same date" in context
    assert git(clone, "rev-parse", "--is-shallow-repository") == "true"  # nothing fetched
    [hit] = hits(check(run_cli, clone), "history-unavailable")
    assert "2026-11-05-b.md and docs/handoffs/2026-11-05-a.md give the same date" in hit["message"]
    assert "Do a2." in run_cli(["show"], cwd=git_repo.root).out
