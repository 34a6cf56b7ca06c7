"""A placeholder wrapped in parentheses, guillemets or a code span (``(TODO)``, ``«TODO»``,
`` `TODO` ``, ``**`TODO`**``, ``- [ ] `TODO` ``) is read the same way in a handoff.json packet
and in a HANDOFF.md: `new` refuses it as a next_action, `check` reports `placeholder` on a
packet holding it, a HANDOFF.md whose next step is only that gets `md-incomplete` "no next step
filled in", and `show` never names the heading's title as the next action (review 50-5 defect
3, review 50-4 defect 5)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from conftest import GitRepo
from test_packet_emphasised_placeholder import _new, _packet_with_next_action
from test_wrapped_placeholder import HANDOFF_MD

WRAPPED = ["(TODO)", "«TODO»", "`TODO`", "**`TODO`**", "`TBD`", "- [ ] `TODO`", "- `TODO`"]


def _markdown_verdict(repo: GitRepo, run_cli: Callable[..., Any], next_step: str) -> None:
    repo.write("HANDOFF.md", HANDOFF_MD.format(next_step=next_step))
    repo.commit("handoff")
    checked = run_cli(["check"], cwd=repo.root)
    assert checked.code == 1, checked.out
    assert "md-incomplete: no next step filled in" in checked.out, checked.out
    assert "holds only placeholders" in checked.out, checked.out
    shown = run_cli(["show"], cwd=repo.root)
    assert "Next action" not in shown.out, shown.out
    assert "unfilled template" in shown.out, shown.out


@pytest.mark.parametrize("blank", WRAPPED)
def test_a_wrapped_placeholder_is_one_in_a_packet_and_in_handoff_md(
    git_repo: GitRepo, run_cli: Callable[..., Any], blank: str
) -> None:
    _packet_with_next_action(git_repo, run_cli, blank)
    checked = run_cli(["check", "--select", "placeholder"], cwd=git_repo.root)
    assert checked.code == 1, checked.out
    assert "placeholder: next_action is a placeholder" in checked.out, checked.out
    refused = _new(run_cli, git_repo, blank)
    assert refused.code == 2, refused.err
    assert "next_action is a placeholder" in refused.err, refused.err
    git_repo.git("rm", "-q", "handoff.json", "handoff.md")
    _markdown_verdict(git_repo, run_cli, blank)
    # Real words in the same wrapping stay a next step.
    step = blank.replace("TODO", "Fix the currency case in r.txt").replace("TBD", "Fix it in r.txt")
    git_repo.write("HANDOFF.md", HANDOFF_MD.format(next_step=step))
    git_repo.commit("step")
    assert run_cli(["check", "-q"], cwd=git_repo.root).code == 0
