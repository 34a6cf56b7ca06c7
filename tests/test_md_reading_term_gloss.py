"""A bold term glossed in parentheses is content, not a template's blank.

Round 17's one good file with an error was a continuation prompt listing what a framework adds,
``1. **End-to-End Encryption** (JWT-based, only email holder can decrypt)``: each gloss was read
as a "(parenthesised) placeholder", six of them made the file a template, and the placeholder
error failed a good handoff. A blank in parentheses follows a field's colon
(``**Status:** (describe where things stand)``) or stands alone; after a bold term with no colon
the parentheses say what the term means.

Examples written for these tests.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from handoff_audit.markdown.template import placeholders

CONTINUATION_PROMPT = """\
# Continuation prompt: payments API

Copy this prompt into a new chat to continue the work.

## Context

The payments API gains four features on top of `src/api/`:

1. **Idempotency keys** (header-based, kept 24 hours)
2. **Webhook signing** (HMAC-SHA256, one secret per merchant)
3. **Typed responses** (generated from the OpenAPI schema)
4. **Problem details** (RFC 7807 error bodies)
5. **Edge compatibility** (runs on the worker runtime)

## Current state

- Done: idempotency middleware (`src/api/idempotency.ts`), webhook signer (`src/api/sign.ts`).
- Still to do: the typed response builder (`src/api/build.ts`).

## Next step

Write `src/api/build.ts` and its test; run `npm test`.
"""

TEMPLATE = """\
# Session handoff

**Date:** (today's date)
**Branch:** (the branch you worked on)
**Status:** (describe where things stand)
**Next step:** (the first thing the next session should do)
**Files:** (the files you changed)
"""


def test_glossed_terms_are_not_a_template() -> None:
    assert placeholders(CONTINUATION_PROMPT) == []


def test_parenthesised_blanks_after_a_fields_colon_still_are() -> None:
    found = placeholders(TEMPLATE)
    assert [place.line for place in found] == [3, 4, 5, 6, 7]
    assert {place.what for place in found} == {"a (parenthesised) placeholder"}


def test_the_audit_judges_the_prompt_without_a_placeholder_error(
    git_repo: Any, run_cli: Any
) -> None:
    (Path(git_repo.root) / "HANDOFF.md").write_text(CONTINUATION_PROMPT, encoding="utf-8")
    git_repo.commit()
    result = run_cli(["check", "--format", "json", "--branch", "feat/x"], cwd=git_repo.root)
    assert result.code in (0, 1), result.err
    rules = [finding["rule"] for finding in result.json()["findings"]]
    assert "placeholder" not in rules
    assert "not-a-handoff" not in rules
