"""`show`'s Next action and `md-incomplete`'s "the closest is line N" quote no finished work nor a
link (the review rev57-1): a struck-through item (Alexboiboi/magpylib-studio's CONTINUE.md,
"- ~~**Publish the engine to PyPI …**~~" then "Both are done"), an item said resolved under
"## Follow-up" before the open ones (Drswith/quantex-cli's session log), or a link to the
previous session under "## Related" (CosmoLabs-org/cosmo-smoke). What is judged stays the same:
the same facets are missing, with the same severity. Real repositories and the real CLI."""

from __future__ import annotations

from conftest import GitRepo, handoff_on_branch
from show_support import briefs_on_branch
from test_brief_show import Run

STRUCK = """# Studio — continue here

## State

The engine ships on PyPI; `src/engine.py` holds the session, tests pass.

## Next steps (pick one)

- ~~**Publish the engine to PyPI — the real blocker for the Marketplace.**~~
  Both are done: `magpylib-studio` is on PyPI and the release workflow
  publishes from one `v*` tag.

  Still open from that entry: the LICENSE line names one maintainer.

- **Custom editor / multi-document** — move the scene into a
  `CustomEditorProvider` in `extension.ts`.
- **Run it in an Extension Development Host** — overdue.
"""

RESOLVED = """# Session: 2026-08-05 structure audit

## Context

Two audits ran over `scripts/` and the CI workflows.

## Follow-up

- **Resolved, but not as decided here**: the beta branch was retired, the model dropped.
- **Open**: `ci.yml` and `sandbox-tests.yml` declare no concurrency group.
- **Open**: `sandbox-tests` is advisory; move it off per-PR triggering.
"""

ONLY_FINISHED = """# Session 9

## State

The parser in `src/parser.py` is done; tests pass.

## Next steps

- ~~Wire the parser into `src/cli.py`~~
- **Done**: document the flags in `README.md`.
"""

RELATED = """# Session - 2026-04-22 - Seven new assertions

## Summary

This session added seven assertion types in `internal/assert/` and refactored the detector
tests, from 578 lines to 389.

## Related

- [Session 2026-04-21 - Mobile Deep Link](Session-2026-04-21-Mobile-Deep-Link.md) - Previous
  session (802 tests, 32 assertions)
"""

RELATED_AND_NOTES = RELATED.replace(
    "## Related",
    "## Notes\n\n- Rename `hasType()` in `detector.go` to `hasAssertionType()` for clarity.\n\n"
    "## Related",
)


def _check(run_cli: Run, git_repo: GitRepo) -> list[dict[str, str]]:
    done = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    return [
        f for f in done.json()["findings"] if f["rule"] == "md-incomplete" and f["facet"] == "next"
    ]


def test_a_struck_through_item_is_not_the_next_action(git_repo: GitRepo, run_cli: Run) -> None:
    handoff_on_branch(git_repo, "CONTINUE.md", STRUCK)

    shown = run_cli(["show"], cwd=git_repo.root).out.split("As written:")[0]

    assert "Next action: - **Custom editor / multi-document**" in shown, shown
    assert "~~" not in shown and "Both are done" not in shown, shown


def test_an_item_said_resolved_is_not_the_next_action(git_repo: GitRepo, run_cli: Run) -> None:
    handoff_on_branch(git_repo, "docs/sessions/2026-08-05-structure-audit.md", RESOLVED)

    shown = run_cli(["show"], cwd=git_repo.root).out.split("As written:")[0]

    assert "Next action: - **Open**: `ci.yml` and `sandbox-tests.yml`" in shown, shown
    assert "Resolved" not in shown, shown


def test_a_next_section_of_finished_items_quotes_no_next_action(
    git_repo: GitRepo, run_cli: Run
) -> None:
    handoff_on_branch(git_repo, "HANDOFF.md", ONLY_FINISHED)

    shown = run_cli(["show"], cwd=git_repo.root).out.split("As written:")[0]

    assert "Next action:" not in shown, shown
    assert "unfilled template" not in shown, shown


def test_the_hint_quotes_no_link_under_related(git_repo: GitRepo, run_cli: Run) -> None:
    handoff_on_branch(git_repo, "docs/sessions/Session-2026-04-22-assertions.md", RELATED)

    [finding] = _check(run_cli, git_repo)

    assert finding["severity"] == "warning", finding  # judged as before: a candidate was seen
    assert "the closest is line" not in finding["message"], finding
    assert "Mobile Deep" not in finding["message"], finding
    assert 'under a "## Next step" heading' in finding["message"], finding


def test_the_hint_prefers_a_line_outside_related(git_repo: GitRepo, run_cli: Run) -> None:
    handoff_on_branch(git_repo, "docs/sessions/Session-2026-04-22-assertions.md", RELATED_AND_NOTES)

    [finding] = _check(run_cli, git_repo)

    assert finding["severity"] == "warning", finding
    assert "the closest is line 10 (Rename `hasType()`" in finding["message"], finding


COMPLETE = """# Session 12

## State

Tweets are fetched by `src/fetch.py`; the store in `src/store.py` is a stub. Tests pass.

## Next Steps

{steps}
"""


def test_a_step_that_starts_with_complete_is_quoted(git_repo: GitRepo, run_cli: Run) -> None:
    """Review 59-k item 1 (BioInfo/tweetvault): "1. **Complete Tweet Collection
    Functionality**" was read as done, like "✅ Complete" or "Completed:", and the brief quoted
    the step after it, or none at all, while `check` took it for the next step."""
    steps = (
        "1. **Complete Tweet Collection Functionality**: store tweets in `src/store.py`\n"
        "2. Polish the UI\n"
    )
    shown, context = briefs_on_branch(git_repo, run_cli, COMPLETE.format(steps=steps))
    for brief in (shown, context):
        assert "Next action: 1. **Complete Tweet Collection Functionality**" in brief, brief
    assert not _check(run_cli, git_repo)


def test_the_only_step_starting_with_complete_is_quoted(git_repo: GitRepo, run_cli: Run) -> None:
    text = COMPLETE.format(steps="- Complete the migration of `src/store.py` to SQLite.\n")
    shown, context = briefs_on_branch(git_repo, run_cli, text)
    for brief in (shown, context):
        assert "Next action: Complete the migration of `src/store.py`" in brief, brief
    assert not _check(run_cli, git_repo)


def test_complete_as_a_status_is_still_done(git_repo: GitRepo, run_cli: Run) -> None:
    steps = "- ✅ Complete the import\n- Complete: the export\n- Complete\n- Polish the UI\n"
    shown, _ = briefs_on_branch(git_repo, run_cli, COMPLETE.format(steps=steps))
    assert "Next action: Polish the UI" in shown, shown
