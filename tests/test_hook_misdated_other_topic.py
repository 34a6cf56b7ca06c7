"""Review 50-2, defect 4: the rename the Stop hook prints for a misdated series file of another
topic (`2099-01-01-auth.md`, from main) keeps the branch's own dated handoff the current one: the
next session is handed the branch's handoff, not the other topic's."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from agent_support import run_hook, stop_event
from conftest import GitRepo, Result
from stop_play import base, play, transcript


def test_renaming_a_misdated_file_of_another_topic_keeps_the_branch_s_handoff_current(
    tmp_path: Path,
) -> None:
    today = datetime.now(UTC).date().isoformat()
    repo = _misdated(tmp_path, "billing", f"{today}-billing.md")
    ran = play(repo, transcript(tmp_path, repo.root), {})
    assert len(ran) == 1 and ran[0].startswith("git mv -- docs/handoffs/2099-01-01-auth.md "), ran
    start = run_hook(stop_event(repo.root, event="SessionStart") | {"source": "startup"})
    context = json.loads(start.out)["hookSpecificOutput"]["additionalContext"]
    assert "Add refunds in a.py." in context.splitlines()[0], context
    assert f"(docs/handoffs/{today}-billing.md, the newest of 2 handoffs" in context


def test_an_undated_branch_file_gets_a_dated_name_with_the_misdated_file_s_rename(
    tmp_path: Path, run_cli: Callable[..., Result]
) -> None:
    """Review 50-9, defect 1: the branch's file has no date (`billing-session-3.md`), so any
    dated name outranks it; the printed fix renames the misdated file of another topic and also
    gives the branch's file a dated name, so that it ends up the series' current handoff."""
    repo = _misdated(tmp_path, "billing", "billing-session-3.md")
    ran = play(repo, transcript(tmp_path, repo.root), {})
    today = datetime.now(UTC).date().isoformat()
    moved = "git mv -- docs/handoffs/billing-session-3.md"
    moved += f" docs/handoffs/{today}-billing-session-3.md"
    assert len(ran) == 1 and ran[0].startswith("git mv -- docs/handoffs/2099-01-01-auth.md "), ran
    assert ran[0].endswith(f" && {moved}"), ran
    assert not (repo.root / "docs/handoffs/2099-01-01-auth.md").exists()
    start = run_hook(stop_event(repo.root, event="SessionStart") | {"source": "startup"})
    context = json.loads(start.out)["hookSpecificOutput"]["additionalContext"]
    assert "Add refunds in a.py." in context.splitlines()[0], context
    assert f"(docs/handoffs/{today}-billing-session-3.md, the newest of 2 handoffs" in context
    shown = run_cli(["show"], cwd=repo.root)
    assert shown.code == 0 and "Add refunds in a.py." in shown.out, shown.out + shown.err


def test_the_same_topic_keeps_two_names_apart(tmp_path: Path) -> None:
    """The branch's undated file has the misdated file's topic (`auth.md`): the two renames
    never take one name, and the branch's file ends up current."""
    repo = _misdated(tmp_path, "auth2", "auth.md")
    ran = play(repo, transcript(tmp_path, repo.root), {})
    assert len(ran) == 1, ran
    start = run_hook(stop_event(repo.root, event="SessionStart") | {"source": "startup"})
    context = json.loads(start.out)["hookSpecificOutput"]["additionalContext"]
    assert "Add refunds in a.py." in context.splitlines()[0], context


def _body(topic: str, step: str) -> str:
    return (
        f"# Handoff: {topic}\n\n## State\nLogin works; `a.py` changed.\n\n## Next step\n"
        f"- [ ] {step} in a.py.\n\n## Decisions\n- Sessions in cookies, because the API is "
        "stateless.\n\n## Ruled out\n- JWT in localStorage: didn't work because of XSS.\n\n"
        "## Pointers\n- a.py:1\n"
    )


def _misdated(tmp_path: Path, topic: str, name: str) -> GitRepo:
    """main with the misdated handoff `2099-01-01-auth.md` of another topic; `feat/<topic>`
    with one commit of work and its own handoff ``docs/handoffs/<name>``, whose next step is
    "Add refunds in a.py."."""
    repo = base(tmp_path)
    repo.write("docs/handoffs/2099-01-01-auth.md", _body("auth", "Add logout"))
    repo.commit("auth handoff (misdated on main)")
    repo.git("switch", "-q", "-c", f"feat/{topic}")
    repo.write("a.py", f"a\n{topic}\n")
    repo.commit(topic)
    repo.write(f"docs/handoffs/{name}", _body(topic, "Add refunds"))
    repo.commit(f"{topic} handoff")
    return repo
