"""A dated series in ``docs/handoffs/`` with a ``LATEST.md``: one whose content is a pointer
sentence ("See [2026-11-16](2026-11-16.md).") is a text pointer, so the newest dated file is
current, `check` never judges the pointer and warns that it is stale, naming both, and a new
branch's session is told of the newest dated file; one that is a handoff of its own keeps
outranking any dated file by its name, so the Stop hook's advice is to update it in place,
never to overwrite it with a pointer. An agent that follows only what the hook prints gets out.
Real repositories, the real CLI and hook."""

from __future__ import annotations

import json
import os
import re
import time
from datetime import UTC, datetime

import pytest

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo
from test_agent_session_start import claude_start

FOLDER = "docs/handoffs"
DATED = {
    "2026-11-02.md": "Add mul() with tests.",
    "2026-11-09.md": "Add a div() that handles division by zero.",
    "2026-11-16.md": "Implement div() returning float.",
    "2026-11-23.md": "Merge feat/div after review; then start on power().",
}
NOTE = (
    "# {title}\n\n## State\n\n{title} is in `src/calc.py`; tests pass.\n\n## Next step\n\n"
    "Add tests for {title} of negative numbers.\n\n## Key decisions\n\n- plain floats because "
    "the callers want floats\n\n## Ruled out\n\n- numpy — too heavy a dependency\n\n"
    "## Pointers\n\n- src/calc.py\n"
)


def _series(repo: GitRepo, latest: str) -> None:
    repo.write("src/calc.py", "def add(a, b):\n    return a + b\n")
    for name, step in DATED.items():
        repo.write(f"{FOLDER}/{name}", f"# Handoff {name[:-3]}\n\n## Next action\n{step}\n")
    repo.write(f"{FOLDER}/LATEST.md", latest)
    repo.commit("handoff notes")


@pytest.mark.parametrize(
    "latest",
    [
        "# Latest handoff\n\nSee [2026-11-16](2026-11-16.md).\n",
        "Latest: 2026-11-16.md\n",
        "→ [2026-11-16](./2026-11-16.md)\n",
        "# Latest\n\nSee 2026-11-16.md for details.\n",
        "# Latest\n\nRead 2026-11-16.md first.\n",
        '# Latest\n\nSee [x](2026-11-16.md "title").\n',
        "# Latest\n\n→ [x](2026-11-16.md#state)\n",
        "# Latest\n\nSee [x](/docs/handoffs/2026-11-16.md).\n",
    ],
)
def test_a_pointer_sentence_is_a_pointer(git_repo: GitRepo, run_cli, latest: str) -> None:  # type: ignore[no-untyped-def]
    """It was judged as the series' current handoff: `md-incomplete` failed the gate of a
    branch that never touched it, and a new branch's session was pointed at it."""
    _series(git_repo, latest)
    git_repo.git("switch", "-qc", "feat/sqrt")
    check = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert check.code == 0, check.out + check.err
    assert f"{FOLDER}/2026-11-23.md: the current handoff of its series" in check.out, check.out
    assert "LATEST.md:" not in check.out, check.out
    [said] = [line for line in check.err.splitlines() if "LATEST.md" in line]
    assert f"names {FOLDER}/2026-11-16.md, an older handoff" in said, said
    assert f"the current handoff of its series is {FOLDER}/2026-11-23.md" in said, said
    start = run_hook(claude_start(git_repo.root))
    context = json.loads(start.out)["hookSpecificOutput"]["additionalContext"]
    assert f"the project's latest record is {FOLDER}/2026-11-23.md" in context, context
    command = re.search(r"\(`(.+)`\) and commit it", said)
    assert command is not None, said
    assert run_fix(git_repo.root, command[1]).returncode == 0
    assert "2026-11-23.md" in (git_repo.root / FOLDER / "LATEST.md").read_text()
    git_repo.commit("pointer")
    check = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert "LATEST.md" not in check.out + check.err, check.out + check.err


def test_a_pointer_to_the_current_file_by_its_anchor_says_nothing(
    git_repo: GitRepo, run_cli
) -> None:  # type: ignore[no-untyped-def]
    """A link with an anchor to the newest file was judged as a handoff (`md-incomplete`, and
    the Stop hook's fix appended "## Next step" to the pointer); it is a pointer that names the
    current file, so nothing is said of it."""
    _series(git_repo, "# Latest\n\n→ [x](2026-11-23.md#state)\n")
    check = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert check.code == 0, check.out + check.err
    assert "LATEST.md" not in check.out + check.err, check.out + check.err
    stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stop.code == 0 and "LATEST.md" not in stop.err + stop.out, stop.err + stop.out


def _play(repo: GitRepo, rounds: int = 4) -> list[str]:
    """An agent that knows only what the Stop hook prints: it writes the dated file the hook
    asks for, runs every command printed on that line, commits, and stops again. The hook's
    messages, until it lets the agent stop (or ``rounds`` run out)."""
    said = []
    for _ in range(rounds):
        stop = run_hook(stop_event(repo.root), cwd=repo.root)
        said.append(stop.err)
        if stop.code == 0:
            return said
        line = next(line for line in stop.lines if "write the next one" in line)
        # the series' names are dates alone (`2026-11-23.md`): the next one's is too
        asked = re.search(r"write the next one, (docs/handoffs/\d{4}-\d\d-\d\d\.md),", line)
        assert asked is not None, stop.err
        repo.write(asked[1].replace("<topic>", "cbrt"), NOTE.format(title="cbrt"))
        for command in re.findall(r"`([^`]+)`", line):
            assert run_fix(repo.root, command.replace("<topic>", "cbrt")).returncode == 0
        repo.git("add", "-A")
        repo.commit("handoff")
    raise AssertionError("the hook still blocks after the agent followed it:\n" + said[-1])


def test_an_agent_following_the_hook_gets_out(git_repo: GitRepo, run_cli) -> None:  # type: ignore[no-untyped-def]
    """After writing and committing the dated file the hook asked for, the hook repeated the
    same block forever: LATEST.md stayed the series' current file by its name."""
    _series(git_repo, "# Latest handoff\n\nSee [2026-11-16](2026-11-16.md).\n")
    git_repo.git("switch", "-qc", "feat/cbrt")
    git_repo.write("src/calc.py", "def cbrt(x):\n    return x ** (1 / 3)\n")
    git_repo.commit("cbrt")
    said = _play(git_repo)
    assert len(said) == 2, said
    check = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert check.code == 0, check.out + check.err
    today = datetime.now(UTC).date().isoformat()
    assert f"/{today}.md: the current handoff of its series" in check.out, check.out
    show = run_cli(["show"], cwd=git_repo.root)
    assert "Add tests for cbrt of negative numbers." in show.out, show.out


def test_a_one_line_handoff_in_latest_is_judged(git_repo: GitRepo, run_cli) -> None:  # type: ignore[no-untyped-def]
    """A pointer sentence holds only words that point: "Finished, see 2026-11-16.md" says what
    happened, so it stays a handoff, judged as the series' current file."""
    _series(git_repo, "Finished, see 2026-11-16.md\n")
    check = run_cli(["check"], cwd=git_repo.root)
    assert f"{FOLDER}/LATEST.md: the current handoff of its series" in check.out, check.out


def _update_in_place(repo: GitRepo, line: str) -> None:
    """What an agent does with the hook's advice to update the live file: the command printed
    on ``line`` run with its placeholders filled in."""
    [command] = [c for c in re.findall(r"`([^`]+)`", line) if "<what this branch did>" in c]
    command = command.replace("<what this branch did>", "Added cbrt() to src/calc.py.")
    command = command.replace("<the next step now>", "Add tests for cbrt of negative numbers.")
    assert run_fix(repo.root, command).returncode == 0, command


@pytest.mark.parametrize(
    ("folder", "live"),
    [
        (FOLDER, "LATEST.md"),
        ("docs/sessions", "current.md"),
    ],
)
def test_a_live_handoff_is_updated_in_place(
    git_repo: GitRepo, run_cli, folder: str, live: str
) -> None:  # type: ignore[no-untyped-def]
    """A series kept as one live file that is a handoff of its own, beside dated files: the
    hook told the agent to write a dated file and overwrite the live one with the new file's
    name, losing its text. Its advice is now that file updated in place, which ends the block."""
    text = NOTE.format(title="sqrt").replace("# sqrt", "# Latest handoff\n\nSee 2026-11-16.md.")
    git_repo.write("src/calc.py", "def add(a, b):\n    return a + b\n")
    git_repo.write(f"{folder}/2026-11-16.md", "# Handoff\n\n## Next action\nAdd div().\n")
    git_repo.write(f"{folder}/{live}", text)
    git_repo.commit("handoff notes")
    git_repo.git("switch", "-qc", "feat/cbrt")
    git_repo.write("src/calc.py", "def cbrt(x):\n    return x ** (1 / 3)\n")
    git_repo.commit("cbrt")
    stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stop.code == 2, stop.err
    line = next(line for line in stop.lines if "update it in place" in line)
    assert "make it a pointer" not in stop.err and "write the next one" not in stop.err, stop.err
    _update_in_place(git_repo, line)
    git_repo.commit("handoff")
    stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stop.code == 0, stop.err
    kept = (git_repo.root / folder / live).read_text()
    assert kept.startswith(text.partition("## Next step")[0]), kept
    assert "## Since then\n\nAdded cbrt() to src/calc.py." in kept, kept
    assert kept.count("## Next step") == 1, kept
    show = run_cli(["show"], cwd=git_repo.root)
    assert "Next action: Add tests for cbrt of negative numbers." in show.out, show.out
    check = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert check.code == 0, check.out + check.err
    assert f"{folder}/{live}: the current handoff of its series" in check.out, check.out


def test_an_ignored_live_handoff_is_updated_in_place(git_repo: GitRepo) -> None:
    """A series git ignores (``.claude/`` in .gitignore) whose LATEST.md is a handoff of its
    own: the hook's advice overwrote it with the new file's name; it is now updated in place
    and left out of git, no ``git add`` (which git refuses for an ignored file)."""
    folder = ".claude/handoffs"
    git_repo.write(".gitignore", ".claude/\n")
    git_repo.write("src/calc.py", "def add(a, b):\n    return a + b\n")
    git_repo.commit("base")
    git_repo.write(f"{folder}/2026-11-16.md", "# Handoff\n\n## Next action\nAdd div().\n")
    git_repo.write(f"{folder}/LATEST.md", NOTE.format(title="sqrt"))
    for name in ("2026-11-16.md", "LATEST.md"):  # written days before the branch's work
        os.utime(git_repo.root / folder / name, (time.time() - 3 * 86400,) * 2)
    git_repo.git("switch", "-qc", "feat/cbrt")
    git_repo.write("src/calc.py", "def cbrt(x):\n    return x ** (1 / 3)\n")
    git_repo.commit("cbrt")
    stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stop.code == 2, stop.err
    line = next(line for line in stop.lines if "update it in place" in line)
    assert "git add" not in line and "it stays local" in line, line
    _update_in_place(git_repo, line)
    latest = (git_repo.root / folder / "LATEST.md").read_text()
    kept = latest.split("Steps written here before (delete those done):", 1)[1]
    assert "Add tests for sqrt" in kept, latest  # the earlier step kept below the new one
    assert "sqrt is in `src/calc.py`" in (git_repo.root / folder / "LATEST.md").read_text()
    stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stop.code == 0, stop.err


def test_a_live_log_kept_newest_first_is_updated_at_its_top(git_repo: GitRepo, run_cli) -> None:  # type: ignore[no-untyped-def]
    """A live file kept as a log of sessions, newest first (review 59-k item 2): `show` reads
    the top session's next steps, but the hook's update in place wrote under the last ones,
    the oldest session's, so the step the agent wrote was never quoted."""
    sessions = [
        ("3", "sqrt() is in `src/calc.py`; tests pass.", "Add tests for sqrt of negatives."),
        ("2", "add() is in `src/calc.py`.", "Add sqrt() to src/calc.py."),
    ]
    log = "# Session log\n" + "".join(
        f"\n## Session {number}\n\n{state}\n\n### Next steps\n\n- {step}\n"
        for number, state, step in sessions
    )
    git_repo.write("src/calc.py", "def add(a, b):\n    return a + b\n")
    git_repo.write("docs/sessions/archive-early.md", "# Archive\n\n## Session 1\n\nOld.\n")
    git_repo.write("docs/sessions/current.md", log)
    git_repo.commit("handoff notes")
    git_repo.git("switch", "-qc", "feat/cbrt")
    git_repo.write("src/calc.py", "def cbrt(x):\n    return x ** (1 / 3)\n")
    git_repo.commit("cbrt")
    stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stop.code == 2, stop.err
    line = next(line for line in stop.lines if "update it in place" in line)
    assert "next-step heading at line 7;" in line, line  # Session 3's, at the top
    _update_in_place(git_repo, line)
    git_repo.commit("handoff")
    assert run_hook(stop_event(git_repo.root), cwd=git_repo.root).code == 0
    show = run_cli(["show", "docs/sessions/current.md"], cwd=git_repo.root)
    assert show.out.startswith("Next action: Add tests for cbrt of negative numbers."), show.out
    kept = (git_repo.root / "docs/sessions/current.md").read_text()
    assert kept.endswith(
        "## Session 2\n\nadd() is in `src/calc.py`.\n\n### Next steps\n\n"
        "- Add sqrt() to src/calc.py.\n"
    ), kept
