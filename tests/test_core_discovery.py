"""Discovery and pairing: which files are packets, inside git and outside it."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from core_packets import VALID, write_packet
from handoff_audit.config import Config
from handoff_audit.engine.discovery import discover, discover_all, pair
from handoff_audit.git import plumbing
from handoff_audit.globs import matches, matches_any


def packets_of(run_cli: Any, folder: Path, *paths: str) -> dict[str, tuple[str, str | None]]:
    result = run_cli(["check", "--format", "json", "--select", "schema", *paths], cwd=folder)
    assert result.code in (0, 1), result.err
    return {p["path"]: (p["kind"], p["markdown"]) for p in result.json()["packets"]}


def layout(root: Path) -> None:
    write_packet(root, VALID)  # handoff.json + handoff.md
    write_packet(root / "svc", VALID, twin=False)  # no twin
    write_packet(root / ".handoff", VALID, name="refund.json")  # refund.md twin
    write_packet(root / ".handoff" / "deep", VALID, name="x.json", twin=False)
    (root / "notes").mkdir()
    (root / "notes" / "HANDOFF.md").write_text("# Handoff\n")  # markdown-only
    (root / "lower").mkdir()
    (root / "lower" / "handoff.md").write_text("# Handoff\n")  # markdown-only
    (root / "docs").mkdir()
    (root / "docs" / "session.json").write_text("{}")  # not a packet by default
    write_packet(root / "node_modules" / "pkg", VALID)
    write_packet(root / ".venv" / "lib", VALID)
    (root / "env").mkdir()
    (root / "env" / "pyvenv.cfg").write_text("home = /usr\n")
    write_packet(root / "env" / "lib", VALID)


EXPECTED = {
    ".handoff/deep/x.json": ("json", None),
    ".handoff/refund.json": ("json", ".handoff/refund.md"),
    "handoff.json": ("json", "handoff.md"),
    "lower/handoff.md": ("markdown", "lower/handoff.md"),
    "notes/HANDOFF.md": ("markdown", "notes/HANDOFF.md"),
    "svc/handoff.json": ("json", None),
}


def test_outside_git_the_walk_skips_dependencies_and_virtual_environments(
    run_cli: Any, tmp_path: Path
) -> None:
    layout(tmp_path)
    assert packets_of(run_cli, tmp_path) == EXPECTED


def test_inside_git_ignored_files_are_skipped_and_untracked_ones_found(
    run_cli: Any, git_repo: Any
) -> None:
    layout(git_repo.root)
    git_repo.write(".gitignore", "ignored/\n")
    write_packet(git_repo.root / "ignored", VALID)
    git_repo.git("add", "handoff.json", ".gitignore")
    git_repo.commit("some tracked, some not")
    assert packets_of(run_cli, git_repo.root) == EXPECTED


def test_a_deleted_tracked_file_is_not_a_packet(run_cli: Any, git_repo: Any) -> None:
    write_packet(git_repo.root / "a", VALID)
    git_repo.commit()
    (git_repo.root / "a" / "handoff.json").unlink()
    assert packets_of(run_cli, git_repo.root) == {"a/handoff.md": ("markdown", "a/handoff.md")}


def test_paths_limit_the_search_and_the_root_is_the_git_top_level(
    run_cli: Any, git_repo: Any
) -> None:
    layout(git_repo.root)
    result = packets_of(run_cli, git_repo.root / "svc", ".", "../notes")
    assert result == {
        "svc/handoff.json": ("json", None),
        "notes/HANDOFF.md": ("markdown", "notes/HANDOFF.md"),
    }


def test_an_explicit_file_is_audited_even_off_the_globs(run_cli: Any, tmp_path: Path) -> None:
    layout(tmp_path)
    assert packets_of(run_cli, tmp_path, "docs/session.json") == {
        "docs/session.json": ("json", None)
    }


def test_git_is_called_once_whatever_the_number_of_packets(tmp_path: Path, git_repo: Any) -> None:
    def spawned_for(count: int) -> int:
        for i in range(count):
            write_packet(git_repo.root / f"p{i}", VALID)
        before = plumbing.spawn_count()
        files = discover(git_repo.root, (git_repo.root,), Config())
        assert len(pair(files)) >= count
        return plumbing.spawn_count() - before

    assert spawned_for(1) == spawned_for(40) == 1


def test_pairing_uses_the_same_stem_in_the_same_folder(tmp_path: Path) -> None:
    for name in ("handoff.json", "handoff.md", "HANDOFF.md", "b/x.json", "b/x.md", "c/handoff.md"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("{}")
    files = [tmp_path / n for n in ("handoff.json", "HANDOFF.md", "b/x.json", "c/handoff.md")]
    got = {(Path(p.path).relative_to(tmp_path).as_posix(), p.kind) for p in pair(files)}
    assert got == {
        ("handoff.json", "json"),
        ("HANDOFF.md", "markdown"),
        ("b/x.json", "json"),
        ("c/handoff.md", "markdown"),
    }
    twins = {Path(p.path).name: p.markdown for p in pair(files)}
    assert twins["x.json"] == str(tmp_path / "b" / "x.md")


def test_globs() -> None:
    assert matches("handoff.json", "**/handoff.json")
    assert matches("a/b/handoff.json", "**/handoff.json")
    assert not matches("a/xhandoff.json", "**/handoff.json")
    assert matches(".handoff/x.json", ".handoff/**/*.json")
    assert matches(".handoff/a/b/x.json", ".handoff/**/*.json")
    assert not matches("src/.handoff/x.json", ".handoff/**/*.json")
    assert not matches("a/b.json", "*.json")
    assert matches("release/1.2", "release/*")
    assert matches("HANDOFF.md", "./HANDOFF.md")
    assert matches("x1.md", "x[0-9].md") and not matches("xa.md", "x[!a].md")


_GLOB_PARTS = st.sampled_from(["**/", "**", "*", "?", "a", "b", ".", "/", "[ab]", "[!a]", "./"])


@given(
    path=st.text("ab./\n\ud800", max_size=12),
    patterns=st.lists(st.lists(_GLOB_PARTS, min_size=1, max_size=6).map("".join), max_size=5),
)
def test_any_of_the_globs_matches_as_each_of_them_does(path: str, patterns: list[str]) -> None:
    """`matches_any` takes the globs as one pattern: the same answer as one glob at a time."""
    expected = any(matches(path, pattern) for pattern in patterns)
    assert matches_any(path, patterns) is expected
    assert matches_any(path, iter(patterns)) is expected
    assert matches_any(path, [*Config().packets, *patterns]) is (
        expected or any(matches(path, pattern) for pattern in Config().packets)
    )


def test_naming_a_twin_audits_its_json_packet(run_cli: Any, tmp_path: Path) -> None:
    write_packet(tmp_path, VALID)
    assert packets_of(run_cli, tmp_path, "handoff.md") == {"handoff.json": ("json", "handoff.md")}


def test_many_is_called_once_when_that_many_json_packets_are_seen(tmp_path: Path) -> None:
    """The audit forks its workers from this call: once at the count of JSON packet files (a
    twin is no packet of its own), never below it."""
    for number in range(3):
        write_packet(tmp_path / f"team{number}", VALID)  # a packet and its twin: two files
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "HANDOFF.md").write_text("# Handoff\n\nDid some work.\n")
    calls: list[int] = []
    for at in (1, 3, 4):
        found = discover_all(tmp_path, (tmp_path,), Config(), (at, partial(calls.append, at)))
        assert len(found.names) == 7
    assert calls == [1, 3]
