"""The version comes from the git tag: a wheel built from a clean checkout of a tagged commit,
installed in an empty virtual environment without the network, says the tag's version.

The repository's tracked files are committed into a temporary git repository and tagged; the
wheel is built offline (--no-build-isolation, with the test environment's setuptools-scm) and
installed with its dependencies from wheels repacked from this environment (tests/wheelhouse.py).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from git_helpers import git
from script_loader import REPO
from wheelhouse import wheelhouse

TAG = "v7.3.1"


def tracked_copy(target: Path) -> Path:
    """The repository's tracked files as they are in the work tree, without its .git."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = REPO / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def build_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SETUPTOOLS_SCM")}
    env["PIP_NO_INDEX"] = "1"  # no network, whatever the user's pip configuration says
    return env


def build_wheel(source: Path, out: Path, env: dict[str, str]) -> Path:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--wheel-dir",
            str(out),
            str(source),
        ],
        env=env,
        check=True,
        capture_output=True,
    )
    (wheel,) = out.glob("handoff_audit-*.whl")
    return wheel


@pytest.fixture(scope="module")
def tagged_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("release")
    checkout = tracked_copy(root / "checkout")
    git(checkout, "init", "--quiet", "--initial-branch", "main")
    git(checkout, "add", "--all")
    git(checkout, "commit", "--quiet", "-m", "release")
    git(checkout, "tag", "--annotate", "-m", TAG, TAG)
    clean = root / "clean"
    git(root, "clone", "--quiet", "--no-local", str(checkout), str(clean))
    return build_wheel(clean, root / "dist", build_env())


def test_the_wheel_of_a_tagged_commit_has_the_tags_version(tagged_wheel: Path) -> None:
    assert tagged_wheel.name.startswith(f"handoff_audit-{TAG[1:]}-")
    with zipfile.ZipFile(tagged_wheel) as wheel:
        generated = wheel.read("handoff_audit/_version.py").decode()
    assert f"__version__ = version = '{TAG[1:]}'" in generated


def test_installed_from_the_wheel_offline_version_equals_the_tag(
    tagged_wheel: Path, tmp_path: Path
) -> None:
    house = wheelhouse("handoff-audit", tmp_path / "wheelhouse")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    install = subprocess.run(
        [
            str(venv / "bin" / "pip"),
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--no-index",
            "--find-links",
            str(house),
            str(tagged_wheel),
        ],
        env=build_env(),
        capture_output=True,
        text=True,
        check=False,
    )
    assert install.returncode == 0, install.stderr
    version = subprocess.run(
        [str(venv / "bin" / "handoff-audit"), "--version"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert (version.returncode, version.stdout) == (0, f"handoff-audit, version {TAG[1:]}\n")
    # The README's first command, run by the installed package: exit 1 on purpose (examples/).
    first = subprocess.run(
        [str(venv / "bin" / "handoff-audit"), "check", "examples/"],
        capture_output=True,
        text=True,
        check=False,
        cwd=REPO,
    )
    assert first.returncode == 1 and "examples/secret/" in first.stdout, first.stderr


def test_a_tree_without_git_builds_the_version_it_is_given(tmp_path: Path) -> None:
    """The image's build: no .git in the context, the version passed in (Dockerfile VERSION)."""
    source = tracked_copy(tmp_path / "context")
    (source / "src" / "handoff_audit" / "_version.py").unlink(missing_ok=True)
    env = {**build_env(), "SETUPTOOLS_SCM_PRETEND_VERSION": "4.5.6"}
    assert build_wheel(source, tmp_path / "dist", env).name.startswith("handoff_audit-4.5.6-")
    fallback = build_wheel(source, tmp_path / "fallback", build_env())
    assert fallback.name.startswith("handoff_audit-0.0.0-")
