"""The Stop hook's fix for an unreadable hand-written handoff writes the mended text back over
the file itself: run as printed with ``/bin/sh`` in a real repository, it keeps the file's mode
and never touches a file of the user's beside it (``HANDOFF.md.utf8``, ``HANDOFF.md.tmp``)."""

from __future__ import annotations

import stat
import subprocess

import pytest

from agent_support import fill_in, run_hook, stop_event
from conftest import GitRepo
from test_unreadable_markdown_hook import (
    CP1252_NUL,
    CUT_UTF8,
    LATIN1,
    MOSTLY_UTF8,
    STRAY_NUL,
    WIDE_TEXT,
)

USERS = {"HANDOFF.md.utf8": b"my own notes\n", "HANDOFF.md.tmp": b"my scratch\n"}
"""Files of the user's that an earlier fix wrote its new file over, then moved away."""


def _blocked(git_repo: GitRepo, content: bytes, mode: int = 0o644) -> str:
    """The fix the Stop hook prints for a HANDOFF.md of ``content`` whose mode is ``mode``."""
    git_repo.write("src/app.py", "start\n")
    git_repo.commit("start")
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write("src/app.py", "menu\n")
    git_repo.write("HANDOFF.md", content)
    git_repo.commit("handoff: notes")
    (git_repo.root / "HANDOFF.md").chmod(mode)
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    line = next(line for line in blocked.err.splitlines() if line.startswith("  fix: "))
    return line[len("  fix: ") :]


def _sh(git_repo: GitRepo, command: str) -> int:
    """Run ``command`` with ``/bin/sh`` in the repository, under a umask that would change the
    mode of a file written anew."""
    done = subprocess.run(
        ["/bin/sh", "-c", f"umask 077; {fill_in(command)}"],
        cwd=git_repo.root,
        capture_output=True,
        check=False,
    )
    return done.returncode


def _beside(git_repo: GitRepo) -> list[str]:
    return sorted(path.name for path in git_repo.root.glob("HANDOFF.md*"))


@pytest.mark.parametrize(
    ("data", "fixed"),
    [
        (LATIN1, LATIN1.decode("cp1252").encode()),
        (STRAY_NUL, STRAY_NUL.replace(b"\0", b"")),
        (MOSTLY_UTF8, MOSTLY_UTF8.replace(b"\xff", b"")),
        (CP1252_NUL, CP1252_NUL.replace(b"\0", b"").decode("cp1252").encode()),
        (CUT_UTF8, CUT_UTF8[:-1]),
        (b"\xff\xfe" + WIDE_TEXT.encode("utf-16-le"), WIDE_TEXT.encode()),
        (
            WIDE_TEXT.replace("\n", "\r\n").encode("utf-16-le"),
            WIDE_TEXT.replace("\n", "\r\n").encode(),
        ),
    ],
    ids=["cp1252", "stray nul", "stray byte", "cp1252 nul", "cut off", "utf-16 bom", "utf-16 crlf"],
)
def test_the_fix_keeps_the_handoffs_mode_and_the_users_files(
    git_repo: GitRepo, data: bytes, fixed: bytes
) -> None:
    """Review: `> HANDOFF.md.utf8 && mv -- HANDOFF.md.utf8 HANDOFF.md` overwrote the user's own
    HANDOFF.md.utf8, and the handoff took the new file's mode."""
    command = _blocked(git_repo, data, 0o640)
    handoff = git_repo.root / "HANDOFF.md"
    for name, content in USERS.items():
        (git_repo.root / name).write_bytes(content)
    assert _sh(git_repo, command) == 0, command
    assert handoff.read_bytes() == fixed
    assert stat.S_IMODE(handoff.stat().st_mode) == 0o640
    for name, content in USERS.items():
        assert (git_repo.root / name).read_bytes() == content
    assert _beside(git_repo) == ["HANDOFF.md", *sorted(USERS)]


def test_the_fix_of_a_read_only_handoff_writes_before_it_gives_the_mode(
    git_repo: GitRepo,
) -> None:
    """Review: `cp -p` gave the temporary file a 0444 handoff's mode before the pipeline wrote
    into it ("cannot create HANDOFF.md.XXXXXX: Permission denied" for any user but root, to
    whom a read-only file is writable anyway): the mode is given after the write."""
    command = _blocked(git_repo, LATIN1, 0o444)
    handoff = git_repo.root / "HANDOFF.md"

    assert "cp -p" not in command, command
    assert ' > "$t" && chmod 0444 -- "$t" && mv -f -- "$t" HANDOFF.md || ' in command, command
    assert _sh(git_repo, command) == 0, command
    assert handoff.read_bytes() == LATIN1.decode("cp1252").encode()
    assert stat.S_IMODE(handoff.stat().st_mode) == 0o444
    assert _beside(git_repo) == ["HANDOFF.md"]


def test_a_failed_fix_leaves_the_handoff_and_the_users_files(git_repo: GitRepo) -> None:
    """The file changed after the stop, so that `iconv` fails: the handoff is kept as it was,
    its temporary file removed, the user's files untouched, and the command fails."""
    command = _blocked(git_repo, WIDE_TEXT.encode("utf-16-le"))
    broken = WIDE_TEXT.encode("utf-16-le") + "\ud800".encode("utf-16-le", "surrogatepass") + b"a\0"
    handoff = git_repo.root / "HANDOFF.md"
    handoff.write_bytes(broken)
    handoff.chmod(0o600)
    for name, content in USERS.items():
        (git_repo.root / name).write_bytes(content)
    assert _sh(git_repo, command) != 0
    assert handoff.read_bytes() == broken
    assert stat.S_IMODE(handoff.stat().st_mode) == 0o600
    for name, content in USERS.items():
        assert (git_repo.root / name).read_bytes() == content
    assert _beside(git_repo) == ["HANDOFF.md", *sorted(USERS)]


UTF8_NUL_BYTE = MOSTLY_UTF8.replace(b"src/app.py is", b"src/app.py\0 is")
"""UTF-8 text with one stray NUL and one byte that is not UTF-8."""
CP1252_TWO_NULS = CP1252_NUL.replace(b"the prices", b"the \0prices")
"""Windows-1252 text with two stray NULs."""


@pytest.mark.parametrize(
    ("data", "fixed", "iconv"),
    [
        (UTF8_NUL_BYTE, MOSTLY_UTF8.replace(b"\xff", b""), "iconv -c -f UTF-8 -t UTF-8"),
        (
            CP1252_TWO_NULS,
            CP1252_TWO_NULS.replace(b"\0", b"").decode("cp1252").encode(),
            "iconv -f CP1252 -t UTF-8",
        ),
    ],
    ids=["utf-8", "cp1252"],
)
def test_stray_nuls_and_bytes_not_utf8_are_left_out_in_one_pipeline(
    git_repo: GitRepo, data: bytes, fixed: bytes, iconv: str
) -> None:
    """Review: a file with a stray NUL or two and bytes that are not UTF-8 was called binary,
    with `git rm`: the NULs are left out and the rest converted, in one command."""
    command = _blocked(git_repo, data)
    assert f"{{ tr -d '\\000' < HANDOFF.md | {iconv} > \"$t\" && " in command, command
    assert "git rm" not in command and "replace" not in command
    assert _sh(git_repo, command) == 0, command
    assert (git_repo.root / "HANDOFF.md").read_bytes() == fixed
    assert _beside(git_repo) == ["HANDOFF.md"]
