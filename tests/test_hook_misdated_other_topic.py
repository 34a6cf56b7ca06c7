"""Review 50-2, defect 4: the rename the Stop hook prints for a misdated series file of another
topic (`2099-01-01-auth.md`, from main) keeps the branch's own dated handoff the current one: the
next session is handed the branch's handoff, not the other topic's."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from agent_support import run_hook, stop_event
from stop_play import base, play, transcript


def test_renaming_a_misdated_file_of_another_topic_keeps_the_branch_s_handoff_current(
    tmp_path: Path,
) -> None:
    repo = base(tmp_path)
    auth = (
        "# Handoff: auth\n\n## State\nLogin works; `a.py` changed.\n\n## Next step\n"
        "- [ ] Add logout to a.py.\n\n## Decisions\n- Sessions in cookies, because the API is "
        "stateless.\n\n## Ruled out\n- JWT in localStorage: didn't work because of XSS.\n\n"
        "## Pointers\n- a.py:1\n"
    )
    repo.write("docs/handoffs/2099-01-01-auth.md", auth)
    repo.commit("auth handoff (misdated on main)")
    repo.git("switch", "-q", "-c", "feat/billing")
    repo.write("a.py", "a\nbilling\n")
    repo.commit("billing")
    today = datetime.now(UTC).date().isoformat()
    billing = auth.replace("auth", "billing").replace("Login", "Billing")
    billing = billing.replace("Add logout", "Add refunds")
    repo.write(f"docs/handoffs/{today}-billing.md", billing)
    repo.commit("billing handoff")
    ran = play(repo, transcript(tmp_path, repo.root), {})
    assert len(ran) == 1 and ran[0].startswith("git mv -- docs/handoffs/2099-01-01-auth.md "), ran
    start = run_hook(stop_event(repo.root, event="SessionStart") | {"source": "startup"})
    context = json.loads(start.out)["hookSpecificOutput"]["additionalContext"]
    assert "Add refunds to a.py." in context.splitlines()[1], context
    assert f"(docs/handoffs/{today}-billing.md, the newest of 2 handoffs" in context
