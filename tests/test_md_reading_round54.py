"""Round 54 of the reading (tuned on rounds 37 to 53):

- a next step that waits on someone's say ("If Garrett approves: wire …", "Only after review
  approval, …", "needs the owner's go-ahead", "blocked on the mockups") or forbids ("Do not
  merge.") is none the next session can start now, and neither is a step another role takes
  ("Founder reviews the draft", "Owner runs the import");
- a next-step section whose heading says it is gated ("Founder-gated (Garrett's call)") holds
  no step;
- a markdown handoff whose text is a pretty-printed JSON object (``{"summary": …,
  "next_steps": [...]}``) is read by its keys, line for line;
- a table row of only dashes ("| — | — | — |") and a field offering boxes to tick ("Statut :
  [ ] Non démarré | [ ] En cours") are a template's blanks;
- a label with an aside ("Suggested next work (all backlog, none blocking):") heads the list
  under it like a label without one;
- a prompt for the next agent that names a commit by its hash ("compare `ee338c6` against
  `f2fdd4e`") records work done in the repository: it is a handoff written as orders, not a
  prompt for any session;
- a Russian heading over tasks done ("Все выполненные задачи", "Завершённые задачи") records
  them, and "Что не сделано" (what is not done) heads next steps, as do "Not yet done", "Not
  yet implemented", "Not started" and "…未实现" (not implemented), which had read as a record or
  as nothing;
- a next-steps heading that hedges ("Next Potential Tasks", "Possible next steps", "Next Steps /
  Potential Enhancements", "Immediate Opportunities", "可能的后续工作") heads a wish list.

Examples written for these tests (not copied from any labelled file), each beside a near miss
that must keep its reading.
"""

from __future__ import annotations

import pytest

from handoff_audit.markdown.facet_headings import heading_facet
from handoff_audit.markdown.facets import read
from handoff_audit.markdown.json_text import as_markdown
from handoff_audit.markdown.prompts import orders
from handoff_audit.markdown.prose import placeholder_in
from handoff_audit.markdown.steps import no_usable_step, waits_on_someone
from handoff_audit.markdown.template import placeholders


@pytest.mark.parametrize(
    ("item", "step"),
    [
        ("If Dana approves: wire the export button to `/api/export`.", False),
        ("Once the client confirms the copy, publish the landing page.", False),
        ("Only after review approval, merge `feat/pdf` and deploy.", False),
        ("Needs the owner's go-ahead before the schema migration.", False),
        ("Blocked on the design mockups for the settings page.", False),
        ("Do not merge. Do not deploy.", False),
        ("Founder reviews the completed draft at the link above.", False),
        ("Owner runs the import with `make seed` on staging.", False),
        ("Wire the export button to `/api/export` once the API lands.", True),
        ("When the tests fail, fix the parser in `src/parse.py`.", True),
        ("After code review feedback, refactor `src/parse.py`.", True),
        ("Don't forget to add the index on `orders.user_id`.", True),
        ("Fix the team page layout in `web/team.tsx`.", True),
        ("Update the user settings page to save the locale.", True),
        ("User settings page: persist the locale in `web/settings.tsx`.", True),
        ("User profiles page needs the avatar upload wired to `/api/avatar`.", True),
    ],
)
def test_a_step_waiting_on_someone_is_no_step(item: str, step: bool) -> None:
    assert no_usable_step([(1, item, False)]) is not step


@pytest.mark.parametrize(
    ("heading", "gated"),
    [
        ("Founder-gated (not done: Garrett's call)", True),
        ("Blocked on the owner's approval", True),
        ("Next steps", False),
        ("Gate checks to add next", False),
    ],
)
def test_a_heading_says_the_work_is_gated(heading: str, gated: bool) -> None:
    assert waits_on_someone(heading) is gated


def _handoff(next_steps: str) -> str:
    return (
        "# Handoff: invoice export\n\n"
        "## Status\n\nPDF export works on the list page; the CSV path is untested.\n"
        "Branch `feat/pdf-export`, tests in `tests/test_export.py` pass.\n\n"
        f"## Next steps\n\n{next_steps}\n"
    )


def test_a_next_steps_section_that_only_waits_on_others_names_no_step() -> None:
    reading = read(
        _handoff(
            "1. If Dana approves: wire the CSV button to `/api/export.csv`.\n"
            "2. Founder reviews the PDF layout.\n"
            "3. Do not deploy without Dana's explicit go.\n"
        )
    )
    assert not reading.has("next")


def test_one_step_of_the_next_sessions_own_keeps_the_section_a_step() -> None:
    reading = read(
        _handoff(
            "1. If Dana approves: wire the CSV button to `/api/export.csv`.\n"
            "2. Add a test for the empty-list case in `tests/test_export.py`.\n"
        )
    )
    assert reading.has("next")


@pytest.mark.parametrize(
    ("heading", "facet"),
    [
        ("📋 Next Potential Tasks", "ideas"),
        ("Possible next steps", "ideas"),
        ("Next Steps / Potential Enhancements", "ideas"),
        ("Next Steps/Extensibility", "ideas"),
        ("Immediate Opportunities:", "ideas"),
        ("可能的后续工作", "ideas"),
        ("Next steps", "next"),
        ("Recommended next steps", "next"),
        ("后续工作", "next"),
        ("Все выполненные задачи (PR #17–#53)", "state"),
        ("Завершённые задачи", "state"),
        ("Задачи", "next"),
        ("Невыполненные задачи", "next"),
        ("Задачи, которые не выполнены", "next"),
        ("Что ещё не сделано", "next"),
        ("Что сделано", "state"),
        ("Not yet done", "next"),
        ("Not yet implemented", "next"),
        ("Not started", "next"),
        ("🔴 知识图谱（relations）未实现", "next"),
        ("Implemented", "state"),
        ("Done", "state"),
    ],
)
def test_a_heading_names_a_wish_list_work_done_or_work_to_do(heading: str, facet: str) -> None:
    assert heading_facet(heading) == facet


JSON_HANDOFF = """\
{
  "summary": "Invoice export: the PDF path works on the list page, the CSV path is untested.",
  "completed_tasks": [
    "Wired the PDF button to `/api/export.pdf` in `web/invoices.tsx`.",
    "Added `tests/test_export.py` (12 cases, all pass)."
  ],
  "decisions": [
    "Render PDFs on the server because the client bundle must stay under 200 KB."
  ],
  "failed_attempts": [
    "Tried jsPDF in the browser: fonts broke on Safari, so it was dropped."
  ],
  "next_steps": [
    "Add the CSV writer in `api/export.py` and a test for the empty-list case."
  ],
  "branch": "feat/invoice-export"
}
"""


def test_a_json_object_in_a_markdown_file_is_read_by_its_keys() -> None:
    reading = read(JSON_HANDOFF)
    assert all(reading.has(facet) for facet in ("state", "next", "decisions", "ruled_out"))
    # line for line: the step is cited at the file's own line of its key
    key = JSON_HANDOFF.split("\n").index('  "next_steps": [') + 1
    assert [evidence.line for evidence in reading.found["next"]] == [key]


@pytest.mark.parametrize(
    "text",
    [
        "{{project}} handoff\n\n## Status\n\nTBD\n\n## Next\n\nTBD\n",  # a template
        '{"summary": "one line", "next_steps": ["Add the CSV writer"]}\n',  # one line
        '[\n  "a list",\n  "not an object",\n  "of keys",\n  "at all"\n]\n',
        "{" * 100_000 + "}" * 100_000 + "\n" * 5,  # nested past the parser's depth
    ],
)
def test_text_that_is_no_pretty_printed_json_object_is_left_as_markdown(text: str) -> None:
    assert as_markdown(text) is None


@pytest.mark.parametrize(
    ("line", "blank"),
    [
        ("| — | — | — |", True),
        ("**Statut** : [ ] Non démarré | [ ] En cours | [ ] Terminé", True),
        ("Agent: [ ] Developer / [ ] Reviewer", True),
        ("|---|---|---|", False),  # a table's delimiter row
        ("| 2026-01-02 | — | — |", False),  # a row with its date written in
        ("Status: [x] done | [ ] open", False),  # one box already ticked
        ("- [ ] Run the migration on staging", False),
    ],
)
def test_a_blank_table_row_and_a_choice_to_tick_are_placeholders(line: str, blank: bool) -> None:
    assert (placeholder_in(line) is not None) is blank


FORM = """\
# Tâche courante

> Ce fichier sert de scratchpad pour la session en cours.

## Tâche

**ID** : [Ex: 1.1]
**Nom** : [Nom de la tâche]
**Statut** : [ ] Non démarré | [ ] En cours | [ ] En review | [ ] Terminé
**Agent actif** : [ ] Developer | [ ] Reviewer | [ ] Tester

## Reprise de session

**Dernière action** : [Ex: "Créé le service + test. Build OK."]
**Prochaine action** : [Ex: "Créer le record dans domain/campaign/"]

## Contexte

Le module de campagnes remplace l'ancien export nocturne.
Les classes vivent dans `platform-domain`, les tests dans `platform-domain/src/test`.
Chaque tâche a une fiche dans `issues/` et une ligne dans `progress.md`.
Le build se lance avec `mvn test -pl platform-domain -q`.
Les revues se font sur la branche de la tâche, jamais sur `main`.
La couverture attendue du domaine est de 90 %.
Les décisions locales sont copiées dans `context/decisions-log.md`.

## Décisions locales

| Date | Décision | Raison |
|---|---|---|
| — | — | — |
| — | — | — |
"""


def test_a_form_with_choices_to_tick_and_blank_rows_is_a_template() -> None:
    assert placeholders(FORM)
    filled = (
        FORM.replace("[Ex: 1.1]", "2.3")
        .replace("[Nom de la tâche]", "Plan d'exécution des campagnes")
        .replace("[ ] En cours", "[x] En cours")
        .replace("[ ] Developer", "[x] Developer")
        .replace("| — | — | — |\n| — | — | — |", "| 2026-05-02 | Record immuable | Rejouable |")
        .replace('[Ex: "Créé le service + test. Build OK."]', "Créé le service et son test.")
        .replace('[Ex: "Créer le record dans domain/campaign/"]', "Créer `CampaignPlan`.")
    )
    assert placeholders(filled) == []


FOCUS = """\
# Current focus

## Focus

**Phases 0–3 are complete.** The memory core, the loops and the CLI are in place; `pytest`
(57 tests), `ruff check .` and `mypy` are green.

{label}
- Executable implementations behind the candidate tools in `registry/tools.py`.
- Loop-driven auto-write of continuity records on every dispatch.
"""


@pytest.mark.parametrize(
    ("label", "step"),
    [
        ("Suggested next work (all backlog, none blocking):", True),
        ("Suggested next work:", True),
        # a lead-in sentence names nothing, with or without an aside
        ("Over the last weeks we have mostly been working on these (all merged):", False),
    ],
)
def test_a_label_with_an_aside_heads_its_list(label: str, step: bool) -> None:
    assert read(FOCUS.format(label=label)).has("next") is step


PROMPT = """\
# Next agent prompt

Continue the solver work on the FPGA board.

## First read

Read `docs/ARCHITECTURE_PLAN.md` first and follow it.

1. Compare {first} against {second} on the staged solver.
2. Choose the faster implementation by measured cycles, not by interface convenience.
3. Port the one-axis constraints to the winner.
4. Run `make sim` and `make timing` after each port.
5. Keep `scripts/parameters.py` as the single place that selects the solver.
6. Do not change the 418-bit interface.
"""


@pytest.mark.parametrize(
    ("first", "second", "prompt"),
    [
        ("`ee338c6`", "`f2fdd4e`", False),  # real commits: work done, a handoff
        ("`abc1234`", "the current head", True),  # a sample hash names no commit
        ("the old branch", "the current head", True),
    ],
)
def test_a_prompt_naming_a_commit_is_a_handoff(first: str, second: str, prompt: bool) -> None:
    assert bool(orders(PROMPT.format(first=first, second=second))) is prompt
