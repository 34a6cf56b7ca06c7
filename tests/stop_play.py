"""Playing an agent that runs only what the Stop hook prints: its fixes, their ``"<...>"``
filled in, every one of them in order, round after round until the hook lets the session end."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
from pathlib import Path

from agent_support import run_hook, stop_event
from conftest import GitRepo

_PLACEHOLDER = re.compile(r'"<([^">]*)>"')


def fixes(err: str, answers: dict[str, str]) -> list[str]:
    """The commands the hook printed, in order, their ``"<...>"`` filled in as an agent would."""

    def answer(match: re.Match[str]) -> str:
        asked = match.group(1)
        said = next((text for key, text in answers.items() if asked.startswith(key)), asked)
        return shlex.quote(said)

    return [
        _PLACEHOLDER.sub(answer, line.removeprefix("  fix: "))
        for line in err.splitlines()
        if line.startswith("  fix: ")
    ]


def sh(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``command`` run by ``sh`` in ``cwd``, as the agent runs it."""
    return subprocess.run(["sh", "-c", command], cwd=cwd, capture_output=True, text=True)


def transcript(tmp_path: Path, root: Path) -> Path:
    """A session transcript recorded in ``root``, outside the repository."""
    path = tmp_path / "session.jsonl"
    message = {"role": "user", "content": "go"}
    line = {"type": "user", "cwd": str(root), "sessionId": "s1", "message": message}
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    return path


def play(repo: GitRepo, session: Path, answers: dict[str, str]) -> list[str]:
    """Stop, run every fix printed, commit what is left, until the hook lets the session end."""
    ran: list[str] = []
    for _round in range(4):
        stop = run_hook(stop_event(repo.root, session))
        assert "Traceback" not in stop.err
        if stop.code == 0:
            return ran
        assert stop.code == 2, stop.err
        for command in fixes(stop.err, answers):
            done = sh(command, repo.root)
            assert done.returncode == 0, f"{command}\n{done.stdout}{done.stderr}"
            ran.append(command)
        if repo.git("status", "--porcelain"):
            repo.commit("agent: as the hook said")
    raise AssertionError(f"still blocked after 4 rounds; ran: {ran}")


def base(tmp_path: Path) -> GitRepo:
    """``main`` with one commit, the configuration's ``verify`` a command that passes."""
    repo = GitRepo(tmp_path / "repo")
    repo.write(".handoff-audit.yml", 'verify: "true"\n')
    repo.write("a.py", "a\n")
    repo.commit("init")
    return repo


def with_packet(tmp_path: Path, branch: str, *, verify: bool = False) -> GitRepo:
    """`base`, then ``branch`` with one commit (f1.py) and its packet made by `new` (with
    ``--verify`` when ``verify``), committed."""
    repo = base(tmp_path)
    repo.git("switch", "-q", "-c", branch)
    repo.write("f1.py", "1\n")
    repo.commit("c1")
    made = sh(
        "handoff-audit new --summary 'added f1' --next-action 'Write f2.py.' "
        "--verdict-pointer f1.py" + (" --verify" if verify else ""),
        repo.root,
    )
    assert made.returncode == 0, made.stderr
    repo.commit("handoff")
    return repo
