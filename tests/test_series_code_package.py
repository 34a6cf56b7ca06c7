"""A folder the ``series`` globs match that directly holds source code is a code package
(``src/x/handoffs/`` with ``__init__.py`` and ``models.py``), not a series of handoffs: its
markdown files are not judged as the current handoff, while a real series beside it still is,
and a file named like a packet in the package still is a packet."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from conftest import GitRepo, Result
from handoff_support import COMPLETE as GOOD

Run = Callable[..., Result]

USAGE = """\
# Usage

Import `HandoffModel` from `x.handoffs.models`.
"""


def _package(repo: GitRepo) -> None:
    repo.write("src/x/handoffs/__init__.py", "")
    repo.write("src/x/handoffs/models.py", "class HandoffModel:\n    pass\n")
    repo.write("src/x/handoffs/USAGE.md", USAGE)


def _check(run_cli: Run, repo: GitRepo) -> dict[str, Any]:
    result = run_cli(["check", "--format", "json"], cwd=repo.root)
    assert result.code in (0, 1), result.err
    report: dict[str, Any] = result.json()
    return report


def _files(report: dict[str, Any]) -> set[str]:
    return {p["path"] for p in report["packets"]} | {f["path"] for f in report["findings"]}


def test_a_code_package_named_handoffs_is_no_series(git_repo: GitRepo, run_cli: Run) -> None:
    _package(git_repo)
    git_repo.commit("handoffs package")
    report = _check(run_cli, git_repo)
    assert report["packets"] == []
    assert report["findings"] == []


def test_a_real_series_beside_the_package_is_still_audited(git_repo: GitRepo, run_cli: Run) -> None:
    _package(git_repo)
    git_repo.write("docs/handoffs/2026-12-01-login.md", GOOD)
    git_repo.write("docs/handoffs/2026-12-02-tokens.md", "# Handoff\n\nSome notes.\n")
    git_repo.commit("package and series")
    report = _check(run_cli, git_repo)
    files = _files(report)
    assert not any("src/x/handoffs" in name for name in files), files
    assert any("docs/handoffs/2026-12-02-tokens.md" in name for name in files), files
    assert {f["rule"] for f in report["findings"]} & {"md-incomplete", "not-a-handoff"}


def test_a_packet_named_file_in_the_package_is_still_a_packet(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _package(git_repo)
    git_repo.write("src/x/handoffs/HANDOFF.md", GOOD)
    git_repo.commit("package with a handoff")
    files = _files(_check(run_cli, git_repo))
    assert any(name.endswith("src/x/handoffs/HANDOFF.md") for name in files), files
    assert not any(name.endswith("USAGE.md") for name in files), files


def test_a_script_beside_dated_handoffs_does_not_switch_off_the_series(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """One helper script in ``docs/handoffs/`` left its dated files unaudited: the older file's
    committed token and the incomplete current handoff passed with exit 0."""
    token = "ghp_aB3dEfGhIjKlMnOpQrStUvWxYz0123456789"
    git_repo.write("docs/handoffs/2026-11-01-auth.md", f"# Session 2026-11-01\n\nused: {token}\n")
    git_repo.write("docs/handoffs/2026-12-01-auth.md", "# Session 2026-12-01\n\nStuff happened.\n")
    git_repo.write("docs/handoffs/make_index.py", 'print("index")\n')
    git_repo.commit("handoffs and an index script")
    report = _check(run_cli, git_repo)
    rules = {(f["path"].rpartition("/")[2], f["rule"]) for f in report["findings"]}
    assert ("2026-11-01-auth.md", "secret") in rules, rules
    assert ("2026-12-01-auth.md", "md-incomplete") in rules, rules
    assert token not in json.dumps(report)
