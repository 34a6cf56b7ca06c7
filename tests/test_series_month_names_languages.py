"""Month names in other languages in a series' file names (review 49-1, defect 6): of
``traspaso-30-julio-2026.md`` and ``traspaso-1-agosto-2026.md`` the August file is current,
not the July one because 30 is more than 1; and a day, a word and a year that is no month
name the reader knows is a date it cannot place, so the file goes by its last commit, as an
undated one does, not by its numbers."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import GitRepo

HANDOFF = """\
# Handoff {name}

## State
Tests pass on `src/app.py`.

## Next step
- [ ] Wire the parser into `src/cli.py` (written {name}).

## Decisions
- Kept JSON output — because the CI reads it.

## Ruled out
- Tried YAML — it did not work because of the anchors.
"""

PAIRS = {
    "spanish": ("traspaso-30-julio-2026.md", "traspaso-1-agosto-2026.md"),
    "spanish-de": ("traspaso-30-de-julio-de-2026.md", "traspaso-1-de-agosto-de-2026.md"),
    "portuguese": ("passagem-28-fevereiro-2026.md", "passagem-2-março-2026.md"),
    "portuguese-plain": ("passagem-28-fev-2026.md", "passagem-2-marco-2026.md"),
    "french": ("passation-31-janvier-2026.md", "passation-2-février-2026.md"),
    "french-plain": ("passation-31-janv-2026.md", "passation-2-fevrier-2026.md"),
    "german": ("Übergabe 28. Februar 2026.md", "Übergabe 2. März 2026.md"),
    "german-ae": ("uebergabe-28-feb-2026.md", "uebergabe-2-maerz-2026.md"),
    "italian": ("passaggio-31-agosto-2026.md", "passaggio-1-settembre-2026.md"),
    "italian-short": ("passaggio-30-nov-2026.md", "passaggio-1-dic-2026.md"),
    "dutch": ("overdracht-28-februari-2026.md", "overdracht-2-maart-2026.md"),
    "dutch-short": ("overdracht-30-okt-2026.md", "overdracht-1-mrt-2027.md"),
}


def _series(git_repo: GitRepo, older: str, newer: str) -> None:
    """``older`` committed first, ``newer`` a day later."""
    git_repo.write(f"docs/handoffs/{older}", HANDOFF.format(name=older))
    git_repo.commit(older, date="2026-01-10T20:00:00Z")
    git_repo.write(f"docs/handoffs/{newer}", HANDOFF.format(name=newer))
    git_repo.commit(newer, date="2026-01-11T20:00:00Z")


def _current(run_cli: Any, root: Any) -> list[tuple[str, list[str]]]:
    result = run_cli(["check", "--format", "json"], cwd=root)
    assert result.code == 0, result.out
    return [(p["path"], p["history"]) for p in result.json()["packets"]]


@pytest.mark.parametrize(("older", "newer"), PAIRS.values(), ids=list(PAIRS))
def test_the_later_month_is_current_in_every_language(
    run_cli: Any, git_repo: GitRepo, older: str, newer: str
) -> None:
    # committed in the other order: only the month names tell which is newer
    _series(git_repo, newer, older)
    assert _current(run_cli, git_repo.root) == [
        (f"docs/handoffs/{newer}", [f"docs/handoffs/{older}"])
    ]
    shown = run_cli(["show"], cwd=git_repo.root).out
    assert f"(written {newer})" in shown and f"(written {older})" not in shown


def test_a_month_name_it_does_not_know_goes_by_the_last_commit(
    run_cli: Any, git_repo: GitRepo
) -> None:
    """Polish ``lipca`` (July) and ``sierpnia`` (August): not 30 against 1."""
    older, newer = "przekazanie-30-lipca-2026.md", "przekazanie-1-sierpnia-2026.md"
    _series(git_repo, older, newer)
    assert _current(run_cli, git_repo.root) == [
        (f"docs/handoffs/{newer}", [f"docs/handoffs/{older}"])
    ]
    assert "(written przekazanie-1-sierpnia" in run_cli(["show"], cwd=git_repo.root).out


def test_a_date_it_cannot_read_changed_after_the_dated_current_file_is_named(
    run_cli: Any, git_repo: GitRepo
) -> None:
    """Beside a dated file, such a name ranks as an undated one: a warning names it when it
    changed after the dated file's day, and says its date could not be read."""
    dated, unread = "2026-07-30-handoff.md", "przekazanie-1-sierpnia-2026.md"
    git_repo.write(f"docs/handoffs/{dated}", HANDOFF.format(name=dated))
    git_repo.commit(dated, date="2026-07-30T20:00:00Z")
    git_repo.write(f"docs/handoffs/{unread}", HANDOFF.format(name=unread))
    git_repo.commit(unread, date="2026-08-01T20:00:00Z")
    said = run_cli(["check"], cwd=git_repo.root)
    assert said.code == 0, said.out
    [line] = [text for text in said.err.splitlines() if unread in text]
    assert line.startswith(
        f"handoff-audit: warning: docs/handoffs/{unread} has a date handoff-audit cannot read"
        f" in its name, so docs/handoffs/{dated} (dated) is the current handoff"
    )
