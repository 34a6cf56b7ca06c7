"""A next step that only says there is none ("Nothing to do.", "No next step.", "None at this
time.", "Nothing left.") is read the same way in a handoff.json packet and in a HANDOFF.md:
`new` refuses it as a next_action, `check` reports `placeholder` on a packet holding it, a
HANDOFF.md whose next step says only that gets `md-incomplete` "no usable next step", and `show`
does not quote it as the next action (review 50-5 defect 4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from conftest import GitRepo
from test_packet_emphasised_placeholder import _new, _packet_with_next_action
from test_wrapped_placeholder import HANDOFF_MD

SAY_NONE = ["Nothing to do.", "No next step.", "None at this time.", "Nothing left.", "_No steps._"]


@pytest.mark.parametrize("none", SAY_NONE)
def test_a_next_step_that_says_none_is_none_in_a_packet_and_in_handoff_md(
    git_repo: GitRepo, run_cli: Callable[..., Any], none: str
) -> None:
    _packet_with_next_action(git_repo, run_cli, none)
    checked = run_cli(["check", "--select", "placeholder"], cwd=git_repo.root)
    assert checked.code == 1, checked.out
    assert "placeholder: next_action is no step: it says there is none" in checked.out
    refused = _new(run_cli, git_repo, none)
    assert refused.code == 2, refused.err
    assert "next_action is no step" in refused.err, refused.err
    assert "write the first concrete step" in refused.err, refused.err
    git_repo.git("rm", "-q", "handoff.json", "handoff.md")
    git_repo.write("HANDOFF.md", HANDOFF_MD.format(next_step=none))
    git_repo.commit("handoff")
    checked = run_cli(["check"], cwd=git_repo.root)
    assert checked.code == 1, checked.out
    assert 'md-incomplete: no usable next step: the "## Next step" at line 6' in checked.out
    shown = run_cli(["show"], cwd=git_repo.root)
    assert "Next action" not in shown.out, shown.out
    assert none not in shown.out.split("as written", 1)[0], shown.out
    # A step that opens on the same words but names work still counts.
    step = f"{none.rstrip('.')} in r.txt; add the currency case to api.py."
    git_repo.write("HANDOFF.md", HANDOFF_MD.format(next_step=step))
    git_repo.commit("step")
    assert run_cli(["check", "-q"], cwd=git_repo.root).code == 0
