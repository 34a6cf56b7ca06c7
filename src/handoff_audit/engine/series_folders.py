"""Which folders are a series in fact (`SeriesFolders`), by discovery's rule and from the files
git lists (tracked, and untracked but not ignored): a git-ignored ``.md`` in a folder makes no
series, as it is no handoff discovery would audit. The answer comes from the listing discovery
already made (`discovery.Found.series`) for the folders it searched; a folder outside them is
answered from one listing of the whole repository, made the first time one is asked."""

from __future__ import annotations

from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.engine import discovery
from handoff_audit.globs import matches_any_case


class SeriesFolders:
    """Which folders (from ``root``, with ``/``) are a series in fact: the ``series`` globs
    match the folder, and git lists a handoff of the series in it (a
    `model.packet.series_file`) and no JSON packet (`discovery.Found.series`). Called as
    `model.packet.is_handoff_record`'s ``series``."""

    __slots__ = ("config", "covered", "folders", "root")

    def __init__(
        self,
        root: Path,
        config: Config,
        folders: frozenset[str] = frozenset(),
        covered: tuple[str, ...] = (),
    ) -> None:
        self.root = root
        self.config = config
        self.folders = folders
        """The series found under `covered`."""
        self.covered = covered
        """The folders (``""`` for all) whose listing gave `folders`."""

    @classmethod
    def of(cls, root: Path, config: Config, found: discovery.Found) -> SeriesFolders:
        """The series folders of discovery's listing (``found``, under ``root``)."""
        return cls(root, config, found.series, found.searched)

    def __call__(self, folder: str) -> bool:
        if not folder or not matches_any_case(folder, self.config.series):
            return False
        if not any(not c or folder == c or folder.startswith(c + "/") for c in self.covered):
            self.folders = discovery.series_folders(self.root, self.config)
            self.covered = ("",)
        return folder in self.folders
