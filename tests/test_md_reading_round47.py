"""Rounds 44 to 52 of the reading (tuned on them):

- a form whose fields are bare label lines ("STATUS:", "BRANCH:") with nothing under them
  before the next label or heading is a template left blank, as "- Branch:" items are;
- an instruction in italic parentheses ("*(Add your daily updates here)*") is a placeholder, as
  it is without the italics;
- a handoff's "What Has Been Completed" section is a record and its "What the next agent should
  do" / "Instructions for the next agent" sections are its steps, so neither makes the file a
  prompt written as orders;
- a next step that only tests finished work, said in Russian, Spanish, Portuguese, German or
  Italian ("Протестировать работу PWA", "Confirmar que …"), is a check, and a rule ("---")
  closing a next-steps section is no item of it;
- words quoted in corner brackets in a heading (「後續更新」) are what an entry says, not what
  the heading names, and "Background Tasks" names a part of the system, not next steps;
- Arabic headings ("أين نحن", "مصائد تعلّمناها", "المعلّق", "الجلسة القادمة") name their facets,
  read without the short vowels and shadda that a writer may or may not put in;
- Hungarian headings ("Kész", "Döntés", "Hiányzik") and "what the next group can continue"
  ("Qué puede continuar el siguiente grupo") name their facets, as do "Siguiente trabajo" and
  "立即可以继续的方向" (what can be continued at once);
- a template's line telling the writer what to put in its section ("State the immediate active
  task.", "List of files modified in this session.") is a placeholder, so a form of them is a
  template;
- a real date or a tick in a heading ("## Session 1 (2025-11-28)", "#### Phase 1 ✅") records a
  session, so a handoff quoting a PR description to paste is not a guide showing one.

Examples written for these tests (not copied from any labelled file), each beside a near miss
that must keep its reading.
"""

from __future__ import annotations

import pytest

from handoff_audit.markdown.facet_headings import heading_facet
from handoff_audit.markdown.facets import read
from handoff_audit.markdown.prompts import instructions, orders
from handoff_audit.markdown.prose import placeholder_in
from handoff_audit.markdown.steps import no_usable_step
from handoff_audit.markdown.template import is_placeholder_text, placeholders

BLANK_FORM = (
    "# HANDOFF\n\n"
    "## Compact handoff template\n\n"
    "STATUS:\n\n"
    "PROJECT:\nInvoice portal\n\n"
    "BRANCH:\nBASE COMMIT:\nCURRENT HEAD:\n\n"
    "OBJECTIVE:\n\n"
    "COMPLETED:\n-\n\n"
    "REMAINING WORK:\n1.\n2.\n\n"
    "FILES CHANGED:\n\n"
    "DECISIONS TAKEN:\n\n"
    "NEXT RECOMMENDED ACTION:\n1.\n2.\n"
)
FILLED_FORM = (
    "# HANDOFF\n\n"
    "## Compact handoff\n\n"
    "STATUS:\nREADY_TO_CONTINUE\n\n"
    "PROJECT:\nInvoice portal\n\n"
    "BRANCH:\nfeat/pdf-export\n\n"
    "OBJECTIVE:\nExport invoices as PDF from the list page.\n\n"
    "COMPLETED:\n\n"
    "- `src/export/pdf.ts` renders one invoice\n\n"
    "FILES CHANGED:\n\n"
    "- `src/export/pdf.ts`\n\n"
    "NEXT RECOMMENDED ACTION:\n\n"
    "1. Add the batch export button to `src/pages/list.tsx`.\n"
)


def test_a_form_of_bare_labels_left_blank_is_a_template() -> None:
    blanks = placeholders(BLANK_FORM)
    assert {place.what for place in blanks} == {"a blank field"}
    assert len(blanks) >= 8


def test_the_same_form_filled_in_is_no_template() -> None:
    assert placeholders(FILLED_FORM) == []


@pytest.mark.parametrize(
    ("block", "expected"),
    [
        ("*(Add your daily updates here)*", True),
        ("_(List tasks remaining or blocked)_", True),
        ("(List tasks remaining or blocked)", True),
        ("*(none yet)*", False),
        ("Added the retry queue *(see notes below)*", False),
    ],
)
def test_an_instruction_in_italic_parentheses_is_a_placeholder(block: str, expected: bool) -> None:
    assert is_placeholder_text(block) is expected


HANDOFF_WITH_ORDERS = (
    "# Agent Handoff\n\n"
    "## Current Objective\n\n"
    "Create project-context documentation for the next agents.\n\n"
    "## {done}\n\n"
    "1. **Repository inspection**: Read every source file under `src/`.\n"
    "2. **Context file**: Write `PROJECT_CONTEXT.md` with the stack and the routes.\n"
    "3. **Handoff file**: Write `AGENT_HANDOFF.md` with the session's context.\n\n"
    "## Current State\n\n"
    "Both files exist and describe the repository as it is.\n\n"
    "## {then}\n\n"
    "1. Read `PROJECT_CONTEXT.md`.\n"
    "2. Read `AGENT_HANDOFF.md`.\n"
    "3. Split `src/app/dashboard/page.tsx` into components.\n"
    "4. Fix the link of the landing page's button.\n"
    "5. Update both files after the work.\n"
)


@pytest.mark.parametrize(
    ("done", "then", "prompt"),
    [
        ("What Has Been Completed", "What The Next Agent Should Do", False),
        ("What Was Done", "Instructions For The Next Agent", False),
        ("Inspection", "Steps", True),
    ],
)
def test_a_record_and_its_next_agents_steps_make_no_prompt(
    done: str, then: str, prompt: bool
) -> None:
    assert bool(orders(HANDOFF_WITH_ORDERS.format(done=done, then=then))) is prompt


@pytest.mark.parametrize(
    ("item", "check"),
    [
        ("Провести сквозное тестирование оформления заказа с телефона.", True),
        ("Протестировать работу PWA режима и проверить сплэш-скрин.", True),
        ("Confirmar que la exportación funciona en producción.", True),
        ("Validar o envio do formulário em produção.", True),
        ("Überprüfen, ob der Export läuft.", True),
        ("Переписать `src/shop.ts` на новый API оплаты.", False),
        ("Implementar la paginación en `src/feed.ts`.", False),
    ],
)
def test_a_check_in_another_language_is_no_step(item: str, check: bool) -> None:
    assert no_usable_step([(1, item, False)]) is check


CHECKS_THEN_RULE = (
    "# Передача\n\n"
    "## Состояние\nМагазин `src/Shop.tsx` работает, оплата подключена.\n\n"
    "## Задачи на следующую сессию\n"
    "- [ ] {first}\n"
    "- [ ] Протестировать работу PWA режима на iOS.\n\n"
    "---\n\n"
    "## Файлы\n- `src/Shop.tsx`\n"
)


@pytest.mark.parametrize(
    ("first", "step"),
    [
        ("Протестировать оплату монетами с телефона.", False),
        ("Добавить оплату монетами в `src/Shop.tsx`.", True),
    ],
)
def test_a_rule_closing_a_next_steps_section_is_no_step(first: str, step: bool) -> None:
    assert read(CHECKS_THEN_RULE.format(first=first)).has("next") is step


HEADINGS = [
    # words in corner brackets are what an entry says; "Background Tasks" is a part of the system
    ("18) catalog 未收錄時改為「已記錄，後續更新」提示", None),
    ("後續更新", "next"),
    ("Background Tasks", "setup"),
    ("Remaining tasks", "next"),
    ("Tasks", "next"),
    # Arabic, with and without the short vowels and shadda
    ("١. أين نحن", "state"),
    ("٣. مصائد تعلّمناها بالثمن", "ruled_out"),
    ("مصائد تعلمناها", "ruled_out"),
    ("٤. ما بُني في هذه الجلسة", "state"),
    ("٥. المعلّق", "next"),
    ("٧. أوّل ما تفعله في الجلسة القادمة", "next"),
    ("القرارات", "decisions"),
    ("حالةٌ تصف حدوثاً لا نتيجة", None),
    ("ترميز PowerShell", None),
    # Hungarian
    ("Kész", "state"),
    ("Döntés", "decisions"),
    ("Hiányzik", "next"),
    ("Következő lépések", "next"),
    ("Ellenőrzés", None),
    # what can be continued (Spanish, Chinese)
    ("Qué puede continuar el siguiente grupo", "next"),
    ("Qué ya está hecho", "state"),
    ("Comandos usados", None),
    ("Siguiente trabajo", "next"),
    ("6. 立即可以继续的方向", "next"),
    ("可继续的任务", "next"),
    ("可以继续使用的工具", None),
]


@pytest.mark.parametrize(("heading", "facet"), HEADINGS)
def test_a_heading_names_its_facet(heading: str, facet: str | None) -> None:
    assert heading_facet(heading) == facet


INSTRUCTED_FORM = (
    "# Session Log\n\n"
    "## Current Objective\nState the current session objective.\n\n"
    "## Current Task\nState the immediate active task.\n\n"
    "## Files Modified\n- List of files modified in this session.\n\n"
    "## Known Blockers\nState any blockers or pending clarifications.\n\n"
    "## Next Step\nState the next logical step for the next session.\n"
)


def test_a_form_of_instructions_to_fill_in_is_a_template() -> None:
    found = placeholders(INSTRUCTED_FORM)
    assert len(found) == 5
    assert {place.what for place in found} == {"an instruction to fill in"}
    assert not read(INSTRUCTED_FORM).has("next")


@pytest.mark.parametrize(
    ("line", "blank"),
    [
        ("State the immediate active task.", True),
        ("- List of files modified in this session.", True),
        ("Note the decision to use Redis for sessions.", False),
        ("List the files in src/ that import the old API.", False),
        ("Document the migration steps in docs/migrate.md.", False),
    ],
)
def test_an_instruction_to_fill_in_is_a_placeholder(line: str, blank: bool) -> None:
    assert (placeholder_in(line) is not None) is blank


SESSION_WITH_SAMPLE = (
    "# Development Session Notes\n\n"
    "## {session}\n\n"
    "### Completed\n\n"
    "FastAPI app with the single and bulk lookup endpoints.\n\n"
    "### Next Session TODO\n\n"
    "1. Add the Docker build to `.github/workflows/ci.yml`.\n\n"
    "## PR Description Template (for GitHub)\n\n"
    "```markdown\n"
    "## Initial Implementation\n\n"
    "This PR introduces the lookup API.\n\n"
    "### Features\n- Single and bulk lookups\n\n"
    "### API Endpoints\n- `GET /api/v1/aircraft/{{tail}}`\n\n"
    "### Testing\n- `pytest`\n"
    "```\n"
)


@pytest.mark.parametrize(
    ("session", "guide"),
    [
        ("Session 1 - Initial Implementation (2025-11-28)", False),
        ("Phase 1: Repository Setup ✅", False),
        ("Session 1 - Initial Implementation", True),
    ],
)
def test_a_dated_session_quoting_a_sample_is_no_guide(session: str, guide: bool) -> None:
    assert bool(instructions(SESSION_WITH_SAMPLE.format(session=session))) is guide
