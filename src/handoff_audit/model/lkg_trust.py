"""A last known good commit taken on trust: `new` without ``--verify`` takes HEAD, and `new
--verify` whose tests failed at HEAD with no green commit known keeps the commit where the branch
left its base; no test run of the packet's proved either. The failure's open risk says so
(`TRUSTED`), a packet without it records no passing run (`unrecorded_lkg`), and the brief reads
it back (`trusted_lkg`) rather than calling it the commit where tests passed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

VERIFY_NOTE = "--verify at "
"""How the note of a ``--verify`` run starts: a run made after the log's earlier entries, at the
commit the note names next."""

TRUSTED = "taken on trust (no test run recorded there)"
"""How the failure risk calls a last known good commit `new --verify` took on trust: the
branch's base, set when the tests failed at HEAD (`trusted_lkg` finds it for the brief)."""


def trusted_lkg(data: Mapping[str, Any], lkg: str) -> bool:
    """Whether the packet ``data`` took its last known good commit ``lkg`` on trust: its open
    risks say so (`Verification.facts`), or its log records no passing run (`unrecorded_lkg`):
    no test run passed there as far as the packet knows."""
    return _said_trusted(data.get("open_risks"), lkg) or unrecorded_lkg(
        data.get("commands_run"), lkg
    )


def unrecorded_lkg(commands: object, lkg: str) -> bool:
    """True when the log ``commands`` records no passing run that may have been at ``lkg``: none
    that exited 0, but a ``--verify`` run at another commit (`new` without ``--verify`` takes
    HEAD on trust and records nothing)."""
    at = f"{VERIFY_NOTE}{lkg[:12]} "
    entries = commands if isinstance(commands, list) else []
    return not any(
        isinstance(entry, dict)
        and entry.get("exit") == 0
        and not _verified_elsewhere(entry.get("note"), at)
        for entry in entries
    )


def _verified_elsewhere(note: object, at: str) -> bool:
    return isinstance(note, str) and note.startswith(VERIFY_NOTE) and not note.startswith(at)


def _said_trusted(risks: object, lkg: str) -> bool:
    said = f"last_known_good_commit is {lkg[:12]}, "
    return isinstance(risks, list) and any(
        isinstance(risk, dict)
        and isinstance(risk.get("what"), str)
        and said in risk["what"]
        and risk["what"].endswith(TRUSTED)
        for risk in risks
    )
