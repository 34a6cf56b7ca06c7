"""A dated series of session notes with an undated "next session" file beside them (the review
rev60-08: BioInfo/twisdom's ``docs/sessions/next-session-context.md``, status and priority tasks,
beside ``2025-03-04-setup.md``): whether `check` and the Stop hook see the file must not depend
on its length. Its name says it hands work on, so a long one that `not-a-handoff` reads as
orders stays in the series as a short one does; and the series' current file, on a branch that
wrote into the series, counts the branch's own commits and names the newest of them, not the
merge target's. The project's record (a series the branch did not touch) counts the target's
commits and says so. Real repositories, the real CLI and hook."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from agent_support import run_hook, stop_event
from conftest import GitRepo, Result
from git_helpers import check, hits

CONTEXT = "docs/sessions/next-session-context.md"
CURRENT = "docs/sessions/2025-03-05-ai-features.md"
LONG_CONTEXT = """\
# Next Session Context

Twisdom now has a robust backend implementation using Supabase, with PostgreSQL database,
authentication, and data synchronization capabilities. The application can now store data securely
in the cloud, enabling multi-device access and removing localStorage limitations. Users can create
accounts, sign in, and migrate their existing data to the cloud. All AI-powered features have been
implemented, including tag generation, link extraction with context, and finding similar bookmarks.

## Key Components

- **Frontend**: React, TypeScript, Tailwind CSS
- **Backend**: Supabase (PostgreSQL, Authentication, Storage)
- **AI Integration**: OpenAI GPT-4 for content analysis
- **Data Storage**: Hybrid approach (Supabase when authenticated, localStorage when not)
- **Authentication**: Email/password via Supabase Auth
- **Real-time Persistence**: Immediate data saving to Supabase

## Current Status

- **Supabase Integration**: Completed
- **Authentication**: Implemented and fixed
- **Data Migration**: Utility created
- **Multi-Device Sync**: Enabled through Supabase
- **Security**: Improved but OpenAI API key still exposed
- **AI Analysis**: Generating tags, extracting links with context
- **Collections**: Fully functional
- **Reading Queue**: Implemented with real-time persistence
- **Tag Visualization**: Moved to bottom of page under tagging
- **Duplicate Prevention**: Multiple layers of deduplication implemented

## Priority Tasks

1. **Move OpenAI API Calls to Supabase Edge Functions**
   - Create Edge Functions for AI analysis
   - Move API keys to server-side
   - Implement proper error handling and retries

2. **Implement Real-time Subscriptions**
   - Set up Supabase real-time subscriptions
   - Enable live updates across devices
   - Implement conflict resolution for concurrent edits

3. **Add Pagination for Large Datasets**
   - Implement pagination for bookmarks list
   - Add infinite scrolling or load-more functionality
   - Optimize queries for better performance

4. **Enhance Error Handling**
   - Add comprehensive error handling for network failures
   - Implement offline mode with sync when online
   - Add user-friendly error messages and recovery options

5. **Implement Automated Testing**
   - Add unit tests for Supabase integration
   - Create end-to-end tests for critical user flows
   - Set up CI/CD pipeline for automated testing

## Technical Debt

- Limited error handling for network failures
- No automated tests for Supabase integration
- Performance optimizations needed for large datasets
- OpenAI API key exposed in client-side code
"""
"""The project's file (its first paragraph wrapped): `not-a-handoff` reads its tasks as orders."""
SHORT_CONTEXT = "# Next Session Context\n\n## Priority Tasks\n1. **Move OpenAI API Calls**\n"


def _session(name: str) -> str:
    return (
        f"# Session: {name}\n\n## Work Completed\n- Built the {name} part; tests pass.\n\n"
        "## Next Steps\n1. **Move OpenAI API calls to Supabase Edge Functions** so the key "
        "leaves the client.\n\n## Decisions\n- Chose Supabase because auth and storage come "
        "with it.\n"
    )


def _sessions_then_branch(repo: GitRepo, context: str | None) -> None:
    """The series (and ``context`` as next-session-context.md) on main, two commits of work on
    main, then branch feat: its own work and, with ``context``, an update of that file."""
    for name in ("2025-03-04-setup", "2025-03-05-ai-features"):
        repo.write(f"docs/sessions/{name}.md", _session(name))
    if context is not None:
        repo.write(CONTEXT, context)
    repo.write("src/App.tsx", "export {}\n")
    repo.commit("sessions")
    for letter in "AB":
        repo.write("src/App.tsx", f"export {{}}\n// {letter}\n")
        repo.commit(f"main: fix imports {letter}")
    repo.git("switch", "-q", "-c", "feat")
    repo.write("eslint.config.js", "// lint\n")
    repo.commit("feat: eslint tweak")
    if context is not None:
        repo.write(CONTEXT, context + "\n0. Review the eslint change first\n")
        repo.commit("update next-session context")


def test_a_long_next_session_file_is_seen_as_a_short_one_is(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    said = {}
    for context in (SHORT_CONTEXT, LONG_CONTEXT):
        repo = GitRepo(git_repo.root.parent / f"r{len(context)}")
        _sessions_then_branch(repo, context)
        report = check(run_cli, repo.root)
        [packet] = report["packets"]
        assert (packet["path"], CONTEXT in packet["history"]) == (CURRENT, True)
        text = run_cli(["check"], cwd=repo.root)
        assert f"{CONTEXT} has no date in its name" in text.err, text.err
        hook = run_hook(stop_event(repo.root))
        assert hook.code == 2
        assert f"- {CONTEXT} has no date in its name" in hook.err, hook.err
        assert "no active handoff" not in hook.err
        said[len(context) > 100] = hook.err.replace(str(repo.root), "")
    assert said[True] == said[False]


def test_the_series_a_branch_wrote_into_counts_the_branch_s_own_commits(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    _sessions_then_branch(git_repo, LONG_CONTEXT)
    [finding] = hits(check(run_cli, git_repo.root), "handoff-outdated")
    assert finding["path"] == CURRENT
    message = finding["message"]
    assert "1 later commit on this branch (4 commits since it last changed)" in message
    assert "(`feat: eslint tweak`) changed `eslint.config.js`" in message
    assert "main: fix imports" not in message


def test_the_project_s_record_counts_the_merge_target_s_commits_and_says_so(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    _sessions_then_branch(git_repo, None)
    [finding] = hits(check(run_cli, git_repo.root), "handoff-outdated")
    message = finding["message"]
    assert "2 later commits on the merge target, up to where this branch began" in message
    assert "(3 commits since it last changed)" in message
    assert "on this branch" not in message
    assert "(`main: fix imports B`)" in message
