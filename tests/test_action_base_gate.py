"""On a pull request, the merge gate's settings come from the base commit's configuration: the
pull request's own ``.handoff-audit.yml`` cannot open the gate it is checked by."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from action_runner import BRANCH, Run, Runner

NOTE = "# Handoff\n\n## State\nTests pass.\n\n## Next step\nFinish src/a.py.\n"


def _base_config(runner: Runner, text: str) -> None:
    """Commit ``text`` as the base branch's configuration and bring it into the branch."""
    repo = runner.repo
    repo.git("checkout", "-q", "main")
    repo.write(".handoff-audit.yml", text)
    runner.base = repo.commit("configure")
    repo.git("checkout", "-q", BRANCH)
    repo.git("merge", "-q", "--no-edit", "main")


def _pull_request_commit(runner: Runner, config: str) -> None:
    """The pull request adds ``HANDOFF.md`` and writes ``config`` as its configuration."""
    runner.repo.write("HANDOFF.md", NOTE)
    runner.repo.write(".handoff-audit.yml", config)
    runner.head = runner.repo.commit("wip + config")


def _blocked(done: Run) -> None:
    """The run failed the check and told the workflow the merge is blocked."""
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"


def _blocked_by_the_note(done: Run) -> None:
    """Blocked, and by the working note HANDOFF.md."""
    _blocked(done)
    assert "handoff-audit%3A handoff-in-merge::HANDOFF.md would be merged" in done.out


def test_a_pull_request_adding_a_config_that_turns_the_gate_off_is_still_blocked(
    runner: Runner,
) -> None:
    _pull_request_commit(runner, 'rules: {handoff-in-merge: "off", active-in-merge: off}\n')
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    _blocked(done)
    assert "::error file=HANDOFF.md,title=handoff-audit%3A handoff-in-merge::" in done.out
    assert "handoff-audit%3A active-in-merge" in done.out
    [notice] = [line for line in done.out.splitlines() if line.startswith("::notice")]
    assert notice.startswith(
        "::notice title=handoff-audit%3A configuration::.handoff-audit.yml: the merge-gate "
        "settings (rules.handoff-in-merge, rules.active-in-merge) were read from the base commit "
        f"{runner.base[:12]} (no configuration there: the defaults)"
    )


def test_a_pull_request_editing_the_gate_settings_of_the_base_config_is_still_blocked(
    runner: Runner,
) -> None:
    _base_config(runner, 'max-commits-behind: 10\nblock-files: ["**/HANDOFF.md"]\n')
    edited = 'max-commits-behind: 10\nblock-files: ["**/nothing.md"]\nprotected-branches: [x]\n'
    _pull_request_commit(runner, edited)
    done = runner.run("pull_request_target", runner.pull_request(), comment="false")
    _blocked_by_the_note(done)
    assert (
        ".handoff-audit.yml: the merge-gate settings (block-files, protected-branches) were read "
        f"from .handoff-audit.yml at the base commit {runner.base[:12]}, not from the pull request"
    ) in done.out


def test_a_pull_request_leaving_its_note_out_with_extend_packets_is_still_blocked(
    runner: Runner,
) -> None:
    _pull_request_commit(runner, 'extend-packets: ["!**/HANDOFF.md"]\nextend-series: ["x"]\n')
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    _blocked_by_the_note(done)
    assert (
        ".handoff-audit.yml: the merge-gate settings (packets, extend-packets, series, "
        f"extend-series) were read from the base commit {runner.base[:12]}"
    ) in done.out


def test_the_base_commits_gate_settings_apply_and_the_pull_requests_other_keys_stay(
    runner: Runner,
) -> None:
    # The base keeps HANDOFF.md on purpose; the pull request only tunes a judgement rule.
    _base_config(runner, "rules: {handoff-in-merge: off, active-in-merge: off}\n")
    _pull_request_commit(
        runner, "rules: {handoff-in-merge: off, active-in-merge: off, md-incomplete: off}\n"
    )
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 0, done.out
    assert done.outputs["blocked"] == "false"
    assert "md-incomplete" not in done.out
    assert "::notice" not in done.out


def test_a_base_commit_missing_from_the_clone_is_a_notice_and_the_default_gate(
    runner: Runner,
) -> None:
    """A shallow checkout whose remote git cannot reach: the audit still runs, the gate with
    the defaults (the pull request cannot open it), and one notice names the fix."""
    _pull_request_commit(runner, 'rules: {handoff-in-merge: "off"}\n')
    payload = runner.pull_request()
    payload["pull_request"]["base"]["sha"] = "f" * 40
    done = runner.run("pull_request", payload, comment="false")
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    [notice] = [line for line in done.out.splitlines() if line.startswith("::notice")]
    assert "base commit ffffffffffff is not in the clone and could not be fetched" in notice
    assert "the merge gate uses the defaults" in notice and "`fetch-depth: 0`" in notice


def test_a_push_still_reads_the_configuration_of_the_commit_pushed(runner: Runner) -> None:
    _pull_request_commit(runner, "rules: {md-incomplete: off, active-in-merge: off}\n")
    payload = runner.event("push.branch.json")
    payload.update(ref=f"refs/heads/{BRANCH}", after=runner.head)
    done = runner.run("push", payload, comment="false")
    assert "::notice" not in done.out
    assert "md-incomplete" not in done.out


def test_a_config_input_naming_a_file_the_pull_request_carries_is_read_at_the_base(
    runner: Runner,
) -> None:
    _base_config(runner, 'block-files: ["**/HANDOFF.md"]\n')
    _pull_request_commit(runner, 'block-files: ["**/nothing.md"]\n')
    done = runner.run(
        "pull_request", runner.pull_request(), comment="false", config=".handoff-audit.yml"
    )
    _blocked_by_the_note(done)
    assert "the merge-gate settings (block-files) were read from .handoff-audit.yml" in done.out


@pytest.mark.parametrize("path", [".", "src"])
def test_a_pull_request_making_its_packet_unreadable_to_the_gate_is_still_blocked(
    runner: Runner, path: str
) -> None:
    # Its own limit makes the active packet too large to read, and invalid-json is off: the
    # packet (audited, or outside the `path` input) still blocks.
    runner.repo.write(".handoff-audit.yml", 'max-file-bytes: 10\nrules: {invalid-json: "off"}\n')
    runner.head = runner.repo.commit("config")
    done = runner.run("pull_request", runner.pull_request(), comment="false", path=path)
    _blocked(done)
    assert (
        "handoff-audit%3A active-in-merge::this packet would be merged into the protected branch "
        "main, and it cannot be read (over `max-file-bytes`, not a JSON object, or not a regular "
        "file), so nothing shows that the work it hands off is finished"
    ) in done.out
    assert "invalid-json::" not in done.out


def test_a_pull_request_breaking_its_packets_json_is_still_blocked(runner: Runner) -> None:
    runner.repo.write("handoff.json", '{"status": "active", ')
    runner.repo.write(".handoff-audit.yml", 'rules: {invalid-json: "off", md-mismatch: off}\n')
    runner.head = runner.repo.commit("broken packet")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    _blocked(done)
    assert "::error file=handoff.json,title=handoff-audit%3A active-in-merge::" in done.out


def test_a_key_the_gate_does_not_read_set_twice_at_the_base_does_not_matter(
    runner: Runner,
) -> None:
    _base_config(runner, "max-lines: 100\nmax-lines: 200\nrules: {too-long: off, too-long: note}\n")
    runner.repo.write(".handoff-audit.yml", "max-lines: 200\n")  # the pull request's fix
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")
    runner.head = runner.repo.commit("config: drop the duplicate key; handoff done")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 0, done.out
    assert done.outputs["blocked"] == "false"
    assert "::notice" not in done.out
    assert "::error" not in done.out


@pytest.mark.parametrize(
    ("base", "problem"),
    [
        (
            "rules:\n  handoff-in-merge: error\n  handoff-in-merge: off\n",
            'line 3: the key "handoff-in-merge" is set again (first at line 2)',
        ),
        ("block-files: [HANDOFF.md\n", "not valid YAML"),
        ("block-files: 3\n", "block-files"),
        ("- a list\n", "the configuration must be a mapping of keys to values"),
    ],
)
def test_a_base_config_the_gate_cannot_read_means_the_defaults_and_one_notice(
    runner: Runner, base: str, problem: str
) -> None:
    _base_config(runner, base)
    _pull_request_commit(runner, 'rules: {handoff-in-merge: "off", active-in-merge: off}\n')
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    _blocked(done)
    assert "::error file=HANDOFF.md,title=handoff-audit%3A handoff-in-merge::" in done.out
    [notice] = [line for line in done.out.splitlines() if line.startswith("::notice")]
    assert notice.startswith(
        "::notice title=handoff-audit%3A configuration::.handoff-audit.yml at the base commit "
        f"{runner.base[:12]}"
    )
    assert problem in notice
    assert notice.endswith(
        "; the merge gate uses the defaults for this pull request: a fix in a pull request "
        "takes effect once merged"
    )


def _linked_base_config(runner: Runner, target: str, text: str | None) -> None:
    """Commit ``.handoff-audit.yml`` as a symbolic link to ``target`` (``text`` its content,
    when there is one) as the base branch's configuration, and bring it into the branch."""
    repo = runner.repo
    repo.git("checkout", "-q", "main")
    if text is not None:
        repo.write(target, text)
    (repo.root / ".handoff-audit.yml").symlink_to(target)
    runner.base = repo.commit("configure")
    repo.git("checkout", "-q", BRANCH)
    repo.git("merge", "-q", "--no-edit", "main")


def test_a_linked_base_config_is_read_where_the_link_leads(runner: Runner) -> None:
    _linked_base_config(runner, ".github/handoff-audit.yml", 'block-files: ["**/HANDOFF.md"]\n')
    runner.repo.write("HANDOFF.md", NOTE)
    runner.repo.write(".github/handoff-audit.yml", 'block-files: ["**/nothing.md"]\n')
    runner.head = runner.repo.commit("wip + config")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    _blocked_by_the_note(done)
    assert (
        ".handoff-audit.yml: the merge-gate settings (block-files) were read from "
        ".handoff-audit.yml (a link to .github/handoff-audit.yml) at the base commit "
        f"{runner.base[:12]}, not from the pull request"
    ) in done.out


def test_a_base_config_linked_out_of_the_repository_means_the_defaults(runner: Runner) -> None:
    _linked_base_config(runner, "../elsewhere.yml", None)
    (runner.repo.root / ".handoff-audit.yml").unlink()  # the pull request's fix
    runner.repo.write(".handoff-audit.yml", "max-lines: 300\n")
    runner.repo.write("HANDOFF.md", NOTE)
    runner.head = runner.repo.commit("wip + config as a file")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    _blocked(done)
    [notice] = [line for line in done.out.splitlines() if line.startswith("::notice")]
    assert notice == (
        "::notice title=handoff-audit%3A configuration::.handoff-audit.yml at the base commit "
        f'{runner.base[:12]} is a symbolic link to "../elsewhere.yml", which leads out of the '
        "repository; make it a file, or a link inside the repository; the merge gate uses the "
        "defaults for this pull request: a fix in a pull request takes effect once merged"
    )


def test_a_base_pyproject_without_the_table_is_named_as_no_configuration(runner: Runner) -> None:
    repo = runner.repo
    repo.git("checkout", "-q", "main")
    repo.write("pyproject.toml", '[project]\nname = "x"\n')
    runner.base = repo.commit("project")
    repo.git("checkout", "-q", BRANCH)
    repo.git("merge", "-q", "--no-edit", "main")
    _pull_request_commit(runner, 'rules: {handoff-in-merge: "off"}\n')
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 1, done.out
    [notice] = [line for line in done.out.splitlines() if line.startswith("::notice")]
    assert notice == (
        "::notice title=handoff-audit%3A configuration::.handoff-audit.yml: the merge-gate "
        "settings (rules.handoff-in-merge) were read from the base commit "
        f"{runner.base[:12]} (no configuration there: the defaults), not from the pull request, "
        "which changes them; they take effect once merged"
    )


def _notes_gate(runner: Runner) -> None:
    """The base blocks ``NOTES.md`` in ``ci/handoff-audit.yml`` (the ``config`` input's file);
    the pull request drops the branch's packet and adds ``NOTES.md``, a working note."""
    repo = runner.repo
    repo.git("checkout", "-q", "main")
    repo.write("ci/handoff-audit.yml", 'block-files: ["**/HANDOFF.md", "**/NOTES.md"]\n')
    runner.base = repo.commit("gate config")
    repo.git("checkout", "-q", BRANCH)
    repo.git("merge", "-q", "--no-edit", "main")
    repo.git("rm", "-q", "handoff.json", "handoff.md")
    repo.write("NOTES.md", NOTE)


def test_a_config_input_the_pull_request_turns_into_a_link_is_read_at_the_base(
    runner: Runner,
) -> None:
    # The pull request points the configured name at a file of its own: the base commit is
    # still asked for ci/handoff-audit.yml, not for where the pull request's link leads.
    _notes_gate(runner)
    runner.repo.write("ci/mine.yml", 'block-files: ["**/HANDOFF.md"]\n')
    (runner.repo.root / "ci/handoff-audit.yml").unlink()
    (runner.repo.root / "ci/handoff-audit.yml").symlink_to("mine.yml")
    runner.head = runner.repo.commit("notes, and the configuration a link")
    done = runner.run(
        "pull_request", runner.pull_request(), comment="false", config="ci/handoff-audit.yml"
    )
    _blocked(done)
    assert "handoff-audit%3A handoff-in-merge::NOTES.md would be merged" in done.out
    assert (
        "the merge-gate settings (block-files) were read from ci/handoff-audit.yml at the base "
        f"commit {runner.base[:12]}, not from the pull request"
    ) in done.out


def test_a_config_input_the_base_lacks_and_the_pull_request_adds_fails_closed(
    runner: Runner, run_cli: Callable[..., Any]
) -> None:
    # The base commit has no ci/other.yml and the pull request tracks one: its content is the
    # pull request's; the defaults in its place would drop the workflow's gate settings.
    _notes_gate(runner)
    runner.repo.write("ci/other.yml", "block-files: []\n")
    runner.head = runner.repo.commit("notes, and a configuration the base does not have")
    done, outputs = runner.cli(
        run_cli, "pull_request", runner.pull_request(), config="ci/other.yml"
    )
    assert done.code == 2, done.out
    assert outputs["blocked"] == "true"
    assert (
        "input config: 'ci/other.yml' is tracked by the pull request but not by the base commit "
        f"{runner.base[:12]}, so its content is the pull request's"
    ) in done.err
    assert "to a path git does not track" in done.err
