"""The lifecycle's edges outside the hook: `check` from a subfolder, the default branch of a
clone, `update --resolve-risk` and `--verify`'s risks, finishing a hand-written handoff."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

from conftest import GitRepo
from git_helpers import packet
from handoff_audit.markdown import render_packet

BRANCH = "feat/refunds"


def write_packet(repo: GitRepo, data: dict[str, Any]) -> None:
    repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    repo.write("handoff.md", render_packet(data))


def test_check_from_a_subfolder_audits_the_whole_repository(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    git_repo.write("src/app.py", "x = 1\n")
    git_repo.write("handoff.json", '{"branch": "main",, }\n')
    git_repo.commit("broken handoff")
    done = run_cli(["check"], cwd=git_repo.root / "src")
    assert done.code == 1
    assert "No handoff packets found" not in done.out
    # Paths are shown from the current folder, so they can be opened from there.
    assert "../handoff.json:1:" in done.out
    report = run_cli(["check", "--format", "json"], cwd=git_repo.root / "src").json()
    assert [p["path"] for p in report["packets"]] == ["handoff.json"]


def test_explicit_paths_still_choose_what_is_audited(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    git_repo.write("src/app.py", "x = 1\n")
    git_repo.write("handoff.json", '{"branch": "main",, }\n')
    git_repo.commit("broken handoff")
    done = run_cli(["check", "."], cwd=git_repo.root / "src")
    assert done.code == 0
    assert "No handoff packets found under the paths given" in done.out
    assert "with no PATHS audits the whole repository" in done.out


def trunk_clone(tmp_path: Path) -> GitRepo:
    """A clone whose default branch is ``trunk``, with a branch of work on it."""
    upstream = GitRepo(tmp_path / "upstream", branch="trunk")
    upstream.write("README.md", "# shop\n")
    upstream.commit("init")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(upstream.root), str(clone)], check=True)
    repo = GitRepo.__new__(GitRepo)
    repo.root = clone
    assert repo.git("symbolic-ref", "refs/remotes/origin/HEAD") == "refs/remotes/origin/trunk"
    repo.git("checkout", "-q", "-b", BRANCH)
    repo.write("src/refunds.py", "def refund(amount):\n    return amount\n")
    repo.commit("refunds")
    return repo


def test_new_in_a_clone_whose_default_is_trunk_lists_the_branch_s_changes(
    tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    repo = trunk_clone(tmp_path)
    done = run_cli(
        ["new", "--summary", "Refunds.", "--next-action", "Round GBP.", "--verdict-pointer", "x"],
        cwd=repo.root,
    )
    assert done.code == 0, done.err
    data = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert data["changed_files"] == ["src/refunds.py"]


def test_the_merge_gate_protects_trunk_and_names_it(
    tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    repo = trunk_clone(tmp_path)
    write_packet(repo, packet(BRANCH, repo.head(), changed_files=["src/refunds.py"]))
    repo.commit("handoff")
    done = run_cli(["check", "--target-branch", "trunk"], cwd=repo.root)
    assert done.code == 1
    assert "active-in-merge" in done.out
    assert "protected branch trunk" in done.out


def test_a_configured_list_replaces_the_default_branch(
    tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    repo = trunk_clone(tmp_path)
    # committed on trunk: the merge gate reads the target's settings, as the Action does
    repo.git("checkout", "-q", "trunk")
    repo.write(".handoff-audit.yml", 'protected-branches: ["release/*"]\n')
    repo.commit("configure")
    repo.git("checkout", "-q", BRANCH)
    repo.git("merge", "-q", "--no-edit", "trunk")
    write_packet(repo, packet(BRANCH, repo.head(), changed_files=["src/refunds.py"]))
    repo.commit("handoff")
    assert run_cli(["check", "--target-branch", "trunk"], cwd=repo.root).code == 0


def test_the_hook_names_the_default_branch_it_used(tmp_path: Path) -> None:
    from agent_support import run_hook, stop_event

    repo = trunk_clone(tmp_path)
    run = run_hook(stop_event(repo.root))
    assert run.code == 2, run.err
    assert f"branch {BRANCH} has work of its own against trunk but no active handoff" in run.err


def hand_written_repo(repo: GitRepo, later: int) -> list[str]:
    """A branch with a complete HANDOFF.md and ``later`` commits of work after it."""
    repo.write("README.md", "# shop\n")
    repo.commit("init")
    repo.git("checkout", "-q", "-b", BRANCH)
    repo.write(
        "HANDOFF.md",
        "# Handoff\n\n## State\n\nEUR refunds round to cents.\n\n"
        "## Next step\n\nRound GBP refunds in `src/refunds.py` too.\n",
    )
    repo.commit("handoff notes")
    shas = []
    for number in range(later):
        repo.write(
            "src/refunds.py", f"def refund(amount):\n    return round(amount, 2)  # {number}\n"
        )
        shas.append(repo.commit(f"refunds: step {number}"))
    return shas


def test_a_hand_written_handoff_the_work_outran_is_handoff_outdated(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    shas = hand_written_repo(git_repo, 3)
    report = run_cli(["check", "--format", "json"], cwd=git_repo.root).json()
    [finding] = [f for f in report["findings"] if f["rule"] == "handoff-outdated"]
    assert finding["severity"] == "warning"
    assert finding["path"] == "HANDOFF.md"
    assert "3 later commits" in finding["message"]
    assert shas[-1][:12] in finding["message"]
    assert "refunds: step 2" in finding["message"]


def test_a_current_hand_written_handoff_is_not_outdated(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    hand_written_repo(git_repo, 0)
    report = run_cli(["check", "--format", "json"], cwd=git_repo.root).json()
    assert [f for f in report["findings"] if f["rule"] == "handoff-outdated"] == []
    # A commit that changes only handoff files does not outdate it.
    git_repo.write(".handoff/notes.md", "# more notes\n")
    git_repo.commit("notes only")
    report = run_cli(["check", "--format", "json"], cwd=git_repo.root).json()
    assert [f for f in report["findings"] if f["rule"] == "handoff-outdated"] == []


def test_the_hook_blocks_on_an_outdated_hand_written_handoff_and_says_what_to_add(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    from agent_support import run_fix, run_hook, stop_event

    hand_written_repo(git_repo, 2)
    run = run_hook(stop_event(git_repo.root))
    assert run.code == 2, run.err
    assert "HANDOFF.md handoff-outdated" in run.err
    command = next(line for line in run.lines if line.startswith("  fix: ")).removeprefix("  fix: ")
    # in place of the step under its "## Next step" heading, never a second section appended
    assert command.endswith('cat "$t" > HANDOFF.md && rm -f -- "$t"') and ">>" not in command
    filled = re.sub(r'"<[^">]*>"', "'GBP done.'", command)  # what changed, the next step now
    assert run_fix(git_repo.root, filled).returncode == 0
    git_repo.commit("handoff: refreshed")
    assert run_hook(stop_event(git_repo.root)).code == 0
    # Its finish is its deletion in a commit after the last work: the hook lets the branch
    # stop and the merge gate lets it merge.
    git_repo.git("rm", "-q", "HANDOFF.md")
    git_repo.commit("handoff: done")
    allowed = run_hook(stop_event(git_repo.root))
    assert allowed.code == 0, allowed.err
    assert "HANDOFF.md was deleted" in allowed.err
    assert run_cli(["check", "--target-branch", "main"], cwd=git_repo.root).code == 0


def packet_repo(repo: GitRepo, **fields: Any) -> None:
    repo.write("README.md", "# shop\n")
    repo.commit("init")
    repo.git("checkout", "-q", "-b", BRANCH)
    repo.write("src/refunds.py", "def refund(amount):\n    return amount\n")
    repo.commit("refunds")
    write_packet(repo, packet(BRANCH, repo.head(), changed_files=["src/refunds.py"], **fields))
    repo.commit("handoff")


def risks(repo: GitRepo) -> list[str]:
    data = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    return [risk["what"] for risk in data["open_risks"]]


def test_update_resolve_risk_removes_the_risk_it_names(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    open_risks = [
        {"what": "GBP totals may differ by a penny", "severity": "medium"},
        {"what": "The EUR golden files are stale", "severity": "low"},
    ]
    packet_repo(git_repo, open_risks=open_risks)
    done = run_cli(["update", "--resolve-risk", "penny"], cwd=git_repo.root)
    assert done.code == 0, done.err
    assert risks(git_repo) == ["The EUR golden files are stale"]
    assert "The EUR golden files are stale" in (git_repo.root / "handoff.md").read_text("utf-8")
    git_repo.commit("handoff: risk resolved")
    before = (git_repo.root / "handoff.json").read_bytes()
    missing = run_cli(["update", "--resolve-risk", "no such risk"], cwd=git_repo.root)
    assert missing.code == 2
    assert "names no open risk" in missing.err
    assert (git_repo.root / "handoff.json").read_bytes() == before


def test_a_failing_verify_exits_1_and_a_passing_one_ends_its_risk(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    packet_repo(git_repo)
    lkg = json.loads((git_repo.root / "handoff.json").read_text("utf-8"))["last_known_good_commit"]
    git_repo.write("src/refunds.py", "def refund(amount):\n    return round(amount, 2)\n")
    git_repo.commit("refunds: rounding")
    failing = run_cli(
        ["update", "--verify", "exit 3", "--next-action", "Fix the rounding test."],
        cwd=git_repo.root,
    )
    assert failing.code == 1, failing.err
    data = json.loads((git_repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert data["last_known_good_commit"] == lkg
    assert [r for r in risks(git_repo) if r.startswith("`exit 3` failed (exit 3)")]
    git_repo.commit("handoff: tests red")
    # The same command, passing now (the test fixed): its failure is no longer a risk.
    git_repo.write("fixed", "")
    git_repo.commit("tests: fixed")
    fixed = ["--next-action", "Round GBP refunds."]
    passing = run_cli(["update", "--verify", "test -e fixed || exit 3", *fixed], cwd=git_repo.root)
    assert passing.code == 0, passing.err
    assert [r for r in risks(git_repo) if r.startswith("`exit 3`")]  # another command's
    git_repo.commit("handoff")
    (git_repo.root / "fixed").unlink()
    git_repo.commit("tests: broken again")
    red = ["update", "--verify", "test -e fixed || exit 3", "--next-action", "Fix it again."]
    assert run_cli(red, cwd=git_repo.root).code == 1
    git_repo.commit("handoff: red")
    git_repo.write("fixed", "")
    git_repo.commit("tests: fixed again")
    again = ["update", "--verify", "test -e fixed || exit 3", *fixed]
    assert run_cli(again, cwd=git_repo.root).code == 0
    assert not [r for r in risks(git_repo) if r.startswith("`test -e fixed")]
    data = json.loads((git_repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert data["last_known_good_commit"] == git_repo.head()


def test_work_after_the_finish_needs_a_handoff_again(git_repo: GitRepo) -> None:
    """Finished, then more work: the hook asks for a new packet, which replaces the finished
    one at its path; archived again, the branch may stop and merge."""
    from agent_support import run_fix, run_hook, stop_event

    packet_repo(git_repo)
    assert run_hook(stop_event(git_repo.root)).code == 0
    data = json.loads((git_repo.root / "handoff.json").read_text(encoding="utf-8"))
    write_packet(git_repo, data | {"status": "archived"})
    git_repo.commit("handoff: done")
    finished = run_hook(stop_event(git_repo.root))
    assert finished.code == 0
    assert "handoff.json is archived" in finished.err
    git_repo.write("src/refunds.py", "def refund(amount):\n    return -amount\n")
    git_repo.commit("refunds: one more thing")
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    command = next(line for line in blocked.lines if line.startswith("  fix: "))[7:]
    assert command.startswith("handoff-audit new ")
    assert run_fix(git_repo.root, command).returncode == 0
    git_repo.commit("handoff: again")
    assert run_hook(stop_event(git_repo.root)).code == 0
    assert (
        run_fix(
            git_repo.root, 'handoff-audit archive && git commit -qam "handoff: done"'
        ).returncode
        == 0
    )
    assert run_hook(stop_event(git_repo.root)).code == 0
