"""`handoff-audit new` in real git repositories."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from agent_support import Session
from authoring_support import on_feature_branch, packet_json
from handoff_audit.markdown import render_packet

REQUIRED = ["--summary", "Idempotency keys stored.", "--verdict-pointer", "reports/junit.xml"]


def _new(run_cli: Any, repo: Any, *args: str) -> Any:
    return run_cli(
        ["new", *REQUIRED, "--next-action", "Fix the duplicate check.", *args], cwd=repo.root
    )


@pytest.fixture
def repo(git_repo: Any) -> Any:
    return on_feature_branch(git_repo)


def test_topic_help_names_the_files_new_writes_with_and_without_it(repo: Any, run_cli: Any) -> None:
    help_text = " ".join(run_cli(["new", "--help"]).out.split())
    assert "the packet is .handoff/TOPIC.json (without --topic: handoff.json" in help_text
    assert _new(run_cli, repo).code == 0
    assert (repo.root / "handoff.json").is_file()
    assert not (repo.root / ".handoff").exists()


def test_writes_packet_and_twin_from_git(repo: Any, run_cli: Any) -> None:
    lkg = repo.head()
    repo.write("src/refunds.py", "x = 1\n")
    repo.commit("refunds")
    result = _new(
        run_cli,
        repo,
        "--title",
        "Refunds",
        "--last-known-good",
        lkg,
        "--target-branch",
        "main",
        "--risk",
        "old clients retry: see https://example.com/a:b",
        "high",
        "--decision",
        "see http://example.com/x:too slow",
        "the body is signed: twice",
        "--ruled-out",
        "a lock per refund",
        "deadlocks",
        "--failed",
        "retrying in the client",
        "--trap",
        "the sandbox API ignores keys",
        "--pointer",
        "src/refunds.py:1",
    )
    assert result.code == 0, result.err
    data = packet_json(repo)
    assert data["branch"] == "feat/refunds"
    assert data["last_known_good_commit"] == lkg
    assert data["status"] == "active"
    assert data["changed_files"] == ["src/refunds.py"]
    assert data["open_risks"] == [
        {"what": "old clients retry: see https://example.com/a:b", "severity": "high"}
    ]
    assert data["decisions"] == [
        {"decision": "see http://example.com/x:too slow", "why": "the body is signed: twice"}
    ]
    assert data["ruled_out"] == [{"what": "a lock per refund", "why": "deadlocks"}]
    assert data["failed_attempts"] == ["retrying in the client"]
    assert (repo.root / "handoff.md").read_text() == render_packet(data)
    check = run_cli(
        ["check", "--select", "schema,md-missing,md-mismatch,placeholder", "."], cwd=repo.root
    )
    assert check.code == 0, check.out


def test_changed_files_default_to_the_first_protected_branch_that_exists(
    repo: Any, run_cli: Any
) -> None:
    repo.write("src/refunds.py", "x = 1\n")
    repo.commit("refunds")
    repo.write("src/more.py", "y = 2\n")
    repo.commit("more")
    repo.write(".handoff-audit.yml", "protected-branches: [trunk, 'rel*', main]\n")
    repo.commit("config")
    result = _new(run_cli, repo)
    assert result.code == 0, result.err
    # the configuration is the tool's own setup, no work of the branch (as packet-outdated)
    assert packet_json(repo)["changed_files"] == ["src/more.py", "src/refunds.py"]


def test_without_verify_head_is_taken_on_trust_and_said(repo: Any, run_cli: Any) -> None:
    result = _new(run_cli, repo)
    assert result.code == 0, result.err
    assert packet_json(repo)["last_known_good_commit"] == repo.head()
    assert "on trust" in result.err and "--verify" in result.err


def test_refuses_without_next_action(repo: Any, run_cli: Any) -> None:
    result = run_cli(["new", *REQUIRED], cwd=repo.root)
    assert result.code == 2
    assert "--next-action" in result.err and "status report" in result.err
    assert "Traceback" not in result.err
    blank = run_cli(["new", *REQUIRED, "--next-action", "  "], cwd=repo.root)
    assert blank.code == 2
    assert not (repo.root / "handoff.json").exists()


@pytest.mark.parametrize(
    ("flag", "value", "message"),
    [
        ("--next-action", "TODO", 'next_action is a placeholder ("TODO")'),
        ("--next-action", "<next step here>", "next_action is a placeholder"),
        ("--summary", "TBD", 'summary is a placeholder ("TBD"); say what this session did'),
    ],
)
def test_placeholders_are_refused_in_the_rules_words(
    repo: Any, run_cli: Any, flag: str, value: str, message: str
) -> None:
    args = {"--summary": "Keys stored.", "--next-action": "Fix it.", flag: value}
    result = run_cli(
        ["new", "--verdict-pointer", "r.xml", *[x for kv in args.items() for x in kv]],
        cwd=repo.root,
    )
    assert result.code == 2
    assert message in result.err and "placeholder" in result.err
    assert not (repo.root / "handoff.json").exists()


def test_output_outside_the_packets_globs_is_refused(repo: Any, run_cli: Any) -> None:
    result = _new(run_cli, repo, "--output", "docs/session.json")
    assert result.code == 2
    assert "docs/session.json" in result.err and "`packets`" in result.err
    assert result.err.endswith(
        '(the globs in use are kept) in .handoff-audit.yml: extend-packets: ["docs/session.json"]\n'
    )
    assert not (repo.root / "docs").exists()
    repo.write(".handoff-audit.yml", 'extend-packets: ["docs/session.json"]\n')
    repo.write("SESSION_STATE.md", "# State\n\n## Next step\nShip it.\n")  # a default name
    repo.commit("config")
    written = _new(run_cli, repo, "--output", "docs/session.json")
    assert written.code == 0, written.err
    check = run_cli(["check", "--format", "json", "."], cwd=repo.root)
    assert [p["path"] for p in check.json()["packets"]] == ["SESSION_STATE.md", "docs/session.json"]


def test_output_whose_twin_is_a_working_notes_name_is_refused(repo: Any, run_cli: Any) -> None:
    """``--output HANDOFF.json`` wrote a ``HANDOFF.md`` twin that the merge gate blocks
    whatever it holds, without a word; `new` refuses it in one line naming the name to use, and
    that name passes the gate once the packet is archived."""
    result = _new(run_cli, repo, "--output", "HANDOFF.json")
    assert result.code == 2, result.out
    assert result.err == (
        "handoff-audit: error: HANDOFF.json: its twin would be HANDOFF.md, a name `block-files` "
        "gives a working note, which the merge gate blocks whatever it holds; write the packet "
        "under another name: run `new` again with --output handoff.json\n"
    )
    assert not (repo.root / "HANDOFF.json").exists() and not (repo.root / "HANDOFF.md").exists()
    assert _new(run_cli, repo, "--output", "handoff.json").code == 0
    assert run_cli(["archive", "handoff.json"], cwd=repo.root).code == 0
    repo.commit("handoff: done")
    gate = run_cli(["check", "--target-branch", "main"], cwd=repo.root)
    assert gate.code == 0, gate.out
    # a configuration that does not block HANDOFF.md lets it be written
    repo.git("rm", "-q", "handoff.json", "handoff.md")
    repo.write(".handoff-audit.yml", 'block-files: ["**/NOTES.md"]\n')
    repo.commit("config")
    assert _new(run_cli, repo, "--output", "HANDOFF.json").code == 0


@pytest.mark.parametrize("output", [".git/x.json", "sub/.GIT/x.json", "gitlink/x.json"])
def test_output_inside_git_folder_is_refused_without_glob_advice(
    repo: Any, run_cli: Any, output: str
) -> None:
    """Git's own folder is never committed and never read by `check`: `new`, `update` and
    `render --write` refuse to write there in one line, and never advise a `packets` glob
    (which, followed, would let `new` write a packet no audit sees)."""
    (repo.root / "gitlink").symlink_to(".git")
    refusal = "inside git's own folder (.git), which git never commits and `check` never reads"
    result = _new(run_cli, repo, "--output", output)
    assert result.code == 2 and result.err.count("\n") == 1, result.err
    assert f"--output {output}: {refusal}" in result.err
    assert "`packets`" not in result.err and ".handoff-audit.yml" not in result.err
    # the glob the old advice asked for, added: still refused, nothing written
    repo.write(".handoff-audit.yml", f'packets: ["**/handoff.json", "{output}"]\n')
    repo.commit("config")
    again = _new(run_cli, repo, "--output", output)
    assert again.code == 2 and refusal in again.err, again.err
    assert not list((repo.root / ".git").glob("x.*"))
    assert not (repo.root / "sub").exists()
    # update and render --write of a packet copied there refuse too
    written = _new(run_cli, repo)
    assert written.code == 0, written.err
    (repo.root / ".git" / "y.json").write_bytes((repo.root / "handoff.json").read_bytes())
    for command in (
        ["update", ".git/y.json", "--next-action", "M."],
        ["render", "--write", ".git/y.json"],
    ):
        refused = run_cli(command, cwd=repo.root)
        assert refused.code == 2 and refused.err.count("\n") == 1, refused.err
        assert "git's own folder (.git)" in refused.err and "`packets`" not in refused.err
    assert not (repo.root / ".git" / "y.md").exists()


def _advice(err: str, syntax: str) -> tuple[str, str]:
    """The configuration file and the line that `new --output`'s refusal says to write."""
    found = re.search(rf"in (\S+): (extend-packets{syntax}\[.*\])$", err.strip())
    assert found, err
    return found.group(1), found.group(2)


def _finds_both(run_cli: Any, repo: Any, output: str) -> None:
    """`new --output` now writes ``output``, and `check` still finds the handoffs the
    default globs find beside it."""
    written = _new(run_cli, repo, "--output", output, "--topic", "session")
    assert written.code == 0, written.err
    check = run_cli(["check", "--format", "json", "."], cwd=repo.root)
    assert {p["path"] for p in check.json()["packets"]} >= {output, "docs/HANDOFF.md"}


@pytest.fixture
def noted(repo: Any) -> Any:
    """``repo`` with a hand-written handoff that only the default `packets` globs find."""
    repo.write("docs/HANDOFF.md", "# Handoff\n\nNext: review the refunds.\n")
    repo.commit("handoff")
    return repo


def test_output_advice_keeps_the_default_globs(noted: Any, run_cli: Any) -> None:
    result = _new(run_cli, noted, "--output", "work/session[1].json")
    assert result.code == 2 and result.err.count("\n") == 1
    where, line = _advice(result.err, ": ")
    assert where == ".handoff-audit.yml" and line == 'extend-packets: ["work/session[[]1].json"]'
    noted.write(where, line + "\n")  # the advice followed literally
    noted.commit("config as advised")
    _finds_both(run_cli, noted, "work/session[1].json")


def test_output_advice_is_in_the_users_syntax(noted: Any, run_cli: Any) -> None:
    pyproject = '[project]\nname = "shop"\n\n[tool.handoff-audit]\nmax-age-days = 30\n'
    noted.write("pyproject.toml", pyproject)
    noted.commit("pyproject")
    result = _new(run_cli, noted, "--output", "work/session.json")
    assert result.code == 2
    assert "under [tool.handoff-audit] in pyproject.toml: extend-packets = [" in result.err
    where, line = _advice(result.err, " = ")
    noted.write(where, pyproject + line + "\n")
    noted.commit("config as advised")
    _finds_both(run_cli, noted, "work/session.json")


def test_a_dirty_workbench_is_refused_naming_each_path(repo: Any, run_cli: Any) -> None:
    repo.write("src/app.py", "print('changed')\n")
    repo.write("scratch.tmp", "stray\n")
    repo.write(".gitignore", "*.log\n")
    repo.write("debug.log", "ignored\n")
    result = _new(run_cli, repo, "--verify", "touch verified")
    assert result.code == 2
    assert "src/app.py (modified)" in result.err and "scratch.tmp (untracked)" in result.err
    assert ".gitignore (untracked)" in result.err and "debug.log" not in result.err
    assert "--allow-dirty" in result.err
    assert not (repo.root / "handoff.json").exists()
    assert not (repo.root / "verified").exists(), "the workbench check comes before --verify"


def test_allow_dirty_writes_and_records_the_dirt(repo: Any, run_cli: Any) -> None:
    repo.write("src/app.py", "print('changed')\n")
    repo.write("scratch.tmp", "stray\n")
    result = _new(run_cli, repo, "--allow-dirty", "--verify", "true")
    assert result.code == 0, result.err
    data = packet_json(repo)
    assert " plus uncommitted changes on " in data["commands_run"][0]["note"]
    (risk,) = data["open_risks"]
    assert "src/app.py (modified)" in risk["what"] and "scratch.tmp" in risk["what"]
    assert "scratch.tmp" not in data["changed_files"]
    assert data["changed_files"] == ["src/app.py"]


def test_new_where_an_active_packet_exists_names_update_and_supersede(
    repo: Any, run_cli: Any
) -> None:
    assert _new(run_cli, repo, "--topic", "refund").code == 0
    packet = repo.root / ".handoff" / "refund.json"
    before = packet.read_bytes()
    again = _new(run_cli, repo, "--topic", "refund", "--summary", "Other.")
    assert again.code == 2
    assert "update" in again.err and "supersede .handoff/refund.json" in again.err
    assert packet.read_bytes() == before
    elsewhere = _new(run_cli, repo, "--topic", "refund", "--output", ".handoff/v2.json")
    assert elsewhere.code == 2 and "already has an active packet" in elsewhere.err
    assert not (repo.root / ".handoff" / "v2.json").exists()
    other_topic = _new(run_cli, repo, "--topic", "search")
    assert other_topic.code == 0, other_topic.err


def test_supersede_then_new_starts_over(repo: Any, run_cli: Any) -> None:
    assert _new(run_cli, repo, "--topic", "refund").code == 0
    done = run_cli(["supersede", ".handoff/refund.json"], cwd=repo.root)
    assert done.code == 0, done.err
    result = _new(run_cli, repo, "--topic", "refund", "--output", ".handoff/refund-v2.json")
    assert result.code == 0, result.err
    # Its path names the successor once `new` has written it.
    done = run_cli(
        ["supersede", ".handoff/refund.json", "--by", ".handoff/refund-v2.json"], cwd=repo.root
    )
    assert done.code == 0, done.err
    old = packet_json(repo, ".handoff/refund.json")
    assert old["status"] == "superseded"
    assert old["superseded_by"] == ".handoff/refund-v2.json"
    check = run_cli(["check", "--select", "multiple-active,md-mismatch", "."], cwd=repo.root)
    assert check.code == 0, check.out


def test_log_keeps_the_last_entries_and_every_failure(repo: Any, run_cli: Any) -> None:
    entries = [{"cmd": f"step {i}", "exit": 1 if i in (0, 3, 10) else 0} for i in range(12)]
    entries[3]["note"] = "flaky"
    log = repo.root.parent / "log.jsonl"
    log.write_text("\n".join(json.dumps(e) for e in entries) + "\n\n")
    assert _new(run_cli, repo, "--log", str(log)).code == 0
    data = packet_json(repo)
    assert [c["cmd"] for c in data["commands_run"]] == [
        "step 0",
        "step 3",
        "step 7",
        "step 8",
        "step 9",
        "step 10",
        "step 11",
    ]
    assert data["commands_run"][1] == {"cmd": "step 3", "exit": 1, "note": "flaky"}
    check = run_cli(["check", "--select", "log-untrimmed", "."], cwd=repo.root)
    assert check.code == 0 and "log-untrimmed" not in check.out


def test_log_dash_reads_standard_input(
    repo: Any, run_cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = '{"cmd": "pytest -k \\"a:b\\"", "exit": 0, "note": "see https://x.example/1"}\n'
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    assert _new(run_cli, repo, "--log", "-").code == 0
    assert packet_json(repo)["commands_run"] == [
        {"cmd": 'pytest -k "a:b"', "exit": 0, "note": "see https://x.example/1"}
    ]


def test_bad_log_line_is_a_one_line_error(repo: Any, run_cli: Any) -> None:
    log = repo.root.parent / "log.jsonl"
    log.write_text('{"cmd": "make", "exit": 0}\n{"cmd": "pytest", "exit": "one"}\n')
    result = _new(run_cli, repo, "--log", str(log))
    assert result.code == 2
    assert f"{log}:2" in result.err and '"exit" must be an integer' in result.err


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["--decision", "key in a header:the body is signed", "--trap", "x"], "--decision"),
        (["--decision", "key in a header:the body is signed"], "--decision"),
        (["--ruled-out", "a lock:deadlocks"], "--ruled-out"),
        (["--risk", "old clients retry:high", "--pointer", "a.py"], "--risk"),
    ],
)
def test_the_old_one_string_form_is_a_usage_error_showing_the_new_one(
    repo: Any, run_cli: Any, args: list[str], option: str
) -> None:
    result = _new(run_cli, repo, *args)
    assert result.code == 2
    assert f"{option} takes two values" in result.err
    assert "WHAT" in result.err and "e.g." in result.err
    assert not (repo.root / "handoff.json").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--risk", "db", "urgent"], "severity one of"),
        (["--decision", "no reason", " "], "non-blank"),
        (["--topic", "../escape"], "--topic"),
        (["--topic", "a/../../b"], "--topic"),
        (["--output", "packet.txt"], "ends in .json"),
        (["--last-known-good", "deadbeef"], "no commit here"),
        (["--target-branch", "nope"], "no such local or remote-tracking branch or commit"),
        (["--target-branch", "--upload-pack=x"], "not a usable branch"),
    ],
)
def test_bad_options_are_one_line_errors(
    repo: Any, run_cli: Any, args: list[str], message: str
) -> None:
    result = _new(run_cli, repo, *args)
    assert result.code == 2
    assert message in result.err
    assert len(result.err.strip().splitlines()) == 1
    assert not (repo.root / "handoff.json").exists()


def test_a_mistyped_target_branch_gets_checks_suggestion_in_new_and_update(
    repo: Any, run_cli: Any
) -> None:
    """`new` and `update` name the closest branch and the known ones, in `check`'s words."""
    tail = 'did you mean "main"?; known branches: feat/refunds, main'
    check = run_cli(["check", "--target-branch", "mian"], cwd=repo.root)
    assert check.code == 2 and tail in check.err
    assert _new(run_cli, repo).code == 0
    repo.commit("packet")
    for command in (
        ["new", *REQUIRED, "--next-action", "x", "--target-branch", "mian", "--topic", "b"],
        ["update", "--summary", "More.", "--target-branch", "mian"],
    ):
        result = run_cli(command, cwd=repo.root)
        assert result.code == 2, command
        assert "--target-branch 'mian': no such local or remote-tracking branch" in result.err
        assert tail in result.err and len(result.err.strip().splitlines()) == 1, result.err


def test_outside_git_and_detached_head(tmp_path: Path, repo: Any, run_cli: Any) -> None:
    outside = tmp_path / "plain"
    outside.mkdir()
    result = run_cli(["new", *REQUIRED, "--next-action", "x"], cwd=outside)
    assert result.code == 2 and "not inside a git repository" in result.err
    repo.git("checkout", "-q", "--detach")
    result = _new(run_cli, repo)
    assert result.code == 2 and "--branch" in result.err
    assert _new(run_cli, repo, "--branch", "feat/refunds").code == 0


def test_changed_files_leave_out_the_configured_packet_files(repo: Any, run_cli: Any) -> None:
    """What counts as a packet file (or a twin) comes from the `packets` globs, the audit's
    own test (`model.packet.is_packet_file`), not from built-in names."""
    repo.write(".handoff-audit.yml", "packets: ['notes/*.json']\n")
    for name in ("notes/old.json", "notes/old.md", "handoff.json", "src/app.py"):
        repo.write(name, "{}\n" if name.endswith(".json") else "x\n")
    repo.commit("work")
    result = _new(run_cli, repo, "--output", "notes/refunds.json", "--target-branch", "main")
    assert result.code == 0, result.err
    data = json.loads((repo.root / "notes/refunds.json").read_text())
    assert data["changed_files"] == ["handoff.json", "src/app.py"]  # the configuration is setup


def test_a_pyproject_table_beside_the_yaml_is_named_as_ignored(repo: Any, run_cli: Any) -> None:
    repo.write(".handoff-audit.yml", "keep-last: 5\n")
    repo.write("pyproject.toml", "[tool.handoff-audit]\nkeep-last = 1\n")
    repo.commit("configuration")
    result = _new(run_cli, repo)
    assert result.code == 0, result.err
    [warning] = [
        line for line in result.err.splitlines() if line.startswith("handoff-audit: warning:")
    ]
    assert ".handoff-audit.yml is used" in warning
    assert "[tool.handoff-audit] in pyproject.toml" in warning


SERIES_FILE = (
    "# Handoff\n\n## State\nRefunds work; tests pass.\n\n## Next step\nAdd keys.\n\n"
    "## Decisions\n- keys in Redis because it is there.\n\n## Ruled out\n- SQL: too slow.\n"
)


def test_series_files_and_records_stay_out_of_changed_files(
    repo: Any, run_cli: Any, tmp_path: Path
) -> None:
    # A branch that wrote a series handoff (and listed it in the folder's index), then moves
    # to a packet: the series files are handing off, not work, in new, update and a transcript.
    repo.write("src/refunds.py", "x = 1\n")
    repo.write("docs/handoffs/2026-12-01-refunds.md", SERIES_FILE)
    repo.write("docs/handoffs/README.md", "# Handoffs\n\n- 2026-12-01-refunds.md\n")
    repo.commit("work and its series handoff")
    assert _new(run_cli, repo).code == 0
    assert packet_json(repo)["changed_files"] == ["src/refunds.py"]
    repo.commit("packet")
    session = Session(cwd=repo.root)
    session.write(repo.root / "docs/handoffs/2026-12-02-refunds.md", SERIES_FILE)
    session.write(repo.root / "src/keys.py", "KEYS = {}\n")
    repo.commit("more work, another series file")
    transcript = session.save(tmp_path / "session.jsonl")
    result = run_cli(
        ["update", "--from-transcript", str(transcript), "--next-action", "Use KEYS."],
        cwd=repo.root,
    )
    assert result.code == 0, result.err
    assert packet_json(repo)["changed_files"] == ["src/refunds.py", "src/keys.py"]
