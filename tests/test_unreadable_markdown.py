"""A hand-written handoff that cannot be read as text (a committed image renamed HANDOFF.md, a
file over ``max-file-bytes``): `check`, the merge gate and `show` say what is wrong with a
markdown file and how to fix it, in real repositories through the CLI."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result
from git_helpers import check, hits

Run = Callable[..., Result]

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06\x00\x00\x00"
"""The start of a real PNG file: its first byte is not UTF-8."""
FIVE_MB = b"# Handoff\n\n" + b"Log line of the session.\n" * 210_000
"""A text handoff of about 5 MB, over the default max-file-bytes (1 MiB)."""


def _on_feature_branch(git_repo: GitRepo, content: bytes, date: str | None = None) -> None:
    git_repo.write("src/app.py", "start\n")
    git_repo.commit("start", date)
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write("HANDOFF.md", content)
    git_repo.commit("handoff: notes", date)


def test_a_binary_hand_written_handoff_is_named_not_text(git_repo: GitRepo, run_cli: Run) -> None:
    _on_feature_branch(git_repo, PNG)
    [finding] = [f for f in check(run_cli, git_repo.root)["findings"] if f["path"] == "HANDOFF.md"]
    assert finding["rule"] == "invalid-json"
    assert finding["message"].startswith("not UTF-8 text (byte 0x89)")
    assert "replace it with a text handoff, or remove it" in finding["message"]
    assert "save the file as UTF-8" not in finding["message"]
    text = run_cli(["check"], cwd=git_repo.root)
    assert text.code == 1
    assert "HANDOFF.md:1:1: invalid-json: not UTF-8 text (byte 0x89)" in text.out
    # The JSON packet keeps the JSON packet's words.
    git_repo.write("handoff.json", PNG)
    report = check(run_cli, git_repo.root, "handoff.json")
    [packet] = hits(report, "invalid-json")
    assert packet["message"] == "byte 0x89 is not UTF-8; save the file as UTF-8"


def test_a_hand_written_handoff_over_the_size_limit(git_repo: GitRepo, run_cli: Run) -> None:
    _on_feature_branch(git_repo, FIVE_MB)
    [finding] = [f for f in check(run_cli, git_repo.root)["findings"] if f["path"] == "HANDOFF.md"]
    assert finding["rule"] == "invalid-json"
    assert finding["message"].startswith("larger than max-file-bytes (1048576 bytes)")
    assert "replace it with a short text handoff" in finding["message"]
    assert "or remove it" in finding["message"]
    assert "Trim the packet" not in finding["message"]
    assert "keep the last commands" not in finding["message"]


@pytest.mark.parametrize("content", [PNG, FIVE_MB], ids=["binary", "5 MB"])
def test_the_merge_gate_says_an_unreadable_handoff_is_still_there(
    git_repo: GitRepo, run_cli: Run, content: bytes
) -> None:
    _on_feature_branch(git_repo, content)
    report = check(run_cli, git_repo.root, "--target-branch", "main")
    [hit] = hits(report, "handoff-in-merge")
    assert "it says the work is unfinished" not in hit["message"]
    assert "HANDOFF.md would be merged into the protected branch main" in hit["message"]
    assert "it could not be read" in hit["message"]
    assert 'git rm -- :/HANDOFF.md && git commit -m "handoff: done"' in hit["message"]
    # The JSON report and the text agree on the place: the whole file, no line.
    assert (hit["line"], hit["column"]) == (None, None)
    text = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root).out
    [line] = [line for line in text.splitlines() if "handoff-in-merge" in line]
    assert line.startswith("HANDOFF.md: handoff-in-merge: "), line


def test_on_a_protected_branch_an_unreadable_handoff_is_said_unread(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write("HANDOFF.md", PNG)
    git_repo.commit("a push to main that carries an image named HANDOFF.md")
    [hit] = hits(check(run_cli, git_repo.root), "handoff-in-merge")
    assert "is on the protected branch main" in hit["message"]
    assert "it says the work is unfinished" not in hit["message"]
    assert "it could not be read" in hit["message"] and "git rm -- :/HANDOFF.md" in hit["message"]
    assert hit["line"] is None  # the whole file


def _one_line_error(result: Result) -> str:
    assert result.code == 2, (result.code, result.out, result.err)
    assert "Traceback" not in result.err and len(result.err.strip().splitlines()) == 1
    return result.err


def test_show_names_a_binary_handoff_and_exits_2(git_repo: GitRepo, run_cli: Run) -> None:
    _on_feature_branch(git_repo, PNG)
    for args in (["show"], ["show", "HANDOFF.md"]):
        err = _one_line_error(run_cli(args, cwd=git_repo.root))
        assert "show: HANDOFF.md:1:1: not UTF-8 text (byte 0x89)" in err
        assert "replace it with a text handoff, or remove it" in err
        assert "no hand-written handoff" not in err


def test_show_names_a_handoff_over_the_limit_and_exits_2(git_repo: GitRepo, run_cli: Run) -> None:
    _on_feature_branch(git_repo, FIVE_MB)
    err = _one_line_error(run_cli(["show"], cwd=git_repo.root))
    assert "show: HANDOFF.md: larger than max-file-bytes (1048576 bytes)" in err
    assert "replace it with a short text handoff" in err


def test_show_takes_the_newest_hand_written_handoff_readable_or_not(
    git_repo: GitRepo, run_cli: Run
) -> None:
    # Dated commits: the newest handoff is the one changed last, a second apart or more.
    _on_feature_branch(git_repo, PNG, "2026-01-01T00:00:00Z")
    git_repo.write("NEXT_SESSION.md", "# Refunds\n\n## Next step\n\nFix GBP rounding.\n")
    git_repo.commit("handoff: the real notes, after the image", "2026-01-02T00:00:00Z")
    result = run_cli(["show"], cwd=git_repo.root)
    assert result.code == 0, result.err
    assert "(NEXT_SESSION.md, a hand-written handoff of branch feat;" in result.out
    git_repo.write("HANDOFF.md", PNG + b"\x00")
    git_repo.commit("handoff: an image again, the newest", "2026-01-03T00:00:00Z")
    err = _one_line_error(run_cli(["show"], cwd=git_repo.root))
    assert "show: HANDOFF.md:1:1: not UTF-8 text" in err
