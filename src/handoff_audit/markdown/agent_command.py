"""Whether a file in an agent's command, prompt or skill folder hands work over, or instructs
an agent how to write a handoff: the `not-a-handoff` reading of a command, which the merge gate
asks of a lower-case note there (`git.agent_notes`)."""

from __future__ import annotations

from handoff_audit.markdown.headings import field_for_heading
from handoff_audit.markdown.prompts import instructions, orders
from handoff_audit.markdown.prose import FRONT_MATTER

HANDOFF_FACETS = 2
"""How many handoff sections (state, next step, decisions, ...) make a file a handoff."""


def reads_as_handoff(text: str) -> bool:
    """Whether ``text`` hands work over (sections such as State and Next step) rather than
    instructing an agent how to write a handoff (orders to its reader, ``$ARGUMENTS``, "Create
    a handoff with …"): the `not-a-handoff` reading of a command. Command-like front matter
    counts only beside such a line in the body: ``description: x`` over a handoff is the pull
    request's to write, and does not make the handoff a command."""
    block = FRONT_MATTER.match(text)
    body = text[block.end() :] if block is not None else text
    after = text.count("\n", 0, block.end()) if block is not None else 0
    if (
        orders(body)
        or instructions(body)
        or any(number > after for number, _ in instructions(text))
    ):
        return False
    facets = {
        field
        for line in body.splitlines()
        if line.lstrip().startswith("#")
        and (field := field_for_heading(line.lstrip().lstrip("#").strip())) is not None
    }
    return len(facets) >= HANDOFF_FACETS
