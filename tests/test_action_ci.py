"""``handoff-audit ci`` in the runner's environment, rebuilt from GitHub's own event payloads, with
real GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files and a local GitHub API."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from action_runner import BRANCH, PR, Runner, parse_file_command
from action_support import packet_data
from conftest import GitRepo
from handoff_audit.action.comment import MARKER
from handoff_audit.action.files import write_outputs
from handoff_audit.markdown import render_packet


def test_same_repository_pull_request(runner: Runner) -> None:
    done = runner.run("pull_request", runner.pull_request())
    assert done.code == 1
    assert done.outputs["blocked"] == "true"
    assert int(done.outputs["errors"]) >= 1
    assert done.outputs["packets"] == "1"
    assert set(done.outputs) == {"errors", "warnings", "packets", "blocked"}
    assert "::error file=handoff.json" in done.out
    assert "active-in-merge" in done.summary
    assert runner.head[:12] in done.summary  # the PR's head, not GITHUB_SHA
    [comment] = runner.fake.ours(PR)
    assert comment["body"].startswith(MARKER)
    assert "Wire the refund endpoint" in comment["body"]
    gitconfig = (Path(runner.tmp) / "runner-0" / "home" / ".gitconfig").read_text()
    assert str(runner.repo.root) in gitconfig  # marked as a safe.directory


def test_a_credential_in_an_older_file_of_a_series_fails_the_pull_request(runner: Runner) -> None:
    """Dating a note before the series' current file keeps it from being judged, never from
    being scanned for a credential."""
    runner.repo.write(
        "docs/handoffs/2026-11-05-refunds.md", "# Handoff\n\n## Next step\n\nRound GBP.\n"
    )
    token = "ghp_1234567890abcdefghijklmnopqrstuvwxyzAB"
    runner.repo.write("docs/handoffs/2026-10-01-deploy.md", f"# Old notes\n\nDeploy: {token}\n")
    runner.head = runner.repo.commit("old notes")
    done = runner.run("pull_request", runner.pull_request())
    assert done.code == 1
    assert "::error file=docs/handoffs/2026-10-01-deploy.md,line=3" in done.out
    assert "secret" in done.summary and "2026-10-01-deploy.md" in done.summary
    [comment] = runner.fake.ours(PR)
    assert "2026-10-01-deploy.md" in comment["body"]
    assert token not in comment["body"] + done.summary + done.out


def test_pull_request_rerun_updates_the_comment(runner: Runner) -> None:
    runner.run("pull_request", runner.pull_request())
    again = runner.run("pull_request", runner.pull_request("pull_request.synchronize.json"))
    assert "comment on #2: unchanged" in again.out
    assert len(runner.fake.ours(PR)) == 1
    assert [r.method for r in runner.fake.writes()] == ["POST"]


def test_fork_pull_request_with_read_only_token(runner: Runner) -> None:
    payload = runner.pull_request("pull_request.opened.from-fork.json")
    number = payload["pull_request"]["number"]
    runner.fake.add_pull(number, "patch-1")
    runner.fake.read_only_tokens.add("bot-token")
    done = runner.run("pull_request", payload)
    assert done.code == 1  # by the findings, not by the refused comment
    assert "::warning title=handoff-audit%3A comment::" in done.out
    assert "Resource not accessible by integration" in done.out
    assert done.outputs["blocked"] == "true"
    assert "active-in-merge" in done.summary
    assert runner.fake.ours(number) == []


def test_fork_pull_request_refused_comment_never_fails_the_step(runner: Runner) -> None:
    payload = runner.pull_request("pull_request.reopened.from-fork.json")
    number = payload["pull_request"]["number"]
    runner.fake.add_pull(number, "pin-windows-z3-solver")
    runner.fake.read_only_tokens.add("bot-token")
    done = runner.run("pull_request_target", payload, fail_on="never")
    assert done.code == 0
    assert "::warning" in done.out


def test_push_updates_the_pull_request_of_that_branch(runner: Runner) -> None:
    runner.fake.add_pull(9, "someone-elses-branch")
    payload = runner.event("push.branch.json")
    payload.update(ref=f"refs/heads/{BRANCH}", after=runner.head, before=runner.base)
    done = runner.run("push", payload)
    assert done.code == 0, done.out
    assert done.outputs["blocked"] == "false"
    assert "comment on #2: created" in done.out
    [comment] = runner.fake.ours(PR)
    # The comment shows the audit into the pull request's base, as the pull request's run does:
    assert "active-in-merge" in comment["body"]
    assert runner.fake.ours(9) == []
    again = runner.run("pull_request", runner.pull_request("pull_request.synchronize.json"))
    assert "comment on #2: unchanged" in again.out


def test_push_of_a_new_branch_without_pull_request(runner: Runner) -> None:
    payload = runner.event("push.new-branch.json")
    payload.update(ref=f"refs/heads/{BRANCH}", after=runner.head)
    runner.fake.pulls.clear()
    done = runner.run("push", payload)
    assert done.code == 0, done.out
    assert done.outputs["packets"] == "1"
    assert [r.path for r in runner.fake.requests] == ["/repos/octo-org/hello-world/pulls"]
    assert "no open pull request" in done.out


def test_merge_queue_audits_the_merge_and_never_comments(runner: Runner) -> None:
    payload = runner.event("merge_group.checks_requested.json")
    payload["merge_group"].update(head_sha=runner.head, base_sha=runner.base)
    done = runner.run("merge_group", payload)
    assert done.code == 1
    assert done.outputs["blocked"] == "true"
    assert runner.fake.requests == []


def test_comment_false_posts_nothing(runner: Runner) -> None:
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 1
    assert runner.fake.requests == []


def test_inputs_override_the_configuration(runner: Runner) -> None:
    payload = runner.pull_request()
    protected = runner.run("pull_request", payload, protected_branches="main")
    assert protected.outputs["blocked"] == "true"
    # The repository's default branch always counts as protected in a pull request.
    payload["repository"]["default_branch"] = "develop"
    done = runner.run("pull_request", payload, protected_branches="release/*, stable")
    assert done.outputs["blocked"] == "false"
    assert done.code == 0, done.out
    never = runner.run("pull_request", payload, protected_branches="stable", fail_on=" never ")
    assert never.code == 0


@pytest.mark.parametrize(
    ("severity", "fail_on", "blocks"),
    [("note", "error", False), ("warning", "error", False), ("warning", "warning", True)],
)
def test_a_merge_gate_rule_blocks_only_at_the_failing_level(
    runner: Runner, severity: str, fail_on: str, blocks: bool
) -> None:
    gate = runner.repo.root / ".gate" / "audit.yml"
    gate.parent.mkdir()
    gate.write_text(f"rules: {{active-in-merge: {severity}, lkg-behind: off}}\n")
    done = runner.run(
        "pull_request", runner.pull_request(), config=".gate/audit.yml", fail_on=fail_on
    )
    assert "active-in-merge" in done.summary
    assert (done.code, done.outputs["blocked"]) == ((1, "true") if blocks else (0, "false"))
    assert ("Merge blocked" in done.summary) is blocks
    assert ("Merge blocked" in done.out) is blocks


def test_fail_on_never_blocks_no_merge(runner: Runner) -> None:
    done = runner.run("pull_request", runner.pull_request(), fail_on="never")
    assert "active-in-merge" in done.summary
    assert (done.code, done.outputs["blocked"]) == (0, "false")
    assert "Merge blocked" not in done.summary


def _second_configuration(runner: Runner, name: str, text: str) -> str:
    """Commit `name` beside a .handoff-audit.yml, run on the pull request: the one annotation
    that names `name`, a warning about the two configurations."""
    runner.repo.write(".handoff-audit.yml", "max-commits-behind: 10\n")
    runner.repo.write(name, text)
    runner.repo.commit("configuration")
    done = runner.run("pull_request", runner.pull_request())
    [line] = [line for line in done.out.splitlines() if name in line]
    assert line.startswith("::warning title=handoff-audit%3A configuration::.handoff-audit.yml and")
    return line


def test_a_pyproject_table_beside_the_yaml_is_a_warning_annotation(runner: Runner) -> None:
    text = "[tool.handoff-audit]\nmax-commits-behind = 1\n"
    line = _second_configuration(runner, "pyproject.toml", text)
    assert ".handoff-audit.yml is used" in line


def test_a_yaml_beside_the_yml_is_a_warning_annotation(runner: Runner) -> None:
    line = _second_configuration(runner, ".handoff-audit.yaml", "max-commits-behind: 1\n")
    assert ".handoff-audit.yaml ignored" in line


def test_fail_on_warning(runner: Runner) -> None:
    data = packet_data(
        branch=BRANCH, last_known_good_commit=runner.head, verdict_pointer="reports/missing.xml"
    )
    runner.repo.write("handoff.json", data)
    runner.repo.write("handoff.md", render_packet(data))
    head = runner.repo.commit("point at a missing report")
    payload = runner.event("push.branch.json")
    payload.update(ref=f"refs/heads/{BRANCH}", after=head)
    lenient = runner.run("push", payload, comment="false")
    assert (lenient.outputs["errors"], lenient.outputs["warnings"]) == ("0", "1")
    assert lenient.code == 0
    assert "::warning file=handoff.json" in lenient.out
    strict = runner.run("push", payload, comment="false", fail_on="WARNING")
    assert strict.code == 1


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("FAIL-ON", "sometimes", "input fail-on: 'sometimes' is not accepted"),
        ("COMMENT", "yes", "input comment: 'yes' is not a boolean"),
        ("MAX-COMMITS-BEHIND", "ten", "input max-commits-behind: 'ten' is not a whole number"),
        ("MAX-COMMITS-BEHIND", "1.5", "input max-commits-behind: '1.5' is not a whole number"),
        ("MAX-COMMITS-BEHIND", "²", "input max-commits-behind: '²' is not a whole number"),
        ("MAX-COMMITS-BEHIND", "١٢", "input max-commits-behind: '١٢' is not a whole number"),
        ("PATH", "../elsewhere", "is outside the workspace"),
        (
            "CONFIG",
            "../shared-handoff-audit.yml",
            "; the action reads only the workspace (the one folder mounted into its container): "
            "put the file in the repository, or pass its path relative to the workspace",
        ),
        ("BLOCK-FILES", "/HANDOFF.md", 'input block-files: the glob "/HANDOFF.md" is an absolute'),
        ("BLOCK-FILES", ",", "input block-files: ',' lists nothing"),
        ("PROTECTED-BRANCHES", ", \n ,", "input protected-branches: ', \\n ,' lists nothing"),
        (
            "PROTECTED-BRANCHES",
            "main, !main",
            'input protected-branches: the entry "!main" starts with !, but protected branches',
        ),
    ],
)
def test_invalid_input_is_a_one_line_error(
    runner: Runner, run_cli: Callable[..., Any], name: str, value: str, message: str
) -> None:
    runner.run("pull_request", runner.pull_request())  # sets up the environment
    runner.mp.setenv(f"INPUT_{name}", value)
    result = run_cli(["ci"], cwd=runner.repo.root)
    assert result.code == 2
    assert message in result.err
    assert len(result.err.strip().splitlines()) == 1
    assert "::error title=handoff-audit%3A input::" in result.out


@pytest.mark.parametrize("target", ["outside", "event"])
def test_a_config_input_that_links_outside_the_workspace_is_refused_unread(
    runner: Runner, run_cli: Callable[..., Any], tmp_path: Path, target: str
) -> None:
    """The pull request swaps the workflow's ``config`` file for a link to a file outside the
    workspace (in the container: the event file, /proc/self/environ): it is not read, so none of
    its values reach the public log."""
    runner.run("pull_request", runner.pull_request())  # sets up the environment
    outside = tmp_path / "outside.yml"
    outside.write_text('max-lines: "sk_value_from_outside_the_workspace"\n', encoding="utf-8")
    runner.repo.write(".github/handoff-audit.yml", "max-lines: 300\n")
    runner.repo.commit("the workflow's configuration")
    link = runner.repo.root / ".github" / "handoff-audit.yml"
    link.unlink()
    link.symlink_to(outside if target == "outside" else Path(os.environ["GITHUB_EVENT_PATH"]))
    runner.repo.commit("the pull request swaps it for a link")
    runner.mp.setenv("INPUT_CONFIG", ".github/handoff-audit.yml")
    result = run_cli(["ci"], cwd=runner.repo.root)
    assert result.code == 2
    assert (
        "input config: '.github/handoff-audit.yml' is a link leading outside the workspace"
        in result.err
    )
    assert "sk_value" not in result.out + result.err
    assert "pull_request" not in result.out + result.err  # the event file's keys
    assert len(result.err.strip().splitlines()) == 1
    assert "::error title=handoff-audit%3A input::" in result.out


FAKE_HEADER = "AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX2Zha2VfY2hlY2tvdXRfdG9rZW4="


@pytest.mark.parametrize("how", ["path", "link"])
def test_a_config_input_in_the_git_folder_is_refused_unread(
    runner: Runner, run_cli: Callable[..., Any], how: str
) -> None:
    """actions/checkout writes the job's token into ``.git/config``: the ``config`` input naming
    it, or a pull request's link at the configured path leading into it, is refused unread, so
    the header never reaches the public log."""
    runner.run("pull_request", runner.pull_request())  # sets up the environment
    runner.repo.git("config", "http.https://github.com/.extraheader", FAKE_HEADER)
    runner.repo.write(".github/handoff-audit.yml", "max-lines: 300\n")
    runner.repo.commit("the workflow's configuration")
    value = ".git/config"
    if how == "link":
        value = ".github/handoff-audit.yml"
        link = runner.repo.root / value
        link.unlink()
        link.symlink_to("../.git/config")
        runner.repo.commit("the pull request swaps it for a link into .git")
    runner.mp.setenv("INPUT_CONFIG", value)
    result = run_cli(["ci"], cwd=runner.repo.root)
    assert result.code == 2
    assert f"input config: {value!r} leads into git's own folder (.git)" in result.err
    assert "it was not read" in result.err
    assert "basic" not in result.out + result.err
    assert "eC1hY2Nlc3" not in result.out + result.err
    assert len(result.err.strip().splitlines()) == 1
    assert "::error title=handoff-audit%3A input::" in result.out


def test_a_config_input_that_links_inside_the_workspace_is_read(
    runner: Runner, run_cli: Callable[..., Any]
) -> None:
    # On the base branch: a configuration the pull request alone tracks is an input error.
    runner.repo.git("checkout", "-q", "main")
    runner.repo.write("config/shared.yml", "max-lines: 300\n")
    (runner.repo.root / ".github").mkdir()
    (runner.repo.root / ".github" / "handoff-audit.yml").symlink_to("../config/shared.yml")
    runner.base = runner.repo.commit("a linked configuration")
    runner.repo.git("checkout", "-q", BRANCH)
    runner.repo.git("merge", "-q", "--no-edit", "main")
    runner.head = runner.repo.head()
    done = runner.run("pull_request", runner.pull_request(), config=".github/handoff-audit.yml")
    assert done.code == 1  # the active packet's findings, not an input error
    assert "active-in-merge" in done.summary


def test_unreadable_event_file_is_a_one_line_error(
    runner: Runner, run_cli: Callable[..., Any], tmp_path: Path
) -> None:
    runner.run("pull_request", runner.pull_request())
    broken = tmp_path / "event.json"
    broken.write_text("{not json", encoding="utf-8")
    runner.mp.setenv("GITHUB_EVENT_PATH", str(broken))
    result = run_cli(["ci"], cwd=runner.repo.root)
    assert result.code == 2
    assert "GITHUB_EVENT_PATH" in result.err and "cannot read the event payload" in result.err


def test_outside_actions_the_git_config_is_left_alone(runner: Runner, tmp_path: Path) -> None:
    runner.run("pull_request", runner.pull_request(), actions="", comment="false")
    assert not (tmp_path / "runner-0" / "home" / ".gitconfig").exists()


def test_multi_line_outputs_round_trip(tmp_path: Path) -> None:
    target = tmp_path / "set_output"
    values = {"plain": "1", "lines": "first\nsecond\n\nfourth", "tricky": "a<<b\nc=d"}
    write_outputs(target, values)
    write_outputs(target, {"later": "true"})
    assert parse_file_command(target.read_text(encoding="utf-8")) == {**values, "later": "true"}


def test_push_comments_each_pull_request_against_its_own_base(runner: Runner) -> None:
    runner.fake.add_pull(5, BRANCH, base_ref="experiments", base_sha=runner.base)
    payload = runner.event("push.branch.json")
    payload.update(ref=f"refs/heads/{BRANCH}", after=runner.head)
    done = runner.run("push", payload)
    assert "comment on #2: created" in done.out and "comment on #5: created" in done.out
    [into_main] = runner.fake.ours(PR)
    [into_experiments] = runner.fake.ours(5)
    assert "Merge blocked" in into_main["body"]
    assert "Merge blocked" not in into_experiments["body"]


def test_a_push_keeps_the_blocked_verdict_of_a_pull_request_that_opens_its_own_gate(
    runner: Runner,
) -> None:
    """The branch's own configuration turns the gate off: the pull request's run reads the gate
    from the base (blocked), and the push run's update of the same comment must too."""
    runner.repo.write(".handoff-audit.yml", 'rules:\n  handoff-in-merge: "off"\n')
    runner.repo.write("HANDOFF.md", "# Handoff\n\n## Next step\n\nAdd idempotency keys.\n")
    runner.head = runner.repo.commit("work + handoff, gate off")
    pulled = runner.run("pull_request", runner.pull_request("pull_request.synchronize.json"))
    assert pulled.code == 1 and "Merge blocked" in pulled.out
    [comment] = runner.fake.ours(PR)
    assert "Merge blocked" in comment["body"]
    payload = runner.event("push.branch.json")
    payload.update(ref=f"refs/heads/{BRANCH}", after=runner.head, before=runner.base)
    pushed = runner.run("push", payload)
    assert pushed.outputs["blocked"] == "false"  # the push's own check: the branch's settings
    assert "comment on #2: unchanged" in pushed.out
    [comment] = runner.fake.ours(PR)
    assert "Merge blocked" in comment["body"]


def test_a_push_leaves_the_comment_of_a_pull_request_whose_base_it_cannot_read(
    runner: Runner,
) -> None:
    runner.fake.add_pull(5, BRANCH, base_ref="experiments", base_sha="6" * 40)
    payload = runner.event("push.branch.json")
    payload.update(ref=f"refs/heads/{BRANCH}", after=runner.head)
    done = runner.run("push", payload)
    assert done.code == 0, done.out
    assert "comment on #2: created" in done.out
    assert "comment on #5: left to the pull request's run: the pull request's base commit" in (
        done.out
    )
    assert runner.fake.ours(5) == []


def test_push_to_the_default_branch_reports_a_handoff_md_already_there(runner: Runner) -> None:
    runner.repo.git("checkout", "-q", "main")
    runner.repo.write("HANDOFF.md", "# Handoff\n\nState: half done.\n")
    head = runner.repo.commit("a HANDOFF.md lands on main")
    payload = runner.event("push.branch.json")
    payload.update(ref="refs/heads/main", after=head)
    payload["repository"]["default_branch"] = "main"
    runner.fake.pulls.clear()
    done = runner.run("push", payload)
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert "::error file=HANDOFF.md,title=handoff-audit%3A handoff-in-merge::" in done.out
    assert "is on the protected branch main" in done.out
    assert "\nhandoff-audit: 1 packet checked: " in done.out  # the words `check` ends with


def test_a_pull_request_cannot_suppress_the_merge_gate_in_its_packet(runner: Runner) -> None:
    data = packet_data(branch=BRANCH, last_known_good_commit=runner.head)
    data["x-handoff-audit"] = {"ignore": {"active-in-merge": "we merge it anyway"}}
    runner.repo.write("handoff.json", data)
    runner.repo.write("handoff.md", render_packet(data))
    runner.head = runner.repo.commit("silence the gate")
    done = runner.run("pull_request", runner.pull_request())
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert "::error file=handoff.json" in done.out
    assert "active-in-merge guards the merge and cannot be suppressed" in done.out


def test_a_blocked_file_outside_the_path_input_is_counted_not_reported_as_nothing_found(
    runner: Runner,
) -> None:
    runner.repo.write("HANDOFF.md", "# Handoff\n\n## State\nHalf done.\n\n## Next\nRun pytest.\n")
    runner.repo.write("docs/guide.txt", "read me\n")
    runner.head = runner.repo.commit("a working note beside the docs")
    done = runner.run("pull_request", runner.pull_request(), path="docs")
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert "No handoff packets found" not in done.out
    # The runner's active handoff.json lies outside "docs" too: the gate names both.
    assert "handoff-audit: 0 packets checked: 2 errors, " in done.out
    [comment] = runner.fake.ours(PR)
    assert "in 0 packets" not in comment["body"]
    assert "❌ handoff-audit: 2 errors" in comment["body"]


def test_an_active_packet_outside_the_path_input_blocks_the_merge(runner: Runner) -> None:
    runner.repo.write("docs/guide.txt", "read me\n")
    runner.head = runner.repo.commit("docs beside the active packet")
    done = runner.run("pull_request", runner.pull_request(), path="docs")
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert "::error file=handoff.json,line=" in done.out
    assert "active-in-merge" in done.summary
    assert "handoff-audit: 0 packets checked: 1 error, " in done.out


def test_the_more_findings_notice_says_when_the_summary_was_cut(runner: Runner) -> None:
    """5,000 dangling pointers pass the job summary's 1 MiB: the notice must not promise that
    the summary lists every finding."""
    missing = [f"src/missing_{i:05d}_{'a' * 100}.py" for i in range(5000)]
    data = packet_data(branch=BRANCH, last_known_good_commit=runner.base, changed_files=missing)
    runner.repo.write("handoff.json", data)
    runner.repo.write("handoff.md", render_packet(data))
    head = runner.repo.commit("a long list of changed files")
    payload = runner.event("push.branch.json")
    payload.update(ref=f"refs/heads/{BRANCH}", after=head)
    done = runner.run("push", payload, comment="false")
    [notice] = [line for line in done.out.splitlines() if "more findings" in line]
    listed = done.summary.count("| `dangling-pointer` |")
    assert 0 < listed < 5000
    assert f"the job summary lists the first {listed} of " in notice
    assert "check --format json" in notice
    assert "every one" not in notice


def test_the_comment_says_when_the_job_summary_was_cut_too(runner: Runner) -> None:
    """The comment leaves findings out and points to the job summary; when the summary had to
    leave findings out too, the comment says so and names `check --format json`, never that
    the summary has the full report."""
    missing = [f"src/missing_{i:05d}_{'a' * 100}.py" for i in range(5000)]
    data = packet_data(branch=BRANCH, last_known_good_commit=runner.base, changed_files=missing)
    runner.repo.write("handoff.json", data)
    runner.repo.write("handoff.md", render_packet(data))
    runner.head = runner.repo.commit("a long list of changed files")
    done = runner.run("pull_request", runner.pull_request())
    assert "Too long to show here; left out:" in done.summary
    [comment] = runner.fake.ours(PR)
    text = comment["body"]
    assert "has the full report" not in text
    assert "more findings are left out here. The job summary of this run is cut too; run " in text
    assert "`handoff-audit check --format json` for the full report." in text
    footer = text.rstrip().rsplit("\n", 1)[1]
    assert footer.endswith(
        " · The job summary of this run is cut too; run `handoff-audit check "
        "--format json` for the full report.</sub>"
    )


@pytest.mark.parametrize(
    ("api_url", "problem"),
    [
        ("https://[::1", "is not a URL (Invalid IPv6 URL)"),
        ("not a url", "is not an http(s) URL"),
        ("https:///api/v3", "names no host"),
        ("https://api.example:99999", "is not a URL (Port out of range 0-65535)"),
    ],
)
def test_an_unusable_api_url_skips_the_comment_and_audits(
    runner: Runner, api_url: str, problem: str
) -> None:
    """GHES and proxy setups rewrite GITHUB_API_URL: one that is no URL costs the comment, a
    warning says so, and the audit, its annotations, summary, outputs and exit code stand."""
    runner.api = api_url
    done = runner.run("pull_request", runner.pull_request())
    assert done.code == 1, done.out
    assert "internal error" not in done.out
    warning = (
        f"::warning title=handoff-audit%3A comment::GITHUB_API_URL {json.dumps(api_url)} "
        f"{problem}, so the API is unusable: the pull request comment and every other GitHub "
        "API call (the history of a shallow clone) are skipped."
    )
    assert warning in done.out
    assert "::error file=handoff.json" in done.out
    assert done.outputs["blocked"] == "true"
    assert "active-in-merge" in done.summary
    assert runner.fake.ours(PR) == []


@pytest.mark.parametrize("actions", ["", "true"])
def test_ci_without_a_workspace_stops_instead_of_auditing_the_current_folder(
    run_cli: Callable[..., Any], git_repo: GitRepo, monkeypatch: pytest.MonkeyPatch, actions: str
) -> None:
    """`docker run IMAGE` with no arguments runs `ci` in `/`: without GITHUB_WORKSPACE it
    would audit every file the container holds, and judge a mounted repository without git."""
    git_repo.write("HANDOFF.md", "# Handoff\n\n## Next\nWrite the tests.\n")
    git_repo.commit("handoff")
    monkeypatch.setenv("GITHUB_ACTIONS", actions)
    result = run_cli(["ci"], cwd=git_repo.root)
    assert result.code == 2, result.out
    assert result.err == (
        "handoff-audit: error: not running in GitHub Actions (GITHUB_WORKSPACE is not set); run "
        "`handoff-audit check` instead\n"
    )
    assert result.out == ""


def test_an_unmatched_protected_branches_input_names_the_input_not_an_option(
    runner: Runner,
) -> None:
    done = runner.run(
        "pull_request", runner.pull_request(), comment="false", protected_branches="release/*"
    )
    assert (
        "protected-branches 'release/*' matches no branch git knows (feat/refunds, main); it "
        "protects no branch until it does: fix the `protected-branches` input of the workflow "
        "step or protected-branches in the configuration"
    ) in done.out
    assert "--protected-branches" not in done.out


def test_a_head_commit_gone_from_the_checkout_says_what_to_do_in_the_workflow(
    runner: Runner, run_cli: Callable[..., Any], tmp_path: Path
) -> None:
    """A re-run of a pull request's run after a force-push: the event's head is not there."""
    runner.run("pull_request", runner.pull_request(), comment="false")  # sets up the environment
    gone = "c3901650732c7786c0e89de2f206ca553cda2e16"
    payload = runner.pull_request()
    payload["pull_request"]["head"]["sha"] = gone
    event = tmp_path / "force-pushed.json"
    event.write_text(json.dumps(payload), encoding="utf-8")
    runner.mp.setenv("GITHUB_EVENT_PATH", str(event))
    result = run_cli(["ci"], cwd=runner.repo.root)
    assert result.code == 2
    assert result.err.strip() == (
        f"handoff-audit: error: the event's head commit {gone} is not in the checkout (the "
        "branch was force-pushed since this event, or the checkout fetched another commit): "
        "run the workflow again on the branch's current head (a new push, or re-run the newest "
        "run, not this one), and check out that commit with actions/checkout (`fetch-depth: 0` "
        "fetches the whole history)"
    )
    assert "--head" not in result.out + result.err
