"""Path globs as the configuration writes them (``**/handoff.json``, ``.handoff/**/*.json``).

``*`` and ``?`` stay inside one folder, ``**`` spans any number of folders (zero included), and
a pattern matches the whole path relative to the repository root, with ``/`` separators.
Leading dots are not special: ``.handoff/x.json`` is matched like any other file. Letter case
counts, except in `matches_any_case` (how macOS and Windows see a checkout's names).

A glob is matched by RE2 (linear in the path, whatever the pattern: ``*a*a*a…b`` backtracks
exponentially in Python's ``re``), and its size is bounded (`problem`).

In a list of globs (`matches_any`), an entry that starts with ``!`` excludes what the entries
before it matched, as in .gitignore: the last entry that matches a path decides, so
``["**/handoff.json", "!vendor/**", "vendor/keep/handoff.json"]`` leaves out ``vendor/`` but
that one file. A list of ``!`` entries alone matches nothing.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from handoff_audit.controls import without_lone_surrogates
from handoff_audit.errors import InputError
from handoff_audit.shell import quote

MAX_GLOB_CHARS = 1000
"""A longer glob is refused."""
MAX_GLOB_WILDCARDS = 64
"""A glob with more ``*``, ``?`` and ``[...]`` than this is refused."""
NEGATE = "!"
"""The first character of an entry that excludes, in a list of globs (`matches_any`)."""
ESCAPED_NEGATE = "\\!"
"""How an entry starts whose path starts with ``!`` (a name, not an exclusion: `literal`)."""


def problem(pattern: str) -> str | None:
    """Why ``pattern`` is refused as a glob (too long, too many wildcards), or ``None``."""
    if len(pattern) > MAX_GLOB_CHARS:
        return f"longer than {MAX_GLOB_CHARS} characters"
    wildcards = len(re.findall(r"\*+|\?|\[", pattern))
    if wildcards > MAX_GLOB_WILDCARDS:
        return f"{wildcards} wildcards, more than {MAX_GLOB_WILDCARDS}"
    return None


_DRIVE = re.compile(r"[A-Za-z]:(?=[/\\])")


def never_matches(pattern: str) -> str | None:
    """Why ``pattern`` can match no path git lists (relative to the root, ``/`` between
    folders, no ``..``), or ``None``: it is absolute, has a ``..`` part or holds a backslash
    outside a ``[...]`` set (``[\\]`` matches a file name's own backslash)."""
    bare = _outside_sets(pattern)
    if bare.startswith("/") or _DRIVE.match(bare):
        return "an absolute path"
    if "\\" in bare:
        return "written with backslashes"
    if ".." in bare.split("/"):
        return "a path with a .. part"
    return None


def relative_form(pattern: str, root: str, base: str) -> str | None:
    """A glob that `never_matches` refuses, as it was probably meant: ``/`` for ``\\``, and an
    absolute path or one with ``..`` resolved from ``base`` (the configuration's folder) made
    relative to ``root`` when it lands inside; else an anchored glob (``/docs/**``, as in
    .gitignore) without its leading ``/``, and a ``..`` path as ``**/`` and the file it names
    (or, for a glob, what follows its last ``..``). ``None`` when that would be made only of
    wildcards (``/**``), which would match every file."""
    glob = pattern.replace("\\", "/")
    drive = _DRIVE.match(glob)
    glob = glob[drive.end() :] if drive else glob
    meant = _meant(glob, root, base)
    return None if _only_wildcards(meant) else meant


def _meant(glob: str, root: str, base: str) -> str:
    parts = glob.split("/")
    if not glob.startswith("/") and ".." not in parts:
        return glob
    last_up = max((i for i, part in enumerate(parts) if part == ".."), default=0)
    if not re.search(r"[*?\[]", "/".join(parts[:last_up])):
        full = posixpath.normpath(posixpath.join(base, glob))
        if full.startswith(root.rstrip("/") + "/"):
            return full[len(root.rstrip("/")) + 1 :]
    tail = [part for part in parts[last_up:] if part not in ("", ".", "..")]
    if ".." in parts and tail and not re.search(r"[*?\[]", tail[-1]):
        return f"**/{tail[-1]}"  # a file named outside the repository: that name, anywhere
    return "/".join(tail)


def _only_wildcards(glob: str) -> bool:
    """Whether ``glob`` names nothing but wildcards and separators (``**/**``, ``*``, ``""``)."""
    return not _outside_sets(glob).strip("*?/")


def _outside_sets(pattern: str) -> str:
    """``pattern`` with each ``[...]`` set, as `_regex` reads one, written ``?``."""
    out: list[str] = []
    i = 0
    last = pattern.rfind("]")  # no set opens after it: each "[" then costs no search (speed)
    while i < len(pattern):
        end = pattern.find("]", i + 2) if pattern[i] == "[" and i + 2 <= last else -1
        out.append(pattern[i] if end == -1 else "?")
        i = i + 1 if end == -1 else end + 1
    return "".join(out)


@lru_cache(maxsize=256)
def _compile(pattern: str, any_case: bool = False) -> Any:
    """The RE2 pattern of a glob (``any_case``: ignoring letter case); `InputError` for one
    `problem` refuses."""
    return _re2(_flags(any_case) + _regex(pattern))


def _flags(any_case: bool) -> str:
    # (?s): a file name may hold a newline, and git lists it like any other.
    return "(?is)" if any_case else "(?s)"


def positives(patterns: Iterable[str]) -> tuple[str, ...]:
    """The entries of a list of globs that include (no ``!``): together they match at least
    what the list does (a git pathspec, a quick first test)."""
    return tuple(pattern for pattern in patterns if not pattern.startswith(NEGATE))


def exclusions_example(label: str, includes: Iterable[str], globs: Iterable[str]) -> str:
    """A list that includes something, then the exclusions ``globs``, written in the syntax of
    the place ``label`` names: the action's input (comma-separated), a command-line option
    (repeated) or a configuration key (a list). The include is the first of ``includes`` that
    no exclusion takes away again; an exclusion of that very glob is left out."""
    excluded = [pattern.removeprefix(NEGATE) for pattern in globs]
    options = list(includes)
    include = next((glob for glob in options if glob not in excluded), options[0])
    entries = [include, *(f"{NEGATE}{glob}" for glob in excluded if glob != include)]
    return list_example(label, entries)


def list_example(label: str, entries: Iterable[str]) -> str:
    """``entries`` written in the syntax of the place ``label`` names: the action's input
    (``input NAME``, one comma-separated value), a command-line option (``--NAME``, repeated)
    or a configuration key (a list)."""
    entries = list(entries)
    if label.startswith("input "):
        return (
            f"{label.removeprefix('input ')}: {json.dumps(', '.join(entries), ensure_ascii=False)}"
        )
    if label.startswith("--"):
        return " ".join(f"{label} {quote(entry)}" for entry in entries)
    return json.dumps(entries, ensure_ascii=False)


def negated(pattern: str) -> tuple[bool, str]:
    """Whether a list's entry excludes (``!``), and its glob without the ``!`` and ``./``; a
    leading ``\\!`` (as in .gitignore) is a name's own ``!``: ``\\!x.md`` matches ``!x.md``."""
    excludes = pattern.startswith(NEGATE)
    glob = pattern.removeprefix(NEGATE).removeprefix("./")
    return excludes, glob[1:] if glob.startswith(ESCAPED_NEGATE) else glob


@lru_cache(maxsize=64)
def _compile_any(patterns: tuple[str, ...], any_case: bool = False) -> Any:
    """One RE2 set whose ``Match`` is not ``None`` for what any of ``patterns`` matches
    (``any_case``: ignoring letter case), or ``None`` when RE2 will not take them together.
    Speed: one match per path instead of one per glob, in discovery; and a set's match
    (anchored at both ends: a full match) costs a quarter of a pattern's ``fullmatch``, which
    builds a match object. With a ``!`` entry each glob is its own member of the set, and
    ``Match`` gives the index of every glob that matches: still one pass over the path."""
    globs = [negated(pattern)[1] for pattern in patterns]
    try:
        together = _re2_set()
        if _includes_only(patterns):
            together.Add(_flags(any_case) + "|".join(f"(?:{_regex(g)})" for g in globs))
        for glob in () if _includes_only(patterns) else globs:
            together.Add(_flags(any_case) + _regex(glob))
        together.Compile()
    except Exception:  # a refused glob, or RE2's own limit: the globs one by one, as before
        return None
    return together


def _re2(regex: str) -> Any:
    import re2  # start-up: only when a path is matched

    return re2.compile(regex, _options())


def _re2_set() -> Any:
    import re2  # start-up: only when a path is matched

    return re2.Set.FullMatchSet(_options())


def _options() -> Any:
    import re2  # start-up: only when a path is matched

    options = re2.Options()
    options.log_errors = False
    return options


def _regex(pattern: str) -> str:
    """The regular expression of a glob; `InputError` for one `problem` refuses."""
    refused = problem(pattern)
    if refused is not None:
        raise InputError(f"glob {pattern[:60]!r}: {refused}; write a simpler pattern")
    out: list[str] = []
    i = 0
    n = len(pattern)
    while i < n:
        char = pattern[i]
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif char == "*":
            out.append("[^/]*")
            i += 1
        elif char == "?":
            out.append("[^/]")
            i += 1
        elif char == "[":
            end = pattern.find("]", i + 2)
            if end == -1:
                out.append(re.escape(char))
                i += 1
            else:
                body = pattern[i + 1 : end]
                negate = "^" if body.startswith("!") else ""
                body = body.removeprefix("!")
                # Only ranges (a-z) keep a meaning; a regex's own set syntax ([, &&, ~~) does not.
                body = "".join("\\" + c if c in "\\[]&~|^" else c for c in body)
                out.append(f"[{negate}{body}]")
                i = end + 1
        else:
            out.append(re.escape(char))
            i += 1
    return "".join(out)


def literal(path: str) -> str:
    """A glob that matches ``path`` alone: its ``*``, ``?``, ``[`` and ``\\`` each written as a
    set (a backslash outside one is refused, `never_matches`), and a leading ``!`` as ``\\!``
    (as in .gitignore), so that a list does not read it as an exclusion."""
    glob = re.sub(r"[*?\[\\]", lambda found: f"[{found.group()}]", path)
    return "\\" + glob if glob.startswith(NEGATE) else glob


def excluding(path: str) -> str:
    """The entry of a list of globs that leaves out ``path`` alone: ``!`` and its `literal`."""
    return NEGATE + literal(path)


def matches(path: str, pattern: str) -> bool:
    """True when ``path`` (relative, ``/``-separated) matches ``pattern`` as a whole."""
    path = without_lone_surrogates(path)  # a byte that is not UTF-8: one character
    glob = pattern.removeprefix("./")
    glob = glob[1:] if glob.startswith(ESCAPED_NEGATE) else glob
    return _compile(glob).fullmatch(path) is not None


@dataclass(frozen=True, slots=True)
class _Names:
    """What a list of globs asks of a path's last part, its file name, before any regex: one of
    ``names`` exactly, or one of ``suffixes`` at its end (``*.json``); in lower case when letter
    case is ignored. Speed: most paths of a large repository fail this set look-up and never
    reach RE2. Only for ASCII globs and file names, where lower case is what RE2's
    case-insensitive match folds to."""

    names: frozenset[str]
    suffixes: tuple[str, ...]
    any_case: bool

    def rejects(self, path: str) -> bool:
        """Whether no glob of the list can match ``path``: its file name is none of
        ``names`` and ends on none of ``suffixes``."""
        name = path[path.rfind("/") + 1 :]
        if not name.isascii():
            return False
        name = name.lower() if self.any_case else name
        return name not in self.names and not name.endswith(self.suffixes)


_LAST_PART = re.compile(r"\*+([^*?]*)")
"""A glob's last part that is a name after one or more ``*`` (``*.json``, ``**handoff.md``): a
file name ending on that name."""


@lru_cache(maxsize=64)
def _names(patterns: tuple[str, ...], any_case: bool) -> _Names | None:
    """The `_Names` test of ``patterns``, or ``None`` when one of its including globs ends on
    a part that is no name nor a name after ``*`` (``x?.md``, a ``[...]`` set, a non-ASCII
    letter), which only its regex can judge."""
    names: set[str] = set()
    suffixes: set[str] = set()
    for pattern in positives(patterns):
        glob = negated(pattern)[1]
        head, _, last = glob.rpartition("/")
        if not glob.isascii() or "[" in glob or "\\" in glob or problem(glob) is not None:
            return None  # a refused glob: its regex says why
        joined = head.endswith("**") and head[:-2] != "" and not head[:-2].endswith("/")
        if not last or joined:
            return None  # ``****/``, ``a**/b``: a ``**/`` that may match nothing joins the parts
        last = last.lower() if any_case else last
        if not ("*" in last or "?" in last):
            names.add(last)
        elif (after := _LAST_PART.fullmatch(last)) is not None:
            suffixes.add(after.group(1))
        else:
            return None
    return _Names(frozenset(names), tuple(sorted(suffixes)), any_case)


@lru_cache(maxsize=64)
def _includes_only(patterns: tuple[str, ...]) -> bool:
    """No entry of ``patterns`` excludes (``!``)."""
    return len(positives(patterns)) == len(patterns)


def matches_any(path: str, patterns: Iterable[str], *, any_case: bool = False) -> bool:
    """True when ``path`` matches at least one of ``patterns`` (``any_case``: ignoring letter
    case, `matches_any_case`)."""
    given = patterns if isinstance(patterns, tuple) else tuple(patterns)
    names = _names(given, any_case)
    if names is not None and names.rejects(path):
        return False
    together = _compile_any(given, any_case) if given else None
    path = without_lone_surrogates(path)  # a byte that is not UTF-8: one character
    if together is None:
        for pattern in reversed(given):  # the last entry that matches decides
            excludes, glob = negated(pattern)
            if _compile(glob, any_case).fullmatch(path) is not None:
                return not excludes
        return False
    found = together.Match(path)  # joined (no ``!``): [0]; else each matching glob's index
    if not found:
        return False
    return _includes_only(given) or not given[max(found)].startswith(NEGATE)


def matches_any_case(path: str, patterns: Iterable[str]) -> bool:
    """True when ``path`` matches at least one of ``patterns`` ignoring letter case: on macOS
    and Windows ``Handoff.md`` and ``HANDOFF.md`` are one file."""
    return matches_any(path, patterns, any_case=True)
