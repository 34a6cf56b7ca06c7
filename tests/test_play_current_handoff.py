"""An agent that knows only what `show` and the Stop hook print, in real repositories: it reads
the handoff `show` presents, writes its new state where it was sent, follows each fix the hook
prints, commits and stops again until the hook lets it go. Two repositories: a dated series whose
undated ``next-session-context.md`` CLAUDE.md names (`show` presents it; `check` and the hook
judge the series' newest file by name, `engine/instructed`), and an older audited working note
with a newer unaudited sibling (`show` and the hook name the sibling; the hook judges the note).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from agent_support import run_hook, stop_event
from conftest import GitRepo
from show_support import Run
from test_brief_instructed import CONTEXT, note, sessions
from test_hook_newer_note import NEWER, NOTE, _two_notes_then_work

_FIX = "  fix: "
_PLACEHOLDER = re.compile(r'"<[^">]*>"')


def _run(root: Path, command: str) -> None:
    """Run a printed fix with its ``"<...>"`` parts filled in, as an agent would."""
    filled = _PLACEHOLDER.sub("'Widget tests written; next: the CDN route.'", command)
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(["sh", "-c", filled], cwd=root, env=env, capture_output=True, text=True)
    assert done.returncode == 0, (filled, done.stderr)


def _stop_until_let_go(repo: GitRepo, rounds: int = 3) -> list[str]:
    """Stop; while the hook blocks, run its fixes and commit. The hook's reasons, in order."""
    said: list[str] = []
    for number in range(rounds):
        hook = run_hook(stop_event(repo.root))
        if hook.code == 0:
            return said
        assert hook.code == 2, hook.err
        said.extend(line for line in hook.lines if line.startswith("- "))
        for line in hook.lines:
            if line.startswith(_FIX):
                _run(repo.root, line.removeprefix(_FIX))
        repo.commit(f"handoff: the hook's fixes, round {number + 1}")
    raise AssertionError(f"still blocked after {rounds} rounds: {said}")


def test_the_file_claude_md_names_stays_where_it_is_named(git_repo: GitRepo, run_cli: Run) -> None:
    sessions(git_repo, ("CLAUDE.md", f"# Project\n\nRead {CONTEXT} before starting.\n"))
    git_repo.git("switch", "-q", "-c", "feat/parser")
    git_repo.write(CONTEXT, note("Next session context", "Resume the parser at rule 4."))
    git_repo.commit("handoff: rule 4 next")
    git_repo.write("src/app.py", "x = 4\n")
    git_repo.commit("parser: rule 3 done")

    shown = run_cli(["show"], cwd=git_repo.root).out
    [(presented, judged)] = re.findall(
        r"\((\S+), named in CLAUDE\.md, .*whose newest by its name, (\S+), is the one check and "
        r"the Stop hook judge\)",
        shown,
    )
    assert (presented, judged) == (CONTEXT, "docs/sessions/2025-11-20.md"), shown
    # the agent writes its new state where `show` sent it, then stops
    step = "Resume the parser at rule 5."
    git_repo.write(presented, note("Next session context", step))
    git_repo.commit("handoff: rule 5 next")
    # `check` says it in the same words, and how to keep the named file
    warned = run_cli(["check"], cwd=git_repo.root).err
    assert (
        f"warning: {presented} is the handoff CLAUDE.md names, which `show` presents, but check "
        f"and the Stop hook judge {judged}, its series' newest file by name; to have its state "
        "judged, keep it and copy it to a dated name in each session (e.g. `cp -- "
    ) in warned, warned

    said = _stop_until_let_go(git_repo)
    assert said[0].startswith(
        f"- {presented} is the handoff CLAUDE.md names, which `show` presents, but check and "
        f"the Stop hook judge {judged}"
    ), said
    # the file the instructions name is still there and says the newest step, as does the
    # file the audit now judges; `show` and `check` agree on it
    assert step in (git_repo.root / CONTEXT).read_text(encoding="utf-8")
    checked = run_cli(["check"], cwd=git_repo.root)
    assert checked.code == 0, checked.out
    [current] = re.findall(r"^(\S+): the current handoff of its series", checked.out, re.M)
    assert step in (git_repo.root / current).read_text(encoding="utf-8")
    assert run_cli(["show"], cwd=git_repo.root).out.startswith(f"Next action: 1. {step}")


def test_the_newer_sibling_is_read_and_the_judged_note_mended(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _two_notes_then_work(git_repo)
    shown = run_cli(["show"], cwd=git_repo.root).out
    assert f"({NOTE}, a hand-written handoff" in shown, shown
    assert f"newer file named as a handoff is not audited: {NEWER}" in shown, shown

    said = _stop_until_let_go(git_repo)
    # the hook names the sibling as `show` does, then the note it judges, which `show` presents
    assert said[0].startswith(f"- a newer file named as a handoff is not audited: {NEWER}"), said
    assert said[1].startswith(f"- {NOTE} handoff-outdated: "), said
    mended = (git_repo.root / NOTE).read_text(encoding="utf-8")
    assert "Widget tests written; next: the CDN route." in mended
    assert f"({NOTE}, a hand-written handoff" in run_cli(["show"], cwd=git_repo.root).out
