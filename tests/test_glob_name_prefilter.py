"""A list of globs first asks a path's file name, then its regex (speed over a large
repository's files): the answer is the one the globs give one by one, the last that matches
deciding, in letter case and ignoring it, for names RE2 folds as Python does not (the Kelvin
sign is a ``k`` to it) and for globs the name test cannot read (``?``, ``[...]``)."""

from __future__ import annotations

import pytest

from handoff_audit.globs import matches, matches_any, negated

LISTS = [
    ("**/HANDOFF.md", "**/session-handoff.md", "handoff.json"),
    ("**/handoff.json", "!vendor/**", "vendor/keep/handoff.json"),
    (".handoff/**/*.json", "docs/**.md", "notes/"),
    ("**/HANDOFF?.md", "x/[Hh]andoff.md"),
    ("**/HAND*OFF.md", "\\!odd.md", "./docs/ßtate.md"),
    ("**", "!**/*.py"),
    ("!**/HANDOFF.md",),
    (),
]
PATHS = [
    "HANDOFF.md",
    "handoff.md",
    "a/b/Handoff.md",
    "a/HANDOFF.MD",
    "HANDOFF.md.bak",
    "x/HAND\u212aOFF.md",  # KELVIN SIGN: RE2's case folding makes it a k
    "handoff.json",
    "sub/handoff.json",
    "vendor/a/handoff.json",
    "vendor/keep/handoff.json",
    ".handoff/a/b/refund.json",
    ".handoff/refund.JSON",
    "docs/a/b.md",
    "docs/x.MD",
    "notes/",
    "notes",
    "HANDOFF1.md",
    "x/handoff.md",
    "x/Handoff.md",
    "HANDxOFF.md",
    "!odd.md",
    "docs/ßtate.md",
    "docs/SSTATE.md",
    "src/app.py",
    "line\nbreak/HANDOFF.md",
]


def _one_by_one(path: str, globs: tuple[str, ...], any_case: bool) -> bool:
    for pattern in reversed(globs):
        excludes, glob = negated(pattern)
        if matches(path.lower(), glob.lower()) if any_case else matches(path, glob):
            return not excludes
    return False


@pytest.mark.parametrize("globs", LISTS)
def test_a_list_of_globs_matches_as_its_globs_do_one_by_one(globs: tuple[str, ...]) -> None:
    for path in PATHS:
        assert matches_any(path, globs) == _one_by_one(path, globs, False), (path, globs)
        if path.isascii():
            assert matches_any(path, globs, any_case=True) == _one_by_one(path, globs, True), (
                path,
                globs,
            )


@pytest.mark.parametrize(
    ("path", "glob"),
    [("a", "****/"), ("ab", "a**/b"), (".a.", "****/"), ("x/yb", "x/y**/b")],
)
def test_a_glob_whose_double_star_joins_its_parts_is_not_prefiltered(path: str, glob: str) -> None:
    """CI's hypothesis run: ``****/`` matches ``a`` (its ``**/`` may match nothing), and so
    does ``a**/b`` match ``ab``; the file-name look-up took their last parts ("", ``b``) for
    the name and rejected the path before RE2."""
    assert matches(path, glob)
    assert matches_any(path, [glob])
    assert matches_any(path, ["**/HANDOFF.md", glob])
