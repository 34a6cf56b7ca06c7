"""Review 50-2, defect 7: a packet with a status typo (`"activ"`) is one reason of the Stop
hook, never a second one calling it "another handoff file"."""

from __future__ import annotations

from pathlib import Path

from agent_support import run_hook, stop_event
from stop_play import base, play, sh, transcript


def test_a_packet_with_a_status_typo_is_one_reason(tmp_path: Path) -> None:
    repo = base(tmp_path)
    repo.git("switch", "-q", "-c", "feat/b")
    repo.write("a.py", "a\nc\n")
    repo.commit("c")
    made = sh(
        "handoff-audit new --summary s --next-action 'Do b2.' --verdict-pointer a.py --verify",
        repo.root,
    )
    assert made.returncode == 0, made.stderr
    repo.commit("handoff")
    text = (repo.root / "handoff.json").read_text(encoding="utf-8")
    repo.write("handoff.json", text.replace('"status": "active"', '"status": "activ"'))
    repo.commit("typo")
    stop = run_hook(stop_event(repo.root))
    assert stop.code == 2
    reasons = [line for line in stop.err.splitlines() if line.startswith("- ")]
    assert len(reasons) == 1, stop.err
    assert "another handoff file" not in stop.err
    # The typo's fix is to be done by hand: the agent sets the status as told, then stops.
    repo.write("handoff.json", text)
    repo.commit("handoff: status fixed as the hook said")
    assert play(repo, transcript(tmp_path, repo.root), {}) == []
