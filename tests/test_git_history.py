"""lkg-unknown, lkg-behind, packet-outdated, packet-age, dangling-pointer and the JSON report's
git fields, on real repositories."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from git_helpers import check, git_findings, hits, packet

OLD = "2020-01-01T00:00:00Z"
_UNIQUE = itertools.count()


def _commits(repo, n: int, file: str = "src/app.py") -> list[str]:  # type: ignore[no-untyped-def]
    shas = []
    for i in range(n):
        repo.write(file, f"version {next(_UNIQUE)}\n")
        shas.append(repo.commit(f"work {i}"))
    return shas


def test_lkg_within_limit_reports_exact_commits_behind(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _commits(git_repo, 1)[0]
    git_repo.write("handoff.json", packet(lkg=lkg))
    git_repo.commit("handoff")
    _commits(git_repo, 2)
    report = check(run_cli, git_repo.root)
    assert report["head"] == git_repo.head()
    assert report["branch"] == "main"
    assert report["packets"][0]["commits_behind"] == 3
    assert not hits(report, "lkg-behind") and not hits(report, "lkg-unknown")


def test_lkg_behind_names_count_and_limit(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _commits(git_repo, 1)[0]
    git_repo.write("handoff.json", packet(lkg=lkg[:7]))
    git_repo.commit("handoff")
    _commits(git_repo, 11)
    report = check(run_cli, git_repo.root)
    [hit] = hits(report, "lkg-behind")
    assert "12 commits behind" in hit["message"] and "limit is 10" in hit["message"]
    assert "`handoff-audit update handoff.json --verify CMD`" in hit["message"]
    assert hit["pointer"] == "/last_known_good_commit" and hit["line"] is not None
    assert report["packets"][0]["commits_behind"] == 12


def test_lkg_behind_message_is_the_one_its_rule_doc_quotes(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    """`explain lkg-behind` and docs/rules/lkg-behind.md quote the finding word for word (only the
    commits differ), so a user who greps a CI log for the documented text finds it."""
    from handoff_audit.rules.history import LKG_BEHIND

    [quoted] = re.findall(r'says "([^"]+)"', " ".join(LKG_BEHIND.doc.split()))
    lkg = _commits(git_repo, 1)[0]
    git_repo.write("handoff.json", packet(lkg=lkg))
    git_repo.commit("handoff")
    _commits(git_repo, 22)
    [hit] = hits(check(run_cli, git_repo.root), "lkg-behind")
    shape = re.escape(quoted)
    for sha in re.findall(r"\b[0-9a-f]{7,}\b", quoted):
        shape = shape.replace(sha, "[0-9a-f]+")
    assert re.search(shape, hit["message"]), (quoted, hit["message"])


def test_lkg_behind_counts_side_branches_merged_in(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _commits(git_repo, 1)[0]
    git_repo.git("checkout", "-q", "-b", "side")
    _commits(git_repo, 3, "src/side.py")
    git_repo.git("checkout", "-q", "main")
    _commits(git_repo, 2)
    git_repo.git("merge", "-q", "--no-ff", "-m", "merge side", "side")
    git_repo.write("handoff.json", packet(lkg=lkg))
    git_repo.commit("handoff")
    expected = int(git_repo.git("rev-list", "--count", f"{lkg}..HEAD"))
    report = check(run_cli, git_repo.root)
    assert report["packets"][0]["commits_behind"] == expected == 7


def test_lkg_unknown_for_a_commit_that_does_not_exist(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    _commits(git_repo, 1)
    git_repo.write("handoff.json", packet(lkg="deadbeefcafe"))
    git_repo.commit("handoff")
    report = check(run_cli, git_repo.root)
    [hit] = hits(report, "lkg-unknown")
    assert "deadbeefcafe is not a commit in this repository" in hit["message"]
    assert report["packets"][0]["commits_behind"] is None


def test_lkg_unknown_after_a_rebase_drops_the_commit(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    _commits(git_repo, 1)
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write("src/dropped.py", "x\n")
    dropped = git_repo.commit("experiment")
    git_repo.write("handoff.json", packet(branch="feat", lkg=dropped))
    git_repo.commit("handoff")
    git_repo.git("rebase", "-q", "--onto", f"{dropped}~1", dropped)
    assert git_repo.git("cat-file", "-t", dropped) == "commit"  # still in the object store
    report = check(run_cli, git_repo.root)
    [hit] = hits(report, "lkg-unknown")
    assert "not an ancestor of the commit checked" in hit["message"]
    assert "rebase" in hit["message"]


def test_lkg_on_another_branch_is_unknown_here(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    _commits(git_repo, 1)
    git_repo.git("checkout", "-q", "-b", "other")
    other = _commits(git_repo, 1, "src/other.py")[0]
    git_repo.git("checkout", "-q", "main")
    git_repo.write("handoff.json", packet(lkg=other))
    git_repo.commit("handoff")
    report = check(run_cli, git_repo.root)
    assert len(hits(report, "lkg-unknown")) == 1


def test_pull_request_merge_commit_does_not_inflate_commits_behind(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    _commits(git_repo, 1)
    git_repo.git("checkout", "-q", "-b", "feat")
    lkg = _commits(git_repo, 1, "src/feature.py")[0]
    git_repo.write("handoff.json", packet(branch="feat", lkg=lkg))
    pr_head = git_repo.commit("handoff")
    git_repo.git("checkout", "-q", "main")
    _commits(git_repo, 15, "src/base.py")
    # What actions/checkout does for a pull request: the merge commit, detached.
    git_repo.git("checkout", "-q", "--detach")
    git_repo.git("merge", "-q", "--no-ff", "-m", "Merge pr into main", pr_head)
    # Even the merge commit: main's 15 commits are main's, not the branch's later work.
    merged = check(run_cli, git_repo.root, "--branch", "feat")
    assert merged["packets"][0]["commits_behind"] == 2
    report = check(run_cli, git_repo.root, "--branch", "feat", "--head", pr_head)
    assert report["head"] == pr_head
    assert report["packets"][0]["commits_behind"] == 1
    assert not git_findings(report)


def test_outdated_names_newest_code_commit_and_its_files(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _commits(git_repo, 1)[0]
    git_repo.write("handoff.json", packet(lkg=lkg))
    git_repo.commit("handoff")
    git_repo.write("src/a.py", "a\n")
    git_repo.commit("older change")
    for name in ("b", "c", "d", "e"):
        git_repo.write(f"src/{name}.py", "b\n")
    newest = git_repo.commit("rework rounding")
    report = check(run_cli, git_repo.root)
    [hit] = hits(report, "packet-outdated")
    assert newest[:12] in hit["message"] and "rework rounding" in hit["message"]
    assert "`src/b.py`" in hit["message"] and "1 more file" in hit["message"]
    assert "refresh the packet with `handoff-audit update handoff.json`" in hit["message"]


def test_outdated_counts_later_commits_and_names_all_their_files(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _commits(git_repo, 1)[0]
    git_repo.write("handoff.json", packet(lkg=lkg))
    git_repo.commit("handoff")
    for number in (1, 2, 3):
        git_repo.write("src/f.py", f"version {number}\n")
        git_repo.write(f"src/g{number}.py", "g\n")
        newest = git_repo.commit(f"step {number}")
    report = check(run_cli, git_repo.root)
    [hit] = hits(report, "packet-outdated")
    message = hit["message"]
    assert f"3 later commits touch other files, the newest {newest[:12]} (`step 3`)" in message
    assert "together they changed `src/f.py`, `src/g1.py`, `src/g2.py`, `src/g3.py`;" in message


def test_later_commits_touching_only_handoff_files_do_not_outdate(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _commits(git_repo, 1)[0]
    git_repo.write("handoff.json", packet(lkg=lkg))
    git_repo.commit("handoff")
    git_repo.write("handoff.md", "# Handoff\n")
    git_repo.commit("render twin")
    git_repo.write("docs/HANDOFF.md", "# notes\n")
    git_repo.write(".handoff/other.json", packet(lkg=lkg, topic="other", status="archived"))
    git_repo.write(".handoff/other.md", "# other\n")
    git_repo.commit("more handoff files")
    report = check(run_cli, git_repo.root)
    assert not hits(report, "packet-outdated")


def test_code_in_the_same_commit_as_the_packet_is_not_outdated(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _commits(git_repo, 1)[0]
    git_repo.write("src/app.py", "new\n")
    git_repo.write("handoff.json", packet(lkg=lkg))
    git_repo.commit("work and handoff together")
    report = check(run_cli, git_repo.root)
    assert not hits(report, "packet-outdated")


def test_uncommitted_packet_is_neither_outdated_nor_aged(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _commits(git_repo, 1)[0]
    git_repo.write("handoff.json", packet(lkg=lkg))
    git_repo.commit("handoff", date=OLD)
    _commits(git_repo, 1)
    assert hits(check(run_cli, git_repo.root), "packet-outdated")
    git_repo.write("handoff.json", packet(lkg=lkg, summary="Refreshed after the rework."))
    report = check(run_cli, git_repo.root)
    assert not hits(report, "packet-outdated") and not hits(report, "packet-age")


def test_new_untracked_packet_is_not_aged(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _commits(git_repo, 1)[0]
    git_repo.commit("old", date=OLD)
    git_repo.write("handoff.json", packet(lkg=lkg))
    report = check(run_cli, git_repo.root)
    assert not hits(report, "packet-age") and not hits(report, "packet-outdated")


def test_packet_age_by_the_commit_that_last_changed_it(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _commits(git_repo, 1)[0]
    git_repo.write("handoff.json", packet(lkg=lkg))
    changed = git_repo.commit("handoff", date=OLD)
    git_repo.write("handoff.md", "# twin\n")
    git_repo.commit("twin")  # a recent commit that does not touch the packet
    report = check(run_cli, git_repo.root)
    [hit] = hits(report, "packet-age")
    assert changed[:12] in hit["message"] and "2020-01-01" in hit["message"]
    assert "max-age-days (14)" in hit["message"] and "archive handoff.json" in hit["message"]


def test_recent_packet_is_not_aged(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _commits(git_repo, 1)[0]
    git_repo.commit("old", date=OLD)
    git_repo.write("handoff.json", packet(lkg=lkg))
    git_repo.commit("handoff")
    assert not hits(check(run_cli, git_repo.root), "packet-age")


def test_archived_packets_are_not_judged_for_staleness(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    git_repo.write("handoff.json", packet(lkg="deadbeef", status="archived", pointers=["nope"]))
    git_repo.commit("handoff", date=OLD)
    _commits(git_repo, 12)
    assert not git_findings(check(run_cli, git_repo.root))


def test_dangling_pointers(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    git_repo.write("src/gone.py", "x\n")
    git_repo.write("src/kept.py", "x\n")
    git_repo.write("reports/tests.txt", "ok\n")
    git_repo.write("README.md", "# demo\n")
    lkg = git_repo.commit("code")
    git_repo.git("rm", "-q", "src/gone.py")
    fields = {
        "verdict_pointer": "reports/tests.txt",
        "pointers": [
            "src/kept.py:12",
            "src/kept.py#L3-L9",
            "README.md:3",
            "README.md#rounding",
            "mailto:team@example.com",
            "NOTES.md:3",
            "https://example.com/src/missing.py",
            "src/typo.py:3",
            "../outside.txt",
        ],
        "changed_files": ["src/gone.py", "src/kept.py", "src/never.py"],
    }
    git_repo.write("handoff.json", packet(lkg=lkg, **fields))
    git_repo.commit("remove gone.py, handoff")
    report = check(run_cli, git_repo.root)
    found = {(h["pointer"], h["message"].split(",")[0]) for h in hits(report, "dangling-pointer")}
    assert found == {
        ("/pointers/5", "pointers[5] points at `NOTES.md`"),
        ("/pointers/7", "pointers[7] points at `src/typo.py`"),
        ("/pointers/8", "pointers[8] points at `../outside.txt`"),
        ("/changed_files/2", "changed_files[2] points at `src/never.py`"),
    }


def test_missing_verdict_pointer(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _commits(git_repo, 1)[0]
    git_repo.write("handoff.json", packet(lkg=lkg, verdict_pointer="reports/missing.xml"))
    git_repo.commit("handoff")
    [hit] = hits(check(run_cli, git_repo.root), "dangling-pointer")
    assert hit["pointer"] == "/verdict_pointer" and "correct the path" in hit["message"]


def test_outside_git_history_unavailable_once(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    from git_helpers import dump

    folder = tmp_path / "plain"
    (folder / ".handoff").mkdir(parents=True)
    (folder / "handoff.json").write_text(dump(packet(lkg="deadbeef")))
    (folder / ".handoff" / "x.json").write_text(dump(packet(lkg="deadbeef", topic="x")))
    report = check(run_cli, folder)
    [hit] = hits(report, "history-unavailable")
    assert hit["severity"] == "warning"
    assert "not in a git repository" in hit["message"]
    # A shallow clone's fix (fetch the history) does not apply to a folder with no repository.
    assert hit["message"].endswith(
        "run the audit in a git clone of the repository the packets belong to"
    )
    assert "fetch-depth" not in hit["message"]
    assert not hits(report, "lkg-unknown") and not hits(report, "branch-mismatch")
    assert report["head"] is None


def test_audit_of_a_subfolder_maps_paths(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _commits(git_repo, 1)[0]
    git_repo.write("svc/handoff.json", packet(lkg=lkg, pointers=["svc/missing.py"]))
    git_repo.commit("handoff", date=OLD)
    _commits(git_repo, 1)
    report = check(run_cli, git_repo.root, "svc")
    assert hits(report, "packet-outdated") and hits(report, "packet-age")
    assert [h["path"] for h in hits(report, "dangling-pointer")] == ["svc/handoff.json"]


def test_packet_absent_from_the_commit_checked_is_not_aged_or_outdated(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    first = _commits(git_repo, 1)[0]
    git_repo.commit("old", date=OLD)
    git_repo.write("handoff.json", packet(lkg=first))
    git_repo.commit("handoff")
    _commits(git_repo, 1)
    # --head names a commit from before the packet existed; the work tree still has it.
    report = check(run_cli, git_repo.root, "--head", first)
    assert not hits(report, "packet-age") and not hits(report, "packet-outdated")


def test_file_deleted_by_the_lkg_commit_itself_is_fine(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    git_repo.write("src/old.py", "x\n")
    git_repo.write("src/app.py", "x\n")
    git_repo.commit("start")
    git_repo.git("rm", "-q", "src/old.py")
    lkg = git_repo.commit("remove old.py")
    git_repo.write("handoff.json", packet(lkg=lkg, changed_files=["src/old.py", "src/typo.py"]))
    git_repo.commit("handoff")
    found = [h["pointer"] for h in hits(check(run_cli, git_repo.root), "dangling-pointer")]
    assert found == ["/changed_files/1"]


def test_repository_without_commits(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    git_repo.write("handoff.json", packet())
    report = check(run_cli, git_repo.root)
    [hit] = hits(report, "history-unavailable")
    assert "no commits yet" in hit["message"]
    assert hit["message"].endswith("commit the packets, then run the audit again")
    # The branch checked out has no commit yet, but it is the branch checked.
    assert report["head"] is None and report["branch"] == "main"
    assert not hits(report, "branch-mismatch") and not hits(report, "lkg-unknown")
