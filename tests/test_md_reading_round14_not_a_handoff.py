"""Issue 20, round 14: two structural readings of files that record no session.

- A command file in any language: front matter made only of an agent tool's keys
  (``description:``, ``name:``, ``argument-hint:`` ...) over a body with no real date, ticked
  box or record of work. A handoff's own front matter records something besides (a date, a
  status, a branch).
- A stub: two to four lines under at most a title, with no date, no ticked box, no status
  field, no handoff label and nothing said to have happened (a pointer to the real notes, a
  "not for use" notice, a two-line Q&A). A short handoff with a "## Done" section, a "Next:"
  label, a title calling it a handoff or a single line keeps being judged as one (so an
  agent's hook still blocks on it).

Examples written for these tests, each beside a near miss that keeps today's reading.
"""

from __future__ import annotations

from typing import Any

from handoff_audit.markdown.prompts import instructions
from handoff_audit.markdown.stub import stub
from handoff_audit.markdown.template import placeholders

SPANISH_COMMAND = """\
---
description: Cierra la sesión actual y deja una nota para retomar el trabajo
---

# Comando: cerrar sesión

Usa este comando al final de la sesión.

1. **Verifica el estado de Git** con `git status` y `git log --oneline -10`.
2. **Crea `docs/sesiones/sesion-XXX.md`** siguiendo `docs/sesiones/PLANTILLA.md`.
3. Llena todas las secciones: objetivo, hecho hoy, pendiente, decisiones.
"""

HANDOFF_WITH_A_DESCRIPTION = """\
---
description: Nota de traspaso de la sesión del parser
---

# Traspaso

- 2026-05-02: fixed the tokenizer's handling of `\\r\\n`; `pytest tests/test_lexer.py` passes.
- Siguiente paso: añadir el modo estricto en `src/lexer.py`.
"""

HANDOFF_WITH_A_STATUS_KEY = """\
---
description: Parser session
status: in progress
---

# Handoff

Tokenizer rewrite half done in `src/lexer.py`. Next: the strict mode.
"""


def test_front_matter_of_only_a_description_over_orders_is_a_command_in_any_language() -> None:
    found = instructions(SPANISH_COMMAND)
    assert found and found[0][0] == 2


def test_a_description_over_a_dated_record_keeps_a_handoff() -> None:
    assert not instructions(HANDOFF_WITH_A_DESCRIPTION)


def test_a_key_a_tool_does_not_read_keeps_a_handoff() -> None:
    assert not instructions(HANDOFF_WITH_A_STATUS_KEY)


POINTER_STUB = """\
# Session notes

Session notes are kept in the repository root:

- [../SESSION_NOTES.md](../SESSION_NOTES.md)
"""

NOTICE_STUB = """\
# WIP

**Note:** this repository is not meant for use yet.
Please do not fork it or depend on it.
Everything here will change.
"""

SHORT_HANDOFF_WITH_A_SECTION = """\
# Handoff

## Done
- Refund endpoint mostly works.
- Some tests fail.
"""

SHORT_HANDOFF_WITH_A_LABEL = """\
# Handoff

Halfway through the tokenizer in `src/lexer.py`.
Next: the strict mode.
"""

SHORT_DATED_NOTE = """\
# Parser

2026-05-02 tokenizer rewrite in `src/lexer.py`, strict mode open.
"""

FIVE_LINE_NOTE = """\
# Parser

The tokenizer lives in `src/lexer.py`.
Its strict mode is open.
Tests are in `tests/test_lexer.py`.
The grammar is in `docs/grammar.md`.
Ask in #parser.
"""


def test_a_pointer_to_the_real_notes_is_a_stub() -> None:
    assert [line for line, _ in stub(POINTER_STUB)] == [3, 5]


def test_a_notice_of_a_few_lines_is_a_stub() -> None:
    assert len(stub(NOTICE_STUB)) == 3


def test_a_short_handoff_with_a_section_or_a_label_is_no_stub() -> None:
    assert not stub(SHORT_HANDOFF_WITH_A_SECTION)
    assert not stub(SHORT_HANDOFF_WITH_A_LABEL)


def test_a_file_titled_a_handoff_or_of_one_line_is_judged_not_waved_through() -> None:
    assert not stub("# Session handoff\n\nSome notes.\nMore to come.\n")
    assert not stub("# Notes\n\nSome notes.\n")
    assert stub("# Notes\n\nSome notes.\nMore to come.\n")


def test_a_dated_or_longer_note_is_no_stub() -> None:
    assert not stub(SHORT_DATED_NOTE)
    assert not stub(FIVE_LINE_NOTE)


def test_an_empty_file_is_no_stub() -> None:
    assert not stub("")
    assert not stub("# Handoff\n")


def test_a_stub_gets_one_not_a_handoff_warning_and_no_facet_findings(
    git_repo: Any, run_cli: Any
) -> None:
    git_repo.write("HANDOFF.md", POINTER_STUB)
    git_repo.commit("session notes pointer")
    result = run_cli(["check", "--format", "json", "--branch", "feat/x"], cwd=git_repo.root)
    assert result.code == 0, result.err
    findings = result.json()["findings"]
    assert [f["rule"] for f in findings] == ["not-a-handoff"]
    assert findings[0]["line"] == 3
    assert "stub of 2 line(s)" in findings[0]["message"]


GERMAN_GUIDE = """\
# Handoff-Leitfaden

## Ablageort

Verbindlicher Ablageort: `docs/_handoff/`

## Dateinamen

- `handoff_YYYYMMDD-HHMM_<kurztitel>.md`

## Wann

Ein Handoff wird angelegt, wenn eine Tranche abgeschlossen ist oder ein Sessionwechsel ansteht.

## Inhalt

- die geänderten Artefakte,
- die gelaufenen Checks,
- was offen ist,
- der eine nächste Schritt.
"""

HANDOFF_NAMING_ITS_LOGS = """\
# Handoff 2026-05-02

- Fixed the log rotation; logs now go to `logs/YYYY-MM-DD.txt`.
- Next: compress the logs older than a week.
"""


def test_a_naming_scheme_for_the_notes_to_write_is_a_guide_in_any_language() -> None:
    found = instructions(GERMAN_GUIDE)
    assert found and found[0][0] == 9


def test_a_dated_handoff_naming_a_pattern_keeps_being_a_handoff() -> None:
    assert not instructions(HANDOFF_NAMING_ITS_LOGS)
    assert not instructions(HANDOFF_NAMING_ITS_LOGS.replace(" 2026-05-02", ""))


FOCUS_CHAIN = """\
# Focus chain for task 4412

<!-- Edit this file to update the focus chain -->
<!-- Use - [ ] for open items and - [x] for finished ones -->

- [x] Spec: the build target empties `dist/` first
- [x] Test: `test_build_target_cleans_dist` asserts it
- [x] Makefile: `rm -rf dist/` before `python -m build`
- [x] Published v1.3.0 on PyPI
- [ ] Commit, tag and push

<!-- Save this file and the list is read back into the task -->
"""


def test_a_checklist_with_more_items_ticked_off_than_tool_comments_is_no_template() -> None:
    assert not placeholders(FOCUS_CHAIN)


def test_the_same_tool_comments_over_an_empty_checklist_are_a_template() -> None:
    empty = FOCUS_CHAIN.split("- [x] Spec")[0] + "- [ ]\n- [ ]\n- [ ]\n" + FOCUS_CHAIN[-60:]
    assert placeholders(empty)


ITALIAN_PROTOCOL = """\
# Protocollo di handoff

## Formato

```md
Esito: completato | parziale | bloccato

Modifiche:

- file e motivazione.

Verifiche:

- comando: esito.

Rischi residui:

- rischio, impatto, mitigazione.
```

## Regole

- Non incollare log estesi: sintetizzare e indicare il comando.
- Non nascondere test non eseguiti.
"""


def test_a_markdown_block_quoting_a_form_of_bare_labels_is_a_guide() -> None:
    assert instructions(ITALIAN_PROTOCOL) == [(5, "```md")]


def test_bare_labels_in_an_unmarked_block_are_no_quoted_form() -> None:
    assert not instructions(ITALIAN_PROTOCOL.replace("```md", "```"))
