"""A placeholder wrapped in brackets, strike-through, quotes, parentheses, guillemets or a code
span (``[TODO]``, ``~~TODO~~``, ``"TODO"``, ``'TBD'``, ``(TODO)``, ``«TODO»``, `` `TODO` ``,
``**`TODO`**``, ``- [ ] `TODO` ``) is a placeholder, as an emphasised one is, and is read the
same way in a handoff.json packet and in a HANDOFF.md: `new` refuses it as a next_action,
`check` reports `placeholder` on a packet holding it, a HANDOFF.md whose next step is only that
gets `md-incomplete` "no next step filled in", and `show` never names the heading's title as
the next action (review 49-11 defect 4, review 50-5 defect 3, review 50-4 defect 5)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from conftest import GitRepo
from test_packet_emphasised_placeholder import _feature, _new, _packet_with_next_action

WRAPPED = {
    # blank as a packet's next_action: the same blank as a HANDOFF.md's next step
    "[TODO]": "[TODO]",
    "~~TODO~~": "~~TODO~~",
    '"TODO"': '"TODO"',
    "'TBD'": "'TBD'",
    "“TBD”.": "“TBD”",
    "(TODO)": "(TODO)",
    "«TODO»": "«TODO»",
    "`TODO`": "`TODO`",
    "**`TODO`**": "**`TODO`**",
    "`TBD`": "`TBD`",
    "- [ ] `TODO`": "- [ ] `TODO`",
    "- `TODO`": "- `TODO`",
}

HANDOFF_MD = """# Handoff: refunds

## State
Refund endpoint in r.txt returns 200; tests pass except the currency case.

## Next step
{next_step}

## Decisions
- Use Decimal for amounts, because floats lost cents.

## Ruled out
- Rounding in the template: it hid the bug.

## Pointers
- r.txt:1
"""


@pytest.mark.parametrize("blank", WRAPPED)
def test_new_refuses_a_wrapped_placeholder(
    git_repo: GitRepo, run_cli: Callable[..., Any], blank: str
) -> None:
    _feature(git_repo)
    refused = _new(run_cli, git_repo, blank)
    assert refused.code == 2, refused.err
    assert "next_action is a placeholder" in refused.err
    assert not (git_repo.root / "handoff.json").exists()
    # Real words in quotes or brackets stay a next action.
    assert _new(run_cli, git_repo, '"Add idempotency keys" to POST /refunds.').code == 0


@pytest.mark.parametrize("blank", WRAPPED)
def test_check_reports_a_packet_with_a_wrapped_placeholder(
    git_repo: GitRepo, run_cli: Callable[..., Any], blank: str
) -> None:
    _packet_with_next_action(git_repo, run_cli, blank)
    checked = run_cli(["check", "--select", "placeholder"], cwd=git_repo.root)
    assert checked.code == 1, checked.out
    assert "placeholder: next_action is a placeholder" in checked.out, checked.out
    refused = _new(run_cli, git_repo, blank)
    assert refused.code == 2, refused.err
    assert "next_action is a placeholder" in refused.err, refused.err


@pytest.mark.parametrize("blank", WRAPPED.values())
def test_a_handoff_md_with_a_wrapped_placeholder_next_step_is_incomplete(
    git_repo: GitRepo, run_cli: Callable[..., Any], blank: str
) -> None:
    _feature(git_repo)
    git_repo.write("HANDOFF.md", HANDOFF_MD.format(next_step=blank))
    git_repo.commit("handoff")
    checked = run_cli(["check"], cwd=git_repo.root)
    assert checked.code == 1, checked.out
    assert "md-incomplete: no next step filled in" in checked.out, checked.out
    assert "holds only placeholders" in checked.out, checked.out
    shown = run_cli(["show"], cwd=git_repo.root)
    assert "Next action" not in shown.out, shown.out
    assert "unfilled template" in shown.out, shown.out
    if blank.startswith("~~"):
        return  # struck-through words are crossed out, not a next step
    # Real words in the same wrapping stay a next step.
    step = blank.replace("TODO", "Fix the currency case in r.txt").replace("TBD", "Fix it in r.txt")
    git_repo.write("HANDOFF.md", HANDOFF_MD.format(next_step=step))
    git_repo.commit("step")
    assert run_cli(["check", "-q"], cwd=git_repo.root).code == 0
