"""README's "What the agent sees" samples are what the real Stop hook prints in the states they
describe (only the commits and the transcript's path differ)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from agent_support import feature_repo, hook_command, run_hook, stop_event
from conftest import GitRepo
from script_loader import REPO

README_TRANSCRIPT = "/home/me/.claude/projects/-home-me-shop/9f1c2d3e.jsonl"
_SHA = re.compile(r"\b[0-9a-f]{7,40}\b")


def readme_samples() -> list[str]:
    """The two text blocks after README's "**What the agent sees**"."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("**What the agent sees**") :]
    return re.findall(r"```text\n(.*?)\n```", section, flags=re.DOTALL)[:2]


def seen(repo: GitRepo, transcript: Path) -> str:
    """What the agent sees when it stops, the commits made `<sha>`, the transcript README's."""
    run = run_hook(stop_event(repo.root, transcript))
    assert run.code == 2, run.err
    text = run.err.rstrip("\n").replace(str(transcript), README_TRANSCRIPT)
    return _SHA.sub("<sha>", text)


def test_readme_samples_are_what_the_hook_prints(git_repo: GitRepo, tmp_path: Path) -> None:
    transcript = tmp_path / "9f1c2d3e.jsonl"
    transcript.write_text("", encoding="utf-8")
    git_repo.write(".handoff-audit.yml", "verify: pytest -q\n")
    git_repo.write("reports/junit.xml", "<testsuite/>\n")
    repo = feature_repo(git_repo)
    no_packet, outdated = readme_samples()
    assert seen(repo, transcript) == _SHA.sub("<sha>", no_packet)
    new = [*hook_command()[:-1], "new", "--summary", "Added the refund endpoint."]
    new += ["--next-action", "Add idempotency keys.", "--verdict-pointer", "reports/junit.xml"]
    subprocess.run(new, cwd=repo.root, check=True, capture_output=True)
    repo.commit("handoff")
    repo.write("src/refunds.py", "def refund(amount):\n    return round(amount, 2)\n")
    repo.commit("more")
    repo.write("notes.txt", "scratch\n")
    assert seen(repo, transcript) == _SHA.sub("<sha>", outdated)
