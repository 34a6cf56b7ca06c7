"""A verify command whose redirection writes into a folder that does not exist (``pytest -q >
reports/junit.xml`` before ``reports/`` is made) proves nothing about the tests: `new` and
`update` stop with exit 2 and one line that quotes sh's own words and says to create the folder
or fix the command, write no packet and make no folder (the review rev56-1, finding 9). Real
repositories and the real CLI."""

from __future__ import annotations

from collections.abc import Callable

from conftest import GitRepo, Result

Run = Callable[..., Result]
NEW = [
    "new",
    "--summary",
    "Refund endpoint added.",
    "--next-action",
    "Add idempotency keys to POST /refunds.",
    "--verdict-pointer",
    "reports/junit.xml",
]


def _branch(repo: GitRepo) -> None:
    repo.write("app.py", "x = 1\n")
    repo.write(".gitignore", "reports/\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat/refund-keys")
    repo.write("app.py", "x = 2\n")
    repo.commit("work")


def test_new_refuses_a_verify_that_writes_into_a_missing_folder(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _branch(git_repo)
    done = run_cli([*NEW, "--verify", "echo ok > reports/junit.xml"], cwd=git_repo.root)
    assert done.code == 2, (done.out, done.err)
    assert done.err.count("\n") == 1, done.err
    assert "the verify command itself failed" in done.err
    assert "reports/junit.xml" in done.err and "sh: " in done.err
    assert "`mkdir -p reports`" in done.err and "or fix the command" in done.err
    assert "taken on trust" not in done.err
    assert not (git_repo.root / "handoff.json").exists()
    assert not (git_repo.root / "reports").exists()
    (git_repo.root / "reports").mkdir()
    again = run_cli([*NEW, "--verify", "echo ok > reports/junit.xml"], cwd=git_repo.root)
    assert again.code == 0, again.err
    assert "verify: `echo ok > reports/junit.xml` passed" in again.err


def test_a_failing_test_run_still_writes_the_packet_and_exits_1(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _branch(git_repo)
    (git_repo.root / "reports").mkdir()
    done = run_cli(
        [*NEW, "--verify", "echo 'assert 1 == 2' > reports/junit.xml; exit 1"], cwd=git_repo.root
    )
    assert done.code == 1, done.err
    assert "failed (exit 1)" in done.err
    assert (git_repo.root / "handoff.json").exists()
