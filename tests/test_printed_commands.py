"""The commands that findings and refusals print run as printed, pasted into a shell, when a
path has a space in it ("my notes/handoff.json"): each one is quoted for the shell. Real
repositories, the real CLI, the printed command run with ``sh -c``."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from agent_support import feature_repo, run_fix
from authoring_support import REFUNDS
from conftest import GitRepo, Result
from git_helpers import check, hits

Run = Callable[..., Result]

PACKET = "my notes/handoff.json"
TWIN = "my notes/handoff.md"


def _new(git_repo: GitRepo, run_cli: Run, output: str = PACKET) -> None:
    made = run_cli(
        [
            "new",
            "--output",
            output,
            *REFUNDS,
        ],
        cwd=git_repo.root,
    )
    assert made.code == 0, made.err


def _printed(message: str, start: str) -> str:
    """The command in backquotes in ``message`` that starts with ``start``."""
    [command] = [c for c in re.findall(r"`([^`]+)`", message) if c.startswith(start)]
    return command


def _run(git_repo: GitRepo, command: str) -> None:
    done = run_fix(git_repo.root, command)
    assert done.returncode == 0, (command, done.stderr)


def test_the_twin_commands_quote_the_packet(git_repo: GitRepo, run_cli: Run) -> None:
    feature_repo(git_repo)
    _new(git_repo, run_cli)
    git_repo.commit("handoff")
    (git_repo.root / TWIN).unlink()
    [missing] = hits(check(run_cli, git_repo.root), "md-missing")
    command = _printed(missing["message"], "handoff-audit render")
    assert command == "handoff-audit render --write 'my notes/handoff.json'"
    _run(git_repo, command)
    assert check(run_cli, git_repo.root)["findings"] == []

    twin = git_repo.root / TWIN
    # A twin that only lost text: rendering it again from the packet drops nothing.
    kept = [line for line in twin.read_text().splitlines(True) if "Fix GBP rounding" not in line]
    twin.write_text("".join(kept))
    [mismatch] = hits(check(run_cli, git_repo.root), "md-mismatch")
    _run(git_repo, _printed(mismatch["message"], "handoff-audit render"))
    assert check(run_cli, git_repo.root)["findings"] == []

    twin.write_text("stale\n")
    stale = run_cli(["render", "--check", PACKET], cwd=git_repo.root)
    assert stale.code == 1
    _run(git_repo, _printed(stale.err, "handoff-audit render"))
    assert run_cli(["render", "--check", PACKET], cwd=git_repo.root).code == 0


def test_archive_commands_quote_the_packet(git_repo: GitRepo, run_cli: Run) -> None:
    feature_repo(git_repo)
    _new(git_repo, run_cli)
    git_repo.commit("handoff")
    [merge] = hits(check(run_cli, git_repo.root, "--target-branch", "main"), "active-in-merge")
    command = _printed(merge["message"], "handoff-audit archive")
    assert command == "handoff-audit archive 'my notes/handoff.json'"

    git_repo.git("checkout", "-q", "-b", "feat/other")
    [mismatch] = hits(check(run_cli, git_repo.root), "branch-mismatch")
    _run(git_repo, _printed(mismatch["message"], "handoff-audit archive"))
    assert check(run_cli, git_repo.root)["findings"] == []

    git_repo.git("checkout", "-q", "--", ".")
    git_repo.git("checkout", "-q", "feat/refunds")
    refused = run_cli(
        [
            "new",
            "--output",
            PACKET,
            "--summary",
            "s",
            "--next-action",
            "n",
            "--verdict-pointer",
            "https://ci.example.com/run/2",
        ],
        cwd=git_repo.root,
    )
    assert refused.code == 2
    _run(git_repo, _printed(refused.err, "handoff-audit supersede"))
    assert '"status": "superseded"' in (git_repo.root / PACKET).read_text()
    assert git_repo.git("status", "--porcelain") == ""


def test_multiple_active_supersede_quotes_both_packets(git_repo: GitRepo, run_cli: Run) -> None:
    feature_repo(git_repo)
    _new(git_repo, run_cli)
    git_repo.commit("handoff", "2026-01-01T00:00:00Z")
    for name in ("handoff.json", "handoff.md"):  # a copy, as a merge of two branches leaves it
        git_repo.write(f"other notes/{name}", (git_repo.root / "my notes" / name).read_text())
    git_repo.commit("a second handoff", "2026-01-02T00:00:00Z")
    found = hits(check(run_cli, git_repo.root), "multiple-active")
    [command] = re.findall(r"\((handoff-audit supersede [^)]+)\)", found[0]["message"])
    assert command == (
        "handoff-audit supersede 'my notes/handoff.json' --by 'other notes/handoff.json'"
    )
    _run(git_repo, command)
    assert hits(check(run_cli, git_repo.root), "multiple-active") == []


def test_git_rm_quotes_a_hand_written_handoff(git_repo: GitRepo, run_cli: Run) -> None:
    feature_repo(git_repo)
    git_repo.write("my notes/HANDOFF.md", "# Refunds\n\n## Next step\n\nFix GBP rounding.\n")
    git_repo.commit("handoff: notes")
    [hit] = hits(check(run_cli, git_repo.root, "--target-branch", "main"), "handoff-in-merge")
    command = _printed(hit["message"], "git rm")
    assert command == "git rm -- ':/my notes/HANDOFF.md' && git commit -m \"handoff: done\""
    _run(git_repo, command)
    assert hits(check(run_cli, git_repo.root, "--target-branch", "main"), "handoff-in-merge") == []

    git_repo.git("checkout", "-q", "main")
    git_repo.write("my notes/HANDOFF.md", "# Refunds\n\n## Next step\n\nFix GBP rounding.\n")
    git_repo.commit("a push to main with a handoff")
    [on_main] = hits(check(run_cli, git_repo.root), "handoff-in-merge")
    _run(git_repo, _printed(on_main["message"], "git rm"))
    assert not (git_repo.root / "my notes/HANDOFF.md").exists()


def test_git_rm_runs_as_printed_from_a_subfolder(git_repo: GitRepo, run_cli: Run) -> None:
    """The finding's location is printed from the current folder, its `git rm` from the top
    folder: git's ``:/`` makes the command name the same file from any folder."""
    feature_repo(git_repo)
    git_repo.write("HANDOFF.md", "# Refunds\n\n## Next step\n\nFix GBP rounding.\n")
    git_repo.commit("handoff: notes")
    subfolder = git_repo.root / "src"
    gate = ("check", "--target-branch", "main", "--format", "json")
    found = run_cli([*gate], cwd=subfolder)
    [hit] = hits(json.loads(found.out), "handoff-in-merge")
    done = run_fix(subfolder, _printed(hit["message"], "git rm"))
    assert done.returncode == 0, done.stderr
    assert hits(json.loads(run_cli([*gate], cwd=subfolder).out), "handoff-in-merge") == []

    # The markdown verdict's advice (the PR comment) runs as printed from a subfolder too.
    git_repo.git("reset", "-q", "--hard", "HEAD~1")
    markdown = run_cli(["check", "--target-branch", "main", "--format", "markdown"], cwd=subfolder)
    done = run_fix(subfolder, _printed(markdown.out.split("### Findings")[0], "git rm"))
    assert done.returncode == 0, done.stderr
    assert hits(json.loads(run_cli([*gate], cwd=subfolder).out), "handoff-in-merge") == []


def test_render_check_on_a_twin_with_a_persons_text_prints_the_update_that_keeps_it(
    git_repo: GitRepo, run_cli: Run
) -> None:
    feature_repo(git_repo)
    _new(git_repo, run_cli)
    git_repo.commit("handoff")
    twin = git_repo.root / TWIN
    note = "The staging DB must be reset before running the refund tests."
    twin.write_text(twin.read_text() + f"\n## Notes\n\n{note}\n")
    [mismatch] = hits(check(run_cli, git_repo.root), "md-mismatch")
    said_by_check = _printed(mismatch["message"], "handoff-audit update")

    stale = run_cli(["render", "--check", PACKET], cwd=git_repo.root)

    assert stale.code == 1
    command = _printed(stale.err, "handoff-audit update")
    assert command == said_by_check  # one advice, whichever command saw the twin
    assert "would drop" in stale.err
    _run(git_repo, command)
    assert note in twin.read_text()
    assert run_cli(["render", "--check", PACKET], cwd=git_repo.root).code == 0
