"""A series whose ``LATEST.md`` is a one-line text file naming its newest handoff (gutohuida/
AgentWeave's ``.claude/handoffs/``, ``handoff-NNNN-YYYY-MM-DD-HHMM-topic.md``): the pointer is
no handoff and is never judged, the file it names is the current one, `show` hands that file
over, and an agent that knows only what the Stop hook prints writes the next file, commits it
and may stop, whether it re-points the pointer or not (when not, a warning with the command).
Real repositories, the real CLI and hook."""

from __future__ import annotations

import re

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo

FOLDER = ".claude/handoffs"
NOTE = (
    "# {title}\n\n## State\n\nThe hub runs; `hub/app.py` serves the panel.\n\n## Next step\n\n"
    "1. Wire the {title} panel in `hub/app.py`.\n\n## Key decisions\n\n- sqlite because one "
    "user\n\n## Ruled out\n\n- postgres — too heavy for one user\n\n## Pointers\n\n- hub/app.py\n"
)
OLDER = [
    "2026-08-02-1130-phase8-mock-fidelity.md",
    "handoff-0001-2026-08-04-1153-closeout.md",
    "handoff-0072-2026-08-21-2015-the-batch-closed.md",
]
NEWEST = "handoff-0073-2026-08-22-1044-the-run-landed.md"


def _series(repo: GitRepo, pointed: str = NEWEST) -> None:
    repo.write("README.md", "# App\n")
    repo.write("hub/app.py", "X = 1\n")
    for name in [*OLDER, NEWEST]:
        repo.write(f"{FOLDER}/{name}", NOTE.format(title=name[:-3]))
    repo.write(f"{FOLDER}/LATEST.md", f"{pointed}\n")
    repo.commit("handoffs", date="2026-08-22T12:00:00Z")


def test_the_pointer_is_followed_never_judged(git_repo: GitRepo, run_cli) -> None:  # type: ignore[no-untyped-def]
    _series(git_repo)
    check = run_cli(["check"], cwd=git_repo.root)
    assert check.code == 0, check.out
    assert f"{FOLDER}/{NEWEST}: the current handoff of its series" in check.out
    assert "LATEST.md" not in check.out + check.err
    show = run_cli(["show"], cwd=git_repo.root)
    assert show.code == 0, show.out
    assert "Wire the handoff-0073-2026-08-22-1044-the-run-landed panel" in show.out


def test_a_pointer_to_a_missing_file_is_said_once(git_repo: GitRepo, run_cli) -> None:  # type: ignore[no-untyped-def]
    _series(git_repo, pointed="handoff-0074-2026-08-23-0900-gone.md")
    check = run_cli(["check"], cwd=git_repo.root)
    assert check.code == 0, check.out
    assert f"{FOLDER}/{NEWEST}: the current handoff of its series" in check.out
    said = [line for line in check.err.splitlines() if "LATEST.md" in line]
    assert len(said) == 1 and said[0].startswith("handoff-audit: warning: "), check.err
    assert "handoff-0074-2026-08-23-0900-gone.md, which is not there" in said[0]
    command = re.search(r"\(`(.+)`\) and commit it", said[0])
    assert command is not None, said[0]
    assert run_fix(git_repo.root, command[1]).returncode == 0
    assert (git_repo.root / FOLDER / "LATEST.md").read_text() == f"{NEWEST}\n"


def _write_asked_file(repo: GitRepo, err: str) -> tuple[str, str]:
    """What an agent does with the hook's "write the next one" advice: the file it names, with
    a topic in place of ``<topic>``; the command printed after it (the pointer's)."""
    asked = re.search(r"write the next one, (\S+<topic>\.md),", err)
    assert asked is not None, err
    written = asked[1].replace("<topic>", "readme-tweak")
    repo.write(written, NOTE.format(title="readme tweak"))
    pointer = re.search(r"write its name into \S+: `(.+)`$", err, re.MULTILINE)
    return written, pointer[1].replace("<topic>", "readme-tweak") if pointer else ""


def test_an_agent_following_the_hook_gets_out_with_the_pointer_repointed(
    git_repo: GitRepo, run_cli
) -> None:  # type: ignore[no-untyped-def]
    _series(git_repo)
    git_repo.git("switch", "-qc", "try")
    git_repo.write("README.md", "# App\n\nMore.\n")
    git_repo.commit("readme")
    first = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert first.code == 2 and "no active handoff" in first.err, first.err
    assert "LATEST.md:1" not in first.err, first.err
    written, pointer = _write_asked_file(git_repo, first.err)
    assert pointer, first.err
    assert run_fix(git_repo.root, pointer).returncode == 0
    git_repo.commit("handoff")
    assert (git_repo.root / FOLDER / "LATEST.md").read_text() == written.rpartition("/")[2] + "\n"
    second = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert second.code == 0 and "warning" not in second.err, second.err
    check = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert check.code == 0, check.out
    assert f"{written}: the current handoff of its series" in check.out, check.out


def test_a_pointer_left_behind_warns_and_blocks_nothing(git_repo: GitRepo, run_cli) -> None:  # type: ignore[no-untyped-def]
    _series(git_repo)
    git_repo.git("switch", "-qc", "try")
    git_repo.write("README.md", "# App\n\nMore.\n")
    git_repo.commit("readme")
    first = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    written, _ = _write_asked_file(git_repo, first.err)
    git_repo.commit("handoff, the pointer left as it was")
    second = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert second.code == 0, second.err
    [warning] = second.lines
    assert warning.startswith(f"handoff-audit: warning: {FOLDER}/LATEST.md names "), warning
    assert f"the current handoff of its series is {written}" in warning, warning
    command = re.search(r"\(`(.+)`\) and commit it", warning)
    assert command is not None, warning
    assert run_fix(git_repo.root, command[1]).returncode == 0
    git_repo.commit("pointer")
    third = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert third.code == 0 and third.err == "", third.err
    check = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert check.code == 0 and "LATEST.md" not in check.out + check.err, check.out


HANDOFF = (
    "# Handoff\n## State\nSetup done.\n## Next step\nWrite the auth module in src/auth.py.\n"
    "## Decisions\n- chose x because y\n## Ruled out\nNone.\n"
)


def test_a_one_line_handoff_ending_in_md_is_judged_not_followed(git_repo: GitRepo, run_cli) -> None:  # type: ignore[no-untyped-def]
    """A real one-line handoff ending in ".md" was taken for a pointer: the newest handoff
    vanished, and the warning's command overwrote it with an older file's name."""
    folder = "docs/handoffs"
    git_repo.write(f"{folder}/2026-12-01-setup.md", HANDOFF)
    newest = f"{folder}/2026-12-03-done.md"
    git_repo.write(newest, "Finished; nothing left, see notes.md\n")
    git_repo.write(f"{folder}/2026-12-04-gone.md", "notes.md\n")  # names no file that is there
    git_repo.write("a.txt", "x\n")
    git_repo.commit("init")
    check = run_cli(["check"], cwd=git_repo.root)
    assert f"{folder}/2026-12-04-gone.md: the current handoff of its series" in check.out, (
        check.out + check.err
    )
    assert "printf" not in check.out + check.err, check.err
    (git_repo.root / folder / "2026-12-04-gone.md").unlink()
    git_repo.commit("gone")
    check = run_cli(["check"], cwd=git_repo.root)
    assert f"{newest}: the current handoff of its series" in check.out, check.out + check.err
    assert "printf" not in check.out + check.err, check.err
    shown = run_cli(["show"], cwd=git_repo.root)
    assert "Finished; nothing left" in shown.out, shown.out + shown.err


def test_a_latest_pointer_outside_its_folder_is_never_the_current_handoff(
    git_repo: GitRepo, run_cli
) -> None:  # type: ignore[no-untyped-def]
    """``LATEST.md`` holding ``../old/x.md`` or ``archive/x.md`` was judged as the series'
    current handoff: an error that failed `check`, and `show` printed the path as the brief."""
    for pointed in ("../old/x.md", "archive/x.md"):
        _series(git_repo, pointed=pointed)
        git_repo.write("docs/old/x.md", NOTE.format(title="old"))
        git_repo.write(f"{FOLDER}/archive/x.md", NOTE.format(title="old"))
        git_repo.commit(f"pointer {pointed}")
        check = run_cli(["check"], cwd=git_repo.root)
        assert check.code == 0, check.out + check.err
        assert f"{FOLDER}/{NEWEST}: the current handoff of its series" in check.out, check.out
        said = [line for line in check.err.splitlines() if "LATEST.md" in line]
        assert len(said) == 1 and "outside its folder" in said[0], check.err
        command = re.search(r"\(`(.+)`\) and commit it", said[0])
        assert command is not None, said[0]
        assert run_fix(git_repo.root, command[1]).returncode == 0
        assert (git_repo.root / FOLDER / "LATEST.md").read_text() == f"{NEWEST}\n"
        show = run_cli(["show"], cwd=git_repo.root)
        assert "Wire the handoff-0073-2026-08-22-1044-the-run-landed panel" in show.out, show.out
