"""An agent that knows nothing but what the tool prints reaches a mergeable branch.

From each starting state of `docs/lifecycle.md`, the agent plays the loop: at each ``Stop`` it
runs the first fix printed (its ``"<...>"`` placeholders filled with plausible text) from the
event's folder, commits what changed, and stops again. It must be let go within four rounds,
never see the same block twice in a row, and after the README's finish the merge gate
(``check --target-branch <default>``) must pass. Real git repositories, the real command line.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from agent_support import run_hook, stop_event
from conftest import GitRepo
from git_helpers import packet
from handoff_audit.markdown import render_packet

BRANCH = "feat/refunds"
VERIFY = "python3 -c 'import sys'"
"""A test command that passes, as a project's `verify` would."""
PLAUSIBLE = {
    "what this session did": "Refunds round to cents.",
    "the first thing the next session should do": "Round GBP refunds in src/refunds.py too.",
    "the next step now": "Round GBP refunds in src/refunds.py too.",
    "path or URL of the test report": "https://ci.example.com/run/2",
    "the task's name": "Refunds",
    "what the change does": "refunds: work in progress",
    "the command that runs the tests": VERIFY,
}
"""What the agent writes for a placeholder, by its text; any other placeholder gets a sentence
made from its own words (an agent understands the question)."""
_PLACEHOLDER = re.compile(r'"<([^">]*)>"')
_FIX = "  fix: "


def fill(command: str) -> str:
    """``command`` with every ``"<...>"`` replaced by plausible text."""

    def answer(match: re.Match[str]) -> str:
        asked = match.group(1)
        said = PLAUSIBLE.get(asked) or f"Answered: {asked.replace('<', '').replace('>', '')}."
        return shlex.quote(said)

    filled = _PLACEHOLDER.sub(answer, command)
    assert "<" not in filled.replace("<<", ""), filled
    return filled


def env() -> dict[str, str]:
    return {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}


def sh(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["sh", "-c", command], cwd=cwd, env=env(), capture_output=True, text=True, check=False
    )


@dataclass
class State:
    """A starting state: the repository as a session leaves it, and where the agent stands."""

    repo: GitRepo
    default: str = "main"
    cwd: Path | None = None
    series: bool = False
    """The branch's handoff is a dated series file it wrote, finished by saying so."""

    @property
    def folder(self) -> Path:
        return self.cwd or self.repo.root


def write_packet(repo: GitRepo, data: dict[str, object]) -> None:
    repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    repo.write("handoff.md", render_packet(data))


def work(repo: GitRepo, number: int = 0) -> None:
    repo.write("src/refunds.py", f"def refund(amount):\n    return round(amount, 2)  # {number}\n")
    repo.commit(f"refunds: step {number}")


def base(tmp_path: Path, verify: bool, default: str = "main") -> GitRepo:
    repo = GitRepo(tmp_path / "repo", branch=default)
    repo.write("README.md", "# shop\n")
    if verify:
        repo.write(".handoff-audit.yml", f"verify: {VERIFY}\n")
    repo.commit("init")
    repo.git("checkout", "-q", "-b", BRANCH)
    work(repo)
    return repo


def no_packet(tmp_path: Path, verify: bool) -> State:
    return State(base(tmp_path, verify))


def fresh(tmp_path: Path, verify: bool) -> State:
    repo = base(tmp_path, verify)
    write_packet(repo, packet(BRANCH, repo.head(), changed_files=["src/refunds.py"]))
    repo.commit("handoff")
    return State(repo)


def lkg_behind(tmp_path: Path, verify: bool) -> State:
    repo = base(tmp_path, verify)
    lkg = repo.head()
    for number in range(1, 13):
        work(repo, number)
    write_packet(repo, packet(BRANCH, lkg, changed_files=["src/refunds.py"]))
    repo.commit("handoff")
    return State(repo)


def packet_outdated(tmp_path: Path, verify: bool) -> State:
    state = fresh(tmp_path, verify)
    work(state.repo, 1)
    return state


def placeholder(tmp_path: Path, verify: bool) -> State:
    repo = base(tmp_path, verify)
    write_packet(repo, packet(BRANCH, repo.head(), next_action="TODO"))
    repo.commit("handoff")
    return State(repo)


def invalid_json(tmp_path: Path, verify: bool) -> State:
    """A packet that a later commit broke: restored from the commit where it read (one that
    never read is repaired by hand, which `test_agent_hook` plays)."""
    state = fresh(tmp_path, verify)
    path = state.repo.root / "handoff.json"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"status": "active",', '"status": "active",,'), "utf-8")
    state.repo.commit("handoff: edited by hand")
    return state


def stray_files(tmp_path: Path, verify: bool) -> State:
    state = fresh(tmp_path, verify)
    state.repo.write("notes/scratch.txt", "GBP rounds half-even?\n")
    state.repo.write("src/refunds.py", "def refund(amount):\n    return round(amount, 2)\n")
    return state


def finished(tmp_path: Path, verify: bool) -> State:
    repo = base(tmp_path, verify)
    write_packet(repo, packet(BRANCH, repo.head(), status="archived"))
    repo.commit("handoff: done")
    return State(repo)


def hand_written(tmp_path: Path, verify: bool) -> State:
    repo = base(tmp_path, verify)
    repo.write(
        "HANDOFF.md",
        "# Handoff\n\n## State\n\nRefunds round EUR to cents; GBP is still off by a penny.\n",
    )
    repo.commit("handoff notes")
    return State(repo)


def archiving(tmp_path: Path, verify: bool) -> State:
    """The README's finish half done: the packet archived, the archive not committed."""
    state = fresh(tmp_path, verify)
    done = sh("handoff-audit archive", state.folder)
    assert done.returncode == 0, done.stderr
    return state


def deleting(tmp_path: Path, verify: bool) -> State:
    """The working note removed with `git rm`, not committed."""
    state = hand_written(tmp_path, verify)
    state.repo.git("rm", "-q", "HANDOFF.md")
    return state


def moving(tmp_path: Path, verify: bool) -> State:
    """A complete working note moved into a series with `git mv` (the README's finish), not
    committed."""
    state = hand_written(tmp_path, verify)
    with (state.repo.root / "HANDOFF.md").open("a", encoding="utf-8") as note:
        note.write("\n## Next step\n\nRound GBP refunds in src/refunds.py.\n")
    state.repo.commit("handoff notes: next step")
    (state.repo.root / "docs/handoffs").mkdir(parents=True)
    state.repo.git("mv", "HANDOFF.md", "docs/handoffs/2026-12-01-refunds.md")
    return state


SERIES = "docs/handoffs/2026-12-01-refunds.md"


def series_outdated(tmp_path: Path, verify: bool) -> State:
    """The branch wrote a dated file of a series, then worked on: it is outdated (14s)."""
    repo = base(tmp_path, verify)
    repo.write(
        SERIES,
        "# Refunds\n\n## State\n\nEUR refunds round to cents.\n\n"
        "## Next step\n\nRound GBP refunds in src/refunds.py.\n",
    )
    repo.commit("handoff notes")
    work(repo, 1)
    return State(repo, series=True)


def branched_off(tmp_path: Path, verify: bool) -> State:
    """A branch made from a branch whose active packet it carries, with work of its own."""
    state = fresh(tmp_path, verify)
    state.repo.git("checkout", "-q", "-b", f"{BRANCH}-gbp")
    work(state.repo, 1)
    return state


def subfolder(tmp_path: Path, verify: bool) -> State:
    """The agent works in ``src/``: the packet is outdated and a file there is uncommitted, so
    every fix must name paths as ``src/`` sees them."""
    state = packet_outdated(tmp_path, verify)
    state.repo.write("src/rounding.py", "HALF_EVEN = True\n")
    return State(state.repo, cwd=state.repo.root / "src")


def trunk(tmp_path: Path, verify: bool) -> State:
    """A clone whose default branch is ``trunk`` (``origin/HEAD`` points at it)."""
    upstream = GitRepo(tmp_path / "upstream", branch="trunk")
    upstream.write("README.md", "# shop\n")
    if verify:
        upstream.write(".handoff-audit.yml", f"verify: {VERIFY}\n")
    upstream.commit("init")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(upstream.root), str(clone)], check=True)
    repo = GitRepo.__new__(GitRepo)
    repo.root = clone
    for key, value in (("user.email", "agent@example.com"), ("user.name", "Agent")):
        repo.git("config", key, value)
    repo.git("checkout", "-q", "-b", BRANCH)
    work(repo)
    return State(repo, default="trunk")


def docs_only(tmp_path: Path, verify: bool) -> State:
    repo = GitRepo(tmp_path / "repo")
    repo.write("README.md", "# shop\n")
    config = 'agent-hook:\n  ignore: ["docs/**", "*.md"]\n'
    repo.write(".handoff-audit.yml", config + (f"verify: {VERIFY}\n" if verify else ""))
    repo.commit("init")
    repo.git("checkout", "-q", "-b", "docs/refunds")
    repo.write("docs/refunds.md", "# Refunds\n\nRounded to cents.\n")
    repo.commit("docs: refunds")
    return State(repo)


STATES: dict[str, Callable[[Path, bool], State]] = {
    "no packet": no_packet,
    "fresh": fresh,
    "lkg-behind": lkg_behind,
    "packet-outdated": packet_outdated,
    "placeholder": placeholder,
    "invalid JSON": invalid_json,
    "stray files": stray_files,
    "finished": finished,
    "hand-written HANDOFF.md": hand_written,
    "cwd in a subfolder": subfolder,
    "default branch trunk": trunk,
    "docs-only branch with ignore": docs_only,
    "archive not committed": archiving,
    "HANDOFF.md deleted, not committed": deleting,
    "HANDOFF.md moved into a series, not committed": moving,
    "branched off a branch with a packet": branched_off,
    "series file outdated": series_outdated,
}
EVERY_FIX = frozenset(
    {
        "archive not committed",
        "HANDOFF.md deleted, not committed",
        "HANDOFF.md moved into a series, not committed",
    }
)
"""States where the agent runs every fix printed, not only the first: a finish in progress
must be asked only for its commit, never for a new handoff."""


def first_fix(err: str) -> str:
    """The first fix printed: the command after the first ``fix:``."""
    return every_fix(err)[0]


def every_fix(err: str) -> list[str]:
    """The fixes printed, in order."""
    return [line.removeprefix(_FIX) for line in err.splitlines() if line.startswith(_FIX)]


def commit_all(repo: GitRepo, message: str) -> None:
    if repo.git("status", "--porcelain"):
        repo.commit(message)


def play(state: State, every: bool = False) -> list[str]:
    """Stop until let go (at most four rounds); the first fix of each round runs (``every``:
    all of them, in order)."""
    ran: list[str] = []
    previous = None
    for _round in range(4):
        stop = run_hook(stop_event(state.folder))
        assert "Traceback" not in stop.err
        if stop.code == 0:
            return ran
        assert stop.code == 2, stop.err
        assert stop.err != previous, f"the same block twice in a row:\n{stop.err}"
        previous = stop.err
        for fix in every_fix(stop.err) if every else [first_fix(stop.err)]:
            command = fill(fix)
            done = sh(command, state.folder)
            assert done.returncode == 0, f"{command}\n{done.stderr}"
            ran.append(command)
        commit_all(state.repo, "agent: as the hook said")
    raise AssertionError(f"still blocked after 4 rounds; ran: {ran}")


def finish(state: State) -> None:
    """The README's finish: archive the active packet, or delete the hand-written handoff, in a
    commit after the last work; a series file the branch wrote says its work is finished, as
    the hook offers it once more work outdated the file."""
    repo = state.repo
    if (repo.root / "HANDOFF.md").exists():
        done = sh('git rm -q HANDOFF.md && git commit -q -m "handoff: done"', state.folder)
    elif _status(repo.root / "handoff.json") == "active":
        done = sh('handoff-audit archive && git commit -q -am "handoff: done"', state.folder)
    elif state.series:
        done = _finish_series(state)
    else:
        return
    assert done.returncode == 0, done.stderr


def _finish_series(state: State) -> subprocess.CompletedProcess[str]:
    """The last work committed, the finish the hook then prints, run and committed."""
    work(state.repo, 9)
    stop = run_hook(stop_event(state.folder))
    assert stop.code == 2, stop.err
    offer = "or, when the work is finished: "
    [finish] = [line.split(offer, 1)[1] for line in stop.err.splitlines() if offer in line]
    return sh(f'{fill(finish)} && git commit -q -am "handoff: done"', state.folder)


def _status(path: Path) -> object:
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return data.get("status") if isinstance(data, dict) else None


@pytest.mark.parametrize("verify", [False, True], ids=["no-verify", "verify"])
@pytest.mark.parametrize("name", list(STATES))
def test_an_agent_following_the_hook_reaches_a_mergeable_branch(
    name: str, verify: bool, tmp_path: Path
) -> None:
    state = STATES[name](tmp_path, verify)
    ran = play(state, every=name in EVERY_FIX)
    if name in EVERY_FIX:
        assert [command.split(" && ")[-1].split(" -m ")[0] for command in ran] == ["git commit"]
    elif name in ("fresh", "finished", "docs-only branch with ignore"):
        assert ran == [], ran
    elif name == "cwd in a subfolder":
        assert ran[0].startswith("git add -- rounding.py && git commit -m "), ran
        assert ran[1].startswith("handoff-audit update ../handoff.json "), ran
    else:
        assert ran, "the starting state should have blocked"
    assert not any(
        "git add -A" in command or "--last-known-good HEAD" in command for command in ran
    )
    finish(state)
    again = run_hook(stop_event(state.folder))
    assert again.code == 0, f"after the finish the hook blocks:\n{again.err}"
    gate = sh(f"handoff-audit check --target-branch {state.default}", state.folder)
    assert gate.returncode == 0, (
        f"the merge gate fails after the finish:\n{gate.stdout}{gate.stderr}"
    )
    next_session(state)


def next_session(state: State) -> None:
    """A new session starts (``SessionStart``): the brief's first line is the handoff's next
    action (or, once it is archived, that the work is finished), and its freshness is git's."""
    start = run_hook(stop_event(state.folder, event="SessionStart") | {"source": "startup"})
    assert start.code == 0, start.err
    path = state.repo.root / "handoff.json"
    series = state.repo.root / "docs/handoffs/2026-12-01-refunds.md"
    if not path.exists() and series.exists():  # a working note moved into the series
        context = json.loads(start.out)["hookSpecificOutput"]["additionalContext"]
        if state.series:  # its work said finished: the brief shows the file as written
            assert context.startswith(f"{SERIES}, the only handoff in docs/handoffs/, as written")
            assert "None: the work is finished." in context
            return
        assert (
            "(docs/handoffs/2026-12-01-refunds.md, the only handoff in docs/handoffs/)" in context
        )
        return
    if not path.exists():  # a hand-written handoff, finished by its deletion; or none needed
        assert start.out == "", start.out
        return
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["branch"] == state.repo.git("branch", "--show-current")
    context = json.loads(start.out)["hookSpecificOutput"]["additionalContext"]
    lines = context.splitlines()
    if data["status"] == "active":
        assert lines[0] == f"Next action: {data['next_action']}"
    else:  # finished: said first, its next action no task
        assert lines[0].startswith("This branch has no active handoff, its work is finished: ")
        assert (
            lines[1] == f"The next action it last recorded (not a task now): {data['next_action']}"
        )
    shown = sh("handoff-audit show --format json", state.folder)
    freshness = json.loads(shown.stdout)["freshness"]
    repo = state.repo
    assert freshness["head"] == repo.head()
    assert freshness["last_change"]["sha"] == repo.git(
        "log", "-1", "--format=%H", "--", "handoff.json"
    )
    assert freshness["since_last_change"]["count"] == 0  # the finish was the last commit
    lkg = data["last_known_good_commit"]
    behind = int(repo.git("rev-list", "--count", f"{lkg}..HEAD"))
    assert freshness["since_last_known_good"]["count"] == behind
    assert "Freshness (from git, not from the handoff):" in context
