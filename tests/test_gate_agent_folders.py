"""An agent's command, prompt or skill folder (``prompts/`` at any depth, ``.github/prompts/``,
``.cursor/commands/``, ``.claude/skills/``, ``.claude/agents/``) is not searched for hand-written
handoffs, but it is no way around the merge gate: a file there that ``block-files`` names (in any
letter case, as anywhere) whose name is not all lower case (``docs/prompts/HANDOFF.md``,
``prompts/Handoff.md``) is blocked, and a JSON packet there (``prompts/handoff.json``) is found,
judged and gated like one anywhere else. A command about handoffs
(``.claude/commands/handoff.md``, ``session-handoff.md``) still never fails the audit."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from action_runner import Runner
from conftest import GitRepo, Result

Run = Callable[..., Result]

NOTE = (
    "# Handoff\n\n## State\nRefund endpoint half done in src/refund.py.\n\n"
    "## Next step\nAdd idempotency keys.\n"
)
COMMAND = (
    "---\ndescription: Write a session handoff\nallowed-tools: Bash, Write\n---\n"
    "Create or update HANDOFF.md with the goal, state and next steps.\n$ARGUMENTS\n"
)
AGENT_FOLDERS = [
    "docs/prompts",
    "a/b/prompts/x",
    ".github/prompts",
    ".cursor/commands",
    ".claude/skills/x",
    ".claude/agents",
]


def _move_packet(runner: Runner, folder: str) -> None:
    """The pull request's active packet (and its twin) moved into ``folder``."""
    repo = runner.repo
    (repo.root / folder).mkdir(parents=True, exist_ok=True)
    repo.git("mv", "handoff.json", f"{folder}/handoff.json")
    repo.git("mv", "handoff.md", f"{folder}/handoff.md")


@pytest.mark.parametrize("folder", AGENT_FOLDERS)
def test_a_pull_request_with_its_note_and_packet_in_an_agent_folder_is_blocked(
    runner: Runner, folder: str
) -> None:
    _move_packet(runner, "prompts")
    runner.repo.write(f"{folder}/HANDOFF.md", NOTE)
    runner.repo.write(".claude/commands/handoff.md", COMMAND)
    runner.head = runner.repo.commit("notes where prompts live")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert (
        f"::error file={folder}/HANDOFF.md,title=handoff-audit%3A handoff-in-merge::"
        f"{folder}/HANDOFF.md would be merged into the protected branch main"
    ) in done.out
    assert "::error file=prompts/handoff.json,line=" in done.out
    assert "handoff-audit%3A active-in-merge::this active packet" in done.out
    assert ".claude/commands/handoff.md" not in done.out  # a command, never a finding


def test_the_action_input_block_files_blocks_a_note_in_a_prompts_folder(runner: Runner) -> None:
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")
    runner.repo.write("docs/prompts/HANDOFF.md", NOTE)
    runner.head = runner.repo.commit("note in docs/prompts")
    done = runner.run(
        "pull_request",
        runner.pull_request(),
        comment="false",
        block_files="docs/prompts/HANDOFF.md",
    )
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert "::error file=docs/prompts/HANDOFF.md,title=handoff-audit%3A handoff-in-merge::" in (
        done.out
    )
    assert "it is in prompts/, where an agent's commands and prompts live" in done.out


def _feature_branch(repo: GitRepo) -> None:
    repo.write("README.md", "hi\n")
    repo.commit("base")
    repo.git("checkout", "-q", "-b", "feat/x")


def test_new_output_into_a_prompts_folder_writes_a_packet_the_audit_finds(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _feature_branch(git_repo)
    made = run_cli(
        [
            "new",
            "--output",
            "prompts/handoff.json",
            "--summary",
            "Refund endpoint half done.",
            "--next-action",
            "Add idempotency keys.",
            "--verdict-pointer",
            "README.md",
        ],
        cwd=git_repo.root,
    )
    assert made.code == 0, made.err
    git_repo.commit("wip")
    found = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert [p["path"] for p in found.json()["packets"]] == ["prompts/handoff.json"]
    gated = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    assert gated.code == 1
    assert [(f["rule"], f["path"]) for f in gated.json()["findings"]] == [
        ("active-in-merge", "prompts/handoff.json")
    ]


def test_check_blocks_by_name_in_agent_folders_as_the_configuration_says(
    git_repo: GitRepo, run_cli: Run
) -> None:
    # main's configuration: the merge gate reads main's `block-files`, as the Action does
    git_repo.write(".handoff-audit.yml", 'block-files: ["docs/**/HANDOFF.md"]\n')
    _feature_branch(git_repo)
    git_repo.write("docs/prompts/HANDOFF.md", NOTE)
    git_repo.write(".github/prompts/HANDOFF.md", NOTE)  # the configuration leaves it out
    for command in (".claude/commands/handoff.md", ".claude/commands/session-handoff.md"):
        git_repo.write(command, COMMAND)
    git_repo.commit("notes")
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1, done.out
    assert [(f["rule"], f["path"]) for f in done.json()["findings"]] == [
        ("handoff-in-merge", "docs/prompts/HANDOFF.md")
    ]


CASE_VARIANTS = [
    "prompts/Handoff.md",
    ".claude/skills/Handoff.md",
    ".github/prompts/HANDOFF.MD",
    ".cursor/commands/Session_Handoff.md",
]


@pytest.mark.parametrize("note", CASE_VARIANTS)
def test_a_note_in_another_letter_case_in_an_agent_folder_is_blocked_by_the_action(
    runner: Runner, note: str
) -> None:
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")
    runner.repo.write(note, NOTE)
    for command in (".claude/commands/handoff.md", ".claude/commands/session-handoff.md"):
        runner.repo.write(command, COMMAND)
    runner.head = runner.repo.commit("note in another letter case")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert (
        f"::error file={note},title=handoff-audit%3A handoff-in-merge::"
        f"{note} would be merged into the protected branch main"
    ) in done.out
    assert ".claude/commands/" not in done.out  # commands, never a finding


@pytest.mark.parametrize("note", CASE_VARIANTS)
def test_check_blocks_a_note_in_another_letter_case_in_an_agent_folder(
    git_repo: GitRepo, run_cli: Run, note: str
) -> None:
    _feature_branch(git_repo)
    git_repo.write(note, NOTE)
    for command in (".claude/commands/handoff.md", ".claude/commands/session-handoff.md"):
        git_repo.write(command, COMMAND)
    git_repo.commit("note in another letter case")
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1, done.out
    assert [(f["rule"], f["path"]) for f in done.json()["findings"]] == [("handoff-in-merge", note)]


COMMAND_FOLDERS = ["commands", "plugins/review/commands"]


@pytest.mark.parametrize("folder", COMMAND_FOLDERS)
def test_a_command_in_a_bare_commands_folder_passes_and_a_note_there_is_still_blocked(
    git_repo: GitRepo, run_cli: Run, folder: str
) -> None:
    """A plugin's ``commands/`` (at any depth) is an agent's command folder like
    ``.claude/commands/``: its lower-case command about handoffs is not read as a handoff and
    does not fail the gate, while a working note's name there, or command-like front matter on
    a note elsewhere, still blocks."""
    _feature_branch(git_repo)
    git_repo.write(f"{folder}/lint.md", "---\ndescription: Run the linter\n---\nRun it.\n")
    git_repo.write(f"{folder}/handoff.md", COMMAND)
    git_repo.commit("agent commands")
    passed = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    assert passed.code == 0, passed.out
    assert passed.json()["findings"] == []
    git_repo.write(f"{folder}/HANDOFF.md", NOTE)
    git_repo.write("HANDOFF.md", COMMAND + "\n" + NOTE)  # a note dressed as a command
    git_repo.commit("notes among the commands")
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1, done.out
    blocked = [f["path"] for f in done.json()["findings"] if f["rule"] == "handoff-in-merge"]
    assert blocked == ["HANDOFF.md", f"{folder}/HANDOFF.md"]


FULL_NOTE = (
    "# Handoff: refund export\n\n## State\nThe refund export in src/a.py writes rows; "
    "test_export_timezone fails (UTC vs local).\n\n## Next step\nFix format_ts() in src/a.py "
    "until test_export_timezone passes.\n\n## Decisions\n- Kept the CSV writer because the "
    "importer needs it.\n\n## Ruled out\n- pandas: too heavy for one file.\n\n## Pointers\n"
    "- src/a.py\n"
)
NOTES_NAMED_AS_COMMANDS = ["src/cli/commands/handoff.md", ".claude/commands/session-handoff.md"]


def test_a_handoff_named_as_a_command_in_a_command_folder_is_blocked_by_the_action(
    runner: Runner,
) -> None:
    """The exemption of a lower-case name in a command folder goes by content: a file there
    that reads as a handoff (state, next step, decisions) is a working note; the command that
    tells the agent how to write one still passes."""
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")
    runner.repo.write("src/cli/commands/export.py", "import click\n")
    for note in NOTES_NAMED_AS_COMMANDS:
        runner.repo.write(note, FULL_NOTE)
    runner.repo.write(".claude/commands/handoff.md", COMMAND)
    runner.head = runner.repo.commit("export command, and notes named as commands")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    for note in NOTES_NAMED_AS_COMMANDS:
        assert (
            f"::error file={note},title=handoff-audit%3A handoff-in-merge::"
            f"{note} would be merged into the protected branch main"
        ) in done.out
    assert ".claude/commands/handoff.md" not in done.out  # a command, never a finding


def test_check_blocks_a_handoff_named_as_a_command_in_a_command_folder(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _feature_branch(git_repo)
    for note in NOTES_NAMED_AS_COMMANDS:
        git_repo.write(note, FULL_NOTE)
    git_repo.write(".claude/commands/handoff.md", COMMAND)
    git_repo.commit("notes named as commands")
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1, done.out
    blocked = sorted(f["path"] for f in done.json()["findings"] if f["rule"] == "handoff-in-merge")
    assert blocked == sorted(NOTES_NAMED_AS_COMMANDS)


FRONT_MATTERS = [
    "description: x",
    "description: Write a session handoff\nallowed-tools: Bash, Write",
    "name: handoff\ndescription: Use when the session ends",
]
DRESSED_NOTES = [".claude/commands/session-handoff.md", "prompts/handoff.md"]


@pytest.mark.parametrize("front", FRONT_MATTERS)
def test_check_blocks_a_handoff_under_command_front_matter_in_a_command_folder(
    git_repo: GitRepo, run_cli: Run, front: str
) -> None:
    """Front matter is the pull request's to write: over a body that reads as a handoff
    (State, Next step, Ruled out), it does not make the file a command."""
    _feature_branch(git_repo)
    for note in DRESSED_NOTES:
        git_repo.write(note, f"---\n{front}\n---\n{FULL_NOTE}")
    git_repo.write(".claude/commands/handoff.md", COMMAND)
    git_repo.commit("handoffs dressed as commands")
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1, done.out
    blocked = sorted(f["path"] for f in done.json()["findings"] if f["rule"] == "handoff-in-merge")
    assert blocked == sorted(DRESSED_NOTES)


def test_a_handoff_under_a_bare_description_in_a_command_folder_is_blocked_by_the_action(
    runner: Runner,
) -> None:
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")
    for note in DRESSED_NOTES:
        runner.repo.write(note, f"---\ndescription: x\n---\n{FULL_NOTE}")
    runner.repo.write(".claude/commands/handoff.md", COMMAND)
    runner.head = runner.repo.commit("handoffs dressed as commands")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    for note in DRESSED_NOTES:
        assert (
            f"::error file={note},title=handoff-audit%3A handoff-in-merge::"
            f"{note} would be merged into the protected branch main"
        ) in done.out
    assert ".claude/commands/handoff.md" not in done.out  # a command, never a finding


TEMPLATES = Path(__file__).parent / "data" / "templates"
ONE_ORDER = "Update this file before you stop.\n"


def test_one_instruction_line_does_not_make_a_handoff_in_a_command_folder_a_command(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """A command's cues must outweigh the handoff it holds: one ordinary "Update this file
    before you stop." under State and Next step leaves it a working note, while a command with
    a single order over the list of what to write (and one with ``$ARGUMENTS``) still passes."""
    _feature_branch(git_repo)
    git_repo.write(".claude/commands/session-handoff.md", NOTE + ONE_ORDER)
    git_repo.write(".claude/commands/handoff.md", (TEMPLATES / "session-end-prompt.md").read_text())
    git_repo.write("prompts/handoff.md", COMMAND)
    git_repo.commit("a note with one order among the commands")
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1, done.out
    blocked = [f["path"] for f in done.json()["findings"] if f["rule"] == "handoff-in-merge"]
    assert blocked == [".claude/commands/session-handoff.md"]
