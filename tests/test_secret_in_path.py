"""A credential-shaped folder name: the file's path is shown as the tree has it in every output,
so that the command printed to delete the file works; a credential in the file is still
redacted. (The tokens are built from parts: this file holds none.)"""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

from action_runner import PR, Runner
from agent_support import HookRun, run_hook, stop_event
from conftest import GitRepo
from test_action_formats import parse

FOLDER = "ghp_" + "A1b2" * 9
NOTE = f"{FOLDER}/HANDOFF.md"
INSIDE = "ghp_" + "Zq3" * 12
TEXT = f"# Handoff\n\n## Next step\nFix src/a.py\n\nDeploy with {INSIDE}\n"
FORMATS = ("text", "github", "json", "sarif", "markdown")


def _feature_with_note(repo: GitRepo, text: str = TEXT) -> None:
    repo.write("README.md", "hello\n")
    repo.commit("base")
    repo.git("checkout", "-q", "-b", "feat/x")
    repo.write(NOTE, text)
    repo.commit("notes")


def _shown_as_in_the_tree(output: str) -> None:
    assert NOTE in output
    assert "[redacted GitHub token]/HANDOFF.md" not in output
    assert INSIDE not in output


def _git_rm(text: str) -> str:
    [command] = {c for c in re.findall(r"`([^`]+)`", text) if c.startswith("git rm")}
    return command


def test_a_token_shaped_folder_is_named_as_it_is_and_its_git_rm_works(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    _feature_with_note(git_repo)
    into_main = ["check", "--target-branch", "main"]
    for name in FORMATS:
        done = run_cli([*into_main, "--format", name], cwd=git_repo.root)
        assert done.code == 1, (name, done.err)
        _shown_as_in_the_tree(done.out)
    annotations = run_cli([*into_main, "--format", "github"], cwd=git_repo.root).out
    [(props, message)] = [
        (props, message)
        for _, props, message in map(parse, annotations.splitlines())
        if message.endswith("[handoff-in-merge]")
    ]
    assert props["file"] == NOTE
    assert f"git rm -- :/{NOTE} " in message
    command = _git_rm(run_cli(into_main, cwd=git_repo.root).out)
    ran = subprocess.run(
        ["bash", "-c", command], cwd=git_repo.root, capture_output=True, text=True, check=False
    )
    assert ran.returncode == 0, ran.stderr
    assert run_cli(into_main, cwd=git_repo.root).code == 0


def test_ci_names_a_token_shaped_folder_alike_in_annotations_summary_and_comment(
    runner: Runner,
) -> None:
    runner.repo.write(NOTE, TEXT)
    runner.head = runner.repo.commit("notes")
    done = runner.run("pull_request", runner.pull_request())
    assert done.code == 1
    [comment] = runner.fake.ours(PR)
    for output in (done.out, done.summary, comment["body"]):
        _shown_as_in_the_tree(output)
    assert f"::error file={NOTE},title=handoff-audit%3A handoff-in-merge::{NOTE} " in done.out
    assert f"`git rm -- :/{NOTE} && git commit" in done.summary


def test_show_names_a_token_shaped_folder_as_check_does(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    _feature_with_note(git_repo)
    git_repo.write(f"{FOLDER}/notes.txt", "more\n")  # work after the note, in the same folder
    git_repo.commit("more")
    for name in ("text", "markdown", "json"):
        done = run_cli(["show", "--format", name], cwd=git_repo.root)
        assert done.code == 0, (name, done.err)
        _shown_as_in_the_tree(done.out)
        assert f"{FOLDER}/notes.txt" in done.out


def _stop(folder: Path) -> HookRun:
    return run_hook(stop_event(folder))


def _printed(run: HookRun, start: str) -> str:
    """The command of the hook's line holding ``start``, from ``start`` on, its ``"<...>"``
    parts filled in as an agent would."""
    line = next(line for line in run.lines if start in line)
    return re.sub(r'"<[^"]*>"', '"filled in"', line[line.index(start) :])


def _bash(command: str, cwd: Path) -> None:
    """Run ``command`` as printed, with bash, in ``cwd``; it must succeed."""
    ran = subprocess.run(["bash", "-c", command], cwd=cwd, capture_output=True, text=True)
    assert ran.returncode == 0, (command, ran.stderr)


def test_the_stop_hook_names_a_token_shaped_folder_so_its_fixes_work(git_repo: GitRepo) -> None:
    _feature_with_note(git_repo, TEXT.replace(INSIDE, "the deploy key"))
    git_repo.write("src/a.py", "work after the note\n")
    git_repo.commit("work")
    below = git_repo.root / "src"
    blocked = _stop(below)
    assert blocked.code == 2, blocked.err
    assert f"../{NOTE}" in blocked.err and "[redacted" not in blocked.err
    _bash(_printed(blocked, "t=$(mktemp)"), below)  # the refresh rewrites the note in place
    assert {p.name for p in git_repo.root.iterdir()} == {".git", FOLDER, "README.md", "src"}
    git_repo.commit("note refreshed")
    assert _stop(below).code == 0
    git_repo.write("src/a.py", "more work\n")
    git_repo.commit("more work")
    again = _stop(git_repo.root)
    _bash(_printed(again, "git rm "), git_repo.root)
    git_repo.commit("work done")
    assert _stop(git_repo.root).code == 0


def test_session_start_names_an_unreadable_packet_in_a_token_shaped_folder_as_it_is(
    git_repo: GitRepo,
) -> None:
    _feature_with_note(git_repo)
    git_repo.git("rm", "-q", NOTE)
    git_repo.write(f"{FOLDER}/handoff.json", '{"branch": ')
    git_repo.commit("a broken packet")
    start = run_hook(stop_event(git_repo.root, event="SessionStart") | {"source": "startup"})
    assert start.code == 0, start.err
    context = json.loads(start.out)["hookSpecificOutput"]["additionalContext"]
    assert f"{FOLDER}/handoff.json" in context, context
    assert "[redacted" not in context
