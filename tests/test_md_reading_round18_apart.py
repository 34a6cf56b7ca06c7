"""Round 18: handoffs the whole-file readings wrongly told apart as not-a-handoff.

Four shapes of a real handoff looked like a prompt or a guide: next steps written as orders
beside work ticked off, a data flow naming where code stores a record (``exports/{id}.md``),
the whole handoff quoted in a ````` ````markdown ````` block to paste elsewhere (inner fences
inside), and numbered steps whose value is the fenced command under them. Examples written
for these tests (not copied from any labelled file), each beside the prompt or guide that must
still be told apart.
"""

from __future__ import annotations

from handoff_audit.markdown.prompts import instructions, orders
from handoff_audit.markdown.template import placeholders

_TICKED_HANDOFF = """# Session handoff: payment retries

Use this file to pick up where the last session stopped.

| Item | State |
|------|-------|
| Retry queue | ✅ Done |
| Idempotency keys | ✅ Done |
| Dead-letter alerts | ❌ Not started |

- [x] Move retries out of the request path into `workers/retry.py`
- [x] Store the idempotency key with each charge attempt

Read `workers/retry.py` before touching the queue.
Run `pytest tests/payments -q` after each change.
Keep the backoff at 2, 4, 8 minutes; support asked for it.
Add the dead-letter alert in `alerts/payments.yaml`.
Check the staging dashboard for stuck jobs.
Do not change the charge API: the mobile app pins it.
Ask Priya before raising the retry limit.
"""

_PROMPT_OF_ORDERS = """# Continue the payments work

Read `workers/retry.py` before touching the queue.
Run `pytest tests/payments -q` after each change.
Keep the backoff at 2, 4, 8 minutes.
Add the dead-letter alert in `alerts/payments.yaml`.
Check the staging dashboard for stuck jobs.
Mark each finished item with ✅ in `PLAN.md`.
Do not change the charge API.
"""


def test_a_handoff_ticking_off_its_done_work_is_not_orders() -> None:
    assert orders(_TICKED_HANDOFF) == []


def test_a_prompt_of_orders_is_still_orders_though_it_asks_for_ticks() -> None:
    found = orders(_PROMPT_OF_ORDERS)
    assert len(found) >= 5
    assert any("Mark each finished item" in line for _, line in found)


_STORAGE_PATH_HANDOFF = """# Übergabe

## Stand

- Die App ist ein Archiv für Praxisunterlagen auf Basis von Next.js.
- PDFs und Bilder werden nach S3 hochgeladen; OCR läuft in einer Lambda-Funktion.
- Die alte Seite `/manuals` leitet auf `/archive` um.

## Datenfluss beim Hochladen

1. Datei nach `uploads/` legen.
2. OCR-Text nach `exports/{id}.md` schreiben.
3. Die Metadaten stehen in `data/{id}.json`.

## Nächste Schritte

- Suche über die OCR-Texte anbinden.
"""

_NAMING_GUIDE = """# Handoff conventions

Every agent leaves a note when it stops.

- Name the note `docs/handoffs/handoff-{topic}.md`.
- Put the open questions at the top.
- Link the pull request it belongs to.
"""

_TASK_GUIDE = """# Working on a task

1. Check that `docs/plans/active/<TASK-ID>.md` exists; if not, copy the plan template.
2. Keep the plan short: goal, steps, risks.
"""


def test_a_storage_path_with_a_key_slot_is_no_naming_scheme() -> None:
    assert instructions(_STORAGE_PATH_HANDOFF) == []


def test_a_guide_naming_notes_by_a_pattern_is_still_told_apart() -> None:
    found = instructions(_NAMING_GUIDE)
    assert found and "handoff-{topic}.md" in found[0][1]
    task = instructions(_TASK_GUIDE)
    assert task and "<TASK-ID>" in task[0][1]


_QUOTED_HANDOFF = """Create `docs/AGENT_HANDOFF.md`, then paste the following Markdown exactly.

````markdown
# Agent Handoff: search service

**Last updated:** 2026-03-02

## Project state

The indexer was rewritten to stream documents; the old batch job was removed.
We fixed the tokenizer crash on empty titles and added a regression test.

## How to run it

```bash
make index && make serve
```

## Decisions

Documents stream through one queue; the batch job is gone for good.

## Ruled out

A second index per language: the merge cost more than it saved.

## Next task

Wire the ranking weights into `search/rank.py`. The smoke query should print:

```text
3 results in 41 ms
```
````
"""

_GUIDE_WITH_SAMPLE = """# Writing a handoff

Each session ends with a handoff in `docs/`, in this shape.

## Format

````markdown
# Agent Handoff: {project}

**Last updated:** {date}

## Project state

{what works, what is broken}

## How to run it

```bash
{commands}
```

## Decisions

{what was chosen and why}

## Next task

{the one next step}
````
"""


def test_a_dated_handoff_quoted_whole_in_a_longer_fence_is_no_sample() -> None:
    assert instructions(_QUOTED_HANDOFF) == []


def test_a_guide_quoting_a_sample_in_a_longer_fence_is_still_told_apart() -> None:
    found = instructions(_GUIDE_WITH_SAMPLE)
    assert found and found[0][1] == "````markdown"


_STEPS_OVER_COMMANDS = """# Next steps: release 2.4

**Date:** 2026-05-11

## Test locally

1. Build the packages:
```bash
scripts/build.sh --all
```

2. Point the app at them:
```bash
export ASSET_URL=file:///tmp/assets
```

3. Relaunch and watch the logs:
```bash
scripts/run_app.sh --relaunch
```

## Upload

- Upload the three archives to the release page.
- URL: `<existing>`
"""

_BLANK_FORM = """# Session handoff

- Branch:
- Last commit:
- Tests:
- Next step:
"""


def test_a_numbered_step_over_its_fenced_command_is_no_blank_field() -> None:
    assert placeholders(_STEPS_OVER_COMMANDS) == []


def test_fields_left_blank_are_still_a_template() -> None:
    found = placeholders(_BLANK_FORM)
    assert [place.what for place in found] == ["a blank field"] * 4
