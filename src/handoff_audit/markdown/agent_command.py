"""Whether a file in an agent's command, prompt or skill folder hands work over, or instructs
an agent how to write a handoff: the `not-a-handoff` reading of a command, which the merge gate
asks of a lower-case note there (`git.agent_notes`)."""

from __future__ import annotations

from handoff_audit.markdown.headings import field_for_heading
from handoff_audit.markdown.prompts import instructions, orders

HANDOFF_FACETS = 2
"""How many handoff sections (state, next step, decisions, ...) make a file a handoff."""


def reads_as_handoff(text: str) -> bool:
    """Whether ``text`` hands work over (sections such as State and Next step) rather than
    instructing an agent how to write a handoff (a command's front matter, orders to its
    reader): the `not-a-handoff` reading of a command."""
    if instructions(text) or orders(text):
        return False
    facets = {
        field
        for line in text.splitlines()
        if line.lstrip().startswith("#")
        and (field := field_for_heading(line.lstrip().lstrip("#").strip())) is not None
    }
    return len(facets) >= HANDOFF_FACETS
