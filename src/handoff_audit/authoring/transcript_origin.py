"""Whether the hook's printed ``new``/``update`` can take the event's transcript as printed: a
transcript recorded in another worktree of the same repository needs
``--allow-foreign-transcript``; one from another repository is left out of the command."""

from __future__ import annotations

import os
from pathlib import Path

from handoff_audit import shell
from handoff_audit.errors import InputError
from handoff_audit.git import plumbing

ALLOW_FOREIGN = "--allow-foreign-transcript"


class TranscriptArguments:
    """The event's transcript as a printed command takes it, worked out once, when first asked."""

    def __init__(self, transcript: str | None, cwd: Path) -> None:
        self.transcript = transcript if transcript and os.path.isfile(transcript) else None
        self.cwd = cwd
        self._arguments: list[str] | None = None

    def arguments(self) -> list[str]:
        """``--from-transcript FILE`` and what it needs to work as printed from ``cwd``;
        nothing when there is no transcript or it was recorded in another repository."""
        if self.transcript is None:
            return []
        if self._arguments is None:
            found = transcript_options(self.transcript, self.cwd)
            quoted = f"--from-transcript {shell.quote(self.transcript)}"
            self._arguments = [] if found is None else [quoted, *found]
        return self._arguments


def transcript_options(transcript: str, cwd: Path) -> list[str] | None:
    """The options that make ``--from-transcript TRANSCRIPT`` work from ``cwd``: none when the
    session ran in this repository (or the transcript names no folder), `ALLOW_FOREIGN` when it
    ran in a worktree of the same repository (same common git folder), ``None`` when it ran
    elsewhere or cannot be read (the command then leaves the transcript out)."""
    here = _common_dir(cwd)
    if here is None:
        return None
    # The transcript reader loads only when a printed command takes a transcript.
    from handoff_audit.authoring.transcript import read_transcript

    try:
        found = read_transcript(Path(transcript), here[0], 0, allow_foreign=True)
    except InputError:
        return None
    if not found.working_folders or found.in_repository:
        return []
    for folder in found.working_folders:
        there = _common_dir(Path(folder)) if os.path.isdir(folder) else None
        if there is not None and there[1] == here[1]:
            return [ALLOW_FOREIGN]
    return None


def _common_dir(folder: Path) -> tuple[Path, Path] | None:
    """The top folder of the work tree around ``folder`` and its repository's common git
    folder (shared by every worktree), or ``None`` outside git."""
    try:
        out = plumbing.run(
            folder, ["rev-parse", "--path-format=absolute", "--show-toplevel", "--git-common-dir"]
        )
    except plumbing.GitError:
        return None
    lines = out.decode("utf-8", "surrogateescape").split("\n")
    if len(lines) < 2 or not lines[0] or not lines[1]:
        return None
    return Path(lines[0]), Path(os.path.realpath(lines[1]))
