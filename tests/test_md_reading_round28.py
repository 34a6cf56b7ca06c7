"""Rounds 28 to 30 of the reading (tuned on rounds 22-30): an agent's prompt opens on the
persona its reader is to play in the languages such prompts are written in (a dated handoff
pasted as the next session's prompt stays a handoff); a next step that halts or leaves the step
undecided is no step; a file whose own next-step sections say there is nothing to do has no next
step, whatever a list elsewhere orders; "what's still missing" headings name the next step; a
dated naming pattern for other documents (specs, designs) is no guide to writing notes.

Examples written for these tests (not copied from any labelled file), each beside a near miss
that must keep its reading.
"""

from __future__ import annotations

import pytest

from handoff_audit.markdown.facet_headings import heading_facet
from handoff_audit.markdown.facets import read
from handoff_audit.markdown.prompts import instructions


@pytest.mark.parametrize(
    "text",
    [
        "Sos el agente de cierre de sesión. Tu tarea es documentar la sesión.\n\n"
        "## 1. Leer el estado\n\nEjecutá `git status`.\n",
        "Eres un asistente que retoma sesiones.\n\n1. Lee `docs/sesion.md`.\n",
        "Você é o agente de retomada. Leia `docs/sessao.md` e resuma.\n",
        "Tu es l'agent de clôture. Écris le résumé dans `NOTES.md`.\n",
        "Du bist ein Release-Agent. Schreibe die Notizen nach `CHANGELOG.md`.\n",
        "Ты — агент закрытия сессии. Запиши итог в `DECISIONS.md`.\n",
        "你是一个会话交接助手。请把本次会话的结果写入 `HANDOFF.md`。\n",
        "あなたはセッション引き継ぎ担当のエージェントです。`HANDOFF.md` を更新してください。\n",
    ],
)
def test_an_agents_prompt_opening_on_a_persona_in_another_language_is_told_apart(
    text: str,
) -> None:
    assert instructions(text)


@pytest.mark.parametrize(
    "text",
    [
        "# Passaggio 2026-05-02\n\nSei test falliti su `ci/main`, il resto passa.\n\n"
        "## Prossimo\n\n- Sistemare `api/user.py`.\n",
        "# Übergabe\n\nDu bist dran: `make test` schlägt in `api/user.py` fehl.\n\n"
        "## Nächster Schritt\n\n- `api/user.py` reparieren.\n",
        "# Traspaso\n\n## Hecho\n\n- Se migró `db/schema.sql`.\n- Los tests pasan.\n\n"
        "## Notas\n\nEl cliente dijo: «eres el único que entiende el módulo».\n",
    ],
)
def test_a_handoff_that_only_resembles_a_persona_stays_a_handoff(text: str) -> None:
    assert instructions(text) == []


def test_a_dated_handoff_pasted_as_the_next_sessions_prompt_stays_a_handoff() -> None:
    text = (
        "# Промпт для новой сессии\n\n> Вставь это в начало новой сессии.\n\n"
        "Ты — Android-разработчик. Мы делаем приложение `app/`.\n\n"
        "## Где мы\n\n- 2026-05-02: добавлен экран входа, тесты зелёные.\n\n"
        "## Дальше\n\n- Подключить `api/auth.kt` к серверу.\n"
    )
    assert instructions(text) == []
    assert instructions(text.replace("2026-05-02", "вчера"))


_SLICE = """# Slice: usage cache

## Changed

- Defined `cfUsageCache` in `src/worker.js`; tests pass.

## Next Slice

- {step}

## Example flow

1. Create a new tree with a root goal
2. Add child tasks to it
"""


@pytest.mark.parametrize(
    "step",
    [
        "Stop unless a new low-risk slice appears with clear value.",
        "Stop here.",
        "To be decided after the demo.",
        "Nothing left to do.",
    ],
)
def test_a_next_section_that_halts_or_leaves_the_step_undecided_has_no_step(step: str) -> None:
    assert not read(_SLICE.format(step=step)).found.get("next")


@pytest.mark.parametrize(
    "step",
    [
        "Stop the staging server before the migration in `ops/migrate.sh`.",
        "Wire `cfUsageCache` into `src/admin.js`.",
    ],
)
def test_a_next_section_with_a_step_keeps_it(step: str) -> None:
    assert read(_SLICE.format(step=step)).found.get("next")


def test_open_questions_and_a_step_in_a_paragraph_keep_the_files_next_step() -> None:
    questions = _SLICE.replace("## Next Slice", "## Open questions").format(
        step="Should the cache expire hourly?"
    )
    assert read(questions).found.get("next")  # the example's ordered list still counts
    paragraph = _SLICE.format(
        step="Add class comments to `Block` and `KVCache`. After it, the optional stages "
        "are the next plausible paths."
    )
    assert read(paragraph).found.get("next")


@pytest.mark.parametrize(
    "heading",
    [
        "What's still missing",
        "Still missing",
        "3. Was noch fehlt",
        "Noch offen",
        "Ce qui manque",
        "O que falta",
        "Cosa manca",
        "还缺什么",
    ],
)
def test_a_heading_over_what_is_still_missing_names_the_next_step(heading: str) -> None:
    assert heading_facet(heading) == "next"


def test_missing_tests_as_a_heading_stays_unread() -> None:
    assert heading_facet("Missing tests") is None


_GUIDE_LINE = "Neue Notizen kommen nach {span}.\n"


def test_a_dated_pattern_for_other_documents_is_no_naming_scheme_of_notes() -> None:
    handoff = (
        "# Prompt de contexto para una nueva sesión\n\n## Estado\n\n"
        "- El login funciona con `src/auth.ts`.\n\n## Convenciones\n\n"
        "- Las specs van en `docs/specs/YYYY-MM-DD-<nombre>-design.md`.\n\n"
        "## Siguiente paso\n\n- Conectar `src/api.ts` al backend.\n"
    )
    assert instructions(handoff) == []
    guide = handoff.replace(
        "docs/specs/YYYY-MM-DD-<nombre>-design.md", "docs/handoffs/YYYY-MM-DD-<tema>.md"
    )
    assert instructions(guide)
