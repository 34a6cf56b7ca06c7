"""The Stop hook's fix for a hand-written handoff that cannot be read as text: a concrete
command, run as printed in a real repository, never `explain invalid-json` for a markdown file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo, Result
from git_helpers import check
from handoff_audit.wide_text import wide_codec
from test_unreadable_markdown import FIVE_MB, PNG

Run = Callable[..., Result]

LATIN1 = b"# Handoff\n\nCaf\xe9 menu parsed in src/app.py.\n\n## Next step\n\nParse the prices.\n"


def _feature_branch(git_repo: GitRepo, content: bytes) -> None:
    git_repo.write("src/app.py", "start\n")
    git_repo.commit("start")
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write("src/app.py", "menu\n")
    git_repo.write("HANDOFF.md", content)
    git_repo.commit("handoff: notes")


def _leftovers(root: Path) -> list[str]:
    """The files the fix left beside the handoff (its temporary file)."""
    return sorted(path.name for path in root.glob("HANDOFF.md.*"))


def _fix_line(err: str) -> str:
    return next(line for line in err.splitlines() if line.startswith("  fix: "))[len("  fix: ") :]


def test_a_legacy_encoded_handoff_gets_a_conversion_that_keeps_the_file(
    git_repo: GitRepo,
) -> None:
    """Review 53-3: `fix: handoff-audit explain invalid-json`, `then edit HANDOFF.md:3`."""
    _feature_branch(git_repo, LATIN1)
    (git_repo.root / "HANDOFF.md").chmod(0o644)
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    command = _fix_line(blocked.err)
    assert command == (
        't=$(mktemp HANDOFF.md.XXXXXX) && { iconv -f CP1252 -t UTF-8 HANDOFF.md > "$t" && '
        'chmod 0644 -- "$t" && mv -f -- "$t" HANDOFF.md || { rm -f -- "$t"; false; }; }'
    )
    assert "explain invalid-json" not in blocked.err
    assert run_fix(git_repo.root, command).returncode == 0
    assert (git_repo.root / "HANDOFF.md").read_bytes() == LATIN1.decode("cp1252").encode()
    assert _leftovers(git_repo.root) == []
    git_repo.commit("handoff: UTF-8")
    assert run_hook(stop_event(git_repo.root)).code == 0


def test_a_binary_handoff_gets_no_conversion(git_repo: GitRepo) -> None:
    _feature_branch(git_repo, PNG)
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    assert "iconv" not in blocked.err


def test_a_handoff_over_the_limit_names_the_configuration_line_to_add(git_repo: GitRepo) -> None:
    _feature_branch(git_repo, FIVE_MB)
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    assert _fix_line(blocked.err).startswith("trim HANDOFF.md to a short handoff")
    limit = -(-len(FIVE_MB) // 1024) * 1024
    assert f"add the line in .handoff-audit.yml: max-file-bytes: {limit}" in blocked.err


MOSTLY_UTF8 = (
    "# Handoff: café work\n\n## Status\nRésumé: the naïve parser in src/app.py is done; "
    "12 tests pass.\n\n## Next step\nRun pytest "
).encode() + b"\xff and fix src/app.py line 3.\n"
"""UTF-8 text with one stray byte: converted from Windows-1252 whole, every accent garbles."""


def test_a_utf8_handoff_with_a_stray_byte_loses_that_byte_alone(git_repo: GitRepo) -> None:
    """Review 54-1: `iconv -f CP1252` over valid UTF-8 turned "café" into "cafÃ©"."""
    _feature_branch(git_repo, MOSTLY_UTF8)
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    command = _fix_line(blocked.err)
    assert "CP1252" not in blocked.err and "LATIN1" not in blocked.err
    assert "0xff at line 7 column 12" in blocked.err
    assert run_fix(git_repo.root, command).returncode == 0
    assert (git_repo.root / "HANDOFF.md").read_bytes() == MOSTLY_UTF8.replace(b"\xff", b"")
    assert _leftovers(git_repo.root) == []
    git_repo.commit("handoff: UTF-8")
    assert run_hook(stop_event(git_repo.root)).code == 0


WIDE_TEXT = "# Handoff\n\nCafé menu parsed in src/app.py.\n\n## Next step\n\nParse the prices.\n"


@pytest.mark.parametrize(
    ("data", "codec"),
    [
        (b"\xff\xfe" + WIDE_TEXT.encode("utf-16-le"), "UTF-16"),
        (b"\xfe\xff" + WIDE_TEXT.encode("utf-16-be"), "UTF-16"),
        (WIDE_TEXT.encode("utf-16-le"), "UTF-16LE"),
        (WIDE_TEXT.encode("utf-16-be"), "UTF-16BE"),
        (b"\xff\xfe\x00\x00" + WIDE_TEXT.encode("utf-32-le"), "UTF-32"),
        (WIDE_TEXT.encode("utf-32-be"), "UTF-32BE"),
    ],
    ids=["utf-16 bom", "utf-16be bom", "utf-16le", "utf-16be", "utf-32 bom", "utf-32be"],
)
def test_a_wide_handoff_gets_its_conversion(git_repo: GitRepo, data: bytes, codec: str) -> None:
    """Review 54-2: PowerShell 5's UTF-16 got `explain invalid-json`, `edit HANDOFF.md:1`."""
    _feature_branch(git_repo, data)
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    command = _fix_line(blocked.err)
    assert f"iconv -f {codec} -t UTF-8 HANDOFF.md > " in command, command
    assert run_fix(git_repo.root, command).returncode == 0
    assert (git_repo.root / "HANDOFF.md").read_bytes() == WIDE_TEXT.encode()
    git_repo.commit("handoff: UTF-8")
    assert run_hook(stop_event(git_repo.root)).code == 0


@pytest.mark.parametrize(
    "data",
    [b"\0" * 300, b"# Handoff\n\n## Next step\n\nRun\0\0\0 the tests.\n"],
    ids=["nul", "three"],
)
def test_a_handoff_of_nul_bytes_is_not_text(git_repo: GitRepo, run_cli: Run, data: bytes) -> None:
    """Review 54-3: read as markdown, it got md-incomplete and a `printf ... >> HANDOFF.md`."""
    _feature_branch(git_repo, data)
    findings = check(run_cli, git_repo.root)["findings"]
    [finding] = [f for f in findings if f["path"] == "HANDOFF.md"]
    assert finding["rule"] == "invalid-json"
    assert finding["message"].startswith("not text: binary content (NUL bytes)")
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    assert ">> HANDOFF.md" not in blocked.err and "iconv" not in blocked.err
    assert _fix_line(blocked.err).startswith("replace HANDOFF.md with a text handoff")
    assert "git rm -- HANDOFF.md" in blocked.err


STRAY_NUL = (
    b"# Handoff\n\n## State\nRefunds fail on GBP in src/pay/fx.py line 88.\x00\n\n"
    b"## Next step\nFinish rounding in src/pay/fx.py.\n\n"
    b"## Decisions\nKeep Decimal; floats drift.\n"
)


def test_a_text_handoff_with_a_stray_nul_loses_that_byte_alone(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """Review 55-1: one NUL in good UTF-8 was "not text" with `git rm -- HANDOFF.md`."""
    _feature_branch(git_repo, STRAY_NUL)
    [finding] = [f for f in check(run_cli, git_repo.root)["findings"] if f["path"] == "HANDOFF.md"]
    assert not finding["message"].startswith("not text"), finding
    assert (finding["line"], finding["column"]) == (4, 46)
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    assert "git rm" not in blocked.err and "replace" not in blocked.err
    assert "line 4 column 46" in blocked.err
    command = _fix_line(blocked.err)
    assert command.startswith("t=$(mktemp HANDOFF.md.XXXXXX) && { tr -d '\\000' < HANDOFF.md > "), (
        command
    )
    assert run_fix(git_repo.root, command).returncode == 0
    assert (git_repo.root / "HANDOFF.md").read_bytes() == STRAY_NUL.replace(b"\0", b"")
    assert _leftovers(git_repo.root) == []
    git_repo.commit("handoff: no NUL")
    assert run_hook(stop_event(git_repo.root)).code == 0


CP1252_NUL = (
    b"# Handoff\n\nCaf\xe9 menu parsed\000 in src/app.py.\n\n## Next step\n\n"
    b"Parse the prices in src/app.py and run the tests.\n"
)
"""Windows-1252 text with one stray NUL: read as UTF-16LE without a BOM, it is all Chinese."""


def test_a_windows_1252_handoff_with_a_stray_nul_is_not_converted_from_utf16(
    git_repo: GitRepo,
) -> None:
    """Review 56-1: "UTF-16 text without a byte order mark", `iconv -f UTF-16LE` garbled it."""
    _feature_branch(git_repo, CP1252_NUL)
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    assert "UTF-16" not in blocked.err and "UTF-32" not in blocked.err
    assert "git rm" not in blocked.err
    command = _fix_line(blocked.err)
    assert "tr -d '\\000' < HANDOFF.md | iconv -f CP1252 -t UTF-8 > " in command, command
    assert run_fix(git_repo.root, command).returncode == 0
    text = (git_repo.root / "HANDOFF.md").read_text(encoding="utf-8")
    assert text == CP1252_NUL.replace(b"\0", b"").decode("cp1252")
    assert "Café menu parsed in src/app.py." in text
    assert not any("\u3400" <= char <= "\u9fff" for char in text)
    assert _leftovers(git_repo.root) == []
    git_repo.commit("handoff: UTF-8")
    assert run_hook(stop_event(git_repo.root)).code == 0


@pytest.mark.parametrize(
    ("text", "codec"),
    [("# Handoff\n\nCafé menu parsed.\n", "utf-16-le"), ("# Передача\n\nСделано.\n", "utf-16-be")],
    ids=["latin", "cyrillic"],
)
def test_wide_text_without_a_bom_is_still_wide(text: str, codec: str) -> None:
    assert wide_codec(text.encode(codec)) == codec
    assert wide_codec(CP1252_NUL) is None


MOSTLY_CP1252 = (
    b"# Handoff\n\n## \xc9tat\nLes remboursements \xe9chouent en GBP dans src/pay/fx.py ligne 88; "
    b"d\xe9j\xe0 test\xe9 \xe0 la main.\n\n## Prochaine \xe9tape\nTerminer l'arrondi \xe2\x80\x94 "
    b"voir r\xe9sum\xe9 ci-dessus.\n\n## D\xe9cisions\nGarder Decimal (d\xe9cid\xe9 avec "
    b"l'\xe9quipe).\n"
)
"""Windows-1252 text with one UTF-8 em dash: rid of its stray bytes, it loses every accent."""


def test_a_windows_1252_handoff_with_one_utf8_character_is_converted(git_repo: GitRepo) -> None:
    """Review 55-2: "UTF-8 but for 0xc9 ... and 10 more"; `iconv -c` left "## tat", "chouent"."""
    _feature_branch(git_repo, MOSTLY_CP1252)
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    assert "UTF-8 but for" not in blocked.err
    command = _fix_line(blocked.err)
    assert "{ iconv -f CP1252 -t UTF-8 HANDOFF.md > " in command, command
    assert "line 7 column 20" in blocked.err
    assert run_fix(git_repo.root, command).returncode == 0
    text = (git_repo.root / "HANDOFF.md").read_text(encoding="utf-8")
    assert "## État" in text and "échouent" in text and "l'équipe" in text
    git_repo.commit("handoff: UTF-8")
    assert run_hook(stop_event(git_repo.root)).code == 0


CUT_UTF8 = (
    b"# Handoff\n\n## State\nRefunds \xe2\x86\x92 GBP fail in src/pay/fx.py line 88.\n\n"
    b"## Next step\nFinish rounding caf\xc3"
)


@pytest.mark.parametrize(
    ("data", "fixed"),
    [
        (CUT_UTF8, CUT_UTF8[:-1]),
        (b"\xff\xfe" + WIDE_TEXT.encode("utf-16-le") + b"\n", WIDE_TEXT.encode()),
        (WIDE_TEXT.encode("utf-16-le") + b"\n", WIDE_TEXT.encode()),
    ],
    ids=["utf-8", "utf-16 bom", "utf-16le"],
)
def test_a_handoff_whose_last_character_is_cut_off_is_converted(
    git_repo: GitRepo, data: bytes, fixed: bytes
) -> None:
    """Review 55-3: iconv failed on the cut-off end even with -c: `mv` never ran, and
    HANDOFF.md.utf8 was left for `git add -A` to commit."""
    _feature_branch(git_repo, data)
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    command = _fix_line(blocked.err)
    assert "CP1252" not in command, command
    assert run_fix(git_repo.root, command).returncode == 0
    assert (git_repo.root / "HANDOFF.md").read_bytes() == fixed
    assert _leftovers(git_repo.root) == []
    git_repo.commit("handoff: UTF-8")
    assert run_hook(stop_event(git_repo.root)).code == 0


def test_a_failed_conversion_keeps_the_handoff_and_leaves_no_new_file(git_repo: GitRepo) -> None:
    """The file changed after the stop (a NUL-free byte iconv cannot read in UTF-16): the
    handoff is kept as it was and no temporary file is left behind."""
    _feature_branch(git_repo, WIDE_TEXT.encode("utf-16-le"))
    command = _fix_line(run_hook(stop_event(git_repo.root)).err)
    broken = WIDE_TEXT.encode("utf-16-le") + "\ud800".encode("utf-16-le", "surrogatepass") + b"a\0"
    (git_repo.root / "HANDOFF.md").write_bytes(broken)
    assert run_fix(git_repo.root, command).returncode != 0
    assert (git_repo.root / "HANDOFF.md").read_bytes() == broken
    assert _leftovers(git_repo.root) == []


BOM = b"\xef\xbb\xbf"
"""The UTF-8 byte order mark Windows editors write before the text, in whatever encoding."""


@pytest.mark.parametrize(
    ("data", "fixed"),
    [
        (BOM + LATIN1, LATIN1.decode("cp1252").encode()),
        (BOM + CP1252_NUL, CP1252_NUL.replace(b"\0", b"").decode("cp1252").encode()),
        (BOM + MOSTLY_CP1252, MOSTLY_CP1252.decode("cp1252").encode()),
        (BOM + MOSTLY_UTF8, MOSTLY_UTF8.replace(b"\xff", b"")),
        (BOM + CUT_UTF8, CUT_UTF8[:-1]),
    ],
    ids=["cp1252", "cp1252 nul", "cp1252 with utf-8", "stray byte", "cut off"],
)
def test_a_utf8_byte_order_mark_is_left_out_before_the_conversion(
    git_repo: GitRepo, data: bytes, fixed: bytes
) -> None:
    """Review: read as Windows-1252, the mark before the text became "ï»¿" in the handoff."""
    _feature_branch(git_repo, data)
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    assert "line 1 column 1" not in blocked.err and "its UTF-8 byte order mark" in blocked.err
    command = _fix_line(blocked.err)
    assert run_fix(git_repo.root, command).returncode == 0
    assert (git_repo.root / "HANDOFF.md").read_bytes() == fixed
    assert "ï»¿" not in (git_repo.root / "HANDOFF.md").read_text(encoding="utf-8")
    assert _leftovers(git_repo.root) == []
    git_repo.commit("handoff: UTF-8")
    assert run_hook(stop_event(git_repo.root)).code == 0


def test_the_place_of_a_stray_byte_after_a_byte_order_mark(git_repo: GitRepo) -> None:
    _feature_branch(git_repo, BOM + b"\xff" + MOSTLY_UTF8)
    err = run_hook(stop_event(git_repo.root)).err
    assert "0xff at line 1 column 1; 0xff at line 7 column 12" in err, err
