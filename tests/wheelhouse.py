"""Wheels of the distributions installed in the test environment, made without the network.

A clean virtual environment gets handoff-audit's dependencies from these with ``pip install
--no-index --find-links``: each installed distribution's files (its RECORD, minus what lives
outside site-packages, e.g. console scripts, which pip writes again from entry_points.txt) are
packed back into a wheel with the installed version and the tags of its WHEEL file.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import zipfile
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

INSTALL_ONLY = frozenset({"INSTALLER", "REQUESTED", "direct_url.json", "RECORD"})
"""dist-info files pip writes at install time, which a wheel does not carry."""


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return f"sha256={digest.decode()}"


def _wheel_name(dist: metadata.Distribution) -> str:
    tags = [
        line.split(":", 1)[1].strip()
        for line in (dist.read_text("WHEEL") or "").splitlines()
        if line.startswith("Tag:")
    ]
    python = ".".join(sorted({tag.split("-")[0] for tag in tags})) or "py3"
    abi = ".".join(sorted({tag.split("-")[1] for tag in tags})) or "none"
    platform = ".".join(sorted({tag.split("-")[2] for tag in tags})) or "any"
    name = canonicalize_name(dist.metadata["Name"]).replace("-", "_")
    return f"{name}-{dist.version}-{python}-{abi}-{platform}.whl"


def repack(dist: metadata.Distribution, folder: Path) -> Path:
    """Write ``dist`` as a wheel into ``folder``; return its path."""
    files = [
        file
        for file in dist.files or ()
        if not str(file).startswith("..") and "__pycache__" not in str(file)
    ]
    info = next(f for f in files if str(f).endswith(".dist-info/METADATA")).parent
    target = folder / _wheel_name(dist)
    records = io.StringIO()
    writer = csv.writer(records, lineterminator="\n")
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as wheel:
        for file in files:
            if file.parent == info and file.name in INSTALL_ONLY:
                continue
            data = Path(str(file.locate())).read_bytes()
            wheel.writestr(str(file), data)
            writer.writerow([str(file), _record_hash(data), len(data)])
        writer.writerow([f"{info}/RECORD", "", ""])
        wheel.writestr(f"{info}/RECORD", records.getvalue())
    return target


def _needed(requirement: Requirement, extras: set[str]) -> bool:
    if requirement.marker is None:
        return True
    return any(requirement.marker.evaluate({"extra": extra}) for extra in {"", *extras})


def runtime_closure(name: str) -> list[metadata.Distribution]:
    """The installed distributions ``name`` needs at run time (its own extras left out, the
    extras its dependencies ask of each other followed), itself excluded."""
    seen: dict[str, metadata.Distribution] = {}
    wanted: dict[str, set[str]] = {}
    pending: list[tuple[str, set[str]]] = [(name, set())]
    while pending:
        dist_name, extras = pending.pop()
        for text in metadata.requires(dist_name) or ():
            requirement = Requirement(text)
            if not _needed(requirement, extras):
                continue
            key = canonicalize_name(requirement.name)
            asked = set(requirement.extras)
            if key in seen and asked <= wanted[key]:
                continue
            seen[key] = metadata.distribution(requirement.name)
            wanted[key] = wanted.get(key, set()) | asked
            pending.append((requirement.name, wanted[key]))
    return list(seen.values())


def wheelhouse(name: str, folder: Path) -> Path:
    """A folder of wheels with everything ``name`` needs at run time, from this environment."""
    folder.mkdir(parents=True, exist_ok=True)
    for dist in runtime_closure(name):
        repack(dist, folder)
    return folder
