"""The tag workflow (.github/workflows/release.yml) cannot run here (no registry, no GitHub): its
shape is checked instead, with the linters GitHub users run, and the scripts it calls are
tested on their own (test_release_build, test_release_notes, test_release_snippets)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

from script_loader import REPO

BIN = Path(sys.executable).parent
WORKFLOW = REPO / ".github" / "workflows" / "release.yml"
PINNED = re.compile(r"^[\w.-]+/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$")


def load() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    return data


def runs(job: dict[str, Any]) -> str:
    return "\n".join(step.get("run", "") for step in job["steps"])


def test_pypi_is_published_by_trusted_publishing_from_one_job() -> None:
    jobs = load()["jobs"]
    assert load()["permissions"] == {}
    pypi = jobs["pypi"]
    assert pypi["permissions"] == {"id-token": "write"}
    assert pypi["environment"]["name"] == "pypi"
    (publish,) = [s for s in pypi["steps"] if "gh-action-pypi-publish" in s.get("uses", "")]
    assert "with" not in publish, "no password: the OIDC token is the credential"
    minting = {name for name, job in jobs.items() if job["permissions"].get("id-token")}
    assert minting == {"pypi", "image"}  # image: the Sigstore-signed provenance attestation


def test_every_action_is_pinned_by_sha_with_its_version() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    uses = re.findall(r"^\s*(?:-\s+)?uses:\s+(.+?)\s*$", text, flags=re.MULTILINE)
    assert uses and all(PINNED.match(u) for u in uses), uses


def test_the_package_is_checked_before_anything_is_published() -> None:
    jobs = load()["jobs"]
    dist = runs(jobs["dist"])
    for command in ("scripts/changelog.py", "python -m build", "twine check --strict",
                    "scripts/check_dist.py --version"):  # fmt: skip
        assert command in dist
    assert "fetch-depth" in str(jobs["dist"]["steps"][0]["with"])  # the tag, for setuptools-scm
    assert jobs["image"]["needs"] == "dist"
    assert set(jobs["pypi"]["needs"]) == {"dist", "action"}
    assert "--notes-file release/notes.md" in runs(jobs["github-release"])
    assert "release/*.schema.json" in runs(jobs["github-release"])  # each $id's URL
    assert "--pin README.md examples/workflows/*.yml" in runs(jobs["pin-snippets"])


def test_the_image_is_built_with_the_tags_version() -> None:
    push = next(s for s in load()["jobs"]["image"]["steps"] if s.get("id") == "push")
    assert push["with"]["build-args"] == "VERSION=${{ steps.meta.outputs.version }}"


def test_the_workflow_passes_zizmor_pedantic_and_the_schema() -> None:
    zizmor = subprocess.run(
        [str(BIN / "zizmor"), "--offline", "--persona=pedantic", "--no-progress", str(WORKFLOW)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert zizmor.returncode == 0, zizmor.stdout + zizmor.stderr
    schema = subprocess.run(
        [str(BIN / "check-jsonschema"), "--builtin-schema", "vendor.github-workflows",
         str(WORKFLOW)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert schema.returncode == 0, schema.stdout + schema.stderr
