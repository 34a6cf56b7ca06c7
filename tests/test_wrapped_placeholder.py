"""A placeholder in brackets, strike-through or quotes (``[TODO]``, ``~~TODO~~``, ``"TODO"``,
``'TBD'``) is a placeholder, as an emphasised one is: `new` refuses it as a packet's
next_action, `check` reports `placeholder` on a packet holding it, and a HANDOFF.md whose next
step is only that gets `md-incomplete` (review 49-11, defect 4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from conftest import GitRepo
from test_packet_emphasised_placeholder import _feature, _new, _packet_with_next_action

WRAPPED = ["[TODO]", "~~TODO~~", '"TODO"', "'TBD'", "“TBD”."]

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


@pytest.mark.parametrize("blank", ["~~TODO~~", '"TODO"', "'TBD'", "“TBD”"])
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
