"""A session note inherited from main holds credentials (5niurb/paytrack's SESSION_NOTES.md: a
Plaid secret twice and an admin password) and the branch did new work. The Stop hook names the
note's credentials in one fix and the outdated note beside them, not behind "and 1 more"; and a
commit that only takes the credentials out is no refresh of the note: the next stop still asks
for what the branch did. Once the note says it, the stop goes. A real repository, the real hook;
the credential values are made up in the shapes the note had."""

from __future__ import annotations

from agent_support import run_hook, stop_event
from conftest import GitRepo

SECRET = "3f9c2d7b1a6e4058c9d2e7f1a0b4c6"
PASSWORD = "Zq7!rTm4wPx9Lk"
NOTES = f"""## Session — 2026-06-11 — Fix admin rate limiter

**Accomplished:**
- Bumped the admin rate limit from 10 to 100 req/15min.
- Switched Render env to `PLAID_ENV=production`, `PLAID_SECRET={SECRET}`
- Admin password: `{PASSWORD}`
- Updated `PLAID_ENV=production` + `PLAID_SECRET={SECRET}` in Render env vars

**Issues:** None. **Next Steps:** `fly deploy -a lm-paytrack`, then confirm the admin assign \
works on prod.
"""


def _branch_with_work(repo: GitRepo) -> None:
    repo.write("worker.js", "module.exports = {}\n")
    repo.write("SESSION_NOTES.md", NOTES)
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat")
    repo.write("worker.js", "module.exports = {}\n// retry on 429\n")
    repo.commit("worker: retry on 429")


def test_the_outdated_note_is_shown_beside_its_credentials(git_repo: GitRepo) -> None:
    _branch_with_work(git_repo)
    stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stop.code == 2, stop.err
    assert "more: run" not in stop.err, stop.err
    fixes = [line for line in stop.lines if line.startswith("  fix: remove the")]
    assert fixes == [
        "  fix: remove the 3 credentials from SESSION_NOTES.md at line 5, column 64; line 6, "
        "column 20; line 7, column 50 by hand, keeping every other value; never print, echo or "
        "copy their values"
    ], stop.err
    assert any(line.startswith("- SESSION_NOTES.md handoff-outdated:") for line in stop.lines)
    assert SECRET not in stop.err and PASSWORD not in stop.err


def test_taking_the_credentials_out_is_no_refresh(git_repo: GitRepo) -> None:
    _branch_with_work(git_repo)
    redacted = NOTES.replace(SECRET, "<redacted>").replace(PASSWORD, "<redacted>")
    git_repo.write("SESSION_NOTES.md", redacted)
    git_repo.commit("redact credentials")
    stop = run_hook(stop_event(git_repo.root, active=True), cwd=git_repo.root)
    assert stop.code == 2, stop.err
    assert any(line.startswith("- SESSION_NOTES.md handoff-outdated:") for line in stop.lines)
    assert not any(" secret:" in line for line in stop.lines), stop.err
    git_repo.write(
        "SESSION_NOTES.md",
        redacted + "\n## Since then\n\n`worker.js` retries a request that got a 429.\n\n"
        "## Next step\n\nDeploy with `fly deploy -a lm-paytrack` and watch the worker's retries.\n",
    )
    git_repo.commit("notes: the retry on 429")
    again = run_hook(stop_event(git_repo.root, active=True), cwd=git_repo.root)
    assert again.code == 0, again.err
