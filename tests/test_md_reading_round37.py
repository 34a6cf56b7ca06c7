"""Rounds 37 to 40 of the reading (tuned on them): a next-steps section ("## What to Do (in
order)") runs on through its numbered subheadings ("### 1. Create the bucket"), so a plan for
the next session written as orders under it is a handoff's next steps, not a brief; a command's
synopsis (``Run: node tools/check.js [--slug <slug>] [--dry]``) is no template blank; "Reload …,
reopen …, and confirm …" is a check, and an "Optional next steps:" line is a wish list; a heading
naming the next session in French, Italian or Russian ("Prochaine session") heads the next step;
the words outside a heading's aside name its facet ("Open follow-ups (from design feedback)").

Examples written for these tests (not copied from any labelled file), each beside a near miss
that must keep its reading.
"""

from __future__ import annotations

import pytest

from handoff_audit.markdown.facet_headings import heading_facet
from handoff_audit.markdown.facets import read
from handoff_audit.markdown.prompts import orders
from handoff_audit.markdown.prose import placeholder_in

CONTEXT = (
    "# Next session: persist the votes\n\n"
    "## Context\n"
    "The poll app in `apps/poll/` keeps votes in localStorage only; the database is chosen.\n\n"
)
STEPS = (
    "### 1. Create the bucket\n"
    "- Open the console and create a bucket named `votes`.\n"
    "- Add a policy that allows inserts only.\n\n"
    "### 2. Wire the client\n"
    "- Create `src/lib/db.ts` and read the URL from the environment.\n"
    "- Call the insert after each vote.\n"
    "- Keep localStorage as the local cache.\n\n"
    "### 3. Deploy\n"
    "- Set `base` in `vite.config.ts` and push to the pages branch.\n"
)


@pytest.mark.parametrize("heading", ["## What to Do (in order)", "## Next steps", "## Remaining"])
def test_orders_under_the_numbered_subheadings_of_a_next_steps_section_are_next_steps(
    heading: str,
) -> None:
    assert orders(f"{CONTEXT}{heading}\n\n{STEPS}") == []


@pytest.mark.parametrize("heading", ["## Setup", "## Instructions"])
def test_the_same_orders_under_another_heading_are_still_a_brief(heading: str) -> None:
    assert orders(f"{CONTEXT}{heading}\n\n{STEPS}")


def test_a_heading_as_high_as_the_next_steps_section_ends_it() -> None:
    text = f"{CONTEXT}## Next steps\n\n- Ship it.\n\n## Setup\n\n{STEPS}"
    assert orders(text)


@pytest.mark.parametrize(
    "line",
    [
        "- Run: node tools/checker.js [--health|--articles|--infra] [--fix]",
        "- Run: node tools/fixer.js [--slug <slug>] [--dry]",
        "- Run: node tools/picker.js [--top N] --mode [audit|dump|apply]",
        "Usage: deploy.sh --env <name>",
    ],
)
def test_a_commands_synopsis_is_no_template_blank(line: str) -> None:
    assert placeholder_in(line) is None


@pytest.mark.parametrize(
    ("line", "what"),
    [
        ("- Run: [the command you used to test]", "a [bracketed] placeholder"),
        ("- Status: [done | blocked]", "a [bracketed] placeholder"),
        ("- Owner: <name>", "an <…> placeholder"),
        ("- Next: [--describe the next step here--]", "a [bracketed] placeholder"),
    ],
)
def test_a_blank_beside_a_synopsis_is_still_a_blank(line: str, what: str) -> None:
    assert placeholder_in(line) == what


RECORD = (
    "# Spacing fix\n\n"
    "The list spacing in `src/render.ts` is fixed; the converter now accepts both separators.\n\n"
)


@pytest.mark.parametrize(
    "ending",
    [
        "## Left for next time\n\nReload the extension, reopen a note, and confirm the lists "
        "stay compact.\n",
        "## Status\n\n- Optional next steps: publish to PyPI; record a demo GIF.\n",
    ],
)
def test_a_reload_to_confirm_and_an_optional_list_are_no_next_step(
    ending: str,
) -> None:
    assert read(RECORD + ending).found["next"] == []


@pytest.mark.parametrize(
    "ending",
    [
        "## Left for next time\n\nReload the fixtures, then add the missing nested-list case.\n",
        "## Status\n\n- Next steps: publish to PyPI; record a demo GIF.\n",
    ],
)
def test_the_same_with_work_in_it_stays_a_next_step(ending: str) -> None:
    assert read(RECORD + ending).found["next"]


@pytest.mark.parametrize(
    "heading",
    [
        "Prochaine session",
        "Pour la prochaine session",
        "Следующая сессия: с чего начать",
        "Prossima sessione",
    ],
)
def test_a_heading_naming_the_next_session_in_french_russian_or_italian_heads_the_next_step(
    heading: str,
) -> None:
    text = f"{RECORD}## {heading}\n\n- Paginate the review list in `src/List.tsx`.\n"
    assert read(text).found["next"]


@pytest.mark.parametrize("heading", ["Session précédente", "Dernière session", "Сессия 4"])
def test_a_heading_naming_an_earlier_session_heads_no_next_step(heading: str) -> None:
    assert heading_facet(heading) != "next"


@pytest.mark.parametrize(
    ("heading", "facet"),
    [
        ("7. What is left", "next"),
        ("Open follow-ups (from design feedback)", "next"),
        ("Where things stand (see the design doc)", "state"),
    ],
)
def test_the_words_outside_an_aside_name_the_facet(heading: str, facet: str) -> None:
    assert heading_facet(heading) == facet


@pytest.mark.parametrize(
    ("heading", "facet"),
    [
        ("Remaining (Future Work)", "ideas"),
        ("Decisions (approved)", "decisions"),
        ("Status (what is left)", "state"),
        ("Notes (next steps)", "next"),
    ],
)
def test_an_aside_still_says_a_wish_list_or_names_what_the_words_outside_do_not(
    heading: str, facet: str
) -> None:
    assert heading_facet(heading) == facet
