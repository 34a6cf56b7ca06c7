"""The Action says what `check` says of handoffs kept where the configuration does not look: a
notice in the log and a note in the job summary, naming them and the line that audits them,
without failing the check; from a real repository and a real ``handoff-audit ci`` run."""

from __future__ import annotations

from collections.abc import Callable

from action_runner import Runner
from action_support import assert_safe_markdown
from conftest import Result

NOTE = "# Handoff\n\n## State\nRefunds done; tests pass.\n\n## Next step\nWire refunds.\n"

LINE = '`extend-packets: ["docs/HANDOFF_DEC31_2025.md"]` in .handoff-audit.yml'


def _stray(runner: Runner) -> None:
    runner.repo.write("docs/HANDOFF_DEC31_2025.md", NOTE)
    runner.repo.write("docs/ARCHITECTURE.md", "# Architecture\n\nServices.\n")
    runner.repo.write("docs/handoff-format.md", "# Handoff format\n\nWrite the state first.\n")
    runner.head = runner.repo.commit("docs")


def test_a_handoff_the_globs_miss_is_a_notice_and_a_summary_note(runner: Runner) -> None:
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")
    runner.repo.write("SESSION_STATE.md", NOTE)  # found, judged, never blocked
    _stray(runner)

    done = runner.run("pull_request", runner.pull_request(), comment="false")

    assert done.code == 0, done.out
    assert done.outputs["blocked"] == "false"
    assert done.outputs["packets"] == "1"
    [notice] = [line for line in done.out.splitlines() if "not audited" in line]
    assert notice == (
        "::notice title=handoff-audit%3A not audited::git tracks markdown files named as "
        "handoffs where the configuration does not look: docs/HANDOFF_DEC31_2025.md; to audit "
        f"it, set {LINE}"
    )
    assert "handoff-format" not in done.out
    assert "> **Note:** git tracks markdown files named as handoffs where" in done.summary
    assert "HANDOFF" in done.summary.split("**Note:**")[1]


def test_the_notice_when_no_handoff_is_found(
    runner: Runner, run_cli: Callable[..., Result]
) -> None:
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")
    _stray(runner)

    done, outputs = runner.cli(run_cli, "pull_request", runner.pull_request())

    assert done.code == 0, done.out
    assert outputs["packets"] == "0"
    assert (
        "::notice title=handoff-audit%3A not audited::no handoff found where the configuration "
        "looks, but git tracks markdown files named as handoffs elsewhere: "
        f"docs/HANDOFF_DEC31_2025.md; to audit it, set {LINE}\n"
    ) in done.out


def test_no_notice_when_every_handoff_is_audited(runner: Runner) -> None:
    _stray(runner)
    runner.repo.write(".handoff-audit.yml", 'extend-packets: ["docs/HANDOFF_DEC31_2025.md"]\n')
    runner.head = runner.repo.commit("configure")

    done = runner.run("pull_request", runner.pull_request(), comment="false")

    assert "not audited" not in done.out
    assert "**Note:**" not in done.summary


def test_the_summary_note_shows_the_line_to_set_as_code(runner: Runner) -> None:
    """The line to set is a code span on GitHub, not escaped backticks around escaped words;
    a file name, untrusted, is still inert, a backtick in it too."""
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")
    runner.repo.write("SESSION_STATE.md", NOTE)
    _stray(runner)
    runner.repo.write("notes/HANDOFF_`*x*`.md", NOTE)
    runner.head = runner.repo.commit("a note with a backtick in its name")

    done = runner.run("pull_request", runner.pull_request(), comment="false")

    assert done.code == 0, done.out
    note = done.summary.split("> **Note:**")[1]
    tags = assert_safe_markdown(note)
    assert tags.text_in["code"] == [
        'extend-packets: ["docs/HANDOFF_DEC31_2025.md", "notes/HANDOFF_`[*]x[*]`.md"]'
    ], note
    assert "em" not in tags.opened, note
    words = "".join(tags.text_in["p"])
    assert "notes/HANDOFF_`*x*`.md; to audit them, set extend-packets" in words, note


def test_a_line_separator_in_a_stray_name_is_an_escape_in_the_notice(runner: Runner) -> None:
    """A U+2028 in the name reached the ``::notice`` line raw, where the other annotations
    write ``\\u2028``; U+2029 and U+0085 alike."""
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")
    runner.repo.write("docs/HANDOFF_DEC31_2025\u2028::error::x\u2029\u0085.md", NOTE)
    runner.head = runner.repo.commit("a note with line separators in its name")

    done = runner.run("pull_request", runner.pull_request(), comment="false")

    [notice] = [line for line in done.out.splitlines() if "not audited" in line]
    assert not {"\u2028", "\u2029", "\u0085"} & set(done.out), repr(notice)
    assert "docs/HANDOFF_DEC31_2025\\u2028::error::x\\u2029\\x85.md" in notice
    assert "\u2028" not in done.summary and "\\\\u2028" in done.summary
