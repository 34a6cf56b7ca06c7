"""handoff-audit: the CI guard for session handoff packets."""

__version__ = "0.1.0"
