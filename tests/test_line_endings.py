"""Files saved with CRLF line endings (Windows) keep them: `update` changes a field, not every
line, and the Stop hook's appending fix writes CRLF lines into a CRLF handoff."""

from __future__ import annotations

import re
from collections.abc import Callable

from agent_support import feature_repo, run_fix, run_hook, stop_event
from conftest import GitRepo, Result

Run = Callable[..., Result]
BARE_LF = re.compile(rb"(?<!\r)\n")
_NEW = ("new", "--summary", "Refunds round.", "--next-action", "Round GBP.")


def test_update_keeps_a_packets_crlf_line_endings(git_repo: GitRepo, run_cli: Run) -> None:
    """Review 53-4: `update` rewrote a CRLF handoff.json and handoff.md with LF, a whole-file
    diff for a one-field change."""
    repo = feature_repo(git_repo)
    made = run_cli(
        [
            "new",
            "--summary",
            "Refunds round.",
            "--next-action",
            "Round GBP.",
            "--verdict-pointer",
            "src/refunds.py",
        ],
        cwd=repo.root,
    )
    assert made.code == 0, made.err
    for name in ("handoff.json", "handoff.md"):
        path = repo.root / name
        path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    repo.commit("handoff, saved on Windows")
    updated = run_cli(["update", "handoff.json", "--next-action", "Round USD."], cwd=repo.root)
    assert updated.code == 0, updated.err
    for name in ("handoff.json", "handoff.md"):
        data = (repo.root / name).read_bytes()
        assert BARE_LF.search(data) is None, name
        added, removed, _ = repo.git("diff", "--numstat", "--", name).split("\t")
        assert (added, removed) == ("1", "1"), name
    assert run_cli(["check", "-q"], cwd=repo.root).code == 0


def test_the_hooks_appending_fix_writes_crlf_lines_into_a_crlf_handoff(git_repo: GitRepo) -> None:
    """Review 53-4: `printf '\\n## Since then…' >> HANDOFF.md` left mixed line endings; the fix
    that writes in place of the next step under its heading keeps the file's CRLF lines too."""
    repo = feature_repo(git_repo)
    repo.write(
        "HANDOFF.md",
        "# Handoff\r\n\r\nRefunds round to cents in src/refunds.py; tests pass.\r\n\r\n"
        "## Next step\r\n\r\nRound GBP refunds in src/refunds.py.\r\n",
    )
    repo.commit("handoff")
    repo.write("src/gbp.py", "GBP = 2\n")
    repo.commit("gbp")
    blocked = run_hook(stop_event(repo.root))
    assert blocked.code == 2, blocked.err
    command = next(line for line in blocked.lines if line.startswith("  fix: "))[7:]
    filled = re.sub(r'"<[^">]*>"', "'Added src/gbp.py.'", command, count=1)
    filled = filled.replace('"<the next step now>"', "'Write the GBP tests.'")
    assert run_fix(repo.root, filled).returncode == 0
    data = (repo.root / "HANDOFF.md").read_bytes()
    assert BARE_LF.search(data) is None, data
    assert b"\r\n## Since then\r\n\r\nAdded src/gbp.py.\r\n" in data
    repo.commit("handoff: since then")
    assert run_hook(stop_event(repo.root)).code == 0


def test_the_in_place_fix_keeps_crlf_on_a_last_line_with_no_line_break(git_repo: GitRepo) -> None:
    """Review 59: on a CRLF note whose last line has no line break, the in-place refresh (awk)
    wrote that untouched line back ending in a bare LF."""
    repo = feature_repo(git_repo)
    repo.write(
        "HANDOFF.md",
        "\ufeff# Notiz\r\n\r\nDatum: 2026-12-05\r\n\r\n## Stand\r\n\r\n- src/refunds.py begonnen."
        "\r\n\r\n## Nächster Schritt\r\n\r\n- Tests schreiben.\r\n\r\n## Verworfen\r\n\r\n"
        "- pandas: zu groß.",
    )
    repo.commit("handoff")
    repo.write("src/gbp.py", "GBP = 2\n")
    repo.commit("gbp")
    blocked = run_hook(stop_event(repo.root))
    assert blocked.code == 2, blocked.err
    command = next(line for line in blocked.lines if line.startswith("  fix: "))[7:]
    assert "awk" in command, command
    filled = re.sub(r'since="<[^">]*>"', "since='Added src/gbp.py.'", command)
    filled = filled.replace('"<the next step now>"', "'Write the GBP tests.'")
    assert run_fix(repo.root, filled).returncode == 0
    data = (repo.root / "HANDOFF.md").read_bytes()
    assert data.startswith(b"\xef\xbb\xbf# Notiz\r\n"), data
    assert BARE_LF.search(data) is None, data
    assert data.endswith(b"- pandas: zu gro\xc3\x9f.\r\n"), data


def test_update_keeps_the_twin_s_utf8_byte_order_mark(git_repo: GitRepo, run_cli: Run) -> None:
    """Review 59: `update` kept a Windows editor's CRLF endings in handoff.md but dropped its
    UTF-8 byte order mark; `render --check` takes the mark for no difference, as it does CRLF."""
    repo = feature_repo(git_repo)
    made = run_cli(
        [*_NEW, "--verdict-pointer", "src/refunds.py"],
        cwd=repo.root,
    )
    assert made.code == 0, made.err
    twin = repo.root / "handoff.md"
    twin.write_bytes(b"\xef\xbb\xbf" + twin.read_bytes().replace(b"\n", b"\r\n"))
    repo.commit("handoff, saved on Windows")
    assert run_cli(["render", "handoff.json", "--check"], cwd=repo.root).code == 0
    updated = run_cli(["update", "handoff.json", "--next-action", "Round USD."], cwd=repo.root)
    assert updated.code == 0, updated.err
    data = twin.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf# "), data[:20]
    assert BARE_LF.search(data) is None
    assert run_cli(["render", "handoff.json", "--check"], cwd=repo.root).code == 0
    assert run_cli(["check", "-q"], cwd=repo.root).code == 0


def test_a_packet_s_byte_order_mark_gets_a_command_that_removes_it(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """Review 59: a UTF-8 byte order mark in handoff.json was an error whose only fix was
    "repair handoff.json by hand"; `update`, `check` and the Stop hook now give the command
    that leaves it out, and `update` works after it."""
    repo = feature_repo(git_repo)
    made = run_cli(
        [*_NEW, "--verdict-pointer", "src/refunds.py"],
        cwd=repo.root,
    )
    assert made.code == 0, made.err
    packet = repo.root / "handoff.json"
    packet.write_bytes(b"\xef\xbb\xbf" + packet.read_bytes())
    repo.commit("handoff, saved with a BOM")
    refused = run_cli(["update", "handoff.json", "--next-action", "Round USD."], cwd=repo.root)
    assert refused.code == 2
    [line] = refused.err.splitlines()
    assert line.startswith("handoff-audit: error: handoff.json:1:1: the file starts with a UTF-8")
    command = re.findall(r"`([^`]*)`", line)[-1]
    assert command in run_cli(["check"], cwd=repo.root).out
    blocked = run_hook(stop_event(repo.root))
    assert blocked.code == 2, blocked.err
    assert f"  fix: {command}" in blocked.lines, blocked.err
    assert run_fix(repo.root, command).returncode == 0
    assert packet.read_bytes().startswith(b"{")
    updated = run_cli(["update", "handoff.json", "--next-action", "Round USD."], cwd=repo.root)
    assert updated.code == 0, updated.err
    assert run_cli(["check", "-q"], cwd=repo.root).code == 0
