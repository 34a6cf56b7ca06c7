"""Snippets that survive being copied. In a temporary tagged clone, the release script pins this
action's `uses:` to the release commit (scripts/release_action.py --pin); then each workflow
example, and each workflow in the README, is copied alone into a fresh repository and must pass
zizmor (offline, pedantic) and GitHub's workflow schema with no configuration of this repository.
Every third-party action is pinned by its full commit SHA with the version in a comment."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from git_helpers import git
from release_support import tagged_clone
from script_loader import REPO

BIN = Path(sys.executable).parent
TAG = "v1.4.2"
RELEASED_AS = "octo-org/handoff-audit"
PINNED = re.compile(r"^[\w.-]+/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$")
EXAMPLES = sorted(p.name for p in (REPO / "examples" / "workflows").glob("*.yml"))


def uses_lines(text: str) -> list[str]:
    return [m.group(1) for m in re.finditer(r"^\s*(?:-\s+)?uses:\s+(.+?)\s*$", text, re.M)]


def readme_workflows(text: str) -> list[str]:
    """The README's yaml blocks that are whole workflows (they have `jobs:`)."""
    blocks = re.findall(r"^```ya?ml\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)
    return [block for block in blocks if re.search(r"^jobs:", block, re.MULTILINE)]


@pytest.fixture(scope="module")
def released(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    clone = tagged_clone(tmp_path_factory.mktemp("snippets"), TAG)
    sha = git(clone, "rev-parse", "HEAD")
    files = ["README.md", *(f"examples/workflows/{name}" for name in EXAMPLES)]
    done = subprocess.run(
        [sys.executable, "scripts/release_action.py", "--version", TAG, "--repository",
         RELEASED_AS, "--sha", sha, "--pin", *files],
        cwd=clone, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return clone, sha


def check_alone(workflow: str, folder: Path, name: str) -> None:
    """``workflow`` as the only file of a fresh repository, linted with no configuration."""
    target = folder / ".github" / "workflows" / name
    target.parent.mkdir(parents=True)
    git(folder, "init", "--quiet")
    target.write_text(workflow, encoding="utf-8")
    zizmor = subprocess.run(
        [str(BIN / "zizmor"), "--offline", "--persona=pedantic", "--no-config", "--no-progress",
         str(target)],
        cwd=folder, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert zizmor.returncode == 0, f"{name}:\n{zizmor.stdout}{zizmor.stderr}"
    schema = subprocess.run(
        [str(BIN / "check-jsonschema"), "--builtin-schema", "vendor.github-workflows",
         str(target)],
        cwd=folder, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert schema.returncode == 0, f"{name}:\n{schema.stdout}{schema.stderr}"


@pytest.mark.parametrize("name", EXAMPLES)
def test_a_copied_example_passes_zizmor_and_the_schema(
    released: tuple[Path, str], tmp_path: Path, name: str
) -> None:
    clone, sha = released
    text = (clone / "examples" / "workflows" / name).read_text(encoding="utf-8")
    assert f"uses: {RELEASED_AS}@{sha} # {TAG}" in text
    assert all(PINNED.match(uses) for uses in uses_lines(text)), uses_lines(text)
    check_alone(text, tmp_path, name)


def test_the_readmes_workflows_pass_too(released: tuple[Path, str], tmp_path: Path) -> None:
    clone, sha = released
    readme = (clone / "README.md").read_text(encoding="utf-8")
    workflows = readme_workflows(readme)
    assert len(workflows) >= 2
    for number, workflow in enumerate(workflows):
        yaml.safe_load(workflow)
        check_alone(workflow, tmp_path / str(number), f"readme-{number}.yml")
    assert all(PINNED.match(uses) for uses in uses_lines(readme)), uses_lines(readme)
    assert f"{RELEASED_AS}@{sha} # {TAG}" in readme


def test_pre_commit_snippets_use_the_release_tag(released: tuple[Path, str]) -> None:
    readme = (released[0] / "README.md").read_text(encoding="utf-8")
    source = r"repo: https://github\.com/handoff-audit/handoff-audit\n\s+rev: (\S+)"
    revs = re.findall(source, readme)
    assert revs == [TAG]


def test_third_party_actions_are_pinned_by_sha_in_the_source() -> None:
    """Before any release: every `uses:` but this action's own carries a SHA and its version."""
    sources = [REPO / "README.md", *(REPO / "examples" / "workflows").glob("*.yml")]
    for path in sources:
        for uses in uses_lines(path.read_text(encoding="utf-8")):
            if uses.startswith(("handoff-audit/handoff-audit@", "./")) or "`" in uses:
                continue
            assert PINNED.match(uses), f"{path.name}: {uses}"
