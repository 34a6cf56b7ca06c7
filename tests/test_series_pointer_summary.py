"""A series' ``LATEST.md`` that is a pointer in the repository's own form, a heading, an arrow
link to the current file and one summary line (benz926-cloud/life-work-hub:
``→ [2026-08-04_workbuddy_task-reorg.md](./2026-08-04_workbuddy_task-reorg.md)`` then
``**摘要**: …``): a pointer, never judged, the linked file current; the Stop hook's next file
follows the series' own separator (``YYYY-MM-DD_topic.md``) and its re-point keeps the pointer's
form. Played as printed until the hook lets go. Real repositories, the real CLI and hook."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo

FOLDER = "docs/handoffs"
OLD = "2026-08-04_workbuddy_task-reorg.md"
POINTER = (
    "# LATEST — 当前最新交接\n\n→ [{name}](./{name})\n\n"
    "**摘要**: 任务体系重组，项目状态已转入任务系统。\n"
)
NOTE = (
    "# {title}\n\n## State\n\n{title} is in `src/calc.py`; tests pass.\n\n## Next step\n\n"
    "Add tests for {title} of negative numbers.\n\n## Key decisions\n\n- plain floats because "
    "the callers want floats\n\n## Ruled out\n\n- numpy — too heavy a dependency\n\n"
    "## Pointers\n\n- src/calc.py\n"
)


def _series(repo: GitRepo) -> None:
    repo.write("src/calc.py", "def add(a, b):\n    return a + b\n")
    repo.write(f"{FOLDER}/{OLD}", NOTE.format(title="add"))
    repo.write(f"{FOLDER}/LATEST.md", POINTER.format(name=OLD))
    repo.commit("handoff notes", date="2026-08-04T00:00:00Z")


def test_a_linked_pointer_with_a_summary_is_a_pointer(git_repo: GitRepo, run_cli) -> None:  # type: ignore[no-untyped-def]
    """It was judged (`md-incomplete`, an error, and four warnings) and the linked handoff was
    listed as history."""
    _series(git_repo)
    check = run_cli(["check"], cwd=git_repo.root)
    assert check.code == 0, check.out + check.err
    assert "LATEST.md" not in check.out + check.err, check.out + check.err
    show = run_cli(["show"], cwd=git_repo.root)
    assert "Add tests for add of negative numbers." in show.out, show.out


def test_the_hook_keeps_the_series_separator_and_the_pointer_s_form(git_repo: GitRepo) -> None:
    """The hook proposed `<date>-<topic>.md` where the series writes `<date>_<topic>.md`, and
    its `printf` replaced the link and the summary with a bare file name."""
    _series(git_repo)
    git_repo.git("switch", "-qc", "feat/cbrt")
    git_repo.write("src/calc.py", "def cbrt(x):\n    return x ** (1 / 3)\n")
    git_repo.commit("cbrt")
    stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stop.code == 2, stop.err
    line = next(line for line in stop.lines if "write the next one" in line)
    today = datetime.now(UTC).date().isoformat()
    asked = re.search(r"write the next one, (\S+<topic>\.md),", line)
    assert asked is not None and asked[1] == f"{FOLDER}/{today}_<topic>.md", line
    written = asked[1].replace("<topic>", "cbrt")
    git_repo.write(written, NOTE.format(title="cbrt"))
    for command in re.findall(r"`([^`]+)`", line):
        assert run_fix(git_repo.root, command.replace("<topic>", "cbrt")).returncode == 0
    git_repo.git("add", "-A")
    git_repo.commit("handoff")
    pointer = (git_repo.root / FOLDER / "LATEST.md").read_text()
    new = written.rpartition("/")[2]
    assert pointer == POINTER.format(name=new), pointer
    again = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert again.code == 0, again.err
