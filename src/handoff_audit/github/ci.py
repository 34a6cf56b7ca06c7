"""The GitHub Action's entry point. (Owner: the Action. Placeholder.)"""

from __future__ import annotations

from handoff_audit.errors import InputError


def run_ci() -> int:
    """Placeholder."""
    raise InputError("ci is not implemented yet")
