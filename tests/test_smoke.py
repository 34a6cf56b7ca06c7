from __future__ import annotations

from pathlib import Path

from packaging.version import Version

import handoff_audit
from handoff_audit.rules import ALL_RULES, RULES_BY_ID


def test_every_rule_id_is_declared_once() -> None:
    assert len(RULES_BY_ID) == len(ALL_RULES) == 22


def test_version(run_cli) -> None:  # type: ignore[no-untyped-def]
    result = run_cli(["--version"])
    assert result.code == 0
    # The version setuptools-scm wrote when the package was built or installed
    # (tests/test_release_build.py: a tagged build says the tag).
    written = (Path(handoff_audit.__file__).parent / "_version.py").read_text(encoding="utf-8")
    shown = result.out.removeprefix("handoff-audit, version ").strip()
    assert f"__version__ = version = {shown!r}" in written
    assert Version(shown) >= Version("0.0.1.dev0")  # a real version, not the unbuilt fallback
