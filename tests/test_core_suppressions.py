"""Inline suppressions with a reason: in a packet (x-handoff-audit) and in markdown (a comment);
counted in summary.suppressed; one without a reason, or naming no rule, is reported."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import jsonschema

from authoring_support import on_feature_branch
from conftest import GitRepo
from core_packets import packet, write_packet
from git_helpers import hits
from handoff_audit.rules.suppression import markdown_suppressions

REPORT_SCHEMA = json.loads(
    (Path(__file__).parent / "report-v1.schema.json").read_text(encoding="utf-8")
)


def _check(run_cli: Any, folder: Path, *args: str) -> Any:
    result = run_cli(["check", "--format", "json", *args], cwd=folder)
    assert result.code in (0, 1), result.err
    report = result.json()
    jsonschema.validate(report, REPORT_SCHEMA)
    return report


def test_a_packet_suppresses_a_rule_with_a_reason(run_cli: Any, tmp_path: Path) -> None:
    select = ("--select", "dangling-pointer,md-missing,schema")
    data = packet(verdict_pointer="reports/missing.xml")
    write_packet(tmp_path, data, twin=False)
    before = _check(run_cli, tmp_path, *select)
    assert {f["rule"] for f in before["findings"]} == {"dangling-pointer", "md-missing"}
    reason = "the verdict is uploaded by CI, never committed"
    data["x-handoff-audit"] = {"ignore": {"dangling-pointer": reason, "md-missing": reason}}
    write_packet(tmp_path, data, twin=False)
    report = _check(run_cli, tmp_path, *select)
    assert report["findings"] == []
    count = len(before["findings"])
    assert report["summary"]["suppressed"] == count
    text = run_cli(["check", *select], cwd=tmp_path)
    assert text.code == 0
    assert text.out == f"1 packet checked: no findings ({count} suppressed).\n"


def test_a_suppression_without_a_reason_silences_nothing_and_is_reported(
    run_cli: Any, tmp_path: Path
) -> None:
    data = packet(next_action="TODO", **{"x-handoff-audit": {"ignore": {"placeholder": " "}}})
    write_packet(tmp_path, data, twin=False)
    report = _check(run_cli, tmp_path, "--select", "placeholder,invalid-suppression")
    rules = sorted(f["rule"] for f in report["findings"])
    assert rules == ["invalid-suppression", "placeholder"]
    [problem] = [f for f in report["findings"] if f["rule"] == "invalid-suppression"]
    assert problem["severity"] == "warning"
    assert problem["pointer"] == "/x-handoff-audit/ignore/placeholder"
    assert problem["line"] is not None
    assert "has no reason" in problem["message"]
    assert report["summary"]["suppressed"] == 0


def test_a_suppression_of_an_unknown_rule_says_did_you_mean(run_cli: Any, tmp_path: Path) -> None:
    data = packet(**{"x-handoff-audit": {"ignore": {"placehodler": "we know"}}})
    write_packet(tmp_path, data, twin=False)
    report = _check(run_cli, tmp_path, "--select", "invalid-suppression")
    [problem] = report["findings"]
    assert 'unknown rule id "placehodler" — did you mean "placeholder"?' in problem["message"]
    bad_shape = packet(**{"x-handoff-audit": {"ignore": ["placeholder"]}})
    write_packet(tmp_path, bad_shape, twin=False)
    [problem] = _check(run_cli, tmp_path, "--select", "invalid-suppression")["findings"]
    assert problem["pointer"] == "/x-handoff-audit"


def test_markdown_comments_suppress_in_their_own_file(run_cli: Any, tmp_path: Path) -> None:
    long = "# Handoff\n\n" + "".join(f"- step {i}\n" for i in range(30))
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "HANDOFF.md").write_text(
        "<!-- handoff-audit: ignore too-long the steps are the point of this handoff -->\n" + long
    )
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "HANDOFF.md").write_text("<!-- handoff-audit: ignore too-long -->\n" + long)
    (tmp_path / ".handoff-audit.yml").write_text("max-lines: 10\n")
    report = _check(run_cli, tmp_path, "--select", "too-long,invalid-suppression")
    found = sorted((f["path"], f["rule"], f["line"]) for f in report["findings"])
    assert found == [("b/HANDOFF.md", "invalid-suppression", 1), ("b/HANDOFF.md", "too-long", 11)]
    assert report["summary"]["suppressed"] == 1


def test_suppressions_cannot_silence_their_own_rule(run_cli: Any, tmp_path: Path) -> None:
    data = packet(**{"x-handoff-audit": {"ignore": {"invalid-suppression": "quiet", "nope": "x"}}})
    write_packet(tmp_path, data, twin=False)
    report = _check(run_cli, tmp_path, "--select", "invalid-suppression")
    assert len(report["findings"]) == 2


def test_a_markdown_suppression_may_span_lines_and_must_name_a_rule(
    run_cli: Any, tmp_path: Path
) -> None:
    long = "# Handoff\n\n" + "".join(f"- step {i}\n" for i in range(30))
    (tmp_path / "HANDOFF.md").write_text(
        "<!-- handoff-audit: ignore too-long\n     the steps are the point -->\n"
        "<!-- handoff-audit: ignore -->\n" + long
    )
    (tmp_path / ".handoff-audit.yml").write_text("max-lines: 10\n")
    report = _check(run_cli, tmp_path, "--select", "too-long,invalid-suppression")
    [problem] = report["findings"]
    assert problem["rule"] == "invalid-suppression" and problem["line"] == 3
    assert "names no rule" in problem["message"]
    assert report["summary"]["suppressed"] == 1


def test_a_handoff_file_cannot_suppress_the_merge_gate(
    run_cli: Any, git_repo: GitRepo, tmp_path: Path
) -> None:
    git_repo.write("README.md", "hello\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write(
        "HANDOFF.md",
        "# Handoff\n\n## State\nHalf done.\n\n## Next\nRun pytest.\n\n"
        "<!-- handoff-audit: ignore handoff-in-merge we keep it -->\n",
    )
    data = packet(branch="feat/x", **{"x-handoff-audit": {"ignore": {"active-in-merge": "fine"}}})
    write_packet(git_repo.root / "docs", data)
    git_repo.commit("wip")
    gate = ("--select", "handoff-in-merge,active-in-merge,invalid-suppression")
    report = _check(run_cli, git_repo.root, "--target-branch", "main", *gate)
    found = sorted((f["path"], f["rule"]) for f in report["findings"])
    assert found == [
        ("HANDOFF.md", "handoff-in-merge"),
        ("HANDOFF.md", "invalid-suppression"),
        ("docs/handoff.json", "active-in-merge"),
        ("docs/handoff.json", "invalid-suppression"),
    ]
    assert report["summary"]["suppressed"] == 0
    for problem in hits(report, "invalid-suppression"):
        assert "only the configuration can change it" in problem["message"]
    text = run_cli(["check", "--target-branch", "main", *gate], cwd=git_repo.root)
    assert text.code == 1
    assert text.out.endswith("Merge blocked.\n")
    off = tmp_path / "base.yml"
    off.write_text("rules:\n  handoff-in-merge: 'off'\n  active-in-merge: 'off'\n")
    configured = ("--target-branch", "main", "--config", str(off), *gate)
    opened = _check(run_cli, git_repo.root, *configured)
    assert {f["rule"] for f in opened["findings"]} == {"invalid-suppression"}
    assert run_cli(["check", *configured], cwd=git_repo.root).code == 0


def test_unclosed_suppressions_and_blank_runs_keep_their_findings(
    run_cli: Any, tmp_path: Path
) -> None:
    """The shapes that made the old regex backtrack for minutes still read as they did."""
    long = "# Handoff\n\n" + "".join(f"- step {i}\n" for i in range(30))
    reason = "<!-- handoff-audit: ignore too-long the steps" + " " * 300 + "are the point \n -->\n"
    unclosed = "<!-- handoff-audit: ignore x " * 200
    (tmp_path / "HANDOFF.md").write_text(reason + long + unclosed + "\n")
    (tmp_path / ".handoff-audit.yml").write_text("max-lines: 10\n")
    report = _check(run_cli, tmp_path, "--select", "too-long,invalid-suppression")
    [problem] = report["findings"]
    assert (problem["rule"], problem["line"]) == ("invalid-suppression", 35)
    assert "not closed with -->" in problem["message"]
    assert report["summary"]["suppressed"] == 1
    (tmp_path / "HANDOFF.md").write_text(long + unclosed + "-->\n")
    report = _check(run_cli, tmp_path, "--select", "too-long,invalid-suppression")
    found = sorted((f["rule"], f["line"]) for f in report["findings"])
    assert found == [("invalid-suppression", 33), ("too-long", 11)]
    [problem] = hits(report, "invalid-suppression")
    assert "silences nothing" in problem["message"]


def test_markdown_suppressions_read_what_the_comment_regex_read() -> None:
    """The linear scan finds exactly what the old regex (quadratic on crafted text) found."""
    old = re.compile(r"<!--\s*handoff-audit:\s*ignore\b\s*([^\s>]*)\s*(.*?)\s*-->", re.DOTALL)
    parts = ["<!--", "-->", "--", "-", ">", " ", "\n", "\u00a0", "\x1c", "handoff-audit:"]
    parts += ["ignore", "ignored", "x", "too-long", "<!-- handoff-audit: ignore ", "a b", "<"]
    rng = random.Random(46)
    texts = ["<!-- handoff-audit: ignore foo--> and <!-- more -->", "<!-- handoff-audit: ignore-->"]
    texts += ["".join(rng.choice(parts) for _ in range(rng.randint(0, 14))) for _ in range(20000)]
    for text in texts:
        expected = [(m.start(), m.group(1), m.group(2)) for m in old.finditer(text)]
        found = list(markdown_suppressions(text))
        closed = [suppression for suppression in found if suppression[2] is not None]
        assert closed == expected, repr(text)
        unclosed = found[len(closed) :]
        opened_after = text.find("<!--", closed[-1][0] + 4) if closed else text.find("<!--")
        assert len(unclosed) <= 1 and all(start >= opened_after >= 0 for start, _, _ in unclosed)


def test_an_unclosed_markdown_suppression_is_reported_where_it_opens(
    run_cli: Any, git_repo: GitRepo
) -> None:
    reason = "short on purpose, the team keeps notes brief"
    note = (
        "# Handoff\n\n## State\nParser done in a.py.\n"
        f"<!-- handoff-audit: ignore md-incomplete {reason}\n\n"
        "## Next step\n1. Write the lexer in src/lex.py\n"
        "<!-- handoff-audit: ignore too-long also never closed\n"
    )
    on_feature_branch(git_repo).write("HANDOFF.md", note)
    git_repo.commit("note")
    report = _check(run_cli, git_repo.root)
    [problem] = hits(report, "invalid-suppression")
    assert (problem["line"], problem["column"]) == (5, 1)
    assert "not closed with -->, so it silences nothing" in problem["message"]
    example = "<!-- handoff-audit: ignore md-incomplete why it does not apply -->"
    assert example in problem["message"]
    assert hits(report, "md-incomplete") and report["summary"]["suppressed"] == 0
    git_repo.write("HANDOFF.md", note.replace(reason, reason + " -->"))
    git_repo.commit("closed")
    closed = _check(run_cli, git_repo.root)
    assert not hits(closed, "md-incomplete") and closed["summary"]["suppressed"] == 2
