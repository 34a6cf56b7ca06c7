"""Another tool's JSON at a default packet path (jasonnamii/app-architect's `handoff.json`, an
autoloop report; the review rev57-1): `check` and the Stop hook print the one short line that
leaves it out, `extend-packets: ["!handoff.json"]`, in the configuration's own syntax, never
the defaults pasted with the exclusion after them; the line, pasted as printed, makes `check`
pass and lets the session stop."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from agent_support import feature_repo, run_fix, run_hook, stop_event, the_command
from conftest import GitRepo, Result

AUTOLOOP = {  # jasonnamii/app-architect's handoff.json, as committed
    "skill_name": "app-architect",
    "session_path": "/sessions/fervent-pensive-albattani/autoloop-lab/app-architect/",
    "baseline_score": "2/5",
    "final_score": "4/5",
    "kept_mutations": 1,
    "total_experiments": 1,
    "top_changes": ["description pipe-block conversion", "P1 keywords in the body"],
    "remaining_failures": ["E4 scorer regex YAML indentation bug"],
    "validate_metrics": {"errors": 0, "warnings": 0, "skill_md_bytes": 8905},
    "ready_for": "skill-builder",
}
PYPROJECT = '[project]\nname = "x"\nversion = "0"\n\n[tool.handoff-audit]\n'


def _setting(out: str) -> str:
    """The configuration line the message prints after the file it names."""
    found = re.search(r": (extend-packets.*?\])", out)
    assert found is not None, out
    return found.group(1)


def _foreign_on_main(repo: GitRepo, config: tuple[str, str] | None = None) -> None:
    if config is not None:
        repo.write(*config)
    repo.write("handoff.json", json.dumps(AUTOLOOP, indent=2, ensure_ascii=False) + "\n")
    repo.write("README.md", "# app-architect\n")
    repo.commit("sync: autoloop report")


@pytest.mark.parametrize(
    ("config", "line"),
    [
        (None, 'extend-packets: ["!handoff.json"]'),
        ((".handoff-audit.yml", "max-commits-behind: 30\n"), 'extend-packets: ["!handoff.json"]'),
        (("pyproject.toml", PYPROJECT + "jobs = 1\n"), 'extend-packets = ["!handoff.json"]'),
        (
            (".handoff-audit.yml", 'extend-packets: ["notes/agent-handoff.md"]\n'),
            'extend-packets: ["notes/agent-handoff.md", "!handoff.json"]',
        ),
    ],
    ids=["no-config", "yaml", "pyproject", "extend-kept"],
)
def test_check_prints_the_one_short_line_and_it_makes_check_pass(
    git_repo: GitRepo, run_cli: Any, config: tuple[str, str] | None, line: str
) -> None:
    _foreign_on_main(git_repo, config)
    done: Result = run_cli(["check"], cwd=git_repo.root)
    assert done.code == 1, done.out + done.err
    assert _setting(done.out) == line, done.out
    assert "**/HANDOFF.md" not in done.out, done.out  # no defaults pasted
    where = config[0] if config else ".handoff-audit.yml"
    path = git_repo.root / where
    kept = path.read_text(encoding="utf-8") if path.exists() else ""
    if config and "extend-packets" in kept:
        kept = "".join(x for x in kept.splitlines(True) if not x.startswith("extend-packets"))
    path.write_text(kept + line + "\n", encoding="utf-8")
    git_repo.commit("handoff-audit: leave the autoloop report alone")
    after: Result = run_cli(["check"], cwd=git_repo.root)
    assert after.code == 0, after.out + after.err
    assert "handoff.json" not in after.out and "warning" not in after.err, after.out + after.err
    assert json.loads((git_repo.root / "handoff.json").read_text(encoding="utf-8")) == AUTOLOOP


def test_a_packets_list_of_its_own_is_kept_and_the_exclusion_added_after_it(
    git_repo: GitRepo, run_cli: Any
) -> None:
    """A repository that sets `packets` itself: `extend-packets` adds after that list, so the
    line printed is as short, and never repeats the list."""
    own = 'packets: ["**/*.json", "docs/NOTES.md"]\n'
    _foreign_on_main(git_repo, (".handoff-audit.yml", own))
    done: Result = run_cli(["check"], cwd=git_repo.root)
    assert done.code == 1, done.out
    assert _setting(done.out) == 'extend-packets: ["!handoff.json"]', done.out
    git_repo.write(".handoff-audit.yml", own + 'extend-packets: ["!handoff.json"]\n')
    git_repo.write("docs/NOTES.md", "# Notes\n\nNext: wire the export button.\n")
    git_repo.commit("leave it out")
    after: Result = run_cli(["check"], cwd=git_repo.root)
    assert "handoff.json" not in after.out and "docs/NOTES.md" in after.out, after.out


def test_the_hook_prints_the_line_and_once_pasted_lets_the_session_stop(
    git_repo: GitRepo,
) -> None:
    git_repo.write("handoff.json", json.dumps(AUTOLOOP, indent=2) + "\n")
    repo = feature_repo(git_repo, "try")
    run = run_hook(stop_event(repo.root))
    assert run.code == 2, run.err
    new = the_command(run.err, "fix: ")
    assert new.startswith("handoff-audit new --output .handoff/try.json "), run.err
    line = 'leave it out of `packets`, in .handoff-audit.yml: extend-packets: ["!handoff.json"]'
    assert line in run.err, run.err
    assert "**/HANDOFF.md" not in run.err, run.err
    assert run_fix(repo.root, new).returncode == 0
    repo.write(".handoff-audit.yml", _setting(run.err) + "\n")
    repo.commit("handoff beside the autoloop report")
    again = run_hook(stop_event(repo.root))
    assert again.code == 0, again.err
    assert json.loads((repo.root / "handoff.json").read_text(encoding="utf-8")) == AUTOLOOP
