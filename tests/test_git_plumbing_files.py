"""git's standard error (and `read_blobs`' input) go through an unnamed scratch file: what git
says on failure still reaches the error, and what it prints still reaches the caller."""

from __future__ import annotations

import pytest

from handoff_audit.git import plumbing


def test_stream_yields_each_record(git_repo) -> None:  # type: ignore[no-untyped-def]
    git_repo.write("a.txt", "a\n")
    first = git_repo.commit("first")
    git_repo.write("b.txt", "b\n")
    second = git_repo.commit("second")
    with plumbing.stream(git_repo.root, ["log", "-z", "--format=%H %s"]) as records:
        assert list(records) == [f"{second} second".encode(), f"{first} first".encode()]


def test_read_blobs_reads_each_id_it_is_given(git_repo) -> None:  # type: ignore[no-untyped-def]
    git_repo.write("a.txt", "alpha\n")
    git_repo.write("b.txt", "beta\n")
    git_repo.commit()
    ids = [git_repo.git("rev-parse", f"HEAD:{name}") for name in ("a.txt", "b.txt")]
    assert plumbing.read_blobs(git_repo.root, ids) == {ids[0]: b"alpha\n", ids[1]: b"beta\n"}


def test_scratch_file_reads_back_what_was_written() -> None:
    with plumbing._scratch_file() as scratch:
        scratch.write(b"fatal: bad revision\n")
        scratch.seek(0)
        assert scratch.read() == b"fatal: bad revision\n"
    assert scratch.closed


def _refused(name: str, flags: int = 0) -> int:
    raise OSError(38, "Function not implemented")


@pytest.mark.parametrize("memfd", ["available", "refused", "absent"])
def test_stream_failure_carries_what_git_said_with_or_without_memfd(
    git_repo,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
    memfd: str,
) -> None:
    if memfd == "refused":
        monkeypatch.setattr(plumbing.os, "memfd_create", _refused, raising=False)
    elif memfd == "absent":
        monkeypatch.delattr(plumbing.os, "memfd_create", raising=False)
    git_repo.write("a.txt", "a\n")
    git_repo.commit()
    with (
        pytest.raises(plumbing.GitError, match=r"git log failed: .*no-such-rev"),
        plumbing.stream(git_repo.root, ["log", "-z", "no-such-rev", "--"]) as records,
    ):
        list(records)
