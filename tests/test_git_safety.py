"""Nothing from a packet can become a git option, and the number of git processes does not
grow with the number of packets."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from git_helpers import check, hits, packet, record_git
from handoff_audit.git import fetching, file_listing, plumbing

HOSTILE = [
    "--output=pwned",
    "-c core.pager=touch pwned",
    "-ccore.fsmonitor=touch pwned",
    "--upload-pack=touch pwned",
    "--exec=touch pwned",
    "-oPWNED",
    ":(exclude)*",
    ":/pwned",
    "HEAD",
    "main..HEAD",
    "@{-1}",
    "$(touch pwned)",
    "`touch pwned`",
    "; touch pwned",
    "deadbeef\n--output=pwned",
    "/etc/passwd",
    "../../../../etc/passwd",
    "a\u0000--output=pwned",
    "f" * 65,
]

MARKERS = (
    "pwned",
    "PWNED",
    "core.",
    "upload-pack",
    "--exec",
    ":(exclude",
    "passwd",
    "@{",
    "..",
    "f" * 65,
)
"""Pieces of the hostile values that no git argument may contain."""


@pytest.fixture
def git_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Put a wrapper in front of the real git that records every argument list it gets."""
    return record_git(tmp_path, monkeypatch, "\\n")


def _tree(path: Path) -> set[str]:
    return {
        str(p.relative_to(path)) for p in path.rglob("*") if ".git" not in p.relative_to(path).parts
    }


def test_hostile_packet_values_never_reach_git(git_repo, tmp_path, git_log, run_cli) -> None:  # type: ignore[no-untyped-def]
    git_repo.write("src/app.py", "x\n")
    good = git_repo.commit("start")
    for i, value in enumerate(HOSTILE):
        fields = {
            "branch": value,
            "topic": value if i % 2 else "default",
            "last_known_good_commit": value,
            "verdict_pointer": value,
            "pointers": [value, f"{value}:12"],
            "changed_files": [value],
            "superseded_by": value,
        }
        git_repo.write(f".handoff/p{i}.json", packet(lkg=good, **fields))
    git_repo.write("handoff.json", packet(lkg=good))
    git_repo.commit("hostile packets")
    git_repo.git("branch", "other")
    before_repo, before_tmp = _tree(git_repo.root), set(os.listdir(tmp_path))
    git_log.write_text("")
    for args in ([], ["--all-branches", "--target-branch", "main"], ["--branch", "main"]):
        report = check(run_cli, git_repo.root, *args)
        assert report["head"] == git_repo.head()
        assert not hits(report, "lkg-unknown")  # not commit ids: the schema rule reports them
    calls = [line.split("\x1e") for line in git_log.read_text().split("\n") if line]
    assert len(calls) > 5, "the wrapper saw no git call"
    for argv in calls:
        for arg in argv:
            assert not any(word in arg for word in MARKERS), argv
    assert _tree(git_repo.root) == before_repo
    assert set(os.listdir(tmp_path)) == before_tmp
    assert not list(Path.cwd().glob("pwned*"))


@pytest.mark.parametrize("head", ["--output=pwned", "-c", "a b", "main..HEAD"])
def test_hostile_head_option_is_a_usage_error(git_repo, run_cli, head: str) -> None:  # type: ignore[no-untyped-def]
    git_repo.write("src/app.py", "x\n")
    git_repo.commit("start")
    git_repo.write("handoff.json", packet(lkg=git_repo.head()))
    result = run_cli(["check", f"--head={head}"], cwd=git_repo.root)
    assert result.code == 2
    assert "--head" in result.err and "Traceback" not in result.err
    assert not (git_repo.root / "pwned").exists()


@pytest.mark.parametrize("rev", ["HEAD~1", "main^", "@{-1}", "HEAD^{commit}~1"])
def test_head_takes_any_revision_git_resolves(git_repo, git_log, run_cli, rev: str) -> None:  # type: ignore[no-untyped-def]
    git_repo.write("src/app.py", "x\n")
    git_repo.commit("start")
    git_repo.write("src/app.py", "y\n")
    previous = git_repo.commit("previous")
    git_repo.git("switch", "-q", "-c", "other", previous)
    git_repo.write("src/app.py", "z\n")
    git_repo.commit("newest on main")
    git_repo.git("switch", "-q", "main")
    git_repo.git("reset", "-q", "--hard", "other")  # main at the newest; @{-1} is other's parent
    git_repo.git("branch", "-f", "other", previous)
    git_log.write_text("")
    assert check(run_cli, git_repo.root)["head"] == git_repo.head()
    plain = git_log.read_text().count("\n")
    git_log.write_text("")
    assert check(run_cli, git_repo.root, "--head", rev)["head"] == previous
    # Resolved in the call that resolves HEAD already: no git process more.
    assert git_log.read_text().count("\n") <= plain
    args = [arg for line in git_log.read_text().split("\n") for arg in line.split("\x1e")]
    assert rev not in args


@pytest.mark.parametrize("rev", [":/previous", ":/previous one", ":/^previous"])
def test_head_takes_a_message_search(git_repo, run_cli, rev: str) -> None:  # type: ignore[no-untyped-def]
    """Review 48-5, item 9: git resolves ``:/TEXT`` but not ``:/TEXT^{commit}`` (the suffix is
    searched for), so --head :/TEXT was refused as "no such commit"."""
    git_repo.write("src/app.py", "x\n")
    git_repo.commit("start")
    git_repo.write("src/app.py", "y\n")
    previous = git_repo.commit("previous one")
    git_repo.write("src/app.py", "z\n")
    git_repo.commit("newest")
    assert check(run_cli, git_repo.root, "--head", rev)["head"] == previous
    result = run_cli(["check", "--head", ":/no such message"], cwd=git_repo.root)
    assert result.code == 2 and "no such commit" in result.err


def test_hostile_branch_options_are_only_compared(git_repo, git_log, run_cli) -> None:  # type: ignore[no-untyped-def]
    git_repo.write("src/app.py", "x\n")
    lkg = git_repo.commit("start")
    git_repo.write("handoff.json", packet(lkg=lkg))
    git_log.write_text("")
    report = check(run_cli, git_repo.root, "--branch=--output=pwned")
    assert hits(report, "branch-mismatch")
    for fetch in ([], ["--fetch-history"]):
        result = run_cli(["check", "--target-branch=--upload-pack=x", *fetch], cwd=git_repo.root)
        assert result.code == 2 and "no such local or remote-tracking branch" in result.err
    assert "--output=pwned" not in git_log.read_text()
    assert "--upload-pack" not in git_log.read_text()


def test_validators() -> None:
    assert plumbing.is_commit_id("a91c33e") and plumbing.is_commit_id("A" * 64)
    for bad in ("a91c33", "g" * 7, "a" * 65, "--output", "HEAD", "", None, 1234567):
        assert not plumbing.is_commit_id(bad)
    assert plumbing.is_safe_branch("feat/refund-v2") and plumbing.is_safe_branch("main")
    for bad in ("-b", "--output=x", "a..b", "a b", "x.lock", "a//b", "@{-1}", "a~1", "", ".x"):
        assert not plumbing.is_safe_branch(bad)
    assert plumbing.is_safe_path("src/a.py")
    for bad in ("/etc/passwd", "../x", "a/../../x", "a\0b", "C:/x", ""):
        assert not plumbing.is_safe_path(bad)


def test_plumbing_refuses_unchecked_input(git_repo) -> None:  # type: ignore[no-untyped-def]
    git_repo.write("a", "x\n")
    git_repo.commit("a")
    with pytest.raises(ValueError):
        plumbing.resolve(git_repo.root, ["--output=pwned"])
    with pytest.raises(ValueError):
        plumbing.resolve(git_repo.root, ["HEAD\n--output=pwned"])
    with pytest.raises(ValueError):
        plumbing.ancestry(git_repo.root, "--output=pwned", 10)
    with pytest.raises(ValueError):
        plumbing.deleted_between(git_repo.root, [("-c", "HEAD")])
    with pytest.raises(plumbing.GitError):
        fetching.deepen(git_repo.root, "--upload-pack=touch pwned", 10, 5)
    assert not (git_repo.root / "pwned").exists()


def _repo_with_packets(git_repo, count: int) -> None:  # type: ignore[no-untyped-def]
    lkgs = []
    for i in range(12):
        git_repo.write("src/app.py", f"v{i}\n")
        lkgs.append(git_repo.commit(f"work {i}", date="2026-01-01T00:00:00Z"))
    git_repo.git("checkout", "-q", "-b", "feat")
    for i in range(count):
        fields = {
            "topic": f"t{i}",
            "pointers": ["src/app.py:1", f"src/missing{i}.py"],
            "changed_files": ["src/app.py"],
        }
        git_repo.write(f".handoff/t{i}.json", packet("feat", lkgs[i % len(lkgs)], **fields))
    git_repo.write("HANDOFF.md", "# Handoff\n")
    git_repo.commit("handoff", date="2026-01-02T00:00:00Z")
    git_repo.git("checkout", "-q", "-b", "spike")
    for i in range(count):
        git_repo.write(f".handoff/s{i}.json", packet("feat", lkgs[0], topic=f"t{i}"))
    git_repo.commit("spike handoff")
    git_repo.git("checkout", "-q", "feat")
    git_repo.write("src/app.py", "later\n")
    git_repo.commit("later work")


def _spawned(run_cli, root: Path, *args: str) -> tuple[int, dict]:  # type: ignore[type-arg, no-untyped-def]
    start = plumbing.spawn_count()
    report = check(run_cli, root, *args)
    return plumbing.spawn_count() - start, report


def test_git_processes_do_not_grow_with_packets(tmp_path, run_cli) -> None:  # type: ignore[no-untyped-def]
    from conftest import GitRepo

    small, large = GitRepo(tmp_path / "one"), GitRepo(tmp_path / "many")
    _repo_with_packets(small, 1)
    _repo_with_packets(large, 200)
    args = ("--all-branches", "--target-branch", "main")
    calls_small, report_small = _spawned(run_cli, small.root, *args)
    calls_large, report_large = _spawned(run_cli, large.root, *args)
    assert len(report_large["packets"]) == 1 + 200 + 200
    assert len(report_small["packets"]) == 1 + 1 + 1
    for report in (report_small, report_large):
        for rule in ("lkg-behind", "packet-outdated", "dangling-pointer", "multiple-active"):
            assert hits(report, rule), rule
        assert hits(report, "handoff-in-merge") and hits(report, "active-in-merge")
    assert calls_small == calls_large
    # 12, and 3 for main's `block-files`, read as the Action reads it (resolve, ls-tree, cat-file)
    assert calls_small <= 15
    plain_small, _ = _spawned(run_cli, small.root)
    plain_large, _ = _spawned(run_cli, large.root)
    assert plain_small == plain_large


def test_spawn_counter_counts_every_process(git_repo) -> None:  # type: ignore[no-untyped-def]
    start = plumbing.spawn_count()
    plumbing.repo_info(git_repo.root)
    file_listing.list_files_tracked(git_repo.root)
    assert plumbing.spawn_count() - start == 2


def test_report_json_paths_of_hostile_packets_are_data(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    git_repo.write("src/app.py", "x\n")
    lkg = git_repo.commit("start")
    git_repo.write("handoff.json", packet(lkg=lkg, pointers=["--output=pwned"]))
    report = check(run_cli, git_repo.root)
    [hit] = hits(report, "dangling-pointer")
    assert "`--output=pwned`" in hit["message"]
    json.dumps(report)


def test_git_error_messages_mask_url_credentials() -> None:
    line = plumbing._first_line(
        b"fatal: repository 'https://bot:ghp_secret@github.com/o/r/' not found\n"
    )
    assert "ghp_secret" not in line and "https://***@github.com/o/r/" in line


def test_user_git_configuration_does_not_change_the_verdict(
    git_repo, tmp_path, run_cli, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    _repo_with_packets(git_repo, 3)
    plain = check(run_cli, git_repo.root, "--all-branches", "--target-branch", "main")
    config = tmp_path / "gitconfig"
    config.write_text(
        "[color]\n\tui = always\n[log]\n\tshowSignature = true\n\tdecorate = full\n"
        "\tfollow = true\n[diff]\n\trenames = copies\n\tnoprefix = true\n\tmnemonicPrefix = true\n"
        "[status]\n\tshort = true\n\tbranch = true\n\trelativePaths = true\n"
        "\tshowUntrackedFiles = no\n[core]\n\tquotePath = true\n\tpager = false\n"
    )
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(config))
    (git_repo.root / "src" / "new.py").write_text("x\n")
    configured = check(run_cli, git_repo.root, "--all-branches", "--target-branch", "main")
    assert configured["findings"] == plain["findings"]
    assert configured["packets"] == plain["packets"]


def test_git_processes_do_not_grow_with_the_files_of_a_series(tmp_path, run_cli) -> None:  # type: ignore[no-untyped-def]
    """A series dated by its commits (no date or number in its names) costs the same git
    processes for 2 files as for 30, and for one series as for three."""
    from conftest import GitRepo

    def series_repo(name: str, folders: int, files: int) -> Path:
        repo = GitRepo(tmp_path / name)
        for folder in ("docs/sessions", "docs/handoffs", "handoffs")[:folders]:
            for i in range(files):
                repo.write(f"{folder}/notes-{chr(97 + i % 26)}{'x' * (i // 26)}.md", "# N\n")
                repo.commit(f"{folder} {i}")
        return repo.root

    small, _ = _spawned(run_cli, series_repo("small", 1, 2))
    large, report = _spawned(run_cli, series_repo("large", 3, 30))
    assert len(report["packets"]) == 3
    assert small == large


def test_a_series_is_dated_by_one_pathspec_per_folder_not_per_file(  # type: ignore[no-untyped-def]
    git_repo, git_log, run_cli
) -> None:
    """The ``git log`` that dates a series without dates in its names is given the series'
    folder, not one pathspec per file: git matches every commit against every pathspec, so
    per-file pathspecs cost commits x files. The newest file is still the last committed, past
    a later commit that renames one file of the folder and deletes another."""
    for i in range(12):
        git_repo.write(f"docs/handoffs/notes-{chr(97 + i)}.md", "# N\n\n## Next step\nGo on.\n")
        git_repo.commit(f"session {i}")
    git_repo.git("mv", "docs/handoffs/notes-b.md", "docs/handoffs/notes-z.md")
    git_repo.git("rm", "-q", "docs/handoffs/notes-c.md")
    git_repo.commit("rename b to z, drop c")
    report = check(run_cli, git_repo.root)
    assert [p["path"] for p in report["packets"]] == ["docs/handoffs/notes-z.md"]
    calls = [line.split("\x1e") for line in git_log.read_text().split("\n") if line]
    dating = [c for c in calls if c[0] == "log" and "--date-order" in c]
    assert len(dating) == 1
    specs = [arg for arg in dating[0][dating[0].index("--") + 1 :] if arg]
    assert specs == [":(literal)docs/handoffs/"]
