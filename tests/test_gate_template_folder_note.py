"""A folder of templates (``templates/`` at any depth) is no way around the merge gate: its name
is the pull request's to choose, so a working note there with a lower-case name
(``templates/handoff.md``) is blocked as it would be anywhere, though the gate's command reading
does not call it a handoff; only a file `placeholder` or `not-a-handoff` reads as a template or
instructions (bracketed blanks, ``YYYY-MM-DD``, a skill the package installs) passes."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from action_runner import Runner
from conftest import GitRepo, Result

Run = Callable[..., Result]

NOTE = (
    "# Session notes\n\n"
    "Refund rewrite is half done: tests/test_refund.py fails on GBP rounding.\n"
    "Files changed: src/refund.py, tests/test_refund.py.\n"
    "Next time, read src/refund.py first and fix the rounding.\n"
)
TEMPLATE = (
    "# Session handoff — YYYY-MM-DD\n\n## State\n[What works now, what is broken]\n\n"
    "## Decisions\n[Each decision and why]\n\n## Next step\n[The one next action]\n\n"
    "## Changed files\n- [path/to/file]\n"
)
FOLDERS = ["templates", "docs/templates", "src/pkg/templates"]


def _gate(repo: GitRepo, run_cli: Run, files: dict[str, str]) -> Result:
    repo.write("README.md", "hi\n")
    repo.commit("base")
    repo.git("checkout", "-q", "-b", "feat/x")
    for path, text in files.items():
        repo.write(path, text)
    repo.commit("files in a folder of templates")
    return run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=repo.root)


def _blocked(done: Result) -> list[str]:
    return [f["path"] for f in done.json()["findings"] if f["rule"] == "handoff-in-merge"]


@pytest.mark.parametrize("folder", FOLDERS)
def test_a_working_note_in_a_folder_of_templates_is_blocked(
    git_repo: GitRepo, run_cli: Run, folder: str
) -> None:
    note = f"{folder}/handoff.md"
    done = _gate(git_repo, run_cli, {note: NOTE, f"{folder}/session-handoff.md": TEMPLATE})
    assert done.code == 1, done.out
    assert _blocked(done) == [note]
    (finding,) = [f for f in done.json()["findings"] if f["path"] == note]
    assert f"git rm -- :/{note}" in finding["message"]


def test_the_same_note_is_blocked_at_the_root_too(git_repo: GitRepo, run_cli: Run) -> None:
    done = _gate(git_repo, run_cli, {"handoff.md": NOTE})
    assert done.code == 1, done.out
    assert _blocked(done) == ["handoff.md"]


@pytest.mark.parametrize("folder", FOLDERS)
def test_a_real_template_in_a_folder_of_templates_passes(
    git_repo: GitRepo, run_cli: Run, folder: str
) -> None:
    done = _gate(git_repo, run_cli, {f"{folder}/handoff.md": TEMPLATE})
    assert done.code == 0, done.out
    assert done.json()["findings"] == []


def test_the_action_blocks_a_working_note_in_a_packages_templates(runner: Runner) -> None:
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")  # the fixture's own packet
    runner.repo.write("src/pkg/templates/handoff.md", NOTE)
    runner.repo.write("src/pkg/templates/session-handoff.md", TEMPLATE)
    runner.head = runner.repo.commit("a note among the package's templates")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert (
        "::error file=src/pkg/templates/handoff.md,title=handoff-audit%3A handoff-in-merge::"
        "src/pkg/templates/handoff.md would be merged into the protected branch main"
    ) in done.out
    assert "session-handoff.md" not in done.out


BARE_TEMPLATES = {
    "headings": "# Handoff\n\n## State\n\n## Next step\n",
    "comments": (
        "# Handoff\n\n## State\n<!-- what is true now -->\n\n"
        "## Next step\n<!-- the one next action -->\n"
    ),
    "dots": "# Handoff\n\n## State\n...\n\n## Next step\n...\n",
    "tbd": "# Handoff\n\n## State\nTBD\n\n## Next step\nTBD\n",
    "envsubst": "# Handoff: ${TOPIC}\n\n## State\n${STATE}\n\n## Next step\n${NEXT}\n",
    "erb": "# Handoff: <%= topic %>\n\n## State\n<%= state %>\n\n## Next step\n<%= next_step %>\n",
    "format": "# Handoff: {topic}\n\n## State\n{state}\n\n## Next step\n{next_step}\n",
}


@pytest.mark.parametrize("form", sorted(BARE_TEMPLATES))
def test_a_template_without_facts_in_a_packages_templates_passes(
    git_repo: GitRepo, run_cli: Run, form: str
) -> None:
    done = _gate(git_repo, run_cli, {"src/pkg/templates/handoff.md": BARE_TEMPLATES[form]})
    assert done.code == 0, done.out
    assert _blocked(done) == []
