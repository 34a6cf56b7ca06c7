"""Twin rules through `check`: md-missing, md-mismatch, md-incomplete, log-untrimmed, too-long."""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agent_support import run_hook, stop_event
from handoff_audit.engine.audit import AuditRequest, run_audit
from handoff_audit.markdown import render_packet
from handoff_audit.rules import twin
from twin_packets import EXAMPLES, packets

PACKET: dict[str, Any] = {
    "branch": "feat/x",
    "last_known_good_commit": "abcdef1",
    "status": "active",
    "summary": "Did the thing.",
    "next_action": "Do the next thing.",
    "verdict_pointer": "reports/junit.xml",
    "changed_files": [],
    "commands_run": [],
    "failed_attempts": [],
    "open_risks": [{"what": "migration", "severity": "high"}],
}
TWIN_RULES = "md-missing,md-mismatch,md-incomplete,log-untrimmed,too-long"


def _write(folder: Path, data: dict[str, Any], twin_text: str | None = "") -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "handoff.json").write_text(json.dumps(data, indent=2) + "\n")
    if twin_text is not None:
        (folder / "handoff.md").write_text(twin_text or render_packet(data))


def _check(run_cli: Any, root: Path, *extra: str) -> tuple[int, list[dict[str, Any]]]:
    select = [] if "--select" in extra else ["--select", TWIN_RULES]  # --select accumulates
    result = run_cli(["check", "--format", "json", *select, *extra, "."], cwd=root)
    assert result.code in (0, 1), result.err
    return result.code, result.json()["findings"]


def test_a_generated_twin_passes(tmp_path: Path, run_cli: Any) -> None:
    _write(tmp_path, PACKET)
    assert _check(run_cli, tmp_path) == (0, [])


def test_md_missing_names_the_twin_and_the_fix(tmp_path: Path, run_cli: Any) -> None:
    _write(tmp_path / ".handoff", PACKET, twin_text=None)
    (tmp_path / ".handoff" / "handoff.json").rename(tmp_path / ".handoff" / "refund.json")
    code, [finding] = _check(run_cli, tmp_path)
    assert code == 1
    assert finding["rule"] == "md-missing"
    assert finding["path"] == ".handoff/refund.json"
    assert ".handoff/refund.md" in finding["message"]
    assert "render --write .handoff/refund.json" in finding["message"]


def test_md_missing_for_unreadable_json_says_to_fix_the_json_first(
    tmp_path: Path, run_cli: Any
) -> None:
    (tmp_path / "handoff.json").write_text("[1, 2\n")
    code, [finding] = _check(run_cli, tmp_path)
    assert code == 1 and finding["rule"] == "md-missing"
    assert (
        "once the JSON reads, run `handoff-audit render --write handoff.json`" in finding["message"]
    )
    # `render` indeed refuses it: the message must not promise a fix that cannot work yet.
    assert run_cli(["render", "--write", "handoff.json"], cwd=tmp_path).code == 2


def test_another_tools_handoff_json_gets_the_one_shape_finding_and_no_render_advice(
    tmp_path: Path, run_cli: Any
) -> None:
    planner = {"version": 2, "title": "Sprint handoff", "tasks": ["migrate db"]}
    (tmp_path / "planner").mkdir()
    (tmp_path / "planner" / "handoff.json").write_text(json.dumps(planner) + "\n")
    code, findings = _check(run_cli, tmp_path, "--select", "schema,md-missing")
    assert code == 1
    assert [(f["rule"], f["message"][:41]) for f in findings] == [
        ("schema", "not a handoff packet in this tool's shape")
    ]
    # `render` refuses it indeed: no finding may send the user there.
    assert run_cli(["render", "--write", "planner/handoff.json"], cwd=tmp_path).code == 2


def test_md_missing_for_a_json_object_render_refuses_says_what_comes_first(
    tmp_path: Path, run_cli: Any
) -> None:
    (tmp_path / "handoff.json").write_text('{"branch": "main", "summary": "Did it."}\n')
    code, [finding] = _check(run_cli, tmp_path, "--select", "md-missing")
    assert code == 1
    first = "once it is a packet (its `schema` findings name what it lacks), run"
    assert first in finding["message"]
    assert run_cli(["render", "--write", "handoff.json"], cwd=tmp_path).code == 2


def test_md_mismatch_one_finding_per_field_at_the_markdown_line(
    tmp_path: Path, run_cli: Any
) -> None:
    md = render_packet(PACKET)
    edited = md.replace("**high** — migration", "**low** — migration").replace(
        "Did the thing.", "Did another thing."
    )
    _write(tmp_path, PACKET, edited)
    code, findings = _check(run_cli, tmp_path)
    assert code == 1
    assert [f["rule"] for f in findings] == ["md-mismatch", "md-mismatch"]
    lines = edited.split("\n")
    assert findings[0]["line"] == lines.index("Did another thing.") + 1
    assert findings[1]["line"] == lines.index("- **low** — migration") + 1
    assert all(f["path"] == "handoff.md" for f in findings)
    assert '"low — migration"' in findings[1]["message"]


def test_md_mismatch_on_text_the_packet_lacks_advises_carrying_it(
    tmp_path: Path, run_cli: Any
) -> None:
    """Text the twin holds and the packet lacks would be dropped by `render --write`: the
    advice is the `update` that carries all of it into the packet, each with the field's own
    option (a section that is no field, as a trap), and never says to run `render --write`."""
    edited = (
        render_packet(PACKET)
        .replace("**high** — migration", "**low** — migration")
        .replace("Did the thing.", "Did another thing.")
        .replace("## Open risks", "## Notes\n\nAsk Ana.\n\n## Open risks")
    )
    _write(tmp_path, PACKET, edited)
    code, findings = _check(run_cli, tmp_path)
    assert code == 1
    messages = [f["message"] for f in findings]
    assert len(messages) == 3, messages
    command = (
        "`handoff-audit update handoff.json --trap 'Notes: Ask Ana.' --summary 'Did another "
        "thing.' --risk migration low`"
    )
    for message in messages:
        assert f"carry it into handoff.json first: {command}, or delete it" in message, message
        assert "handoff.json lacks it, and render --write would drop it" in message
        assert "render --write handoff.json" not in message  # no command that drops the text


def _new_packet(git_repo: Any, run_cli: Any) -> tuple[Path, Path]:
    """A committed packet and its twin on branch feat/a, next action "Add idempotency keys."."""
    git_repo.write("README", "hi\n")
    git_repo.commit("init")
    git_repo.git("switch", "-qc", "feat/a")
    made = run_cli(
        [
            "new",
            "--summary",
            "S.",
            "--next-action",
            "Add idempotency keys.",
            "--verdict-pointer",
            "README",
        ],
        cwd=git_repo.root,
    )
    assert made.code == 0, made.err
    git_repo.commit("handoff")
    return git_repo.root / "handoff.json", git_repo.root / "handoff.md"


def _set_next_action(packet: Path, text: str) -> None:
    data = json.loads(packet.read_text())
    data["next_action"] = text
    packet.write_text(json.dumps(data, indent=2) + "\n")


def test_md_mismatch_keeps_a_packet_edited_after_its_twin(git_repo: Any, run_cli: Any) -> None:
    """A packet edited (and committed) after its twin is the newer side: `check` says its
    fields stand and prints the agent hook's fix (`render --write`, or `update` carrying only
    the twin's text under no field's heading), never an `update` that puts the twin's stale
    text back; following it keeps the packet's newer text."""
    git_repo.write("README", "hi\n")
    git_repo.commit("init")
    git_repo.git("switch", "-qc", "feat/a")
    made = run_cli(
        [
            "new",
            "--summary",
            "S.",
            "--next-action",
            "Add idempotency keys.",
            "--verdict-pointer",
            "README",
        ],
        cwd=git_repo.root,
    )
    assert made.code == 0, made.err
    packet, twin_file = git_repo.root / "handoff.json", git_repo.root / "handoff.md"
    data = json.loads(packet.read_text())
    data["next_action"] = "Test concurrent refunds."
    packet.write_text(json.dumps(data, indent=2) + "\n")
    twin_ns = twin_file.stat().st_mtime_ns
    os.utime(packet, ns=(twin_ns + 10**9, twin_ns + 10**9))  # the packet is written last
    git_repo.commit("handoff: next action")

    code, [finding] = _check(run_cli, git_repo.root, "--select", "md-mismatch")
    assert code == 1
    assert finding["message"].endswith(
        "handoff.json was changed after handoff.md: its fields stand: run "
        "`handoff-audit render --write handoff.json`"
    ), finding["message"]
    assert "lacks it" not in finding["message"]
    assert "Add idempotency keys." not in finding["message"].split("; ", 1)[1]

    # text under no field's heading is still carried, by the same command the hook prints;
    # a packet committed after the twin's notes still keeps its fields
    with twin_file.open("a") as out:
        out.write("\n## Notes\n\nAsk Ana.\n")
    git_repo.commit("notes")
    packet.write_text(packet.read_text().replace("refunds.", "refunds!"))
    git_repo.commit("handoff: next action again")
    code, findings = _check(run_cli, git_repo.root, "--select", "md-mismatch")
    command = "`handoff-audit update handoff.json --trap 'Notes: Ask Ana.'`"
    assert len(findings) == 2, findings
    assert findings[0]["message"].endswith("its fields stand: " + command)
    assert f"carry it into handoff.json first: {command}" in findings[1]["message"]
    updated = run_cli(["update", "handoff.json", "--trap", "Notes: Ask Ana."], cwd=git_repo.root)
    assert updated.code == 0, updated.err
    assert json.loads(packet.read_text())["next_action"] == "Test concurrent refunds!"
    assert _check(run_cli, git_repo.root, "--select", "md-mismatch") == (0, [])


def _clone(git_repo: Any, tmp_path: Path, name: str = "clone") -> Path:
    """A fresh clone of ``git_repo`` on feat/a: every file gets the checkout's time."""
    git_repo.git("switch", "-q", "main")
    clone = tmp_path / name
    subprocess.run(["git", "clone", "-q", str(git_repo.root), str(clone)], check=True)
    subprocess.run(["git", "switch", "-q", "feat/a"], cwd=clone, check=True)
    twin_ns = (clone / "handoff.md").stat().st_mtime_ns
    # the checkout wrote the packet first: a file time would call the twin the newer side
    os.utime(clone / "handoff.json", ns=(twin_ns - 10**9, twin_ns - 10**9))
    return clone


def test_md_mismatch_in_a_clone_goes_by_the_commits(
    git_repo: Any, run_cli: Any, tmp_path: Path
) -> None:
    """In a fresh clone (CI's checkout) the file times say nothing: the side the later commit
    changed is the newer. A packet committed after its twin keeps its fields (`check`, the
    agent hook and `update` agree); a twin committed after its packet is carried back."""
    packet, _ = _new_packet(git_repo, run_cli)
    _set_next_action(packet, "Test concurrent refunds.")
    git_repo.commit("handoff: next action")
    clone = _clone(git_repo, tmp_path)

    code, [finding] = _check(run_cli, clone, "--select", "md-mismatch")
    assert code == 1
    assert finding["message"].endswith(
        "handoff.json was changed after handoff.md: its fields stand: run "
        "`handoff-audit render --write handoff.json`"
    ), finding["message"]
    hook = run_hook(stop_event(clone), cwd=clone)
    assert "handoff.json was changed after handoff.md: its fields stand" in hook.err, hook.err
    rendered = run_cli(["render", "--write", "handoff.json"], cwd=clone)
    assert rendered.code == 0, rendered.err
    assert _check(run_cli, clone, "--select", "md-mismatch") == (0, [])
    assert "Test concurrent refunds." in (clone / "handoff.md").read_text()

    # `update` (its twin guard) takes the same side: the JSON's text stands, nothing refused
    other = _clone(git_repo, tmp_path, "other")
    updated = run_cli(["update", "handoff.json", "--summary", "S2."], cwd=other)
    assert updated.code == 0, updated.err
    assert json.loads((other / "handoff.json").read_text())["next_action"] == (
        "Test concurrent refunds."
    )

    # an uncommitted edit of the twin makes it the newer side, whatever its file time
    subprocess.run(["git", "commit", "-qam", "summary"], cwd=other, check=True)
    twin_file = other / "handoff.md"
    twin_file.write_text(twin_file.read_text().replace("Test concurrent refunds.", "Ship it."))
    os.utime(twin_file, ns=(0, 0))
    code, [finding] = _check(run_cli, other, "--select", "md-mismatch")
    assert "`handoff-audit update handoff.json --next-action 'Ship it.'`" in finding["message"]


def test_md_mismatch_in_a_clone_carries_a_twin_committed_last(
    git_repo: Any, run_cli: Any, tmp_path: Path
) -> None:
    """The reverse: the twin edited and committed after its packet is the newer side, in a
    clone too; the update `check` prints carries its text, and following it clears it."""
    _, twin_file = _new_packet(git_repo, run_cli)
    twin_file.write_text(
        twin_file.read_text().replace("Add idempotency keys.", "Test concurrent refunds.")
    )
    git_repo.commit("handoff.md: next action")
    clone = _clone(git_repo, tmp_path)
    os.utime(clone / "handoff.md", ns=(0, 0))  # an older file time changes nothing

    code, [finding] = _check(run_cli, clone, "--select", "md-mismatch")
    command = "handoff-audit update handoff.json --next-action 'Test concurrent refunds.'"
    assert code == 1
    assert f"`{command}`" in finding["message"], finding["message"]
    updated = run_cli(
        ["update", "handoff.json", "--next-action", "Test concurrent refunds."], cwd=clone
    )
    assert updated.code == 0, updated.err
    assert _check(run_cli, clone, "--select", "md-mismatch") == (0, [])


def test_md_mismatch_on_text_the_twin_lost_advises_render_write(
    tmp_path: Path, run_cli: Any
) -> None:
    """A twin that only lacks what its packet says loses nothing to `render --write`."""
    edited = render_packet(PACKET).replace("- **high** — migration\n", "")
    _write(tmp_path, PACKET, edited)
    code, [finding] = _check(run_cli, tmp_path)
    assert code == 1
    assert finding["message"].endswith(
        "handoff.json is the truth: run `handoff-audit render --write handoff.json`"
    )


def test_cosmetic_hand_edits_pass(tmp_path: Path, run_cli: Any) -> None:
    md = (
        render_packet(PACKET)
        .replace("- **high**", "* __high__")
        .replace("## Summary", "## SUMMARY")
    )
    _write(tmp_path, PACKET, md + "\n\n")
    assert _check(run_cli, tmp_path) == (0, [])


def _commands(exits: list[int]) -> list[dict[str, Any]]:
    return [{"cmd": f"step {i}", "exit": code} for i, code in enumerate(exits)]


@pytest.mark.parametrize(
    ("exits", "keep_last", "passing_before_tail"),
    [
        ([0] * 5, 5, 0),
        ([1] * 9 + [0] * 5, 5, 0),
        ([0] * 6, 5, 1),
        ([0, 1, 0, 1, 0, 0, 0, 0, 0, 0], 5, 3),
        ([0, 0, 0], 2, 1),
        ([0] * 20, 20, 0),
    ],
)
def test_log_untrimmed_counts_passing_entries_before_the_tail(
    tmp_path: Path, run_cli: Any, exits: list[int], keep_last: int, passing_before_tail: int
) -> None:
    data = {**PACKET, "commands_run": _commands(exits)}
    _write(tmp_path, data)
    (tmp_path / ".handoff-audit.yml").write_text(f"keep-last: {keep_last}\n")
    code, findings = _check(run_cli, tmp_path)
    if not passing_before_tail:
        assert findings == []
        return
    [finding] = findings
    assert finding["rule"] == "log-untrimmed" and finding["severity"] == "warning"
    assert code == 0
    assert f"keeps {passing_before_tail} passing entr" in finding["message"]
    assert finding["pointer"] == "/commands_run"
    assert finding["line"] == 9


def test_too_long_for_twins_and_hand_written(tmp_path: Path, run_cli: Any) -> None:
    data = {**PACKET, "traps": [f"trap {i}" for i in range(40)]}
    _write(tmp_path, data)
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "HANDOFF.md").write_text("# H\n" + "line\n" * 60)
    (tmp_path / ".handoff-audit.yml").write_text("max-lines: 50\n")
    _, findings = _check(run_cli, tmp_path, "--select", "too-long")
    assert [(f["path"], f["line"]) for f in findings] == [
        ("handoff.md", 51),
        ("notes/HANDOFF.md", 51),
    ]
    assert "61 lines, more than max-lines 50" in findings[1]["message"]


def test_every_twin_rule_has_real_documentation(run_cli: Any) -> None:
    for rule in twin.RULES:
        assert "TODO" not in rule.doc and len(rule.summary) <= 100
        result = run_cli(["explain", rule.id])
        assert result.code == 0 and "Fix" in result.out and "Example" in result.out


@settings(max_examples=max(EXAMPLES // 3, 10), deadline=None)
@given(packets, st.booleans())
def test_check_finds_no_mismatch_in_any_generated_twin(data: dict[str, Any], exact: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder).resolve()
        (root / "handoff.json").write_text(json.dumps(data), encoding="utf-8")
        # Off the byte-for-byte fast path half the time, so that the parser is checked too.
        twin_text = render_packet(data) + ("" if exact else "\n")
        (root / "handoff.md").write_text(twin_text, encoding="utf-8", newline="")
        report = run_audit(
            AuditRequest(root=root, paths=(root,), select=frozenset({"md-mismatch", "md-missing"}))
        )
        assert [p.markdown for p in report.packets] == ["handoff.md"]
        assert report.findings == ()


@pytest.mark.parametrize("written", ["[high] {what}", "High: {what}", "(high) {what}"])
def test_a_risk_added_by_hand_is_carried_as_a_risk_with_its_severity(
    git_repo: Any, written: str
) -> None:
    """A risk written under "Open risks" with its severity first ("- [high] ...") is carried
    with `--risk WHAT SEVERITY`, not as a trap: after the printed update, check passes and
    ``open_risks`` holds it, severity kept."""
    run = functools.partial(subprocess.run, cwd=git_repo.root, capture_output=True, text=True)
    git_repo.write("a.py", "x\n")
    git_repo.commit("init")
    git_repo.git("switch", "-qc", "feat/x")
    git_repo.write("a.py", "x\ny\n")
    git_repo.commit("work")
    args = ["--summary", "added y", "--next-action", "Write tests.", "--verdict-pointer", "a.py"]
    assert run(["handoff-audit", "new", *args]).returncode == 0
    git_repo.commit("handoff")
    twin = git_repo.root / "handoff.md"
    what = "the --force flag deletes user data on retry"
    item = "## Open risks\n\n- " + written.format(what=what)
    twin.write_text(twin.read_text().replace("## Open risks\n\n_(none)_", item))
    checked = run(["handoff-audit", "check"])
    assert checked.returncode == 1, checked.stdout
    (command,) = re.findall(r"`(handoff-audit update [^`]*)`", checked.stdout)
    assert "--trap" not in command, command
    assert run(["bash", "-c", command]).returncode == 0
    assert run(["handoff-audit", "check"]).returncode == 0
    data = json.loads((git_repo.root / "handoff.json").read_text())
    assert data["open_risks"] == [{"what": what, "severity": "high"}]
    assert not data.get("traps")
