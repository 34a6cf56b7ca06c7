"""A `handoff.md` beside a `handoff.json` that is no packet, YAML front matter in a twin, and
the length of the `update` that `md-mismatch` prints (review 49-1, defect 2)."""

from __future__ import annotations

import json
import re
from typing import Any

from conftest import GitRepo
from handoff_audit.markdown import render_packet

TEAM_JSON = {
    "project": "equinet",
    "branch": "feature/ios-polish",
    "status": "all_sessions_complete",
    "sessionsCompleted": ["A", "B"],
    "remainingPlan": "none",
}
FRONT = '---\ntitle: "Handoff: Bug Reports Feature"\nstatus: wip\nsections:\n  - Status\n---\n\n'
HAND_WRITTEN = (
    FRONT + "# Handoff: Bug Reports Feature\n\n## Status\n\n**Branch:** `feature/bug-reports`\n\n"
    "## Next steps\n\n- Write `src/app/api/bug-reports/route.ts` (POST), tests first.\n"
)
PACKET: dict[str, Any] = {
    "branch": "feat/x",
    "last_known_good_commit": "abcdef1",
    "status": "active",
    "summary": "Refund rounding fixed in `billing/refund.py`; tests pass.",
    "next_action": "Port the rounding fix to `billing/invoice.py`.",
    "verdict_pointer": "reports/junit.xml",
    "changed_files": [],
    "commands_run": [],
    "failed_attempts": [],
    "open_risks": [{"what": "migration", "severity": "high"}],
}


def _findings(run_cli: Any, repo: GitRepo) -> list[dict[str, Any]]:
    result = run_cli(["check", "--format", "json", "--branch", "feat/x"], cwd=repo.root)
    assert result.code in (0, 1), result.err
    findings: list[dict[str, Any]] = result.json()["findings"]
    return findings


def test_a_team_json_is_not_compared_with_the_markdown_beside_it(
    git_repo: GitRepo, run_cli: Any
) -> None:
    git_repo.write("handoff.json", TEAM_JSON)
    git_repo.write("handoff.md", HAND_WRITTEN)
    git_repo.commit("handoff")
    findings = _findings(run_cli, git_repo)
    rules = {(f["path"], f["rule"]) for f in findings}
    assert ("handoff.json", "schema") in rules, findings
    on_md = [f for f in findings if f["path"] == "handoff.md"]
    assert not [f for f in on_md if f["rule"] == "md-mismatch"], on_md
    # judged as the hand-written handoff it is; no fix the tool would refuse
    assert {f["rule"] for f in on_md} <= {"md-incomplete", "placeholder", "not-a-handoff"}, on_md
    for finding in on_md:
        assert "update handoff.json" not in finding["message"], finding
        assert "render --write handoff.json" not in finding["message"], finding
    # the refusal the printed fixes would meet is the same test
    refused = run_cli(["render", "--write", "handoff.json"], cwd=git_repo.root)
    assert refused.code == 2 and "not a handoff packet" in refused.err


def test_front_matter_in_a_packet_twin_is_no_field_and_no_trap(
    git_repo: GitRepo, run_cli: Any
) -> None:
    git_repo.write("handoff.json", PACKET)
    git_repo.write("handoff.md", FRONT + render_packet(PACKET))
    git_repo.commit("handoff")
    mismatches = [f for f in _findings(run_cli, git_repo) if f["rule"] == "md-mismatch"]
    assert mismatches == [], mismatches


def test_front_matter_is_no_text_under_the_title_but_the_rest_still_is(
    git_repo: GitRepo, run_cli: Any
) -> None:
    git_repo.write("handoff.json", PACKET)
    rendered = render_packet(PACKET).replace("\n## ", "\n## Notes\n\nAsk Dana first.\n\n## ", 1)
    git_repo.write("handoff.md", FRONT + rendered)
    git_repo.commit("handoff")
    mismatches = [f for f in _findings(run_cli, git_repo) if f["rule"] == "md-mismatch"]
    assert mismatches, "the Notes section is still text the packet lacks"
    for finding in mismatches:
        assert "wip" not in finding["message"] and "title:" not in finding["message"], finding
        assert "--trap Status" not in finding["message"], finding


def test_the_printed_update_lists_at_most_five_traps(git_repo: GitRepo, run_cli: Any) -> None:
    git_repo.write("handoff.json", PACKET)
    notes = "".join(f"- Note {n}: the staging box {n} needs a manual restart.\n" for n in range(12))
    git_repo.write("handoff.md", render_packet(PACKET) + "\n## Background\n\n" + notes)
    git_repo.commit("handoff")
    mismatches = [f for f in _findings(run_cli, git_repo) if f["rule"] == "md-mismatch"]
    assert mismatches
    for finding in mismatches:
        message = finding["message"]
        assert len(re.findall(r"--trap '", message)) <= 5, message
        assert "…and 7 more --trap options" in message, message
        assert "handoff-audit explain md-mismatch" in message, message
        assert len(message) < 1500, len(message)
    assert json.loads((git_repo.root / "handoff.json").read_text()) == PACKET


def test_a_twin_opening_with_a_rule_is_markdown_not_front_matter(
    git_repo: GitRepo, run_cli: Any
) -> None:
    """Review 49-9, defect 2: ``---`` over the title and again over the Summary is two rules, not
    YAML: the sections stay read, and the advice keeps the warning a person added."""
    git_repo.write("handoff.json", PACKET)
    warning = "Careful: the refund job double-charges when run twice; run it once."
    rendered = render_packet(PACKET).replace("\n\n## Summary", f"\n\n{warning}\n\n## Summary", 1)
    git_repo.write("handoff.md", "---\n" + rendered.replace("## Summary", "---\n\n## Summary", 1))
    git_repo.commit("handoff")
    mismatches = [f for f in _findings(run_cli, git_repo) if f["rule"] == "md-mismatch"]
    assert len(mismatches) == 1, mismatches
    message = mismatches[0]["message"]
    assert "double-charges" in message and "render --write would drop it" in message, message
    assert "has no" not in message and mismatches[0]["line"] > 1, mismatches


def test_front_matter_closed_by_dots_is_still_no_field(git_repo: GitRepo, run_cli: Any) -> None:
    git_repo.write("handoff.json", PACKET)
    git_repo.write("handoff.md", FRONT.replace("\n---\n\n", "\n...\n\n") + render_packet(PACKET))
    git_repo.commit("handoff")
    mismatches = [f for f in _findings(run_cli, git_repo) if f["rule"] == "md-mismatch"]
    assert mismatches == [], mismatches


def test_front_matter_with_a_yaml_comment_is_still_no_field(
    git_repo: GitRepo, run_cli: Any
) -> None:
    """Review 49-11, defect 5: a ``# comment`` line (before or among the keys) keeps the block
    front matter: no md-mismatch, no ``title: …`` offered as a trap."""
    git_repo.write("handoff.json", PACKET)
    front = "---\n# keep in sync\ntitle: Refund handoff\n# tags\ntags: [x]\n---\n\n"
    git_repo.write("handoff.md", front + render_packet(PACKET))
    git_repo.commit("handoff")
    mismatches = [f for f in _findings(run_cli, git_repo) if f["rule"] == "md-mismatch"]
    assert mismatches == [], mismatches
