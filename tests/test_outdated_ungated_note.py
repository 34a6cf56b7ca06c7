"""An outdated note the merge gate does not block (``SESSION_STATE.md``, a default name
`block-files` leaves out: projects keep such a state current on their default branch,
docs/handoff-names.md) only warns where the same ``HANDOFF.md`` fails, so its warning says why:
no ``block-files`` glob names it, and `--fail-on warning` fails on it. Real repositories, the
real CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import GitRepo

NOTE = (
    "# State\n\nLatest commit: 229a2b4, 1 commit ahead of origin (NOT PUSHED).\n\n"
    "## Next step\nFix the broken site build in `src/site.py`.\n"
)


def _stale(tmp_path: Path, name: str) -> GitRepo:
    repo = GitRepo(tmp_path / "repo")
    repo.write(name, NOTE)
    repo.write("src/site.py", "a = 0\n")
    repo.commit("state")
    for n in range(3):
        repo.write("src/site.py", f"a = {n + 1}\n")
        repo.commit(f"work {n}")
    return repo


def _outdated(report: dict[str, list[dict[str, str]]]) -> str:
    found = [f for f in report["findings"] if f["rule"] == "handoff-outdated"]
    assert len(found) == 1, report["findings"]
    return found[0]["message"]


def test_a_stale_state_file_says_why_it_only_warns(
    tmp_path: Path,
    run_cli,  # type: ignore[no-untyped-def]
) -> None:
    repo = _stale(tmp_path, "SESSION_STATE.md")
    result = run_cli(["check", "--format", "json"], cwd=repo.root)
    assert result.code == 0, result.out
    message = _outdated(result.json())
    assert "not blocked from the default branch as HANDOFF.md is" in message, message
    assert "no `block-files` glob names it" in message, message
    assert "`--fail-on warning` fails on it" in message, message
    assert run_cli(["check", "--fail-on", "warning"], cwd=repo.root).code == 1


@pytest.mark.parametrize("name", ["HANDOFF.md", "docs/handoffs/2026-01-02-site.md"])
def test_a_gated_note_or_a_series_file_says_nothing_of_it(
    tmp_path: Path,
    run_cli,
    name: str,  # type: ignore[no-untyped-def]
) -> None:
    repo = _stale(tmp_path, name)
    repo.git("switch", "-qc", "feat/site")
    message = _outdated(run_cli(["check", "--format", "json"], cwd=repo.root).json())
    assert "block-files" not in message, message
