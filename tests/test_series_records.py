"""A series folder's own records (its index `README.md`, `index.md`, a template) are handing off,
not work: a commit that changes only them does not make the handoff outdated, for `check` and
the Stop hook alike; code in a folder so named still is work."""

from __future__ import annotations

import re
from typing import Any

from agent_support import run_fix, run_hook, stop_event, the_command
from conftest import GitRepo
from git_helpers import check
from handoff_audit.git import plumbing

HANDOFF = "docs/handoffs/2026-12-04-refunds.md"
TEXT = (
    "# Handoff\n\n## State\nRefund endpoint added; tests pass.\n\n## Next step\nAdd idempotency "
    "keys in refunds.py.\n\n## Decisions\n- Key in a header because the body is signed.\n\n"
    "## Ruled out\n- A lock per refund: tried, deadlocks under load.\n\n## Pointers\n"
    "- refunds.py:1\n"
)


def _outdated(run_cli: Any, repo: GitRepo) -> list[str]:
    report = check(run_cli, repo.root)
    return [f["message"] for f in report["findings"] if f["rule"] == "handoff-outdated"]


def _index(repo: GitRepo, line: str, path: str = "docs/handoffs/README.md") -> None:
    target = repo.root / path
    old = target.read_text(encoding="utf-8") if target.exists() else "# Handoffs\n\n"
    repo.write(path, old + line + "\n")
    repo.commit(f"handoffs index: {line}")


def test_updating_the_series_index_is_not_work_that_moved_on(
    git_repo: GitRepo, run_cli: Any
) -> None:
    git_repo.write("app.py", "x = 1\n")
    git_repo.write("docs/handoffs/README.md", "# Handoffs\n\nOne handoff per session.\n")
    git_repo.commit("init")
    git_repo.git("switch", "-qc", "feat/refunds")
    git_repo.write("refunds.py", "def refund(): pass\n")
    git_repo.commit("work")
    git_repo.write(HANDOFF, TEXT)
    git_repo.commit("handoff")
    assert run_hook(stop_event(git_repo.root)).code == 0

    _index(git_repo, "- 2026-12-04-refunds.md")
    _index(git_repo, "## Sections", "docs/handoffs/index.md")
    _index(git_repo, "## Next step", "docs/handoffs/TEMPLATE.md")
    assert _outdated(run_cli, git_repo) == []
    assert run_hook(stop_event(git_repo.root)).code == 0

    # Real work still counts, code in a folder named like a series too: the hook blocks; its
    # fix, followed, then the index again, lets the session end.
    git_repo.write("src/handoffs/keys.py", "def key(): pass\n")
    git_repo.commit("refunds: idempotency keys")
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2
    assert "handoff-outdated" in blocked.err
    command = re.sub(
        r'"<[^">]*>"',
        lambda m: "'Use the key.'" if "next" in m[0] else "'Added idempotency keys.'",
        the_command(blocked.err, "fix: "),
    )
    assert run_fix(git_repo.root, command).returncode == 0
    git_repo.commit("handoff: since then")
    _index(git_repo, "- 2026-12-04-refunds.md (updated)")
    assert _outdated(run_cli, git_repo) == []
    assert run_hook(stop_event(git_repo.root)).code == 0


def test_a_folder_named_like_a_series_that_holds_no_handoff_keeps_its_files_as_work(
    git_repo: GitRepo, run_cli: Any
) -> None:
    """`src/shifts/handoffs/` is a code package (no handoff in it), so the text template there
    is work; in a real series folder, text and code are work too, only markdown is a record."""
    git_repo.write("src/shifts/handoffs/mail.py", "def send(): ...\n")
    git_repo.write("src/shifts/handoffs/templates/email.txt", "Hello {name}.\n")
    git_repo.write("src/shifts/handoffs/templates/notes.md", "# Notes\n")
    git_repo.commit("base")
    git_repo.git("switch", "-qc", "feat/mail")
    git_repo.write("HANDOFF.md", TEXT)
    git_repo.commit("handoff")
    git_repo.write("src/shifts/handoffs/templates/notes.md", "# Notes\n\nMore.\n")
    git_repo.commit("mail notes")
    assert len(_outdated(run_cli, git_repo)) == 1
    assert run_hook(stop_event(git_repo.root)).code == 2

    git_repo.write("HANDOFF.md", TEXT + "- src/shifts/handoffs/mail.py\n")
    git_repo.commit("handoff again")
    git_repo.write("src/shifts/handoffs/templates/email.txt", "Dear {name}.\n")
    git_repo.commit("shift mail: name the open patients")
    assert "email.txt" in _outdated(run_cli, git_repo)[0]
    assert run_hook(stop_event(git_repo.root)).code == 2


def test_a_text_file_in_a_real_series_folder_is_work(git_repo: GitRepo, run_cli: Any) -> None:
    git_repo.write("app.py", "x = 1\n")
    git_repo.write(HANDOFF, TEXT)
    git_repo.commit("handoff")
    git_repo.write("docs/handoffs/.gitkeep", "")
    git_repo.write("docs/handoffs/archive/old.md", "# Old\n")
    git_repo.commit("records")
    assert _outdated(run_cli, git_repo) == []
    git_repo.write("docs/handoffs/schedule.txt", "nightly\n")
    git_repo.commit("schedule")
    assert "schedule.txt" in _outdated(run_cli, git_repo)[0]


def test_a_git_ignored_markdown_file_makes_no_series(git_repo: GitRepo, run_cli: Any) -> None:
    """`docs/handoffs/` holds a tracked index and a git-ignored scratch note named like a
    handoff: git lists no handoff there, so it is no series and its index is work, as for a
    folder that holds only the index; discovery's listing tells it, with no more git
    processes than a change elsewhere takes."""

    def git_processes_of_check() -> int:
        before = plumbing.spawn_count()
        check(run_cli, git_repo.root)
        return plumbing.spawn_count() - before

    git_repo.write(".gitignore", "docs/handoffs/*-scratch.md\n")
    git_repo.write("docs/handoffs/README.md", "# Handoffs\n")
    git_repo.write("app.py", "x = 1\n")
    git_repo.commit("base")
    git_repo.git("switch", "-qc", "feat/refunds")
    git_repo.write("docs/handoffs/2026-12-01-scratch.md", TEXT)
    git_repo.write("HANDOFF.md", TEXT)
    git_repo.commit("handoff")
    assert git_repo.git("status", "--porcelain") == ""
    git_repo.write("app.py", "x = 2\n")
    git_repo.commit("work")
    elsewhere = git_processes_of_check()
    git_repo.write("HANDOFF.md", TEXT + "- app.py\n")
    git_repo.commit("handoff again")
    _index(git_repo, "- the refunds")
    assert "README.md" in _outdated(run_cli, git_repo)[0]
    # at most the touch-up comparison's one cat-file more (git/touch_ups): the handoff changed
    assert git_processes_of_check() <= elsewhere + 1
    assert run_hook(stop_event(git_repo.root)).code == 2
