"""A word (a path, a topic) quoted for the commands that messages print, so that a POSIX shell
(sh, dash, bash, zsh) runs each as printed.

`shlex.quote` keeps a control character raw inside its single quotes, and every output shows
controls as escapes (`controls`): a path holding a newline came out as ``'nl\\ndir/x.md'``, a
backslash and an ``n`` to the shell. A word holding a character `controls` would show escaped is
written ``"$(printf 'nl\\012dir/x.md')"`` instead, each such character as the octal escapes
of its UTF-8 bytes, so the printed command holds no control and names the same file in any
POSIX shell (bash's ``$'…'`` is no word to dash, the ``sh`` of GitHub's ``run:`` steps on
Debian and Ubuntu images, nor to many users' shells). A word ending in a line break is the one
exception: a command substitution drops it, and a POSIX shell has no other way to write one
without printing it, so such a word stays ``$'…'`` (bash, zsh, ksh). A path goes through
`quote_path`, which also keeps a name starting with ``-`` from being read as an option.
"""

from __future__ import annotations

import contextlib
import functools
import os
import posixpath
import shlex
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from pathlib import Path

from handoff_audit import controls

_ELSEWHERE: ContextVar[str] = ContextVar("elsewhere", default="")
"""The audited repository's top folder as named from the current folder (``../B``) while a
`check` of another folder's repository runs (`commands_from`); ``""`` otherwise. A context
variable, not process-wide state: it holds in the thread that set it and in the workers it
forks (`engine.workers`), for that run only."""

_SPARSE: ContextVar[Callable[[], Callable[[str], bool] | None] | None] = ContextVar(
    "sparse", default=None
)
"""While a run lasts (`sparse_checkout`): what tells, once first asked, whether a path, from the
top folder, lies outside its sparse checkout's definition (``None``: not sparse). A context
variable, as `_ELSEWHERE`."""

_NAMED = {"\n": "\\n", "\t": "\\t", "\r": "\\r", "\\": "\\\\", "'": "\\'"}


def quote(word: str) -> str:
    """``word`` as one shell word: `shlex.quote`'s form, or ``"$(printf '…')"`` with octal
    escapes when it holds a control, bidirectional, invisible (`controls.formats_shown`),
    undecodable or other unprintable character (a no-break space: a copy of the command may
    turn it into a space) (``$'…'`` when it ends in a line break, which ``$(…)`` drops)."""
    if controls.formats_shown(word) == word and word.isprintable():
        return shlex.quote(word)
    if word.endswith("\n"):
        return "$'" + "".join(_escaped(char) for char in word) + "'"
    escaped = "".join(_printf_escaped(char) for char in word)
    if escaped.startswith("-"):  # printf would read it as an option
        escaped = "\\055" + escaped[1:]
    return f"\"$(printf '{escaped}')\""


def _printf_escaped(char: str) -> str:
    """``char`` in a ``printf`` format inside single quotes: as it is when printed so, else the
    octal escapes of its UTF-8 bytes (of the byte itself for one that is not UTF-8)."""
    if char in "%\\":
        return char * 2
    if char != "'" and controls.formats_shown(char) == char and char.isprintable():
        return char
    data = char.encode("utf-8", "surrogateescape" if 0xDC80 <= ord(char) <= 0xDCFF else "replace")
    return "".join(f"\\{byte:03o}" for byte in data)


def quote_path(path: str) -> str:
    """``path`` as one shell word, as `quote` writes it, with ``./`` before a relative path
    that starts with ``-``: as a command's argument, ``-x.json`` would be read as an option."""
    return quote("./" + path if path.startswith("-") else path)


def _escaped(char: str) -> str:
    if char in _NAMED:
        return _NAMED[char]
    if controls.formats_shown(char) == char and char.isprintable():
        return char
    code = ord(char)
    if code < 0x80:  # C0 controls and DEL: their byte
        return f"\\x{code:02x}"
    if 0xDC80 <= code <= 0xDCFF:  # a byte of the file name that is not UTF-8: that byte
        return f"\\x{code - 0xDC00:02x}"
    if code > 0xFFFF:  # a tag character
        return f"\\U{code:08x}"
    return f"\\u{code:04x}"  # C1, bidirectional and invisible characters: UTF-8 in the locale


def from_top(path: str) -> str:
    """``path`` (from the top folder) as a git pathspec that names it from any folder of the
    work tree, quoted: a git command in a message is one text for every folder it is run
    from (``git rm -- :/HANDOFF.md``). ``:/`` is git's "from the top" magic; ``literal`` keeps a
    name with glob characters from matching other files, and the long form ``:(top)`` one that
    starts with a character ``:/`` would read as more magic (``-``, ``!``, ``:``)."""
    if any(c in path for c in "*?[\\"):
        return quote(":(top,literal)" + path)
    return quote((":/" if path[:1].isalnum() or path[:1] in "._" else ":(top)") + path)


@contextlib.contextmanager
def commands_from(root_shown: str) -> Iterator[None]:
    """While it lasts, the fixes that messages print run from the current folder when that is
    outside the audited repository (``cd A && handoff-audit check ../B``): `fix_path` names a
    file as the findings do (``../B/handoff.json``), `git` is ``git -C ../B``. ``root_shown``:
    the repository's top folder as named from the current folder, ``""`` when it is inside."""
    token = _ELSEWHERE.set(root_shown)
    try:
        yield
    finally:
        _ELSEWHERE.reset(token)


@contextlib.contextmanager
def sparse_checkout(find: Callable[[], Callable[[str], bool] | None]) -> Iterator[None]:
    """While it lasts, the `git rm` and `git add` that messages print name a path for which
    what ``find`` gives (`git.sparse.outside_definition`: ``None`` in a checkout that is not
    sparse) is true with `sparse`'s ``--sparse``. ``find`` runs once, when a message first
    names such a path: a run that prints none asks git nothing."""
    token = _SPARSE.set(functools.cache(find))
    try:
        yield
    finally:
        _SPARSE.reset(token)


def sparse(path: str) -> str:
    """``--sparse `` for the options of a `git rm` or `git add` of ``path`` (from the top
    folder) that lies outside a sparse checkout's definition (`sparse_checkout`), which git
    refuses without it; else ``""``."""
    find = _SPARSE.get()
    outside = find() if find is not None else None
    return "--sparse " if outside is not None and outside(path) else ""


def git_rm(path: str, options: str = "") -> str:
    """``git rm [OPTIONS] -- PATH`` as a message prints it: `git`, ``options`` (``--cached``),
    `sparse`'s ``--sparse`` and `from_top`'s pathspec of ``path`` (from the top folder)."""
    return f"{git()} rm {options + ' ' if options else ''}{sparse(path)}-- {from_top(path)}"


def fix_path(path: str) -> str:
    """``path`` (from the top folder) quoted as the argument of a ``handoff-audit`` command in a
    message: from outside the repository (`commands_from`), behind the path that leads there."""
    elsewhere = _ELSEWHERE.get()
    return quote_path(posixpath.join(elsewhere, path) if elsewhere else path)


def in_top(command: str) -> str:
    """``command`` (one that reads git from the current folder, its files named from the top
    folder: ``handoff-audit update handoff.json …``) as it runs from the current folder:
    ``(cd ../B && command)`` from outside the repository (`commands_from`), so that it reads
    the audited repository's git, not the current folder's; else ``command`` as it is."""
    elsewhere = _ELSEWHERE.get()
    return f"(cd {quote_path(elsewhere)} && {command})" if elsewhere else command


def top_folder() -> str:
    """The shell word for the audited repository's top folder in a command a message prints:
    the path that leads there from outside it (`commands_from`), else git's own answer from
    the current folder, right from any of its folders."""
    elsewhere = _ELSEWHERE.get()
    return quote_path(elsewhere) if elsewhere else '"$(git rev-parse --show-toplevel)"'


def git() -> str:
    """The ``git`` that starts a command in a message: ``git -C ../B`` from outside the
    repository (`commands_from`), so that it acts on the audited one; else plain ``git``."""
    elsewhere = _ELSEWHERE.get()
    return f"git -C {quote_path(elsewhere)}" if elsewhere else "git"


def git_at(root: Path) -> str:
    """The ``git`` that starts a command a writer prints about the repository whose top folder
    is ``root``: plain ``git`` from a folder inside it, else ``git -C DIR`` with ``DIR`` the
    way there from the current folder (``new --output ../B/handoff.json`` run in ``A``), so
    that it acts on that repository. Name its files with `from_top`."""
    here = Path.cwd().resolve()
    top = root.resolve()
    return "git" if here.is_relative_to(top) else f"git -C {quote_path(os.path.relpath(top, here))}"


__all__ = [
    "commands_from",
    "fix_path",
    "from_top",
    "git",
    "git_at",
    "git_rm",
    "in_top",
    "quote",
    "quote_path",
    "sparse",
    "sparse_checkout",
    "top_folder",
]
