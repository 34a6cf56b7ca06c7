"""A working note under a name the merge gate reads by content (a lower-case note in an agent's
command folder, a ``handoff.md`` beside another tool's JSON) is judged by what a reader sees:
a command's cue hidden in an HTML comment does not make it a command."""

from __future__ import annotations

import pytest

from action_runner import Runner
from conftest import GitRepo
from gate_support import NOTE, Run, blocked_by_the_action, gated, on_a_feature_branch

CMD = ".claude/commands/session-handoff.md"
COMMAND = "Create or update HANDOFF.md with the goal, state and next steps.\n$ARGUMENTS\n"


HIDDEN_CUES = [
    "\n<!-- $ARGUMENTS -->\n",
    "\n<!--\n$ARGUMENTS\n-->\n",
    "\nSee <!-- $ARGUMENTS --> above.\n",
    "\n<!--\n" + "<fill in>\n" * 20 + "-->\n",
    "\n<!-- never closed\n$ARGUMENTS\n",
    "\n[//]: # ($ARGUMENTS)\n",
    "\n[comment]: <> ($ARGUMENTS)\n",
    '\n[//]: # "$ARGUMENTS"\n',
]


@pytest.mark.parametrize("hidden", HIDDEN_CUES)
def test_a_command_cue_in_an_html_comment_does_not_exempt_a_note_in_a_command_folder(
    git_repo: GitRepo, run_cli: Run, hidden: str
) -> None:
    on_a_feature_branch(
        git_repo,
        {CMD: NOTE + hidden, "prompts/handoff.md": COMMAND + "<!-- the agent fills this in -->\n"},
    )
    assert gated(git_repo, run_cli) == [CMD]


def test_a_template_whose_blanks_are_comments_is_still_a_command(
    git_repo: GitRepo, run_cli: Run
) -> None:
    template = (
        "# Handoff\n\n## State\n<!-- what is done -->\n\n## Next step\n<!-- what is next -->\n\n"
        "## Ruled out\n<!--\nwhat failed,\nand why\n-->\n"
    )
    on_a_feature_branch(git_repo, {CMD: template})
    assert gated(git_repo, run_cli) == []


def test_the_action_blocks_a_note_with_arguments_in_a_comment(runner: Runner) -> None:
    done = blocked_by_the_action(runner, {CMD: NOTE + "\n<!-- $ARGUMENTS -->\n"})
    assert f"::error file={CMD},title=handoff-audit%3A handoff-in-merge::" in done.out


ENCODINGS = {
    "utf-16-le with a BOM": lambda text: b"\xff\xfe" + text.encode("utf-16-le"),
    "utf-16-be with a BOM": lambda text: b"\xfe\xff" + text.encode("utf-16-be"),
    "utf-16-le without a BOM": lambda text: text.encode("utf-16-le"),
    "utf-16-be without a BOM": lambda text: text.encode("utf-16-be"),
    "utf-32 with a BOM": lambda text: text.encode("utf-32"),
}
COMMAND_PLACES = [CMD, "prompts/handoff.md", ".github/prompts/session-handoff.md"]
FOREIGN = '{"status": "in_progress", "tasks": []}\n'
NO_SCHEMA = 'rules: {schema: "off", invalid-json: "off"}\n'
"""The pull request's own configuration turning off the only findings on another tool's JSON."""


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_a_note_saved_as_utf16_in_a_command_folder_is_blocked(
    git_repo: GitRepo, run_cli: Run, encoding: str
) -> None:
    """The gate reads a note as its reader does, in the encoding its bytes say; a command saved
    so still reads as a command."""
    files = {place: ENCODINGS[encoding](NOTE) for place in COMMAND_PLACES}
    on_a_feature_branch(
        git_repo, {**files, ".claude/commands/handoff.md": ENCODINGS[encoding](COMMAND)}
    )
    assert gated(git_repo, run_cli) == sorted(COMMAND_PLACES)


@pytest.mark.parametrize("encoding", ["utf-16-le with a BOM", "utf-16-le without a BOM"])
def test_the_action_blocks_a_utf16_note_beside_another_tools_json(
    runner: Runner, encoding: str
) -> None:
    """The pull request's own configuration turns off `invalid-json` and `schema`, the only
    findings on another tool's JSON and an unreadable twin: the gate still reads the note."""
    files = {"handoff.json": FOREIGN, "handoff.md": ENCODINGS[encoding](NOTE)}
    done = blocked_by_the_action(runner, {**files, ".handoff-audit.yml": NO_SCHEMA})
    assert "::error file=handoff.md,title=handoff-audit%3A handoff-in-merge::" in done.out


def test_the_action_blocks_a_utf16_note_in_a_command_folder(runner: Runner) -> None:
    done = blocked_by_the_action(runner, {CMD: b"\xff\xfe" + NOTE.encode("utf-16-le")})
    assert f"::error file={CMD},title=handoff-audit%3A handoff-in-merge::" in done.out


LFS = (
    "version https://git-lfs.github.com/spec/v1\n"
    "oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n"
)


def test_check_blocks_a_git_lfs_pointer_under_a_note_name_read_by_content(
    git_repo: GitRepo, run_cli: Run
) -> None:
    on_a_feature_branch(git_repo, {CMD: LFS, "handoff.json": FOREIGN, "handoff.md": LFS})
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1, done.out
    gated = {
        f["path"]: f["message"] for f in done.json()["findings"] if f["rule"] == "handoff-in-merge"
    }
    assert sorted(gated) == sorted([CMD, "handoff.md"])
    for message in gated.values():
        assert (
            "it is stored in Git LFS, so the gate cannot read it; remove it from the pull"
            in message
        )


def test_the_action_blocks_a_git_lfs_pointer_whatever_the_pull_requests_configuration(
    runner: Runner,
) -> None:
    files = {CMD: LFS, "handoff.json": FOREIGN, "handoff.md": LFS}
    done = blocked_by_the_action(runner, {**files, ".handoff-audit.yml": NO_SCHEMA})
    for path in (CMD, "handoff.md"):
        assert (
            f"::error file={path},title=handoff-audit%3A handoff-in-merge::{path} would be "
            "merged into the protected branch main: it is stored in Git LFS, so the gate cannot "
            "read it"
        ) in done.out


def test_a_command_that_mentions_git_lfs_is_still_a_command(
    git_repo: GitRepo, run_cli: Run
) -> None:
    lfs = "Store large logs with Git LFS (`version https://git-lfs.github.com/spec/v1`).\n"
    on_a_feature_branch(git_repo, {CMD: COMMAND + lfs})
    assert gated(git_repo, run_cli) == []


LOOK_ALIKES = [
    "HAND\u200bOFF.md",
    "HANDOFF.md\u200b",
    "docs/HAND\u200dOFF.md",
    "SESSION_\u2066HANDOFF.md",
]


def test_check_blocks_a_note_whose_name_hides_invisible_characters(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """GitHub shows ``HAND\\u200bOFF.md`` as ``HANDOFF.md``: the gate blocks it as that name,
    and names it with the invisible characters shown; a name that merely is not ASCII is not
    blocked."""
    on_a_feature_branch(git_repo, dict.fromkeys([*LOOK_ALIKES, "café.md"], NOTE))
    assert gated(git_repo, run_cli) == sorted(LOOK_ALIKES)
    done = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert (
        "HAND\\u200dOFF.md (shown as docs/HANDOFF.md: its name holds invisible characters) "
        "would be merged into the protected branch main"
    ) in done.out
    assert "git rm -- \"$(printf ':/HAND\\342\\200\\213OFF.md')\"" in done.out
    assert "\u200b" not in done.out


def test_the_action_blocks_a_note_whose_name_hides_a_zero_width_space(runner: Runner) -> None:
    done = blocked_by_the_action(runner, {"HAND\u200bOFF.md": NOTE})
    assert "HAND\\u200bOFF.md (shown as HANDOFF.md: its name holds invisible characters)" in (
        done.out
    )


SHOWN_OPENER_COMMANDS = {
    ".claude/commands/session-handoff.md": (
        "Write HANDOFF.md for the next session. Do not put `<!--` comments in it. Example:\n\n"
        + NOTE
        + "\nFocus on: $ARGUMENTS\n"
    ),
    ".cursor/commands/handoff.md": (
        "Write HANDOFF.md for the next session. Never leave this in it:\n\n```html\n<!-- todo\n"
        "```\n\nExample:\n\n" + NOTE + "\nFocus on: $ARGUMENTS\n"
    ),
}


def test_an_html_comment_opener_shown_as_code_hides_no_cue_after_it(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """ "Do not put `<!--` comments in it." or a fenced block holding ``<!--``: GitHub shows the
    opener as text, so the ``$ARGUMENTS`` after it still makes the file a command."""
    on_a_feature_branch(git_repo, SHOWN_OPENER_COMMANDS)
    assert gated(git_repo, run_cli) == []


IGNORABLES = {
    "HANDOFF\ufe0f.md": "HANDOFF\\ufe0f.md",  # a variation selector
    "HAND\u034fOFF.md": "HAND\\u034fOFF.md",  # the combining grapheme joiner
    "HAND\u3164OFF.md": "HAND\\u3164OFF.md",  # the Hangul filler
    "HANDOFF\U000e0041.md": "HANDOFF\\U000e0041.md",  # a tag character
}


def test_check_blocks_a_note_whose_name_hides_a_default_ignorable_character(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """Characters that show nothing but are no format character (Unicode's default ignorable
    code points) hide a note's name too; the text output escapes them in the location column
    and in the message, a character beyond U+FFFF as ``\\U`` and eight digits."""
    on_a_feature_branch(git_repo, dict.fromkeys(IGNORABLES, NOTE))
    assert gated(git_repo, run_cli) == sorted(IGNORABLES)
    done = run_cli(["check", "--target-branch", "main", "--color", "never"], cwd=git_repo.root)
    for shown in IGNORABLES.values():
        assert (
            f"{shown}: handoff-in-merge: {shown} (shown as HANDOFF.md: its name holds invisible "
            "characters)"
        ) in done.out
    for name in IGNORABLES:
        assert name not in done.out


GENERATED_COMMAND = """\
<!-- GENERATED by scripts/sync-rules.mjs from .claude/. Do not edit by hand. -->

---
description: Write a context-transfer prompt for a new session
model: sonnet
---
> Cursor-side mirror of `/handoff`.

# /handoff

Produce a prompt a fresh session can paste in to resume where this one left off.

## State
Say which phase is active and what the last commit did.

## Next step
Say what the next session should do first.

## Decisions
List the choices made and why.
"""


def test_a_command_under_a_generators_comment_or_a_quoted_line_reads_as_a_command(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """Front matter under a generator's leading HTML comment is the command's front matter,
    and a ``# /handoff`` title under a quoted line is its title; a title hidden in a comment
    still makes no working note a command."""
    lines = GENERATED_COMMAND.splitlines(keepends=True)
    hidden_matter = "<!--\n---\ndescription: Write a handoff\n---\n-->\n"
    files = {
        ".cursor/commands/handoff.md": GENERATED_COMMAND,
        ".cursor/commands/wrap-handoff.md": "".join(lines[6:]),
        ".claude/commands/handoff.md": "<!-- # /handoff -->\n" + NOTE,
        CMD: hidden_matter + NOTE.replace("# Handoff", ""),
    }
    on_a_feature_branch(git_repo, files)
    assert gated(git_repo, run_cli) == [".claude/commands/handoff.md", CMD]


FILLED_IN = (
    "State: branch feat, GBP rounding half done; 42 tests pass, 3 fail in tests/test_fx.py.\n"
    "Next: fix the GBP case in src/pay/fx.py line 88, then run pytest and push.\n"
    "Done: rewrote src/pay/fx.py rounding to use Decimal.\n"
)


@pytest.mark.parametrize(
    "note",
    [
        FILLED_IN + "\n# /handoff\n",
        "Refunds fail on GBP in src/pay/fx.py line 88.\n\n# /handoff\n\n"
        "## State\n42 tests pass, 3 fail in tests/test_fx.py.\n\n"
        "## Next steps\nFix the GBP rounding in src/pay/fx.py, then push.\n",
        "> one\n> two\n\n# /handoff\n\n" + FILLED_IN,
    ],
    ids=["title-last", "title-under-prose", "title-under-two-quoted-lines"],
)
def test_a_slash_title_below_the_top_does_not_make_a_note_a_command(
    git_repo: GitRepo, run_cli: Run, note: str
) -> None:
    """Only a ``# /handoff`` title at the top (under front matter, leading comments or one
    quoted line) names a command: a filled-in note with one further down is still a note."""
    on_a_feature_branch(git_repo, {".claude/commands/x/handoff.md": note})
    assert gated(git_repo, run_cli) == [".claude/commands/x/handoff.md"]
