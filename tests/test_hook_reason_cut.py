"""The Stop hook's reason line is bounded, but never cut inside a command or the clause that
says what to do (a choice in it too), and a command in it names the file as the fix line does,
from the agent's folder; real repositories, the real hook."""

from __future__ import annotations

import re
from collections.abc import Callable

from agent_support import feature_repo, run_hook, stop_event
from authoring_support import NEW
from conftest import GitRepo, Result
from handoff_audit.authoring.inherited_fixes import REASON_CHARS
from handoff_audit.textcut import at_clause, whole_clauses

BRANCH = "feat/refunds"

Run = Callable[..., Result]

LONG_SUBJECT = "refunds: " + " ".join(["rounding of partial refunds in every currency"] * 4)


def reason_of(err: str, rule: str) -> str:
    """The reason line of ``rule``, without its file and rule."""
    line = next(line for line in err.splitlines() if f" {rule}: " in line)
    return line.split(f" {rule}: ", 1)[1]


def test_a_long_outdated_reason_keeps_its_fix_and_its_choice_whole(git_repo: GitRepo) -> None:
    repo = feature_repo(git_repo, BRANCH)
    repo.write(
        "SESSION_HANDOFF.md",
        "# Session handoff\n\n## State\nRefund stub added in src/refunds.py.\n\n## Next step\n"
        "Write tests/test_refunds.py covering partial refunds.\n\n## Decisions\n- Kept it in "
        "its own module.\n\n## Pointers\n- src/refunds.py:1\n",
    )
    repo.commit("handoff")
    repo.write("src/rounding/partial_refunds_in_every_currency.py", "ROUND = 2\n")
    repo.commit(LONG_SUBJECT)
    run = run_hook(stop_event(repo.root))
    assert run.code == 2, run.err
    said = reason_of(run.err, "handoff-outdated")
    assert said.endswith(
        "; add what changed and the next step now to SESSION_HANDOFF.md, or, if the work is "
        "done, delete it in a commit"
    ), said
    assert len(said) <= REASON_CHARS
    assert said.count("`") % 2 == 0, said


def test_an_ordinary_outdated_reason_keeps_the_commit_and_its_files(git_repo: GitRepo) -> None:
    """Re-review 54-6: keeping the choice clause whole squeezed out the newest commit's subject
    and the files it changed, what the agent's summary of the work since is written from."""
    repo = feature_repo(git_repo, BRANCH)
    repo.write(
        "HANDOFF.md",
        "# Handoff\n\n## State\nRefund stub added in src/refunds.py.\n\n## Next step\n"
        "Write tests/test_refunds.py covering partial refunds.\n",
    )
    repo.commit("handoff")
    repo.write("src/payments/refund_rounding.py", "ROUND = 2\n")
    repo.commit("payments: refund rounding")
    run = run_hook(stop_event(repo.root))
    assert run.code == 2, run.err
    said = reason_of(run.err, "handoff-outdated")
    assert "(`payments: refund rounding`) changed `src/payments/refund_rounding.py`" in said, said
    assert said.endswith("or, if the work is done, delete it in a commit"), said


def test_a_long_step_is_cut_after_a_comma_not_mid_phrase() -> None:
    """Re-review 54-6: a second `_CLAUSE_END` in textcut replaced the comma pattern
    `at_clause` cuts at, so a long step of comma-separated clauses was cut mid-phrase."""
    step = ", ".join(f"then adjust module{n} in src/pkg/mod{n}.py" for n in range(80))
    cut = at_clause(step, 2000)
    assert cut.endswith(".py,…") or cut.endswith(".py…"), cut[-40:]


def test_the_reason_names_the_packet_from_the_agent_folder_as_the_fix_does(
    git_repo: GitRepo, run_cli: Run
) -> None:
    repo = feature_repo(git_repo, BRANCH)
    verified = [*NEW, "--verify", "true"]
    assert run_cli(verified, cwd=repo.root).code == 0, "new --verify"
    repo.git("add", "-A")
    repo.git("commit", "-q", "--amend", "--no-edit")
    run = run_hook(stop_event(repo.root / "src"))
    assert run.code == 2, run.err
    said = reason_of(run.err, "lkg-unknown")
    assert said.endswith("run `handoff-audit update ../handoff.json --verify CMD` to prove HEAD")
    fix = re.search(r"fix: \S+ update (\S+)", run.err)
    assert fix is not None and fix[1] == "../handoff.json", run.err


def test_with_no_room_for_the_fix_clause_the_cut_falls_after_a_whole_clause() -> None:
    text = "a finding; " + "x " * 30 + "y; " + "do `this or that` now " * 10
    cut = whole_clauses(text, 80)
    assert cut.endswith("y; …"), cut
    assert len(cut) <= 80
    choice = "a finding: " + "x " * 30 + "y; add it to A.md, or, if done, delete it"
    assert whole_clauses(choice, 70).endswith("…; add it to A.md, or, if done, delete it")
