"""packet-outdated with several topics on one branch: a commit that refreshes one topic's packet
is that topic's work, not counted against the others; a commit of code alone counts against
every packet older than it."""

from __future__ import annotations

import json

from git_helpers import check, hits


def _two_topics(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    """Branch ``feat`` with the active packets of topics ``a`` and ``b``, committed."""
    git_repo.write("src/a.py", "a = 1\n")
    git_repo.write("src/b.py", "b = 1\n")
    git_repo.write("reports/pytest.txt", "2 passed\n")
    git_repo.commit("start")
    git_repo.git("checkout", "-q", "-b", "feat")
    for topic in ("a", "b"):
        made = run_cli(
            [
                "new",
                "--topic",
                topic,
                "--summary",
                f"Topic {topic} started in src/{topic}.py",
                "--next-action",
                f"Finish src/{topic}.py",
                "--verdict-pointer",
                "reports/pytest.txt",
            ],
            cwd=git_repo.root,
        )
        assert made.code == 0, made.err
    git_repo.commit("handoffs of a and b")


def _refresh(git_repo, run_cli, topic: str) -> None:  # type: ignore[no-untyped-def]
    done = run_cli(
        ["update", "--topic", topic, "--summary", f"More of {topic}", "--allow-dirty"],
        cwd=git_repo.root,
    )
    assert done.code == 0, done.err


def _outdated(report: dict) -> set[str]:  # type: ignore[type-arg]
    return {hit["path"] for hit in hits(report, "packet-outdated")}


def test_a_commit_refreshing_one_topic_does_not_outdate_the_other(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    _two_topics(git_repo, run_cli)
    git_repo.write("src/a.py", "a = 2\n")
    _refresh(git_repo, run_cli, "a")
    git_repo.commit("a: work and its handoff")
    assert _outdated(check(run_cli, git_repo.root)) == set()


def test_a_commit_of_code_alone_outdates_every_older_topic(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    _two_topics(git_repo, run_cli)
    git_repo.write("src/a.py", "a = 2\n")
    _refresh(git_repo, run_cli, "a")
    git_repo.commit("a: work and its handoff")
    git_repo.write("src/b.py", "b = 2\n")
    newest = git_repo.commit("b: code, no handoff")
    report = check(run_cli, git_repo.root)
    assert _outdated(report) == {".handoff/a.json", ".handoff/b.json"}
    for hit in hits(report, "packet-outdated"):
        assert f"1 later commit touches other files, the newest {newest[:12]}" in hit["message"]


def test_code_with_the_other_topic_s_packet_is_that_topic_s_work(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    _two_topics(git_repo, run_cli)
    git_repo.write("src/a.py", "a = 2\n")
    git_repo.commit("a: code, no handoff")
    git_repo.write("src/b.py", "b = 2\n")
    _refresh(git_repo, run_cli, "b")
    git_repo.commit("b: work and its handoff")
    report = check(run_cli, git_repo.root)
    [hit] = hits(report, "packet-outdated")
    assert hit["path"] == ".handoff/a.json"
    assert "1 later commit touches other files" in hit["message"]
    assert "a: code, no handoff" in hit["message"] and "src/b.py" not in hit["message"]


def test_a_commit_changing_a_packet_of_another_branch_still_counts(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    _two_topics(git_repo, run_cli)
    moved = json.loads((git_repo.root / ".handoff/a.json").read_text(encoding="utf-8"))
    moved["branch"] = "other"
    git_repo.write(".handoff/a.json", moved)
    git_repo.write("src/a.py", "a = 2\n")
    git_repo.commit("a: code, its packet names another branch")
    assert ".handoff/b.json" in _outdated(check(run_cli, git_repo.root))
