"""A handoff that is one numbered list going on as a log ("4. Next: add tests", "5. Added
tests", "6. Next: add the docstring"): `show` and the SessionStart brief quote its newest
"Next:" item, not the first, which later items record as done; parallel steps stay as they
were."""

from __future__ import annotations

from conftest import GitRepo
from show_support import Run, briefs

LOG = (
    "1. Added src/neg.py with neg(a); tests pass (pytest -q, reports/pytest.txt).\n"
    "2. Chose a separate file because calc.py should stay small.\n"
    "3. Tried operator.neg — rejected, it hides the intent.\n"
    "4. Next: add tests/test_neg.py covering neg(0) and neg(-1).\n"
)


def _on_branch(repo: GitRepo) -> None:
    repo.write("src/neg.py", "def neg(a):\n    return -a\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat3")


def test_the_newest_next_item_of_a_list_kept_as_a_log_is_the_next_action(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _on_branch(git_repo)
    git_repo.write("HANDOFF.md", LOG)
    git_repo.commit("handoff")
    for text in briefs(git_repo, run_cli):
        assert text.startswith("Next action: add tests/test_neg.py"), text
    git_repo.write(
        "HANDOFF.md",
        LOG
        + "5. Added tests/test_neg.py (neg(0)); passes.\n"
        + "6. Next: add neg(-1) case and a docstring in src/neg.py.\n",
    )
    git_repo.commit("handoff: tests added")
    for text in briefs(git_repo, run_cli):
        assert text.startswith("Next action: add neg(-1) case and a docstring"), text


def test_a_newest_next_item_a_later_item_reports_done_is_not_quoted(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _on_branch(git_repo)
    git_repo.write("HANDOFF.md", LOG + "5. Added tests/test_neg.py (neg(0)); passes.\n")
    git_repo.commit("handoff: tests added, no next step yet")
    for text in briefs(git_repo, run_cli):
        assert text.startswith(
            "Warning: HANDOFF.md goes on as a log and its newest next step, line 4 "
            '("4. Next: add tests/test_neg.py covering neg(0) and…), is reported done at '
            'line 5 ("5. Added tests/test_neg.py (neg(0)); passes."): which step is next is '
            'unclear, so none is quoted; add the next step as a new "Next:" item at the end '
            "of the list\n"
        ), text
        assert "Next action" not in text, text
    note = "- Next: write the parser.\n- Did the parser.\n- Next: write the lexer.\n- Wrote it.\n"
    git_repo.write("HANDOFF.md", note + "- Finished the lexer; tests pass.\n")
    git_repo.commit("handoff: bulleted, lexer done")
    for text in briefs(git_repo, run_cli):
        assert text.startswith("Warning: HANDOFF.md goes on as a log and its newest next "), text
        assert 'line 3 ("- Next: write the lexer.")' in text and "at line 5" in text, text


def test_a_later_item_naming_other_work_leaves_the_newest_step_quoted(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _on_branch(git_repo)
    later = "5. Added a README section on neg.\n6. Looked at CI; tests/test_neg.py is collected.\n"
    git_repo.write("HANDOFF.md", LOG + later)
    git_repo.commit("handoff: other work logged")
    for text in briefs(git_repo, run_cli):
        assert text.startswith("Next action: add tests/test_neg.py covering neg(0)"), text
    note = "- Next: write the parser.\n- Added a README.\n- Next: write the lexer.\n"
    git_repo.write("HANDOFF.md", note)
    git_repo.commit("handoff: bulleted, unrelated work between")
    for text in briefs(git_repo, run_cli):
        assert text.startswith("Next action: write the parser.\n"), text


def test_a_bulleted_log_moves_on_only_past_a_step_recorded_as_done(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _on_branch(git_repo)
    note = "- Next: write the parser.\n- Did the parser.\n- Next: write the lexer.\n"
    git_repo.write("HANDOFF.md", note)
    git_repo.commit("handoff")
    for text in briefs(git_repo, run_cli):
        assert text.startswith("Next action: write the lexer.\n"), text
    note = "- Next: write the parser.\n- Looked at the grammar.\n- Next: write the lexer.\n"
    git_repo.write("HANDOFF.md", note)
    git_repo.commit("handoff: unordered")
    for text in briefs(git_repo, run_cli):
        assert text.startswith("Next action: write the parser.\n"), text


def test_parallel_next_steps_are_quoted_as_before(git_repo: GitRepo, run_cli: Run) -> None:
    _on_branch(git_repo)
    git_repo.write("HANDOFF.md", "1. Next: lex the input.\n2. Next: parse the tokens.\n")
    git_repo.commit("handoff")
    for text in briefs(git_repo, run_cli):
        assert text.startswith("Next action: lex the input.\n"), text
    note = "# Handoff\n\n## Next steps\n1. Next: lex it.\n2. Then check.\n3. Next: parse it.\n"
    git_repo.write("HANDOFF.md", note)
    git_repo.commit("handoff: under a heading")
    for text in briefs(git_repo, run_cli):
        assert text.startswith("Next action: 1. Next: lex it.\n  2. Then check.\n  3. Next"), text
