"""Dead ends and choices written in running prose, and a next step that tests named code.

A handoff often says what was ruled out in a sentence, not a section: "X is not used because
…", "polling could not keep up … it was replaced with interrupts", "the plan was refuted", or
the same in Japanese, Vietnamese, Chinese; and a choice over its alternative in another
language ("… вместо …", "… en lugar de …"). Descriptions that only mention "don't use" or
"because" stay no dead end. "Test the refund path in `src/billing/core.py`" asks for tests of
that code, work to start, not only a check to run. Every sentence here is written for these
tests (not copied from any labelled file).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result, handoff_on_branch
from handoff_audit.markdown.facets import read

_HANDOFF = """# Handoff: sensor sync

## State

- The sync daemon runs on the board; `pytest tests/sync` passes (31 tests).

## Next step

- Add retry with backoff to `sync/upload.py` when the gateway answers 503.

## Notes

- {item}
"""


def _found(facet: str, item: str) -> bool:
    return read(_HANDOFF.format(item=item)).found[facet] != []


@pytest.mark.parametrize(
    "item",
    [
        "The vendor SDK is not used because it pins an old OpenSSL.",
        "We do NOT use the ORM's bulk insert — it silently drops rows with null keys.",
        "Redis pub/sub is no longer used since messages were lost on reconnect.",
        "Reading the sensor by polling could not keep up at 2 kHz. It has been replaced "
        "with a DMA ring buffer.",
        "The clock-drift theory was refuted: the drift stays the same with NTP disabled.",
        "Sharding the queue per device is off the table after the load test.",
        "ライブラリの自動再接続は使っていない。切断後にセッションが壊れる問題があったため。",
        "Không dùng thư viện retry có sẵn vì nó chặn luồng chính.",
        "没有使用官方 SDK，因为它不支持断点续传。",
    ],
)
def test_a_dead_end_in_prose_is_ruled_out(item: str) -> None:
    assert _found("ruled_out", item), item


@pytest.mark.parametrize(
    "item",
    [
        "Callers that don't use the new flag are unaffected — it defaults to off.",
        "The cache is used because reads dominate.",
        "Replaced the logo in the dashboard header.",
        "Bỏ qua bước này khi chạy trên CI.",
    ],
)
def test_a_description_is_no_dead_end(item: str) -> None:
    assert not _found("ruled_out", item), item


@pytest.mark.parametrize(
    "item",
    [
        "Сбор запускаем шагом в CI, а не локальным прогоном.",
        "Guardamos los totales en céntimos en lugar de decimales.",
        "Die IDs kommen aus der Datenbank anstatt aus dem Client.",
        "日付はサーバー側で付けるのではなく、クライアントから受け取る。",
        "统一在网关做鉴权，而不是在每个服务里各做一遍。",
    ],
)
def test_a_choice_over_its_alternative_in_another_language_is_a_decision(item: str) -> None:
    assert _found("decisions", item), item


def test_a_contrast_in_english_alone_is_no_decision() -> None:
    assert not _found("decisions", "The upload finished, not the resize.")


_TESTS_NAMED_CODE = """# Handoff: refund flow

## State

- Added partial refunds in `src/billing/core.py`; 14 tests pass.

## Decisions

- Refunds are computed in cents because floats drifted by a cent on large orders.

## Ruled out

- Tried refunding through the provider's batch API — it rejects partial amounts.

## Next step

- {step}
"""


def test_testing_named_code_is_a_next_step(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    """A step testing `src/billing/core.py` asks for tests of that code: `check` was failing the
    note with "holds no work to start, only a check to run"."""
    step = "Test the partial refund path in `src/billing/core.py` against a zero-amount order."
    handoff_on_branch(git_repo, "HANDOFF.md", _TESTS_NAMED_CODE.format(step=step))
    checked = run_cli(["check"], cwd=git_repo.root)
    assert checked.code == 0, checked.out
    assert "md-incomplete" not in checked.out


@pytest.mark.parametrize(
    "step",
    [
        "Test the deploy at https://staging.example.com/app.js once CI is green.",
        "Test the checkout on staging with the demo card.",
    ],
)
def test_a_test_run_without_named_code_stays_only_a_check(
    git_repo: GitRepo, run_cli: Callable[..., Result], step: str
) -> None:
    handoff_on_branch(git_repo, "HANDOFF.md", _TESTS_NAMED_CODE.format(step=step))
    checked = run_cli(["check"], cwd=git_repo.root)
    assert checked.code == 1, checked.out
    assert "only a check to run" in checked.out
