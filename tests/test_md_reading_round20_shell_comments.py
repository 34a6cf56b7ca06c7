"""A quick-reference block of commands under shell comments (``# Build`` right over ``cargo
check``) is not a quoted handoff sample; a guide quoting a sample in an unlabelled block still is.
Examples written for these tests."""

from __future__ import annotations

from handoff_audit.markdown.prompts import instructions

RECAP_WITH_COMMANDS = """# Riepilogo sessione

Cronistoria di quanto sviluppato, con riferimenti ai file.

## 1. Traduzioni

- Installato `next-intl` in `frontend/package.json`.
- Cataloghi in `frontend/messages/it.json` e `frontend/messages/en.json`.

## 2. Riferimenti rapidi

```
# Build
cargo check
npx tsc --noEmit

# Dati
~/app-data/app.db

# Log
~/app-logs/dev.log
```
"""

GUIDE_WITH_SAMPLE = """# Format

The notes look like this:

```
# Handoff

## Status

## Next step

## Decisions
```
"""


def test_shell_comments_in_a_command_block_are_not_sample_headings() -> None:
    assert instructions(RECAP_WITH_COMMANDS) == []


def test_a_sample_handoff_in_an_unlabelled_block_is_still_a_guide() -> None:
    found = instructions(GUIDE_WITH_SAMPLE)
    assert found and found[0][0] == 5
