"""A merge of the merge target into the branch ("Update branch" on GitHub) brings the target's
commits into the branch's ancestry; they are not the branch's later work: `lkg-behind`,
`packet-outdated` and `handoff-outdated` count only the branch's own commits, the same on every
run."""

from __future__ import annotations

import json
import subprocess
import time

import pytest

from git_helpers import check, hits, packet
from handoff_audit.git import facts, plumbing


def _updated_branch(git_repo, handoff: str = "handoff.json") -> str:  # type: ignore[no-untyped-def]
    """``feat`` with its packet (or ``HANDOFF.md``), 11 commits on ``main``, then ``main``
    merged into ``feat``; the packet's last known good commit."""
    git_repo.write("app.py", "print(1)\n")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write("app.py", "print(2)\n")
    lkg = str(git_repo.commit("refund endpoint"))
    if handoff == "handoff.json":
        git_repo.write("handoff.json", packet(branch="feat", lkg=lkg))
    else:
        git_repo.write("HANDOFF.md", "# Handoff\n\n## Next step\nAdd idempotency keys in app.py.\n")
    git_repo.commit("handoff")
    git_repo.git("checkout", "-q", "main")
    for i in range(1, 12):
        git_repo.write(f"other{i}.py", f"{i}\n")
        git_repo.commit(f"main: other {i}")
    git_repo.git("checkout", "-q", "feat")
    git_repo.git("merge", "-q", "--no-ff", "-m", "Merge branch 'main' into feat", "main")
    return lkg


def test_lkg_behind_counts_only_the_branch_own_commits(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    lkg = _updated_branch(git_repo)
    own = int(git_repo.git("rev-list", "--count", f"{lkg}..HEAD", "--not", "main"))
    for args in ((), ("--target-branch", "main")):
        for _ in range(2):
            report = check(run_cli, git_repo.root, *args)
            assert report["packets"][0]["commits_behind"] == own == 2
            assert hits(report, "lkg-behind") == []
            assert hits(report, "packet-outdated") == []


def test_a_hand_written_handoff_is_not_outdated_by_the_target_commits(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    _updated_branch(git_repo, "HANDOFF.md")
    report = check(run_cli, git_repo.root, "--target-branch", "main")
    assert not any("other1" in hit["message"] for hit in hits(report, "handoff-outdated"))


def test_the_branch_own_later_work_still_counts_without_the_target_files(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    _updated_branch(git_repo)
    git_repo.write("app.py", "print(3)\n")
    git_repo.commit("more work")
    runs = [check(run_cli, git_repo.root) for _ in range(2)]
    assert runs[0]["findings"] == runs[1]["findings"]
    [hit] = hits(runs[0], "packet-outdated")
    assert "1 later commit" in hit["message"] and "`app.py`" in hit["message"]
    assert "other1" not in hit["message"]
    assert runs[0]["packets"][0]["commits_behind"] == 3


def test_behind_counts_exclude_the_target_as_git_does(git_repo) -> None:  # type: ignore[no-untyped-def]
    from handoff_audit.git.ancestry_counts import Ancestry  # new in this fix

    _updated_branch(git_repo)
    head, base = git_repo.head(), git_repo.git("rev-parse", "main")
    commits, _ = plumbing.ancestry(git_repo.root, head, 10_000, also=(base,))
    walk = Ancestry(commits, (head,), base)
    shas = set(git_repo.git("rev-list", head).split())
    on_target = set(git_repo.git("rev-list", "--first-parent", base).split())
    for sha, count in walk.behind(shas).items():
        # A commit the target reaches (a last known good commit on main) counts every commit
        # since it, main's included: the branch stands on them (lkg-behind in the demo and
        # test_git_safety's packets); only for the branch's own commits is the target left out.
        exclude = () if sha in on_target else ("--not", base)
        expected = git_repo.git("rev-list", "--count", f"{sha}..{head}", *exclude)
        assert count == int(expected), sha
    assert walk.behind({base}) == {base: 3}  # refund endpoint, handoff, the merge


def test_an_octopus_merge_of_the_target_and_another_branch_names_only_the_other_files(
    git_repo, run_cli
) -> None:  # type: ignore[no-untyped-def]
    _updated_branch(git_repo)
    git_repo.git("checkout", "-q", "-b", "side", "main~3")
    git_repo.write("side.py", "s\n")
    git_repo.commit("side work")
    git_repo.git("checkout", "-q", "main")
    git_repo.write("other12.py", "12\n")
    git_repo.commit("main: other 12")
    git_repo.git("checkout", "-q", "feat")
    git_repo.git("merge", "-q", "--no-edit", "main", "side")  # one merge, three parents
    [hit] = hits(check(run_cli, git_repo.root, "--target-branch", "main"), "packet-outdated")
    assert "changed `side.py`;" in hit["message"], hit["message"]
    assert "`other" not in hit["message"]


def _criss_cross(git_repo) -> str:  # type: ignore[no-untyped-def]
    """`_updated_branch`, then a commit on each side, ``main`` merging ``feat~1`` (the
    branch's early part, its packet included), and ``feat`` merging ``main`` again; the
    commit that made the packet."""
    _updated_branch(git_repo)
    made = git_repo.git("log", "-1", "--format=%H", "--", "handoff.json")
    git_repo.git("checkout", "-q", "main")
    git_repo.write("z.py", "z\n")
    git_repo.commit("main: z")
    git_repo.git("checkout", "-q", "feat")
    git_repo.write("g.py", "g\n")
    git_repo.commit("g")
    git_repo.git("checkout", "-q", "main")
    git_repo.git("merge", "-q", "--no-edit", "feat~1")
    git_repo.git("checkout", "-q", "feat")
    git_repo.git("merge", "-q", "--no-edit", "main")
    return made


def test_a_merge_on_the_target_is_not_the_packet_last_change(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    made = _criss_cross(git_repo)
    # git, too, sees the packet as last changed by the branch's own commit.
    assert git_repo.git("log", "-1", "--format=%H", "--", "handoff.json") == made
    for args in ((), ("--target-branch", "main")):
        [hit] = hits(check(run_cli, git_repo.root, *args), "packet-outdated")
        assert f"(last changed in {made[:12]})" in hit["message"], hit["message"]
        assert "changed `g.py`;" in hit["message"]


def test_a_branch_commit_the_target_merged_counts_only_the_branch_own_commits_since(
    git_repo, run_cli
) -> None:  # type: ignore[no-untyped-def]
    from handoff_audit.git.ancestry_counts import Ancestry

    _criss_cross(git_repo)
    lkg = json.loads((git_repo.root / "handoff.json").read_text())["last_known_good_commit"]
    assert git_repo.git("merge-base", "--is-ancestor", lkg, "main") == ""  # main merged it
    own = int(git_repo.git("rev-list", "--count", f"{lkg}..HEAD", "--not", "main"))
    for args in ((), ("--target-branch", "main")):
        report = check(run_cli, git_repo.root, *args)
        assert report["packets"][0]["commits_behind"] == own == 2  # g, the last merge
        assert hits(report, "lkg-behind") == []
    # Every commit as git counts it: a commit made on main (its first-parent line) counts
    # main's commits since it; a branch commit main merged only the branch's own.
    head, base = git_repo.head(), git_repo.git("rev-parse", "main")
    commits, _ = plumbing.ancestry(git_repo.root, head, 10_000, also=(base,))
    line = set(git_repo.git("rev-list", "--first-parent", base).split())
    for sha, count in Ancestry(commits, (head,), base).behind({c for c, _ in commits}).items():
        exclude = () if sha in line else ("--not", base)
        assert count == int(git_repo.git("rev-list", "--count", f"{sha}..{head}", *exclude)), sha


def test_fetch_history_fetches_the_default_branch_a_single_branch_clone_lacks(  # type: ignore[no-untyped-def]
    git_repo, run_cli, tmp_path
) -> None:
    # `git clone --single-branch` of feat holds no main: with --fetch-history the remote's
    # default branch is asked of it and fetched, and the merge of it adds no later work.
    _updated_branch(git_repo)
    git_repo.git("checkout", "-q", "main")  # the origin's HEAD: its default branch
    clone = tmp_path / "clone"
    clone_args = ["clone", "-q", "--single-branch", "--branch", "feat"]
    plumbing.run(tmp_path, [*clone_args, f"file://{git_repo.root}", str(clone)])
    assert "origin/main" not in plumbing.run(clone, ["branch", "-a"]).decode()
    # Without --fetch-history: one note names the fetch, rather than a silent wrong count.
    said = run_cli(["check", "--format", "json"], cwd=clone).err
    assert said.count("handoff-audit: note:") == 1 and "(no --fetch-history)" in said
    assert "`git fetch origin '+refs/heads/*:refs/remotes/origin/*' && git remote" in said
    report = check(run_cli, clone, "--fetch-history")
    assert report["packets"][0]["commits_behind"] == 2
    assert hits(report, "lkg-behind") == [] and hits(report, "packet-outdated") == []
    assert "origin/main" in plumbing.run(clone, ["branch", "-a"]).decode()
    assert plumbing.run(clone, ["rev-parse", "--is-shallow-repository"]).decode().strip() == "false"


def _single_branch_clone(git_repo, tmp_path, default: str, *depth: str):  # type: ignore[no-untyped-def]
    """`_updated_branch` with its ``main`` named ``default`` (the origin's HEAD), and a
    ``git clone --single-branch`` of ``feat`` from it (``depth``: ``--depth N``)."""
    _updated_branch(git_repo)
    git_repo.git("branch", "-m", "main", default)
    git_repo.git("checkout", "-q", default)
    clone = tmp_path / "clone"
    clone_args = ["clone", "-q", *depth, "--single-branch", "--branch", "feat"]
    plumbing.run(tmp_path, [*clone_args, f"file://{git_repo.root}", str(clone)])
    return clone


def _note(result) -> str:  # type: ignore[no-untyped-def]
    assert "Traceback" not in result.err
    [note] = [line for line in result.err.splitlines() if line.startswith("handoff-audit: note:")]
    return note


@pytest.mark.parametrize("default", ["trunk", "prod"])
def test_a_default_branch_that_cannot_be_asked_for_is_fetched_by_the_command_named(  # type: ignore[no-untyped-def]
    git_repo, run_cli, tmp_path, default
) -> None:
    # The remote gone: its default branch's name is unknown, so the command fetches every
    # branch and asks the remote which is the default (it was `git fetch origin main:...`,
    # "couldn't find remote ref main" for any other name).
    clone = _single_branch_clone(git_repo, tmp_path, default)
    plumbing.run(clone, ["remote", "set-url", "origin", f"file://{tmp_path}/gone"])
    note = _note(run_cli(["check", "--format", "json", "--fetch-history"], cwd=clone))
    fetch = "git fetch origin '+refs/heads/*:refs/remotes/origin/*'"
    command = f"{fetch} && git remote set-head origin --auto"
    assert f"`{command}`" in note and "main" not in note
    # The command, run as printed once the remote answers, makes the next check find it.
    plumbing.run(clone, ["remote", "set-url", "origin", f"file://{git_repo.root}"])
    subprocess.run(["sh", "-c", command], cwd=clone, check=True, capture_output=True)
    result = run_cli(["check", "--format", "json"], cwd=clone)
    assert "handoff-audit: note:" not in result.err
    assert json.loads(result.out)["packets"][0]["commits_behind"] == 2


def test_a_default_branch_named_by_the_remote_and_not_fetched_is_named_in_the_command(  # type: ignore[no-untyped-def]
    git_repo, run_cli, tmp_path
) -> None:
    # The remote names its default branch, `prod` (no default candidate), and cannot send it:
    # a file of its newest commit, which the branch has not merged, is missing from its objects.
    clone = _single_branch_clone(git_repo, tmp_path, "prod")
    git_repo.write("later.py", "later\n")
    git_repo.commit("prod: later")
    blob = git_repo.git("rev-parse", "prod:later.py").strip()
    objects = git_repo.root / ".git" / "objects"
    (objects / blob[:2] / blob[2:]).unlink()
    note = _note(run_cli(["check", "--format", "json", "--fetch-history"], cwd=clone))
    command = "git fetch origin prod:refs/remotes/origin/prod && git remote set-head origin prod"
    assert "the default branch 'prod'" in note and f"`{command}`" in note
    git_repo.git("hash-object", "-w", "later.py")  # the remote repaired
    subprocess.run(["sh", "-c", command], cwd=clone, check=True, capture_output=True)
    result = run_cli(["check", "--format", "json"], cwd=clone)
    assert "handoff-audit: note:" not in result.err
    assert json.loads(result.out)["packets"][0]["commits_behind"] == 2


def test_asking_a_remote_that_never_answers_shares_the_deepening_time(  # type: ignore[no-untyped-def]
    git_repo, run_cli, tmp_path, monkeypatch
) -> None:
    # A shallow single-branch clone whose remote accepts the connection and never answers:
    # asking it for its default branch took 60 s of its own before the deepening's 90 s began.
    clone = _single_branch_clone(git_repo, tmp_path, "trunk", "--depth", "1")
    slow = tmp_path / "slow-ssh"
    slow.write_text("#!/bin/sh\nsleep 600\n")
    slow.chmod(0o755)
    plumbing.run(clone, ["remote", "set-url", "origin", "ssh://git@example.invalid/x.git"])
    monkeypatch.setenv("GIT_SSH_COMMAND", str(slow))
    monkeypatch.setattr(facts, "DEEPEN_SECONDS", 3.0)
    started = time.monotonic()
    result = run_cli(["check", "--format", "json", "--fetch-history"], cwd=clone)
    assert time.monotonic() - started < 3.0 + 10.0
    assert "could not be fetched" in _note(result)
    [hit] = hits(json.loads(result.out), "history-unavailable")
    assert "deepening failed" in hit["message"]
