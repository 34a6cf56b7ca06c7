"""Credentials in older handoff files that the branch never touched (gutohuida/AgentWeave: seven
history files of ``.claude/handoffs/`` hold hub keys) do not hold a session that only edited
the README: the Stop hook says them in one line and lets the stop go, while `check` and the
merge gate still report each. A credential in a file the branch added or changed still holds
the stop. Real repositories, the real CLI and hook."""

from __future__ import annotations

from agent_support import run_hook, stop_event
from conftest import GitRepo

FOLDER = ".claude/handoffs"
NOTE = (
    "# {title}\n\n## State\n\nThe hub runs; `hub/app.py` serves the panel.\n\n## Next step\n\n"
    "1. Wire the panel in `hub/app.py`.\n\n## Key decisions\n\n- sqlite because one user\n\n"
    "## Ruled out\n\n- postgres — too heavy for one user\n\n## Pointers\n\n- hub/app.py\n"
)
KEY = '\nThe hub key: api_key = "aw_live_8f3kD92jfLq0ZxPq7TnB4vW1"\n'
OLD = [f"{FOLDER}/2026-08-02-1130-phase8.md", f"{FOLDER}/2026-08-21-2015-batch.md"]
NEWEST = f"{FOLDER}/2026-08-22-1044-the-run-landed.md"


def _branch_with_old_keys(repo: GitRepo) -> None:
    repo.write("README.md", "# App\n")
    repo.write("hub/app.py", "X = 1\n")
    for name in OLD:
        repo.write(name, NOTE.format(title=name) + KEY)
    repo.write(NEWEST, NOTE.format(title="the run landed"))
    repo.commit("handoffs", date="2026-08-22T12:00:00Z")
    repo.git("switch", "-qc", "docs")
    repo.write("README.md", "# App\n\nHow to run the hub.\n")
    repo.commit("readme")
    repo.write(f"{FOLDER}/2026-12-01-0900-readme.md", NOTE.format(title="readme"))
    repo.commit("handoff")


def test_old_credentials_are_said_once_and_hold_no_stop(git_repo: GitRepo, run_cli) -> None:  # type: ignore[no-untyped-def]
    _branch_with_old_keys(git_repo)
    stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stop.code == 0, stop.err
    said = [line for line in stop.lines if "credential" in line]
    assert said == [
        "handoff-audit: warning: 2 older handoff files that this branch did not change hold "
        f"credentials ({OLD[0]}, {OLD[1]}): they do not hold this stop, but `handoff-audit "
        "check` and the merge gate report them; remove the credentials from them and revoke "
        "them"
    ], stop.err
    assert "aw_live_" not in stop.err
    check = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert check.code == 1, check.out
    assert all(f"{name}:23:" in check.out and "secret" in check.out for name in OLD), check.out


def test_a_credential_in_a_file_the_branch_changed_holds_the_stop(git_repo: GitRepo) -> None:
    _branch_with_old_keys(git_repo)
    with (git_repo.root / OLD[1]).open("a", encoding="utf-8") as old:
        old.write("\nA footnote added on this branch.\n")
    git_repo.commit("footnote")
    stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stop.code == 2, stop.err
    assert f"- {OLD[1]}:23 secret:" in stop.err, stop.err
    assert f"- {OLD[0]}:23 secret:" not in stop.err, stop.err
    assert "1 older handoff file that this branch did not change holds credentials" in stop.err


def test_a_credential_in_a_file_the_branch_added_holds_the_stop(git_repo: GitRepo) -> None:
    _branch_with_old_keys(git_repo)
    git_repo.write(f"{FOLDER}/2026-11-30-0900-keys.md", NOTE.format(title="keys") + KEY)
    git_repo.commit("notes")
    stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stop.code == 2, stop.err
    assert f"- {FOLDER}/2026-11-30-0900-keys.md:23 secret:" in stop.err, stop.err
