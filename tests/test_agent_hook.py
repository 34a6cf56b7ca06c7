"""`handoff-audit hook`: the real command, real event JSON on standard input, real repositories."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from agent_support import (
    feature_repo,
    hook_command,
    run_fix,
    run_hook,
    since_then_brief,
    stop_event,
    the_command,
    with_pre_commit,
)
from conftest import GitRepo
from git_helpers import packet
from handoff_audit.authoring.agent_fixes import Fixes
from handoff_audit.authoring.agent_gate import judge
from handoff_audit.git import plumbing
from handoff_audit.markdown import render_packet

BRANCH = "feat/refunds"


def write_packet(repo: GitRepo, data: dict[str, Any], name: str = "handoff.json") -> None:
    repo.write(name, json.dumps(data, indent=2) + "\n")
    repo.write(name[: -len(".json")] + ".md", render_packet(data))


def fresh_packet(repo: GitRepo, **fields: Any) -> dict[str, Any]:
    data = packet(BRANCH, repo.head(), changed_files=["src/refunds.py"], **fields)
    write_packet(repo, data)
    return data


@pytest.fixture
def repo(git_repo: GitRepo) -> GitRepo:
    return feature_repo(git_repo, BRANCH)


def assert_blocked(run: Any) -> None:
    assert run.code == 2, run.err
    assert 2 <= len(run.lines) <= 12, run.err
    assert "Traceback" not in run.err
    assert run.out == ""


def test_blocked_without_a_packet_names_the_transcript_and_the_command(
    repo: GitRepo, tmp_path: Path
) -> None:
    transcript = tmp_path / "session's transcript.jsonl"
    transcript.write_text("", encoding="utf-8")
    run = run_hook(stop_event(repo.root, transcript))
    assert_blocked(run)
    assert f"branch {BRANCH} has work of its own against main but no active handoff" in run.err
    assert "handoff-audit new" in run.err
    # Quoted for a shell: the path has a space and a quote.
    assert f"--from-transcript {shlex.quote(str(transcript))}" in run.err


def test_blocked_fix_uses_the_configured_verify_command_by_name(repo: GitRepo) -> None:
    repo.write(".handoff-audit.yml", "verify: pytest -q tests/\n")
    repo.commit("config")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    # `--verify` alone runs the configured command; its text is never printed.
    assert the_command(run.err, "fix: ").startswith("handoff-audit new --verify --summary ")
    assert "pytest -q tests/" not in run.err


def test_a_credential_in_the_verify_command_is_not_echoed(repo: GitRepo) -> None:
    token = "ghp_" + "Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr9St0Uv1Wx2Yz"
    repo.write(".handoff-audit.yml", f"verify: GH_TOKEN={token} make test\n")
    repo.commit("config")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    assert token not in run.err
    assert "handoff-audit new --verify " in run.err


def test_allowed_with_a_fresh_packet_committed_with_the_work(repo: GitRepo) -> None:
    fresh_packet(repo)
    repo.commit("handoff")
    run = run_hook(stop_event(repo.root))
    assert run.code == 0, run.err
    assert run.err == ""


def test_a_fresh_packet_not_committed_yet_is_committed_first(repo: GitRepo) -> None:
    """CI sees only commits: an uncommitted packet does not let the session end."""
    fresh_packet(repo)
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    command = the_command(run.err, "fix: ")
    assert command == 'git add -- handoff.json handoff.md && git commit -m "<what the change does>"'
    assert run_fix(repo.root, command).returncode == 0
    assert run_hook(stop_event(repo.root)).code == 0


def test_blocked_when_work_was_committed_after_the_packet(repo: GitRepo) -> None:
    fresh_packet(repo)
    repo.commit("handoff")
    repo.write("src/refunds.py", "def refund(amount):\n    return round(amount, 2)\n")
    repo.commit("refunds: rounding")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    assert "handoff.json" in run.err
    assert "packet-outdated" in run.err
    assert "handoff-audit update handoff.json" in run.err or "handoff-audit new" in run.err


def test_blocked_when_the_last_known_good_commit_is_far_behind(repo: GitRepo) -> None:
    lkg = repo.head()
    for number in range(12):
        repo.write("src/refunds.py", f"def refund(amount):\n    return amount  # {number}\n")
        repo.commit(f"step {number}")
    write_packet(repo, packet(BRANCH, lkg, changed_files=["src/refunds.py"]))
    repo.commit("handoff")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    assert "lkg-behind" in run.err


def test_the_refresh_fix_names_the_newest_commit_not_the_last_known_good_one(
    repo: GitRepo,
) -> None:
    lkg = repo.head()
    fresh_packet(repo)
    repo.commit("handoff")
    for number in range(11):
        repo.write("src/refunds.py", f"def refund(amount):\n    return amount  # {number}\n")
        repo.commit(f"step {number}")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    assert "lkg-behind" in run.err
    assert f"(newest {repo.head()[:7]})" in run.err
    assert f"newest {lkg[:7]}" not in run.err


def _cli(repo: GitRepo, *args: str) -> None:
    """The installed ``handoff-audit`` run as the agent runs it; it must succeed."""
    done = subprocess.run(
        [*hook_command()[:-1], *args], cwd=repo.root, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


def _changed_files(repo: GitRepo, topic: str) -> list[str]:
    return list(json.loads((repo.root / f".handoff/{topic}.json").read_text())["changed_files"])


def test_the_verify_fix_for_another_topic_s_commits_holds_after_it_is_followed(
    repo: GitRepo,
) -> None:
    repo.write("reports/t.txt", "ok\n")
    repo.write("src/tok.py", "def tokens(): pass\n")
    repo.commit("tokenizer")
    for topic, summary, step in (
        ("tok", "Tokenizer in src/tok.py", "Add unicode identifiers to src/tok.py"),
        ("lex", "Lexer skeleton", "Add string literals to the lexer in src/lex.py"),
    ):
        _cli(repo, "new", "--topic", topic, "--summary", summary, "--next-action", step,
             "--verdict-pointer", "reports/t.txt")  # fmt: skip
    repo.commit("packets")
    rounds = []
    for number, work in enumerate(("strings", "numbers")):
        repo.write("src/lex.py", f"def lex(): pass  # {work}\n")
        repo.commit(f"lexer: {work} in src/lex.py")
        _cli(repo, "update", ".handoff/lex.json", "--summary", f"Lexer {work} in src/lex.py",
             "--next-action", f"Add more than {work} to src/lex.py")  # fmt: skip
        repo.commit("packet lex")
        run = run_hook(stop_event(repo.root))
        assert_blocked(run)
        assert "update .handoff/tok.json --summary" not in run.err, f"round {number}: {run.err}"
        rounds.append(the_command(run.err, "fix: handoff-audit update .handoff/tok.json"))
        assert "other topics' files" in run.err
        # Follow the printed fix, as an agent does, with a test command that passes.
        _cli(repo, "update", ".handoff/tok.json", "--verify", "true")
        repo.commit("refresh tok")
        assert run_hook(stop_event(repo.root)).code == 0
    assert rounds[0] == rounds[1]
    assert "--verify" in rounds[0]
    # Each topic lists its own files, not the branch's whole diff.
    assert "src/lex.py" not in _changed_files(repo, "tok")
    assert "src/tok.py" not in _changed_files(repo, "lex")


def test_a_commit_of_one_topic_does_not_ask_to_replace_the_other_topic_s_summary(
    repo: GitRepo,
) -> None:
    repo.write("src/refund.py", "def refund(): pass\n")
    repo.write("src/invoice.py", "def invoice(): pass\n")
    repo.commit("refund and invoice stubs")
    both = ["src/invoice.py", "src/refund.py"]
    invoice_summary = "Invoice stub in src/invoice.py; PDF library chosen: none yet"
    for topic, summary, pointer in (
        ("refund", "Refund stub", "src/refund.py"),
        ("invoice", invoice_summary, "src/invoice.py"),
    ):
        data = packet(
            BRANCH,
            repo.head(),
            topic=topic,
            summary=summary,
            changed_files=both,
            verdict_pointer=pointer,
        )
        write_packet(repo, data, f".handoff/{topic}.json")
    repo.commit("handoffs")
    repo.write("src/refund.py", "def refund(): pass\ndef partial(): pass\n")
    repo.commit("partial refunds")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    invoice_fix = the_command(run.err, "fix: handoff-audit update .handoff/invoice.json")
    assert "--summary" not in invoice_fix and "--verify" in invoice_fix
    assert "other topics' files" in run.err
    assert "update .handoff/refund.json --summary" in run.err
    for line in run.err.splitlines():
        if line.strip().startswith("fix: "):
            command = re.sub(
                r'"<[^">]*>"',
                lambda m: "true" if "command" in m[0] else "'partial() added to refund.py'",
                the_command(line, "fix: "),
            )
            done = run_fix(repo.root, command)
            assert done.returncode == 0, done.stderr
    repo.commit("refresh handoffs")
    assert run_hook(stop_event(repo.root)).code == 0
    invoice = json.loads((repo.root / ".handoff/invoice.json").read_text(encoding="utf-8"))
    assert invoice["summary"] == invoice_summary


def test_an_unreadable_packet_that_never_read_is_repaired_where_the_finding_says(
    repo: GitRepo,
) -> None:
    """No committed version reads: the fix is a repair at the place named, never `rm` and
    `new`, which would lose the fields and the last known good commit."""
    text = json.dumps(packet(BRANCH, repo.head()), indent=2) + "\n"
    repo.write("handoff.json", text.replace('"status": "active",', '"status": "active",,'))
    repo.write("handoff.md", render_packet(packet(BRANCH, repo.head())))
    repo.commit("broken handoff")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    assert "handoff.json:5 invalid-json" in run.err
    assert "rm -f" not in run.err and "handoff-audit new" not in run.err
    command = the_command(run.err, "fix: ")
    found = re.fullmatch(
        r"repair handoff\.json by hand at line (\d+), column (\d+) as the finding says, "
        r"keeping every other value",
        command,
    )
    assert found, command
    # The agent repairs the file where it was told: the stray comma goes.
    line, column = int(found[1]), int(found[2])
    lines = (repo.root / "handoff.json").read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[line - 1][column - 1] == ","
    lines[line - 1] = lines[line - 1][: column - 1] + lines[line - 1][column:]
    (repo.root / "handoff.json").write_text("".join(lines), encoding="utf-8")
    repo.commit("handoff: repaired")
    assert run_hook(stop_event(repo.root)).code == 0
    data = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert data == packet(BRANCH, data["last_known_good_commit"])


def test_an_unreadable_committed_packet_is_restored_with_its_verified_commit(
    repo: GitRepo, run_cli: Any
) -> None:
    """A packet broken by a later commit: the fix restores the newest version that reads, with
    its fields and the last known good commit `--verify` proved, not a new packet that takes
    HEAD on trust."""
    verified = repo.head()
    made = run_cli(
        [
            "new",
            "--summary",
            "Refunds round to cents.",
            "--next-action",
            "Round GBP refunds too.",
            "--verdict-pointer",
            "https://ci.example.com/run/2",
            "--verify",
            "true",
        ],
        cwd=repo.root,
    )
    assert made.code == 0, made.err
    repo.commit("handoff")
    repo.write("src/refunds.py", "def refund(amount):\n    return round(amount, 2)\n")
    repo.commit("refunds: rounding")
    path = repo.root / "handoff.json"
    good = json.loads(path.read_text(encoding="utf-8"))
    assert good["last_known_good_commit"] == verified
    path.write_text(path.read_text(encoding="utf-8").replace('too."', 'too.",,'), "utf-8")
    repo.commit("handoff: broken by hand")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    assert "handoff-audit new" not in run.err
    command = the_command(run.err, "fix: ")
    assert command == f"git checkout {repo.head()[:12]}~1 -- handoff.json"
    assert "repair handoff.json at line " in run.err  # the alternative that keeps the edits
    # Looking for the version that reads costs one git process, whatever the depth.
    gate = judge(repo.root)
    start = plumbing.spawn_count()
    [advice] = Fixes(gate, repo.root, None).advice()
    assert plumbing.spawn_count() - start == 1
    assert advice.command == command
    done = run_fix(repo.root, command)
    assert done.returncode == 0, done.stderr
    repo.commit("handoff: restored")
    assert run_hook(stop_event(repo.root)).code == 0
    assert json.loads(path.read_text(encoding="utf-8")) == good


def test_a_schema_fault_update_cannot_mend_is_repaired_not_written_anew(repo: GitRepo) -> None:
    """A risk of an unknown severity on a packet that never read otherwise: repaired where
    the finding says, keeping the rest of the packet."""
    data = packet(BRANCH, repo.head(), open_risks=[{"what": "GBP drift", "severity": "hight"}])
    write_packet(repo, data)
    repo.commit("handoff")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    assert "schema" in run.err
    assert "rm -f" not in run.err and "handoff-audit new" not in run.err
    command = the_command(run.err, "fix: ")
    assert command.startswith("repair handoff.json by hand at line "), command
    data["open_risks"][0]["severity"] = "high"
    write_packet(repo, data)
    repo.commit("handoff: severity repaired")
    assert run_hook(stop_event(repo.root)).code == 0


def test_an_unreadable_topic_packet_that_is_a_link_is_written_anew_in_its_place(
    repo: GitRepo, tmp_path: Path
) -> None:
    outside = tmp_path / "elsewhere.json"
    outside.write_text("{}\n", encoding="utf-8")
    (repo.root / ".handoff").mkdir()
    (repo.root / ".handoff/refunds.json").symlink_to(outside)
    repo.commit("a linked handoff")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    command = the_command(run.err, "fix: ")
    assert command.startswith("rm -f -- .handoff/refunds.json .handoff/refunds.md && ")
    assert "handoff-audit new --topic refunds " in command
    done = run_fix(repo.root, command)
    assert done.returncode == 0, done.stderr
    assert (repo.root / ".handoff/refunds.json").is_file()
    assert not (repo.root / ".handoff/refunds.json").is_symlink()
    assert outside.read_text(encoding="utf-8") == "{}\n"
    repo.commit("handoff")
    assert run_hook(stop_event(repo.root)).code == 0


def test_another_tools_handoff_json_and_a_hand_written_twin_are_never_removed(
    repo: GitRepo,
) -> None:
    foreign = Path(__file__).parent / "data/realworld-handoffs/27-dkoosis-fo-handoff.json"
    theirs = foreign.read_text(encoding="utf-8")
    notes = "# Team notes\n\nHand-written.\n"
    repo.write("handoff.json", theirs)
    repo.write("handoff.md", notes)
    repo.commit("another tool's handoff")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    command = the_command(run.err, "fix: ")
    assert "rm " not in command, command
    assert command.startswith("handoff-audit new --output .handoff/feat-refunds.json "), command
    assert "leave them alone" in run.err
    assert run_fix(repo.root, command).returncode == 0
    repo.commit("handoff beside theirs")
    again = run_hook(stop_event(repo.root))
    assert_blocked(again)
    setting = the_command(again.err, "fix: ")
    # the defaults kept (a packet elsewhere at such a path is still audited), the two files left
    # out, in one short line
    assert setting == (
        'leave it out of `packets`, in .handoff-audit.yml: extend-packets: ["!handoff.json", '
        '"!handoff.md"]'
    ), setting
    repo.write(".handoff-audit.yml", setting.split(": ", 1)[1] + "\n")
    # with the packet's commit: a commit of its own would be work the packet does not cover
    assert run_fix(repo.root, "git add -A && git commit -q --amend --no-edit").returncode == 0
    assert run_hook(stop_event(repo.root)).code == 0
    data = json.loads((repo.root / ".handoff/feat-refunds.json").read_text(encoding="utf-8"))
    assert data["branch"] == BRANCH
    assert (repo.root / "handoff.json").read_text(encoding="utf-8") == theirs
    assert (repo.root / "handoff.md").read_text(encoding="utf-8") == notes


def test_blocked_with_a_packet_that_fails_the_schema(repo: GitRepo) -> None:
    data = packet(BRANCH, repo.head())
    del data["next_action"]
    write_packet(repo, data)
    repo.commit("handoff without a next action")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    assert "schema" in run.err
    command = the_command(run.err, "fix: ")
    assert command.startswith("handoff-audit update handoff.json ")
    assert command.endswith('--next-action "<the first thing the next session should do>"')
    done = run_fix(repo.root, command)
    assert done.returncode == 0, done.stderr
    repo.commit("handoff: next action")
    assert run_hook(stop_event(repo.root)).code == 0


def test_blocked_with_a_twin_that_disagrees(repo: GitRepo) -> None:
    """The twin edited last holds the newer text: the fix carries it into the packet."""
    fresh_packet(repo)
    twin = repo.root / "handoff.md"
    twin.write_text(twin.read_text(encoding="utf-8").replace("GBP", "USD"), encoding="utf-8")
    repo.commit("handoff")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    assert "md-mismatch" in run.err
    command = the_command(run.err, "fix: ")
    assert command == (
        "handoff-audit update handoff.json"
        " --next-action 'Fix USD rounding in src/refund.py.'"
        " --summary 'Refund rounding fixed for EUR; USD still open.'"
    )
    assert run_fix(repo.root, command).returncode == 0
    repo.commit("handoff: the twin's text in the packet")
    assert run_hook(stop_event(repo.root)).code == 0
    data = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert data["next_action"] == "Fix USD rounding in src/refund.py."


def _twin_with_notes(repo: GitRepo, next_action: str, note: str) -> Any:
    """A committed packet whose twin a person then edited: another next action and a "Notes"
    section, which is no field of the packet. Returns the stop hook's run, which blocks."""
    fresh_packet(repo)
    repo.commit("handoff")
    twin = repo.root / "handoff.md"
    text = twin.read_text(encoding="utf-8")
    text = text.replace("Fix GBP rounding in src/refund.py.", next_action)
    text = text.replace("## Summary", f"## Notes\n\n{note}\n\n## Summary")
    twin.write_text(text, encoding="utf-8")
    repo.commit("handoff: notes")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    return run


def _follow_the_fix(repo: GitRepo, command: str) -> dict[str, Any]:
    """Run the hook's fix, commit what it wrote, see the hook let the agent stop; the packet."""
    done = run_fix(repo.root, command)
    assert done.returncode == 0, done.stderr
    repo.commit("handoff: as the hook said")
    after = run_hook(stop_event(repo.root))
    assert after.code == 0, after.err
    data: dict[str, Any] = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    return data


def test_a_twin_edited_by_hand_loses_nothing_to_the_fix(repo: GitRepo) -> None:
    """What a person wrote in the twin (an edited next action, a section that is no field)
    goes into the packet before the twin is rendered again: nothing is dropped."""
    run = _twin_with_notes(
        repo, "Fix GBP rounding; read the notes.", "Fails only on CI: TZ differs."
    )
    command = the_command(run.err, "fix: ")
    assert not command.startswith("handoff-audit render"), command
    assert 'section "Notes" as traps' in run.err
    data = _follow_the_fix(repo, command)
    rendered = (repo.root / "handoff.md").read_text(encoding="utf-8")
    assert "Fails only on CI: TZ differs." in rendered
    assert "Fix GBP rounding; read the notes." in rendered
    assert data["next_action"] == "Fix GBP rounding; read the notes."
    assert data["traps"] == ["Notes: Fails only on CI: TZ differs."]


def test_the_reason_for_a_twin_s_own_text_never_says_render_write(repo: GitRepo) -> None:
    """The fix carries what a person wrote in the twin into the packet; the reason beside it
    states the finding without the rule's advice (`render --write`, which would drop that
    text), so that the agent is told one thing to do, and doing it clears the finding."""
    run = _twin_with_notes(repo, "Fix GBP rounding, then the report.", "Ask Ana about GBP.")
    assert "md-mismatch" in run.err
    assert "render --write" not in run.err, run.err
    command = the_command(run.err, "fix: ")
    assert command.startswith("handoff-audit update handoff.json "), command
    data = _follow_the_fix(repo, command)
    assert data["next_action"] == "Fix GBP rounding, then the report."
    assert data["traps"] == ["Notes: Ask Ana about GBP."]


def test_carried_summary_and_next_action_keep_their_code_spans(repo: GitRepo) -> None:
    """A text field carried from the twin keeps the backticks of its code spans, as a carried
    list item does; text escaped in the twin (rendered from the packet) is carried as the
    packet said it. The printed fix, run by bash as printed, leaves nothing to fix."""
    fresh_packet(repo, summary="Rounding of `amount` fixed.")
    repo.commit("handoff")
    twin = repo.root / "handoff.md"
    text = twin.read_text(encoding="utf-8")
    assert "Rounding of \\`amount\\` fixed." in text
    summary = "Rounding of \\`amount\\` fixed; `refund()` in `src/refunds.py` rounds half-even."
    text = text.replace("Rounding of \\`amount\\` fixed.", summary)
    text = text.replace("Fix GBP rounding in src/refund.py.", "Run `pytest -q tests/refunds`.")
    twin.write_text(text, encoding="utf-8")
    repo.commit("handoff: by hand")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    command = the_command(run.err, "fix: ")
    done = subprocess.run(
        ["bash", "-c", command], cwd=repo.root, env=_console_env(), capture_output=True, check=False
    )
    assert done.returncode == 0, done.stderr
    data = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert data["summary"] == (
        "Rounding of `amount` fixed; `refund()` in `src/refunds.py` rounds half-even."
    )
    assert data["next_action"] == "Run `pytest -q tests/refunds`."
    repo.commit("handoff: as the hook said")
    assert run_hook(stop_event(repo.root)).code == 0


def _console_env() -> dict[str, str]:
    """This environment, with its console scripts (``handoff-audit``) first on the path."""
    return {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}


DEPLOY = """
## How to deploy

1. Build with `make release`
2. Then run:

```bash
export FOO=1
./deploy.sh --prod
```

- caveat: never on Fridays
"""
"""A section a person adds to a twin: numbered items, code spans, a code block, a label."""


def test_carried_text_keeps_its_words_code_spans_labels_and_code_blocks(repo: GitRepo) -> None:
    """A code block has no field that keeps its lines: the fix has it moved by hand first,
    never re-rendered away or joined into one line; every other item reaches the packet with
    its backticks and its label, and the twin rendered from it says the same."""
    fresh_packet(repo)
    repo.commit("handoff")
    twin = repo.root / "handoff.md"
    twin.write_text(twin.read_text(encoding="utf-8") + DEPLOY, encoding="utf-8")
    repo.commit("handoff: how to deploy")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    command = the_command(run.err, "fix: ")
    text = twin.read_text(encoding="utf-8")
    line = text[: text.index("```bash")].count("\n") + 1
    assert command.startswith(
        f'move the code block at handoff.md:{line} (section "How to deploy") into a file'
    ), command
    block = text[text.index("```bash") : text.index("```\n", text.index("```bash") + 3) + 4]
    repo.write("scripts/deploy.sh", block.split("\n", 1)[1].rsplit("```", 1)[0])
    twin.write_text(text.replace(block, "See `scripts/deploy.sh`.\n"), encoding="utf-8")
    repo.commit("deploy steps in a script")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    command = the_command(run.err, "fix: ")
    traps = [
        "How to deploy: Build with `make release`",
        "How to deploy: Then run:",
        "How to deploy: See `scripts/deploy.sh`.",
        "How to deploy: caveat: never on Fridays",
    ]
    assert command.endswith(" ".join(f"--trap {shlex.quote(trap)}" for trap in traps)), command
    filled = re.sub(r'"<what the commits since [^"]*>"', "'Deploy steps in a script.'", command)
    done = run_fix(repo.root, filled)
    assert done.returncode == 0, done.stderr
    repo.commit("handoff: as the hook said")
    assert run_hook(stop_event(repo.root)).code == 0
    data = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert data["traps"] == traps
    assert twin.read_text(encoding="utf-8") == render_packet(data)
    assert "Build with \\`make release\\`" in twin.read_text(encoding="utf-8")


def test_refreshing_a_packet_keeps_what_its_twin_says(repo: GitRepo) -> None:
    """`update` renders the twin anew: the refresh of an outdated packet carries the twin's
    own text along."""
    fresh_packet(repo)
    twin = repo.root / "handoff.md"
    twin.write_text(
        twin.read_text(encoding="utf-8") + "\n## Notes\n\nAsk Ana about GBP.\n", encoding="utf-8"
    )
    repo.commit("handoff")
    repo.write("src/refunds.py", "def refund(amount):\n    return round(amount, 2)\n")
    repo.commit("refunds: rounding")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    command = the_command(run.err, "fix: ")
    assert command.startswith("handoff-audit update handoff.json --summary ")
    assert command.endswith(" --trap 'Notes: Ask Ana about GBP.'")
    filled = re.sub(r'"<what the commits since [^"]*>"', "'Refunds round to cents.'", command)
    done = run_fix(repo.root, filled)
    assert done.returncode == 0, done.stderr
    repo.commit("handoff: refreshed")
    assert run_hook(stop_event(repo.root)).code == 0
    assert "Ask Ana about GBP." in twin.read_text(encoding="utf-8")


def test_a_packet_edited_after_its_twin_keeps_its_fields(repo: GitRepo) -> None:
    """The packet changed by hand after its twin is the newer side: the twin is rendered from
    it, and only text the packet cannot hold (a section that is no field) is carried over."""
    fresh_packet(repo)
    twin = repo.root / "handoff.md"
    twin.write_text(
        twin.read_text(encoding="utf-8") + "\n## Notes\n\nAsk Ana about GBP.\n", encoding="utf-8"
    )
    data = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    data["next_action"] = "Fix GBP rounding in src/refund.py, then in the report."
    packet_file = repo.write("handoff.json", data)
    later = twin.stat().st_mtime + 10
    os.utime(packet_file, (later, later))
    repo.commit("handoff: next action by hand")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    command = the_command(run.err, "fix: ")
    assert command == "handoff-audit update handoff.json --trap 'Notes: Ask Ana about GBP.'"
    assert "handoff.json was changed after handoff.md: its fields stand" in run.err
    assert run_fix(repo.root, command).returncode == 0
    repo.commit("handoff: rendered")
    assert run_hook(stop_event(repo.root)).code == 0
    data = json.loads(packet_file.read_text(encoding="utf-8"))
    assert data["next_action"] == "Fix GBP rounding in src/refund.py, then in the report."
    assert "Ask Ana about GBP." in twin.read_text(encoding="utf-8")


def test_two_active_packets_one_is_superseded(repo: GitRepo) -> None:
    fresh_packet(repo)
    write_packet(repo, packet(BRANCH, repo.head()), ".handoff/default.json")
    repo.commit("two packets")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    lines = [line for line in run.lines if "multiple-active" in line]
    assert len(lines) == 1
    command = the_command(run.err, "fix: ")
    assert command == "handoff-audit supersede .handoff/default.json --by handoff.json"
    assert run_fix(repo.root, command).returncode == 0
    repo.commit("handoff: one active")
    assert run_hook(stop_event(repo.root)).code == 0


def test_of_two_active_packets_the_newest_stays_active(repo: GitRepo) -> None:
    """The fix is the command the finding gives: the older packet is superseded by the newer,
    whatever their paths sort as."""
    fresh_packet(repo)
    repo.commit("handoff", "2026-01-01T00:00:00Z")
    write_packet(repo, packet(BRANCH, repo.head(), next_action="Newer step."), ".handoff/x.json")
    repo.commit("a newer handoff", "2026-01-02T00:00:00Z")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    assert "keep the newest, .handoff/x.json" in run.err
    command = the_command(run.err, "fix: ")
    assert command == "handoff-audit supersede handoff.json --by .handoff/x.json"
    assert run_fix(repo.root, command).returncode == 0
    repo.commit("handoff: one active")
    assert run_hook(stop_event(repo.root)).code == 0
    kept = json.loads((repo.root / ".handoff/x.json").read_text(encoding="utf-8"))
    assert (kept["status"], kept["next_action"]) == ("active", "Newer step.")
    older = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert older["status"] == "superseded"


def test_a_handoff_that_links_out_of_the_repository_is_removed_not_edited(
    repo: GitRepo, tmp_path: Path
) -> None:
    """Editing a link writes the file it leads to (a hostile branch could aim it at
    ~/.bashrc): the fix removes the link, and leaves that file alone."""
    outside = tmp_path / "bashrc"
    outside.write_text("export PATH=/usr/bin\n", encoding="utf-8")
    (repo.root / "HANDOFF.md").symlink_to(outside)
    repo.commit("handoff")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    assert "HANDOFF.md invalid-json" in run.err
    assert "edit HANDOFF.md" not in run.err
    command = the_command(run.err, "fix: ")
    assert command.startswith("rm -f -- HANDOFF.md && handoff-audit new --summary ")
    done = run_fix(repo.root, command)
    assert done.returncode == 0, done.stderr
    assert not os.path.lexists(repo.root / "HANDOFF.md")
    assert outside.read_text(encoding="utf-8") == "export PATH=/usr/bin\n"
    repo.commit("handoff: a packet, not a link")
    assert run_hook(stop_event(repo.root)).code == 0


def test_a_hand_written_handoff_is_told_what_to_add(repo: GitRepo) -> None:
    """A hand-written handoff stays hand-written: the fix appends what it lacks."""
    repo.write("HANDOFF.md", "# Handoff\n\nSome notes.\n")
    repo.commit("notes")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    assert "HANDOFF.md:1 md-incomplete" in run.err
    command = the_command(run.err, "fix: ")
    assert command.startswith("printf ")
    assert command.endswith(" >> HANDOFF.md")
    # deleting it is only the finish once the work is done, which the merge gate asks for
    assert "rm " not in command
    assert (
        'or, when the work is finished: git rm -- HANDOFF.md && git commit -m "handoff: done"'
        in (run.err)
    )
    done = run_fix(repo.root, command)
    assert done.returncode == 0, done.stderr
    assert "## Next step" in (repo.root / "HANDOFF.md").read_text(encoding="utf-8")
    repo.commit("handoff: next step")
    assert run_hook(stop_event(repo.root)).code == 0


def test_a_next_step_section_holding_only_a_check_is_edited_not_repeated(repo: GitRepo) -> None:
    repo.write(
        "HANDOFF.md",
        "# Handoff\n\n## State\nFixed the off-by-one in src/refunds.py.\n\n## Next step\n\n"
        "Run the full test suite and check it passes.\n\n## Decisions\n- Kept the loop, "
        "changed the bound — a rewrite would touch the API\n\n## Ruled out\nNone.\n\n"
        "## Pointers\n- src/refunds.py\n",
    )
    repo.commit("handoff")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    assert (
        'HANDOFF.md:6 md-incomplete: no usable next step: the "## Next step" at line 6' in run.err
    )
    command = the_command(run.err, "fix: ")
    assert command.startswith("edit HANDOFF.md:6: ")
    assert ">> HANDOFF.md" not in run.err and "do not add a second one" in run.err


def test_the_since_then_fix_makes_the_new_step_the_brief_s_next_action(repo: GitRepo) -> None:
    repo.write(
        "SESSION_HANDOFF.md",
        "# Session handoff\n\n## State\nLogin stub added in src/login.py.\n\n## Next step\n"
        "Write tests/test_login.py covering bad passwords.\n\n## Decisions\n- Kept login in "
        "its own module because app.py is going away.\n\n## Tried and failed\n- flask-login: "
        "too heavy for this tool.\n\n## Pointers\n- src/login.py:1\n",
    )
    repo.write("src/login.py", "def login(): pass\n")
    repo.commit("handoff")
    repo.write("tests/test_login.py", "def test_bad(): pass\n")
    repo.commit("tests for bad passwords")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    assert "handoff-outdated" in run.err
    assert "or, when the work is finished: git rm -- SESSION_HANDOFF.md && git commit" in run.err
    command = the_command(run.err, "fix: ")
    context = since_then_brief(repo, command, "Add logout() to src/login.py.", "Wrote the tests.")
    first, written = context.split("\n(", 1)
    assert first == "Next action: Add logout() to src/login.py.", first  # the new step alone
    earlier = written.split("Steps written here before (delete those done):", 1)[1]
    assert "Write tests/test_login.py" in earlier, written  # kept below the new step, never lost


_SERIES_FILE = (
    "# Auth handoff {day}\n\n## State\nToken parsing done in src/auth.py.\n\n## Next step\n"
    "Add refresh tokens to src/auth.py.\n\n## Decisions\n- JWT over sessions because the API "
    "is stateless.\n\n## Ruled out\n- Cookie sessions: no server state allowed.\n\n"
    "## Pointers\n- src/auth.py\n"
)


def test_a_branch_without_a_handoff_in_a_series_repository_is_offered_the_next_dated_file(
    git_repo: GitRepo,
) -> None:
    git_repo.write("src/auth.py", "def parse(): pass\n")
    git_repo.write("docs/handoffs/2026-12-03-auth.md", _SERIES_FILE.format(day="2026-12-03"))
    git_repo.commit("auth, merged with its handoff series")
    git_repo.git("checkout", "-q", "-b", "feat/refresh")
    git_repo.write("src/auth.py", "def parse(): pass\ndef refresh(): pass\n")
    git_repo.commit("refresh tokens")
    run = run_hook(stop_event(git_repo.root))
    assert_blocked(run)
    assert "fix: handoff-audit new " in run.err
    also = the_command(run.err, "or, as this repository keeps its handoffs as a dated series")
    assert also.startswith("in docs/handoffs/, write the next one")
    named = re.search(r"docs/handoffs/(\d{4}-\d{2}-\d{2})-<topic>\.md", also)
    assert named is not None
    git_repo.write(
        f"docs/handoffs/{named[1]}-refresh.md",
        _SERIES_FILE.format(day=named[1]).replace("Add refresh tokens", "Expire refresh tokens"),
    )
    git_repo.commit("handoff: refresh")
    assert run_hook(stop_event(git_repo.root)).code == 0


TEMPLATE = """\
# Next Session

**Date:** YYYY-MM-DD
**Branch:** <branch-name>
**Author:** [your name]

## Where we are
[2-3 sentences describing current progress]

## Next steps
- [ ]
- [ ]

## Decisions
- [decision] — [why]
"""


def test_an_unfilled_template_is_told_a_fix_that_clears_it(repo: GitRepo) -> None:
    """Nothing appended to a template counts while its blanks are there: the fix, run as
    printed with its blanks filled in, leaves no template behind, and the session may stop."""
    repo.write("NEXT_SESSION.md", TEMPLATE)
    repo.commit("handoff template")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    assert "NEXT_SESSION.md:3 " in run.err
    command = the_command(run.err, "fix: ")
    done = run_fix(repo.root, command)
    assert done.returncode == 0, done.stderr
    repo.commit("handoff: filled in")
    again = run_hook(stop_event(repo.root))
    assert "still a template" not in again.err
    assert again.code == 0, again.err


def test_blocked_by_uncommitted_work_beside_a_fresh_packet(repo: GitRepo) -> None:
    fresh_packet(repo)
    repo.commit("handoff")
    repo.write("src/refunds.py", "def refund(amount):\n    return -amount\n")
    repo.write("notes.txt", "scratch\n")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    assert "uncommitted changes in notes.txt, src/refunds.py" in run.err
    command = 'git add -- notes.txt src/refunds.py && git commit -m "<what the change does>"'
    assert the_command(run.err, "fix: ") == command
    assert "add them to .gitignore instead" in run.err
    assert "git add -A" not in run.err
    assert "handoff.json" not in run.err


def _run_every_fix(repo: GitRepo, err: str) -> list[str]:
    """Run each fix the hook printed, in its order, as an agent would; the commands."""
    commands = [line.split("fix: ", 1)[1].strip() for line in err.splitlines() if "fix: " in line]
    for command in commands:
        done = run_fix(repo.root, command)
        assert done.returncode == 0, f"{command}\n{done.stdout}{done.stderr}"
    return commands


@pytest.mark.parametrize("edited", ["handoff.md", "handoff.json"])
def test_the_fixes_for_an_edited_packet_file_run_in_order_pass_the_pre_commit_hook(
    repo: GitRepo, edited: str
) -> None:
    """An uncommitted packet or twin that disagree: committing it first is what the
    pre-commit hook refuses, so the twin fix comes first and the commit takes what it wrote."""
    fresh_packet(repo)
    repo.commit("handoff")
    with_pre_commit(repo.root)
    file = repo.root / edited
    text = file.read_text(encoding="utf-8")
    file.write_text(text.replace("Fix GBP rounding", "Fix GBP and USD rounding"), encoding="utf-8")

    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    commands = _run_every_fix(repo, run.err)
    assert commands[-1].startswith("git add -- handoff.json handoff.md && git commit"), commands
    assert repo.git("status", "--porcelain") == ""
    assert run_hook(stop_event(repo.root)).code == 0
    data = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert data["next_action"].startswith("Fix GBP and USD rounding")


def test_blocked_by_uncommitted_work_on_a_branch_without_commits(git_repo: GitRepo) -> None:
    git_repo.write("README.md", "# shop\n")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", BRANCH)
    git_repo.write("src/refunds.py", "x = 1\n")
    run = run_hook(stop_event(git_repo.root))
    assert_blocked(run)
    assert "no active handoff" in run.err
    assert "uncommitted changes in src/refunds.py" in run.err


def test_a_stop_after_a_block_it_kept_no_count_of_is_judged(repo: GitRepo) -> None:
    run = run_hook(stop_event(repo.root, active=True))
    assert_blocked(run)
    assert "no active handoff" in run.err


def test_subagent_stop_blocks_too(repo: GitRepo) -> None:
    assert run_hook(stop_event(repo.root, event="SubagentStop")).code == 2


def test_precompact_only_reports_by_default(repo: GitRepo) -> None:
    run = run_hook(stop_event(repo.root, event="PreCompact"))
    assert run.code == 0
    assert "advisory" in run.lines[0]
    assert "no active handoff" in run.said


def test_configured_events_and_rules(repo: GitRepo) -> None:
    repo.write(
        ".handoff-audit.yml",
        "agent-hook:\n  events: [PreCompact]\n  rules: [schema]\n",
    )
    fresh_packet(repo)
    repo.commit("handoff")
    repo.write("src/refunds.py", "def refund(amount):\n    return round(amount, 2)\n")
    repo.commit("refunds: rounding")
    # packet-outdated does not block when only schema findings do.
    assert run_hook(stop_event(repo.root, event="PreCompact")).code == 0
    # Stop is no longer a blocking event: the missing packet is only reported.
    (repo.root / "handoff.json").unlink()
    (repo.root / "handoff.md").unlink()
    repo.commit("drop the packet")
    repo.write("src/refunds.py", "def refund(amount):\n    return round(amount, 3)\n")
    repo.commit("refunds: more rounding")
    stop = run_hook(stop_event(repo.root))
    assert stop.code == 0
    assert "advisory" in stop.said
    assert run_hook(stop_event(repo.root, event="PreCompact")).code == 2


def test_protected_branch_needs_no_packet(git_repo: GitRepo) -> None:
    git_repo.write("README.md", "# shop\n")
    git_repo.commit("init")
    git_repo.write("src/app.py", "x = 1\n")
    run = run_hook(stop_event(git_repo.root))
    assert run.code == 0
    assert "protected branch" in run.err


def test_branch_without_work_of_its_own_needs_no_packet(git_repo: GitRepo) -> None:
    git_repo.write("README.md", "# shop\n")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "question")
    run = run_hook(stop_event(git_repo.root))
    assert run.code == 0
    assert "no work of its own" in run.err


def test_runs_from_a_subfolder_of_the_work_tree(repo: GitRepo) -> None:
    run = run_hook(stop_event(repo.root / "src"))
    assert run.code == 2
    assert "no active handoff" in run.err


def test_allowed_from_a_subfolder_and_git_asked_each_thing_once(repo: GitRepo) -> None:
    """The audit reuses the repository and refs the hook read from a subfolder; the common
    stop (a current packet) costs 8 git processes: rev-parse, for-each-ref, ls-files,
    cat-file, rev-list, the packets' status and log, and the work tree's status."""
    fresh_packet(repo)
    repo.commit("handoff")
    assert run_hook(stop_event(repo.root / "src")).code == 0
    start = plumbing.spawn_count()
    gate = judge(repo.root / "src")
    assert plumbing.spawn_count() - start == 8
    assert gate.problems == [] and gate.branch == BRANCH
    assert [p.path for p in gate.packets] == ["handoff.json"]


def test_another_branch_s_packet_does_not_count(repo: GitRepo) -> None:
    write_packet(repo, packet("feat/other", repo.head()), ".handoff/other.json")
    repo.commit("someone else's packet")
    run = run_hook(stop_event(repo.root))
    assert run.code == 2
    assert "no active handoff" in run.err
    assert ".handoff/other.json:3 branch-mismatch" in run.err


def test_an_archive_not_committed_is_asked_only_for_its_commit(repo: GitRepo) -> None:
    """The finish in the work tree: committing it is all that is left, never a new packet
    (which the merge gate would then fail, asking for the archive again)."""
    fresh_packet(repo)
    repo.commit("handoff")
    done = run_fix(repo.root, "handoff-audit archive")
    assert done.returncode == 0, done.stderr
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    assert "handoff-audit new" not in run.err
    assert "no active handoff" not in run.err
    command = the_command(run.err, "fix: ")
    assert command == 'git add -- handoff.json handoff.md && git commit -m "<what the change does>"'
    assert run_fix(repo.root, command).returncode == 0
    assert run_hook(stop_event(repo.root)).code == 0


@pytest.mark.parametrize(
    "finish",
    [
        "git rm -q HANDOFF.md",
        "rm HANDOFF.md",
        "mkdir -p docs/handoffs && git mv HANDOFF.md docs/handoffs/2026-12-01-refunds.md",
    ],
    ids=["git rm", "rm", "git mv into a series"],
)
def test_a_working_note_finished_in_the_tree_gets_a_commit_that_runs(
    repo: GitRepo, finish: str
) -> None:
    repo.write("HANDOFF.md", "# Handoff\n\n## Next step\n\nRound GBP in src/refunds.py.\n")
    repo.commit("notes")
    assert run_fix(repo.root, finish).returncode == 0
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    assert "handoff-audit new" not in run.err
    assert run.err.count("fix: ") == 1
    command = the_command(run.err, "fix: ")
    done = run_fix(repo.root, command)
    assert done.returncode == 0, f"{command}\n{done.stderr}"
    assert repo.git("status", "--porcelain") == ""
    assert run_hook(stop_event(repo.root)).code == 0


def test_a_finished_branch_asks_only_to_commit_or_ignore_a_scratch_file(repo: GitRepo) -> None:
    repo.write("SESSION_HANDOFF.md", "# Handoff\n\n## Next step\n\nRound GBP in src/refunds.py.\n")
    repo.commit("handoff")
    repo.git("rm", "-q", "--", ":/SESSION_HANDOFF.md")
    repo.commit("handoff: done")
    assert run_hook(stop_event(repo.root)).code == 0
    repo.write("notes.txt", "scratch\n")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    assert "uncommitted changes in notes.txt" in run.err
    assert "add them to .gitignore instead" in run.err
    assert "handoff-audit new" not in run.err
    repo.write(".gitignore", "notes.txt\n")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    assert "uncommitted changes in .gitignore" in run.err
    assert ".gitignore instead" not in run.err
    assert "handoff-audit new" not in run.err
    command = the_command(run.err, "fix: ")
    assert run_fix(repo.root, command).returncode == 0
    allowed = run_hook(stop_event(repo.root))
    assert allowed.code == 0, allowed.err
    assert "has handed its work over: SESSION_HANDOFF.md was deleted" in allowed.err
    # Work committed after the finish reopens the branch.
    repo.write("src/refunds.py", "def refund(amount):\n    return round(amount, 2)\n")
    repo.commit("refunds: round")
    reopened = run_hook(stop_event(repo.root))
    assert_blocked(reopened)
    assert "no active handoff (its work: .gitignore, src/refunds.py); write one" in reopened.err


def test_a_packet_inherited_from_the_parent_branch_is_archived_here_then_new(
    repo: GitRepo,
) -> None:
    parent = fresh_packet(repo)
    repo.commit("handoff")
    repo.git("checkout", "-q", "-b", f"{BRANCH}-gbp")
    repo.write("src/refunds.py", "def refund(amount):\n    return round(amount, 2)\n")
    repo.commit("refunds: GBP")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    assert f"handoff.json:3 branch-mismatch: this active packet is for branch `{BRANCH}`" in run.err
    command = the_command(run.err, "fix: ")
    assert command.startswith("handoff-audit archive handoff.json && git add -- ")
    done = run_fix(repo.root, command)
    assert done.returncode == 0, f"{command}\n{done.stderr}"
    data = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert (data["branch"], data["status"]) == (f"{BRANCH}-gbp", "active")
    repo.commit("handoff of the GBP branch")
    assert run_hook(stop_event(repo.root)).code == 0
    # The parent branch's packet keeps its meaning there: active, untouched.
    kept = json.loads(repo.git("show", f"{BRANCH}:handoff.json"))
    assert kept == parent
    archived = repo.git("log", "-1", "--skip=1", "--format=%s", "--", "handoff.json")
    assert archived == f"handoff: archive the packet of {BRANCH} here"


@pytest.mark.parametrize(
    "stdin",
    [
        b"",
        b"not json at all",
        b"[1, 2, 3]",
        b'"Stop"',
        b'{"hook_event_name": 5}',
        b"\xff\xfe\x00garbage",
        b'{"hook_event_name": "Stop", "cwd": "/nonexistent/folder/for/sure"}',
        b'{"hook_event_name": "Stop", "cwd": 12}' + b" " * 10,
        b"[" * 100_000,
        b'{"a": "' + b"x" * (2 * 1024 * 1024) + b'"}',
    ],
)
def test_never_crashes_on_garbage(stdin: bytes, tmp_path: Path) -> None:
    run = run_hook(stdin, cwd=tmp_path)
    assert run.code == 0
    assert len(run.lines) == 1, run.err
    assert run.err.startswith("handoff-audit hook: ")
    assert "Traceback" not in run.err


def test_outside_a_repository_lets_the_session_end(tmp_path: Path) -> None:
    run = run_hook(stop_event(tmp_path))
    assert run.code == 0
    note = f"handoff-audit hook: {tmp_path} is not inside a git work tree; not judging"
    assert run.lines == [note]


def test_broken_configuration_lets_the_session_end(git_repo: GitRepo) -> None:
    git_repo.write(".handoff-audit.yml", "agent-hook:\n  events: [Stopp]\n")
    repo = feature_repo(git_repo, BRANCH)  # committed on main: not the branch's doing
    run = run_hook(stop_event(repo.root))
    assert run.code == 0
    assert len(run.lines) == 1
    assert "agent-hook" in run.err
    assert "Traceback" not in run.err


def test_many_problems_fit_in_twelve_lines(repo: GitRepo) -> None:
    for number in range(15):
        repo.write(f".handoff/t{number}.json", "{,}\n")
    repo.commit("fifteen broken packets")
    run = run_hook(stop_event(repo.root))
    assert_blocked(run)
    assert len(run.lines) <= 12
    assert "more: run `handoff-audit check`" in run.err


def test_as_a_git_pre_push_hook(repo: GitRepo, tmp_path: Path) -> None:
    """The README's pre-push hook: a push of a branch with work and no packet is refused."""
    import os
    import subprocess
    import sys

    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    repo.git("remote", "add", "origin", str(remote))
    hook = repo.root / ".git" / "hooks" / "pre-push"
    hook.write_text(
        '#!/bin/sh\necho \'{"hook_event_name": "Stop"}\' | handoff-audit hook\n',
        encoding="utf-8",
    )
    hook.chmod(0o755)
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}

    def push() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["git", "push", "-q", "origin", BRANCH],
            cwd=repo.root,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )

    refused = push()
    assert refused.returncode != 0
    assert "no active handoff" in refused.stderr
    fresh_packet(repo)
    repo.commit("handoff")
    accepted = push()
    assert accepted.returncode == 0, accepted.stderr


def test_a_terminal_on_standard_input_is_not_waited_for(tmp_path: Path) -> None:
    import os
    import pty
    import subprocess

    from agent_support import hook_command

    leader, follower = pty.openpty()
    try:
        done = subprocess.run(
            hook_command(), stdin=follower, capture_output=True, cwd=tmp_path, timeout=120
        )
    finally:
        os.close(leader)
        os.close(follower)
    assert done.returncode == 0
    assert b"reads one hook event as JSON on standard input" in done.stderr


IGNORED = (
    "handoff-audit: warning: .handoff-audit.yml and .handoff-audit.yaml both configure "
    "handoff-audit; .handoff-audit.yml is used"
)


def shadowing_configuration(repo: GitRepo) -> Path:
    """A committed .handoff-audit.yml, and the path of a .handoff-audit.yaml beside it that git
    does not see (excluded), so that writing or deleting it changes nothing else."""
    repo.write(".handoff-audit.yml", "keep-last: 5\n")
    repo.commit("configuration")
    (repo.root / ".git" / "info" / "exclude").write_text(".handoff-audit.yaml\n")
    return repo.root / ".handoff-audit.yaml"


def test_a_configuration_file_ignored_is_named_when_the_hook_blocks_or_reports(
    repo: GitRepo,
) -> None:
    ignored = shadowing_configuration(repo)
    before = run_hook(stop_event(repo.root), repo.root)
    advisory_before = run_hook(stop_event(repo.root, event="PreCompact"), repo.root)
    ignored.write_text("keep-last: 1\n")
    blocked = run_hook(stop_event(repo.root), repo.root)
    assert_blocked(blocked)
    assert blocked.lines[:-1] == before.lines  # the same reasons and fixes, then the warning
    assert blocked.lines[-1].startswith(IGNORED)
    assert blocked.out == ""
    advisory = run_hook(stop_event(repo.root, event="PreCompact"), repo.root)
    assert advisory.code == 0
    assert advisory.lines[:-1] == advisory_before.lines
    assert advisory.lines[-1].startswith(IGNORED)


def test_a_configuration_file_ignored_stays_unsaid_when_the_hook_lets_the_session_end(
    repo: GitRepo,
) -> None:
    ignored = shadowing_configuration(repo)
    ignored.write_text("keep-last: 1\n")
    fresh_packet(repo)
    repo.commit("handoff")
    run = run_hook(stop_event(repo.root), repo.root)
    assert (run.code, run.out, run.err) == (0, "", "")
    repo.git("checkout", "-q", "main")  # a protected branch: allowed, with its note
    protected = run_hook(stop_event(repo.root), repo.root)
    ignored.unlink()
    assert run_hook(stop_event(repo.root), repo.root) == protected
    assert protected.code == 0 and "protected branch" in protected.err
    assert "warning" not in protected.err


def test_a_configuration_file_ignored_is_named_when_the_hook_cannot_judge(repo: GitRepo) -> None:
    ignored = shadowing_configuration(repo)
    (repo.root / ".git" / "index").write_text("garbage\n")  # git status fails
    before = run_hook(stop_event(repo.root), repo.root)
    assert before.code == 0 and "not judging" in before.err
    ignored.write_text("keep-last: 1\n")
    run = run_hook(stop_event(repo.root), repo.root)
    assert run.code == 0
    assert run.lines[:-1] == before.lines
    assert run.lines[-1].startswith(IGNORED)
    # Warnings on a stop let go are shown to the user once: the JSON answer's systemMessage.
    assert json.loads(run.out) == {"systemMessage": "\n".join(run.lines)}
    assert run.err == ""
