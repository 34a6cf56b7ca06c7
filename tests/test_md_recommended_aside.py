"""A heading's "(recommended)" aside marks one way among others as the one to take ("Using the
toolkit CLI (recommended)"): a choice, not a next step, so a usage section so marked does not
hide the handoff's real pending item from `show` and `md-incomplete`; "Next steps (recommended
order)" is still a next step by its own words."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result

Run = Callable[..., Result]

FENCE = "`" * 3
USAGE = f"""\
# Handoff — detector baselines: input/output spec

## {{heading}}

Single entry point `baselines/run.py`. The platform supplies the input and the model list.

{FENCE}bash
python baselines/run.py --input img.png --output_dir out
{FENCE}

## Validation status

- ✅ Pipeline validated end-to-end on a real GPU.
- ⏳ 13B bf16 pending: needs a GPU with ~28 GB free; run `python baselines/run.py --models X`.
"""


@pytest.mark.parametrize(
    "heading",
    ["Using the toolkit CLI (recommended)", "4. Path A: the CLI (Recommended, least effort)"],
)
def test_a_recommended_usage_section_is_no_next_step(
    git_repo: GitRepo, run_cli: Run, heading: str
) -> None:
    git_repo.write("HANDOFF.md", USAGE.format(heading=heading))
    git_repo.commit("handoff")
    shown = run_cli(["show"], cwd=git_repo.root)
    assert shown.code == 0, shown.err
    assert shown.out.startswith("Next action: ⏳ 13B bf16 pending"), shown.out
    explained = run_cli(["explain", "md-incomplete", "--file", "HANDOFF.md"], cwd=git_repo.root)
    assert "(pending item): ⏳ 13B bf16 pending" in explained.out, explained.out
    assert "(heading)" not in explained.out.split("decisions:")[0]


def test_next_steps_in_a_recommended_order_are_still_the_next_step(
    git_repo: GitRepo, run_cli: Run
) -> None:
    text = "# Handoff\n\n## Next Steps (Recommended Order)\n\n1. Wire the export in `app.py`.\n"
    git_repo.write("HANDOFF.md", text)
    git_repo.commit("handoff")
    shown = run_cli(["show"], cwd=git_repo.root)
    assert shown.out.startswith("Next action: 1. Wire the export in `app.py`.\n"), shown.out
