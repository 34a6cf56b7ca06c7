"""Issue 20, round 8: telling apart files that record no session. A prompt that opens on an
order to write a handoff, a template whose blanks are ``[UPPER_SNAKE]`` names or fields ending
on a full-width colon, are not handoffs; a file written as orders that carries a filled-in
status field records where the work stands, so it is judged as a handoff. Each example sits
beside a near miss that must keep today's reading."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from handoff_audit.markdown.prompts import instructions, orders
from handoff_audit.markdown.template import placeholders

PROMPT_OPENING_ON_AN_ORDER = """\
Produce a short handoff summary of this chat so another agent can pick it up.

The parts, in this order:

**Goal:**
(one sentence on what the work is for)

**Where it stands:**
(what runs, what fails, what is half written)

**Next:**
(the first thing to do, with the file it touches)
"""

HANDOFF_OPENING_ON_A_HOUSE_RULE = """\
Update this HANDOFF.md at the end of every session.

The importer was rewritten to stream rows; memory use dropped from 2 GB to 300 MB.
Fixed the date parser for ISO weeks and added tests in tests/test_dates.py.
Tried pandas for the merge step: it was slower than the csv module, so it was dropped.
The export job still fails on empty sheets (see exporter/sheets.py line 80).

Next: make `export_sheet` skip empty sheets and add a test for it.
"""

SNAKE_TEMPLATE = """\
# Session handoff

**Project**: [PROJECT_NAME]
**Branch**: [BRANCH_NAME]
**Owner**: [OWNER_NAME]

## Done

- The first finished task goes here.

## Next

- The next task goes here.
"""

SNAKE_FILLED = """\
# Session handoff

**Project**: ledger-sync
**Branch**: feat/streaming-import
**Owner**: Mara

## Done

- Streaming import in `ledger/importer.py`; the flag [IMPORT_STREAMING] is on in staging.

## Next

- Turn the flag on in production after one clean nightly run.
"""

FULL_WIDTH_BLANKS = """\
# 交接：导出功能

## 验证记录

- 类型检查：
- 单元测试：
- 构建：
- 冒烟测试：

## 说明

按实际运行结果填写。
"""

FULL_WIDTH_FILLED = """\
# 交接：导出功能

## 验证记录

- 类型检查：通过（`npm run typecheck`）
- 单元测试：42 项通过
- 构建：通过
- 冒烟测试：导出空表时失败，见 `src/export/sheet.ts`

## 说明

下一步先修空表导出。
"""

ORDERS = """\
# Agent handover: grant writer

## Overview

Use the proxy in `functions/api/llm.ts` for every model call.
Keep the API keys in the Pages environment, never in the client.
Run `npm run build` before each deploy.
Deploy with `wrangler pages deploy dist`.
Check the `/api/llm` route with a one-line prompt after deploying.
Read `docs/prompts.md` before changing a system prompt.
"""

ORDERS_WITH_STATUS = ORDERS.replace(
    "## Overview\n", "## Overview\n\n**Status**: ready for the first Cloudflare deploy\n"
)


def test_a_prompt_that_opens_on_an_order_to_write_a_handoff_is_not_one() -> None:
    found = instructions(PROMPT_OPENING_ON_AN_ORDER)
    assert found and found[0][0] == 1
    assert found[0][1].startswith("Produce a short handoff summary")


def test_a_handoff_opening_on_a_house_rule_still_records_its_session() -> None:
    # near miss: the same kind of opening order, then a record of what the session did
    assert instructions(HANDOFF_OPENING_ON_A_HOUSE_RULE) == []
    assert orders(HANDOFF_OPENING_ON_A_HOUSE_RULE) == []


def test_upper_snake_names_in_brackets_are_blanks_of_a_template() -> None:
    found = placeholders(SNAKE_TEMPLATE)
    assert [place.line for place in found][:3] == [3, 4, 5]
    assert {place.what for place in found[:3]} == {"a [bracketed] placeholder"}


def test_a_filled_header_with_one_flag_name_in_brackets_is_no_template() -> None:
    assert placeholders(SNAKE_FILLED) == []


def test_fields_left_blank_after_a_full_width_colon_are_a_template() -> None:
    found = placeholders(FULL_WIDTH_BLANKS)
    assert [place.line for place in found] == [5, 6, 7, 8]
    assert {place.what for place in found} == {"a blank field"}


def test_fields_filled_after_a_full_width_colon_are_no_template() -> None:
    assert placeholders(FULL_WIDTH_FILLED) == []


def test_a_file_of_orders_with_no_status_is_not_a_handoff() -> None:
    assert [line for line, _ in orders(ORDERS)] == [5, 6, 7, 9, 10]


def test_a_filled_in_status_field_says_where_the_work_stands() -> None:
    # near miss: the same orders under a status the session left: judged as a handoff
    assert orders(ORDERS_WITH_STATUS) == []
    assert orders(ORDERS_WITH_STATUS.replace("ready for the first Cloudflare deploy", "<status>"))


def _rules(run_cli: Any, root: Path) -> list[str]:
    result = run_cli(["check", "--format", "json", "--branch", "feat/x"], cwd=root)
    assert result.code in (0, 1), result.err
    return sorted({finding["rule"] for finding in result.json()["findings"]})


def test_the_audit_warns_that_an_opening_order_prompt_is_not_a_handoff(
    git_repo: Any, run_cli: Any, tmp_path: Path
) -> None:
    source = tmp_path / "prompt.md"
    source.write_text(PROMPT_OPENING_ON_AN_ORDER, encoding="utf-8")
    shutil.copy(source, git_repo.root / "HANDOFF.md")
    git_repo.commit()
    result = run_cli(["check", "--format", "json", "--branch", "feat/x"], cwd=git_repo.root)
    [finding] = [f for f in result.json()["findings"] if f["rule"] == "not-a-handoff"]
    assert finding["severity"] == "warning" and finding["line"] == 1
    assert "md-incomplete" not in _rules(run_cli, git_repo.root)
