"""For `show` and `SessionStart`: the next steps of a monorepo's other package notes. A branch
whose repository keeps a working note per package (``packages/a/NEXT_SESSION.md``,
``packages/b/NEXT_SESSION.md``, `git.later_work.note_scopes`) hands over each of them, not only
the one the brief quotes: each speaks for its own folder alone, so one's next step is none of
the other's."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.credentials import redact
from handoff_audit.engine.brief_sections import ITEM_CHARS, MAX_ITEMS
from handoff_audit.git.gone_notes import package_scopes
from handoff_audit.git.later_work import note_scopes, work_folders
from handoff_audit.model.brief import Section
from handoff_audit.model.packet import Packet, series_handoff
from handoff_audit.textcut import at_clause


def _notes(candidates: list[Packet], config: Config) -> list[Packet]:
    """The working notes of ``candidates``."""
    return [
        p
        for p in candidates
        if p.kind == "markdown" and p.text and not series_handoff(p.path, config)
    ]


def own_folder(
    chosen: Packet,
    among: tuple[str, list[Packet]],
    config: Config,
    where: tuple[Path, Callable[[], str | None]],
) -> str | None:
    """The folder ``chosen`` speaks for alone, when it is one of the branch's hand-written notes
    (``among``: the brief's state and its candidates) that `note_scopes` scopes, as `check`'s
    ``handoff-outdated`` does, a namesake the branch deleted counted (`gone_notes`; ``where``:
    the repository's root and its merge target's tip, asked when needed): only the work under
    it is later work the brief counts."""
    state, candidates = among
    root, tip = where
    notes = _notes(candidates if state == "hand-written" else [], config)
    return package_scopes(root, "", (notes, config), (tip, "HEAD")).get(chosen.path)


def sibling_steps(
    chosen: Packet, candidates: list[Packet], config: Config, root: Path
) -> Section | None:
    """The next step of each hand-written note of ``candidates`` (the branch's, of the
    repository at ``root``) that, like ``chosen``, speaks for its own folder, by path; ``None``
    when there is none."""
    notes = _notes(candidates, config)
    scoped = note_scopes([p.path for p in notes], "", work_folders(root))
    if chosen.path not in scoped:
        return None
    # start-up: the next-step reading (its cues, markdown-it) loads only for a hand-written handoff
    from handoff_audit.engine.next_step import next_step

    items = []
    for note in notes:
        if note is chosen or note.path not in scoped:
            continue
        step = next_step(redact(note.text or "")).text
        if step is not None:
            items.append(f"{note.path}: {at_clause(step, ITEM_CHARS)}")
    if not items:
        return None
    title = "Next actions of the other package notes (each for its own folder)"
    return Section("also_next", title, tuple(items[:MAX_ITEMS]))


__all__ = ["own_folder", "sibling_steps"]
