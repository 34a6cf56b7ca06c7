"""The Stop hook's fix for a hand-written note the work moved on after (`handoff-outdated`)
writes the next step first under the note's next-step heading, whatever the language the
reading takes it in ("## Next step", "## Nächster Schritt", "## Start here next session"), with
what changed in one "Since then" section above it: followed twice, the note holds one next-step
section and one "Since then" section, the newest step first and the steps it held before kept
below it, never deleted (review 57-3 M7, 58-1 items 2 and 7, 58-3 item 8)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo

NOTE = (
    "# Next session\n\n## State\nThis session wrote f_a in src/mod_a.py and its tests; pytest "
    "passed (12 tests).\nThe cache we tried was slower, so it was removed.\n\n## {next}\n"
    "Add input validation to f_a in src/mod_a.py.\n\n## Decisions\n"
    "- Keep f_a pure because it is called from hot loops.\n\n## Ruled out\n"
    "- Caching: inputs never repeat.\n"
)
_PLACEHOLDER = re.compile(r'"<what the commits since[^">]*>"')


def _follow(repo: GitRepo, changed: str, step: str) -> str:
    """Run the hook's printed fix with ``changed`` and ``step`` filled in, and commit it."""
    stop = run_hook(stop_event(repo.root))
    assert stop.code == 2, stop.err
    [command] = [line.removeprefix("  fix: ") for line in stop.lines if "  fix: " in line]
    assert ">> HANDOFF.md" not in command, command  # no second section appended
    filled = _PLACEHOLDER.sub(f"'{changed}'", command).replace('"<the next step now>"', f"'{step}'")
    done = run_fix(repo.root, filled)
    assert done.returncode == 0, done.stderr
    repo.commit("handoff")
    return (repo.root / "HANDOFF.md").read_text(encoding="utf-8")


def _played_twice(repo: GitRepo, note: str) -> str:
    repo.write("src/mod_a.py", "def f_a(x):\n    return x\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat/a")
    repo.write("HANDOFF.md", note)
    repo.commit("handoff")
    repo.write("src/mod_a.py", "def f_a(x):\n    if x is None:\n        raise TypeError\n")
    repo.commit("validate")
    _follow(repo, "f_a raises TypeError on None.", "Add a TypeError test to tests/test_a.py.")
    repo.write("tests/test_a.py", "def test_type():\n    pass\n")
    repo.commit("tests")
    return _follow(repo, "Tests for the TypeError added.", "Reject negative ints in f_a.")


def _next_action(run_cli: Callable[..., Any], repo: GitRepo) -> str:
    shown = run_cli(["show", "--format", "json"], cwd=repo.root)
    assert shown.code == 0, shown.err
    sections = json.loads(shown.out)["sections"]
    return str(next(s["items"][0] for s in sections if s["key"] == "next_action"))


@pytest.mark.parametrize(
    "heading", ["Next step", "Nächster Schritt", "Siguiente paso", "Start here next session"]
)
def test_the_refresh_fix_keeps_one_next_step_section(
    git_repo: GitRepo, run_cli: Callable[..., Any], heading: str
) -> None:
    text = _played_twice(git_repo, NOTE.format(next=heading))
    assert text.count(f"## {heading}") == 1 and "## Next step" not in text.replace(heading, ""), (
        text
    )
    assert text.count("## Since then") == 1, text  # extended, not a second one
    since = text.index("## Since then")
    assert since < text.index("f_a raises TypeError") < text.index("Tests for the TypeError")
    assert text.index("Tests for the TypeError") < text.index(f"## {heading}")
    # the new step first, the steps written there before kept below it, none deleted
    under = text[text.index(f"## {heading}") : text.index("## Decisions")]
    assert under.index("Reject negative ints") < under.index("Steps written here before")
    assert under.count("Steps written here before (delete those done):") == 1, under
    assert "Add a TypeError test" in under and "Add input validation to f_a" in under, under
    assert "## Decisions\n- Keep f_a pure" in text, text  # the sections after it are kept
    assert run_hook(stop_event(git_repo.root)).code == 0
    assert _next_action(run_cli, git_repo).startswith("Reject negative ints in f_a.")


def test_the_refresh_fix_keeps_a_list_of_open_steps(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    steps = (
        "1. **Fill in `.env` credentials**\n   - `HA_URL`\n\n2. **Local verification**\n\n"
        "```bash\nmake dev\n# not a heading\n```\n\n3. Kubernetes: `make k8s-deploy`\n"
    )
    note = (
        "# Handoff\n\n## State\nThe backend serves /display.bmp.\n\n## Next Steps\n\n"
        f"{steps}\n## Blockers / Open Questions\n\n### None Currently!\n"
    )
    text = _played_twice(git_repo, note)
    assert steps in text, text  # every open step kept, as it was
    assert text.index("Reject negative ints") < text.index("Steps written here before")
    assert text.index("Steps written here before") < text.index(steps)
    assert "## Blockers / Open Questions\n\n### None Currently!" in text, text
    assert _next_action(run_cli, git_repo).startswith("Reject negative ints in f_a.")


NEWEST_FIRST = (
    "# Session log\n\n## Session 3\n\nThis session wrote f_a in src/mod_a.py; pytest passed.\n"
    "The cache we tried was slower, so it was removed.\n\n### Decisions\n"
    "- Keep f_a pure because it is called from hot loops.\n\n### Next steps\n\n"
    "- Add input validation to f_a in src/mod_a.py.\n\n## Session 2\n\nBuilt the form.\n\n"
    "### Next steps\n\n- Style the form in src/form.py.\n"
)
"""A log kept newest first: `show` reads the top session's next steps."""


def test_the_refresh_fix_writes_under_a_newest_first_logs_top_session(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    # review 59-k item 2: the fix wrote under the last next-step heading, the oldest session's
    text = _played_twice(git_repo, NEWEST_FIRST)
    top = text[: text.index("## Session 2")]
    assert top.index("Reject negative ints") < top.index("Add a TypeError test"), text
    assert top.index("Add a TypeError test") < top.index("Add input validation"), text
    assert top.count("### Since then") == 1 and top.count("### Next steps") == 1, text
    assert text.endswith(
        "## Session 2\n\nBuilt the form.\n\n### Next steps\n\n- Style the form in src/form.py.\n"
    ), text  # the log's record kept
    assert run_hook(stop_event(git_repo.root)).code == 0
    assert _next_action(run_cli, git_repo).startswith("Reject negative ints in f_a.")
