"""`handoff-audit-staged` (the `handoff-audit` pre-commit hook's entry point) on real
repositories, called as pre-commit calls it: the check options, then the staged files. It
audits when a staged file is any file `check` audits, and judges the commit being made."""

from __future__ import annotations

import shlex
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from authoring_support import REFUNDS
from conftest import GitRepo, Result
from handoff_audit.cli.precommit import staged_main

Run = Callable[..., Result]

TOKEN = "ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"
SESSION_NOTES = (
    "# Session 2026-12-01\n\n## State\nTests pass.\n\n## Next step\nRun pytest -q.\n\n"
    f"token: {TOKEN}\n"
)


@pytest.fixture
def staged(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Callable[..., Result]:
    """Run `handoff-audit-staged ARGS...` from ``cwd``, as pre-commit does."""

    def run(cwd: Path, *args: str) -> Result:
        monkeypatch.chdir(cwd)
        capsys.readouterr()
        code = staged_main(list(args))
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return run


def _feature_branch(git_repo: GitRepo) -> GitRepo:
    git_repo.write("README.md", "# shop\n")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    return git_repo


def test_a_staged_series_file_with_a_token_fails_as_check_does(
    git_repo: GitRepo, staged: Run, run_cli: Run
) -> None:
    _feature_branch(git_repo)
    git_repo.write("docs/handoffs/2026-12-01.md", SESSION_NOTES)
    git_repo.git("add", "-A")

    result = staged(git_repo.root, "docs/handoffs/2026-12-01.md")
    assert result.code == 1, result.out + result.err
    assert "docs/handoffs/2026-12-01.md:9:8: secret:" in result.out
    assert TOKEN not in result.out
    assert run_cli(["check", "-q"], cwd=git_repo.root).code == 1


def test_a_staged_file_of_a_configured_series_is_audited(
    git_repo: GitRepo, staged: Run, run_cli: Run
) -> None:
    _feature_branch(git_repo)
    git_repo.write(".handoff-audit.yml", 'series: ["notes/sessions"]\n')
    git_repo.commit("config")
    git_repo.write("notes/sessions/2026-12-01.md", SESSION_NOTES)
    git_repo.git("add", "-A")

    result = staged(git_repo.root, "notes/sessions/2026-12-01.md")
    assert result.code == 1, result.out + result.err
    assert "notes/sessions/2026-12-01.md:9:8: secret:" in result.out
    assert run_cli(["check", "-q"], cwd=git_repo.root).code == 1


WORKING_NOTE = (
    "# Handoff\n\n## State\nTests pass.\n\n## Next step\n"
    "Run pytest -q and fix tests/test_api.py::test_refund.\n"
)


def _merge_gate_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if "-in-merge:" in line]


def test_staging_a_working_note_on_the_protected_branch_fails_as_check_does_after_it(
    git_repo: GitRepo, staged: Run, run_cli: Run
) -> None:
    git_repo.write("README.md", "# shop\n")
    git_repo.commit("init")
    git_repo.write("HANDOFF.md", WORKING_NOTE)
    git_repo.git("add", "HANDOFF.md")

    result = staged(git_repo.root, "-q", "HANDOFF.md")
    assert result.code == 1, result.out + result.err
    [line] = _merge_gate_lines(result.out)
    assert line.startswith(
        "HANDOFF.md: handoff-in-merge: this commit would put HANDOFF.md on the protected branch"
    )

    git_repo.git("commit", "-q", "--no-verify", "-m", "handoff on main")
    after = run_cli(["check", "-q"], cwd=git_repo.root)
    assert after.code == 1
    [committed] = _merge_gate_lines(after.out)
    assert committed.startswith("HANDOFF.md: handoff-in-merge: HANDOFF.md is on the protected")


def _printed_command(line: str) -> str:
    """The command a finding prints between backticks."""
    return line.split("`")[1]


def _run_printed(cwd: Path, command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-c", command], cwd=cwd, capture_output=True, text=True, check=False
    )


def test_the_command_printed_for_a_working_note_staged_on_the_protected_branch_works(
    git_repo: GitRepo, staged: Run
) -> None:
    git_repo.write("README.md", "# shop\n")
    git_repo.commit("init")
    git_repo.write("HANDOFF.md", WORKING_NOTE)
    git_repo.git("add", "HANDOFF.md")

    result = staged(git_repo.root, "HANDOFF.md")
    assert result.code == 1, result.out + result.err
    [line] = _merge_gate_lines(result.out)
    assert "Merge blocked." not in result.out, "a plain commit blocks no merge"
    command = _printed_command(line)
    assert command == "git rm --cached -- :/HANDOFF.md"

    ran = _run_printed(git_repo.root, command)
    assert ran.returncode == 0, ran.stderr
    assert (git_repo.root / "HANDOFF.md").read_text() == WORKING_NOTE, "the note stays on disk"
    assert staged(git_repo.root).code == 0


def test_the_command_printed_for_a_working_note_a_merge_brings_to_the_protected_branch_works(
    git_repo: GitRepo, staged: Run
) -> None:
    git_repo.write("README.md", "# shop\n")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feat/h")
    git_repo.write("HANDOFF.md", WORKING_NOTE)
    git_repo.commit("handoff")
    git_repo.git("checkout", "-q", "main")
    git_repo.git("merge", "-q", "--no-ff", "--no-commit", "feat/h")

    result = staged(git_repo.root, "HANDOFF.md")
    assert result.code == 1, result.out + result.err
    [line] = _merge_gate_lines(result.out)
    assert "this merge would put HANDOFF.md on the protected branch main" in line
    assert "Merge blocked." in result.out

    ran = _run_printed(git_repo.root, _printed_command(line))
    assert ran.returncode == 0, ran.stderr
    assert (git_repo.root / "HANDOFF.md").read_text() == WORKING_NOTE
    assert staged(git_repo.root).code == 0


def test_a_merge_judges_the_last_known_good_commit_against_both_parents_as_check_does_after(
    git_repo: GitRepo, staged: Run, run_cli: Run
) -> None:
    """During `git merge` (pre-merge-commit), a packet's last known good commit that only the
    branch merged in has is an ancestor of the merge being made, as `check` says once it is."""
    _feature_branch(git_repo)
    git_repo.write("src/refunds.py", "def refund(amount):\n    return -amount\n")
    git_repo.commit("work")
    made = run_cli(["new", *REFUNDS], cwd=git_repo.root)
    assert made.code == 0, made.err
    git_repo.commit("packet")
    git_repo.git("checkout", "-q", "main")
    git_repo.write("y.py", "y = 1\n")
    git_repo.commit("main moves on")
    git_repo.git("merge", "-q", "--no-ff", "--no-commit", "feat/x")

    result = staged(git_repo.root, "handoff.json", "handoff.md")
    assert "lkg-unknown" not in result.out, result.out
    git_repo.git("commit", "-q", "--no-verify", "-m", "Merge feat/x")
    after = run_cli(["check"], cwd=git_repo.root)
    assert "lkg-unknown" not in after.out, after.out
    rules = [line.split(": ")[1] for line in result.out.splitlines() if ": " in line]
    assert rules == [line.split(": ")[1] for line in after.out.splitlines() if ": " in line]


def test_staging_a_working_note_on_a_feature_branch_is_no_merge_finding(
    git_repo: GitRepo, staged: Run
) -> None:
    _feature_branch(git_repo)
    git_repo.write("HANDOFF.md", WORKING_NOTE)
    git_repo.git("add", "HANDOFF.md")

    result = staged(git_repo.root, "-q", "HANDOFF.md")
    assert _merge_gate_lines(result.out) == [], result.out
    assert result.code == 0, result.out + result.err


def test_staging_an_active_packet_on_the_protected_branch_passes_as_check_does(
    git_repo: GitRepo, staged: Run, run_cli: Run
) -> None:
    """`active-in-merge` guards pull requests; on the protected branch itself `check` leaves an
    active packet alone, and the hook, which passes exactly when `check` would, does too."""
    git_repo.write("README.md", "# shop\n")
    git_repo.commit("init")
    made = run_cli(["new", *REFUNDS], cwd=git_repo.root)
    assert made.code == 0, made.err
    git_repo.git("add", "-A")

    result = staged(git_repo.root, "-q", "handoff.json", "handoff.md")
    assert _merge_gate_lines(result.out) == [], result.out
    assert result.code == 0, result.out + result.err
    git_repo.commit("packet on main")
    assert run_cli(["check", "-q"], cwd=git_repo.root).code == 0


def _committed_packet(git_repo: GitRepo, run_cli: Run) -> None:
    _feature_branch(git_repo)
    made = run_cli(["new", *REFUNDS], cwd=git_repo.root)
    assert made.code == 0, made.err
    git_repo.commit("packet")


def test_a_staged_deletion_of_the_twin_fails_with_md_missing(
    git_repo: GitRepo, staged: Run, run_cli: Run
) -> None:
    _committed_packet(git_repo, run_cli)
    git_repo.git("rm", "-q", "handoff.md")

    # pre-commit passes no deleted file: with nothing else staged, the hook gets no file.
    result = staged(git_repo.root, "-q")
    assert result.code == 1, result.out + result.err
    assert "handoff.json: md-missing: no markdown twin handoff.md" in result.out
    assert run_cli(["check", "-q", "--select", "md-missing"], cwd=git_repo.root).code == 1


def test_a_staged_deletion_of_a_packet_is_audited_as_check_audits_it(
    git_repo: GitRepo, staged: Run, run_cli: Run
) -> None:
    _committed_packet(git_repo, run_cli)
    git_repo.git("rm", "-q", "handoff.json")

    result = staged(git_repo.root, "-q")
    after = run_cli(["check", "-q"], cwd=git_repo.root)
    assert (result.code, result.out) == (after.code, after.out)
    assert result.out, "the twin left behind is audited"


def test_deleting_a_working_note_from_the_protected_branch_passes(
    git_repo: GitRepo, staged: Run, run_cli: Run
) -> None:
    git_repo.write("HANDOFF.md", WORKING_NOTE)
    git_repo.commit("handoff on main")
    assert run_cli(["check", "-q"], cwd=git_repo.root).code == 1
    git_repo.git("rm", "-q", "HANDOFF.md")

    result = staged(git_repo.root, "-q")
    assert result.code == 0, result.out + result.err


def test_a_commit_of_other_files_is_not_audited(
    git_repo: GitRepo, staged: Run, run_cli: Run
) -> None:
    _committed_packet(git_repo, run_cli)
    git_repo.write("handoff.md", "stale twin, unstaged\n")
    git_repo.write("src/refunds.py", "def refund(amount):\n    return -amount\n")
    git_repo.git("add", "src/refunds.py")
    git_repo.git("rm", "-q", "README.md")

    result = staged(git_repo.root)
    assert (result.code, result.out, result.err) == (0, "", "")


VALUES = {
    "--format": "json",
    "--output": "report.txt",
    "-o": "report.txt",
    "--config": "ci/handoff-audit.yml",
    "--branch": "feat/x",
    "--target-branch": "main",
    "--head": "HEAD",
    "--select": "invalid-json",
    "--ignore": "schema",
    "--fail-on": "warning",
    "--color": "never",
    "--max-commits-behind": "3",
    "--protected-branches": "main",
    "--block-files": "HANDOFF.md",
    "--jobs": "1",
}
"""A valid value for each option of `check` that takes one."""


def test_every_value_option_of_check_is_known_to_the_hook() -> None:
    from handoff_audit.cli.main import check
    from handoff_audit.cli.precommit import check_value_options

    assert set(check_value_options(check)) == set(VALUES)


def _broken_packet_in_notes(git_repo: GitRepo) -> None:
    """``notes/p.json``, a packet only ``ci/handoff-audit.yml`` names, not valid JSON; the
    configuration is main's too, where ``--target-branch main`` reads the gate's settings."""
    git_repo.write("ci/handoff-audit.yml", 'packets: ["notes/*.json"]\n')
    _feature_branch(git_repo)
    git_repo.write("notes/p.json", "{\n")
    git_repo.git("add", "-A")


@pytest.mark.parametrize("spelling", ["separate", "joined"])
@pytest.mark.parametrize("option", sorted(VALUES))
def test_each_value_option_of_check_works_in_both_spellings(
    git_repo: GitRepo, staged: Run, run_cli: Run, option: str, spelling: str
) -> None:
    _broken_packet_in_notes(git_repo)
    given = [option, VALUES[option]]
    if spelling == "joined":
        given = [f"{option}={VALUES[option]}" if option.startswith("--") else option + given[1]]
    config = [] if option == "--config" else ["--config", "ci/handoff-audit.yml"]

    result = staged(git_repo.root, *config, *given, "notes/p.json")
    checked = run_cli(["check", *config, *given, str(git_repo.root)], cwd=git_repo.root)
    assert checked.code == 1, checked.out + checked.err
    assert (result.code, result.out, result.err) == (checked.code, checked.out, checked.err)


def test_a_joined_config_option_selects_the_packets(git_repo: GitRepo, staged: Run) -> None:
    _broken_packet_in_notes(git_repo)

    result = staged(git_repo.root, "--config=ci/handoff-audit.yml", "notes/p.json")
    assert result.code == 1, result.out + result.err
    assert "notes/p.json:2:1: invalid-json:" in result.out


def test_the_first_commit_on_a_fresh_main_is_refused_a_working_note_like_every_later_one(
    git_repo: GitRepo, staged: Run, run_cli: Run
) -> None:
    """`git init -b main` then the first commit: ``main`` has no ref yet, but it is the branch
    that will be the default one, so the working note is refused now, not only from the next
    commit that touches it."""
    git_repo.write("HANDOFF.md", WORKING_NOTE)
    git_repo.git("add", "HANDOFF.md")

    result = staged(git_repo.root, "HANDOFF.md")
    assert result.code == 1, result.out + result.err
    [line] = _merge_gate_lines(result.out)
    assert "this commit would put HANDOFF.md on the protected branch main" in line
    # `check` judges the commit checked, and there is none yet: the note is not on main (its
    # `git rm -- :/HANDOFF.md` fix failed on a file only staged), as with one commit there.
    checked = run_cli(["check"], cwd=git_repo.root)
    assert checked.code == 0, checked.out + checked.err
    assert "handoff-in-merge" not in checked.out


def test_the_first_commit_on_a_fresh_feature_branch_may_carry_a_working_note(
    tmp_path: Path, staged: Run
) -> None:
    repo = GitRepo(tmp_path / "repo", branch="feat/x")
    repo.write("HANDOFF.md", WORKING_NOTE)
    repo.git("add", "HANDOFF.md")

    result = staged(repo.root, "HANDOFF.md")
    assert result.code == 0, result.out + result.err
    assert not _merge_gate_lines(result.out)


def test_notes_added_to_a_twin_get_the_command_that_carries_them(
    git_repo: GitRepo, staged: Run, run_cli: Run
) -> None:
    # A "## Notes" section added to handoff.md by hand, staged without its JSON: pre-commit
    # and `check` print the runnable `update` the agent hook prints, and quote the note whole
    # enough to read (its closing quote mark and code span kept).
    _feature_branch(git_repo)
    git_repo.write("src/a.py", "x = 1\n")
    git_repo.commit("work")
    assert run_cli(["new", *REFUNDS], cwd=git_repo.root).code == 0
    git_repo.commit("handoff")
    note = "the `x` flag is temporary: remove it before the release of version two"
    twin = git_repo.root / "handoff.md"
    twin.write_text(twin.read_text(encoding="utf-8") + f"\n## Notes\n\n- {note}\n", "utf-8")
    git_repo.git("add", "handoff.md")
    command = f"handoff-audit update handoff.json --trap 'Notes: {note}'"
    quoted = 'section "Notes" says "the `x` flag is temporary: remove it before the…", which'
    for result in (staged(git_repo.root, "handoff.md"), run_cli(["check"], cwd=git_repo.root)):
        assert result.code == 1, result.out + result.err
        assert quoted in result.out
        assert f"carry it into handoff.json first: `` {command} ``, or delete it" in result.out
    carried = run_cli(shlex.split(command)[1:], cwd=git_repo.root)
    assert carried.code == 0, carried.err
    assert run_cli(["check"], cwd=git_repo.root).code == 0
