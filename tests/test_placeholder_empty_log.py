"""A handoff log with no entry yet (a title, a line on what entries hold, and under "Entry
template" a fenced entry to copy, "### YYYY-MM-DD — [Agent/Person]") is an unfilled template:
`placeholder` and `md-incomplete`'s "no next step" fail it, and `show` quotes no next action from
its preamble. Once an entry is written below, the log reads as a handoff."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result

Run = Callable[..., Result]

FENCE = "`" * 3
EMPTY_LOG = {
    "en": f"""\
# Handoff between sessions

Each entry captures what the next session needs to resume without losing context.

## Entry template

{FENCE}markdown
### YYYY-MM-DD — [Agent/Person]

**Session goal**: what was attempted
**Done**:
- item 1
- item 2

**Files touched**: `path/file1`, `path/file2`
**Decisions**: changes of approach or trade-offs chosen
{FENCE}

---

<!-- Add handoff entries below, newest first -->
""",
    "es": f"""\
# Traspaso entre sesiones

Cada entrada recoge lo que la siguiente sesión necesita para continuar sin perder contexto.

## Plantilla de entrada

{FENCE}markdown
### AAAA-MM-DD — [Agente/Persona]

**Objetivo de la sesión**: qué se intentó
**Hecho**:
- elemento 1
- elemento 2

**Archivos tocados**: `ruta/archivo1`, `ruta/archivo2`
{FENCE}

<!-- Añade las entradas debajo, la más reciente primero -->
""",
}

ENTRY = """
### 2026-03-02 — Claude

**Session goal**: wire the CSV export.
**Done**:
- Export endpoint in `src/export.py`; tests pass.

**Pending / in progress**:
- Pagination of the export — the API caps at 500 rows.

**Files touched**: `src/export.py`
**Decisions**: stream rows instead of building the file because exports reach 2 GB.
"""


@pytest.mark.parametrize("language", list(EMPTY_LOG))
def test_an_empty_log_with_only_its_entry_template_is_an_unfilled_template(
    git_repo: GitRepo, run_cli: Run, language: str
) -> None:
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("HANDOFF.md", EMPTY_LOG[language])
    git_repo.commit("handoff log template")
    checked = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert checked.code == 1, checked.out
    rules = {(f["rule"], f["severity"]) for f in checked.json()["findings"]}
    assert ("placeholder", "error") in rules
    assert any("no next step" in f["message"] for f in checked.json()["findings"])
    shown = run_cli(["show"], cwd=git_repo.root)
    assert shown.out.startswith("Warning: HANDOFF.md is an unfilled template"), shown.out
    assert "Next action:" not in shown.out


def test_the_log_with_an_entry_written_below_its_template_is_a_handoff(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("HANDOFF.md", EMPTY_LOG["en"] + ENTRY)
    git_repo.commit("first entry")
    checked = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert checked.code == 0, checked.out
    assert [f["rule"] for f in checked.json()["findings"]] == []
    shown = run_cli(["show"], cwd=git_repo.root)
    assert "Pagination of the export" in shown.out, shown.out
