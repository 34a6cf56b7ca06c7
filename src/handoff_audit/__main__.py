"""``python -m handoff_audit``: the same program as the ``handoff-audit`` command."""

from handoff_audit.cli.main import console

console()
