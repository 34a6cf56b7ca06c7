"""Issue 20, round 17: a standing document records no session.

An operations manual, an architecture note or a plan for work not yet begun describes how
things are (or will be) for any reader: no date, no status field, no commit or pull request,
no section on where the work stands or what comes next, and (almost) nothing said to have been
done. Such a file is told apart as ``not-a-handoff``. A short handoff in the present tense keeps
being judged as one when it says where the work stands, names a commit, or is called a handoff
by its title; prose not in English is never called standing (its past tense is not read).

Examples written for these tests.
"""

from __future__ import annotations

from collections.abc import Callable

from handoff_audit.markdown.standing import standing

OPERATIONS_MANUAL = """\
# Billing service — operations

## Overview

The billing service runs as two containers behind the internal load balancer.
It reads invoices from the `invoices` queue and writes receipts to Postgres.

## Configuration

- `BILLING_DB_URL` points at the primary database.
- `BILLING_QUEUE` is the queue name; the default is `invoices`.
- Retries use exponential backoff up to five attempts.

## Troubleshooting

If receipts stop appearing, the queue consumer is usually stuck on a poison message.
Restart the consumer with `systemctl restart billing-consumer` and check the dead-letter queue.
"""

PLAN = """\
# Search rewrite — testing strategy

## Unit tests

- The tokenizer will get table-driven cases for every supported language.
- Ranking functions will use constant scores so that ties stay stable.

## Integration tests

The new indexer will run against a throwaway Postgres started by the test fixture.
Each test will load the sample corpus and compare the top ten results with a stored list.

## Rollout

Old endpoints stay available behind a flag for one release.
"""

PRESENT_TENSE_HANDOFF = """\
# Notes for tomorrow

## Where things stand

The export endpoint works for CSV; the XLSX writer is half wired in `src/export/xlsx.py`.
Tests in `tests/test_export.py` are green except the XLSX case, which is skipped for now.

## Next step

Finish the XLSX writer and unskip its test.
"""

HANDOFF_NAMING_A_COMMIT = """\
# Notes

The parser rewrite lives on the `parser-v2` branch at commit 3f9c2ab.
The lexer keeps its old interface so callers need no change.
Error messages carry the line and column of the bad token.
The benchmarks in `bench/parse.py` run in about the same time as before.
Nothing else in the repository depends on the new module yet.
"""

TITLED_A_HANDOFF = """\
# Handoff

## Changed files

- src/orders/export.py
- src/orders/urls.py
- tests/test_export.py

Tests pass.
"""

SPANISH_MANUAL = """\
# Servicio de facturación

## Resumen

El servicio de facturación corre en dos contenedores detrás del balanceador interno.
Lee las facturas de la cola `invoices` y escribe los recibos en Postgres.

## Configuración

- `BILLING_DB_URL` apunta a la base de datos principal.
- Los reintentos usan espera exponencial hasta cinco intentos.
- La cola por defecto se llama `invoices`.
"""


def test_an_operations_manual_is_a_standing_document() -> None:
    found = standing(OPERATIONS_MANUAL)
    assert found and found[0][0] == 5


def test_a_plan_for_work_not_begun_is_a_standing_document() -> None:
    assert standing(PLAN)


def test_a_present_tense_handoff_saying_where_the_work_stands_is_not() -> None:
    assert standing(PRESENT_TENSE_HANDOFF) == []


def test_a_commit_reference_records_a_session() -> None:
    assert standing(HANDOFF_NAMING_A_COMMIT) == []
    assert standing(HANDOFF_NAMING_A_COMMIT.replace(" at commit 3f9c2ab", ""))


def test_a_file_titled_a_handoff_is_judged_as_one() -> None:
    assert standing(TITLED_A_HANDOFF) == []
    titled = OPERATIONS_MANUAL.replace("— operations", "— handoff")
    assert standing(titled.replace("## Troubleshooting", "## Where things stand")) == []


def test_a_date_or_a_record_of_work_keeps_a_handoff() -> None:
    dated = OPERATIONS_MANUAL.replace("## Overview", "## Overview (2026-03-04)")
    assert standing(dated) == []
    done = PLAN + "\nFixed the flaky ranking test.\nMoved the client to `lib/search`.\n"
    done += "Removed the nightly cron job.\n"
    assert standing(done) == []


def test_prose_not_in_english_is_never_called_standing() -> None:
    assert standing(SPANISH_MANUAL) == []


def test_the_audit_tells_a_manual_apart(audit_handoff: Callable[[str], list[str]]) -> None:
    rules = audit_handoff(OPERATIONS_MANUAL)
    assert "not-a-handoff" in rules
    assert "md-incomplete" not in rules


def test_the_audit_judges_a_present_tense_handoff(
    audit_handoff: Callable[[str], list[str]],
) -> None:
    assert "not-a-handoff" not in audit_handoff(PRESENT_TENSE_HANDOFF)
