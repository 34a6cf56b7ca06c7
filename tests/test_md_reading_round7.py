"""Issue 20, round 7: a next step read from the file's shape (a numbered procedure after a
lead-in, a closing item that names what to change), in any language. A file with such a
candidate and no confirmed next step gets a warning naming the closest line, not an error;
a file whose lists only record (``Key: value``, ticked boxes, bare names) keeps its error."""

from __future__ import annotations

from handoff_audit.markdown.completeness import missing_parts
from handoff_audit.markdown.facets import read

PROCEDURE_IN_PORTUGUESE = """\
# Loja — integração de pagamentos

## O que existe

O checkout envia o pedido para `api/orders.ts` e grava o recibo em `receipts/`.

## Integração com o gateway

O sandbox do gateway já aceita as chaves de teste. Passos na próxima sessão:

1. Importar o esquema com `scripts/import_schema.sh`.
2. Comparar os valores de `api/orders.ts` com o extrato do sandbox.
3. Só depois ligar o webhook em `api/webhook.ts`.
"""

RECORDS_ONLY = """\
# Loja — integração de pagamentos

## O que existe

- **Build**: `npm run build`
- Commit: `4f2a9c1d`
- [x] Gravar o recibo em `receipts/`
- `api/orders.ts`

O checkout envia o pedido e grava o recibo.
"""


def _next(text: str) -> list[tuple[int, bool, str]]:
    return [(p.line, p.error, p.message) for p in missing_parts(text) if p.facet == "next"]


def test_a_numbered_procedure_after_a_lead_in_is_a_candidate_next_step() -> None:
    reading = read(PROCEDURE_IN_PORTUGUESE)
    assert not reading.has("next")  # no next-step wording the reading knows in Portuguese
    assert reading.next_candidate is not None
    assert reading.next_candidate.line == 11
    [(_, error, message)] = _next(PROCEDURE_IN_PORTUGUESE)
    assert not error  # a step the reading could not confirm: a warning, not a failed CI
    assert "line 11" in message and "Importar o esquema" in message


def test_records_and_ticked_boxes_are_no_candidate_and_keep_the_error() -> None:
    # near miss: the same objects (a command, a commit, a path) listed as what is, not what to do
    assert read(RECORDS_ONLY).next_candidate is None
    [(line, error, message)] = _next(RECORDS_ONLY)
    assert error and line == 1 and message.startswith("no next step")


CLOSING_ITEM = """\
# Deploy pipeline handoff

## What changed

The image tag is now lower-case, so the build job pushes to the registry again.

## Still broken

- `deploy` still pulls nothing; `docker-compose.yml` needs `image:` for the api service
"""

CLOSING_RECORD = """\
# Deploy pipeline handoff

## What changed

The image tag is now lower-case, so the build job pushes to the registry again.

## Still broken

The deploy job never pulled the image; the registry had no tag for it.
"""


def test_a_closing_item_that_names_what_to_change_is_a_candidate() -> None:
    reading = read(CLOSING_ITEM)
    assert reading.next_candidate is not None and reading.next_candidate.line == 9
    assert [error for _, error, _ in _next(CLOSING_ITEM)] in ([], [False])
    # near miss: the closing section only tells what happened, naming nothing to act on
    assert read(CLOSING_RECORD).next_candidate is None
    assert [error for _, error, _ in _next(CLOSING_RECORD)] == [True]


def test_a_section_that_only_records_holds_no_candidate() -> None:
    # the same procedure under a "Setup" heading is how to run the project, not a next step
    setup = PROCEDURE_IN_PORTUGUESE.replace("## Integração com o gateway", "## Setup")
    assert read(setup).next_candidate is None
    assert [error for _, error, _ in _next(setup)] == [True]


PROCEDURE_UNDER_DESIGN = """\
# Mobile app handoff

## Screens

The screens follow the spec in `docs/spec.md`; nothing is built yet.

## Design files

The mock-ups live in the shared design board. Steps in the frontend session:

1. Conectar el plugin: `/design-login`
2. Importar el tablero por su URL
"""


def test_a_numbered_procedure_counts_even_under_a_heading_that_records() -> None:
    # "Design files" reads as a decisions heading; a procedure after a lead-in is still steps,
    # and its "Label: value" items are steps, not records
    reading = read(PROCEDURE_UNDER_DESIGN)
    assert reading.next_candidate is not None and reading.next_candidate.line == 11
    # near miss: the same items without the lead-in are what the section records
    listed = PROCEDURE_UNDER_DESIGN.replace(" Steps in the frontend session:", "")
    assert read(listed).next_candidate is None


LABELLED_STEPS = """\
# Handoff — telemetry workstream

Branch: `feat/telemetry` at `401ee3e`.
Tests: `./mvnw -q test` exits 0.
Integration steps: merge last; run `scripts/scorecard.sh` against the integrated API.
"""


def test_a_label_whose_value_opens_on_a_verb_is_a_candidate() -> None:
    reading = read(LABELLED_STEPS)
    assert reading.next_candidate is not None and reading.next_candidate.line == 3
    # near miss: labels whose values only record (a commit, a result) are no step
    recorded = LABELLED_STEPS.replace("merge last; run", "merged last; ran")
    assert read(recorded).next_candidate is None
