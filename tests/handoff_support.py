"""Handoff texts several tests share: written once, so that a change of what a complete
handoff is changes one place."""

COMPLETE = """\
# Handoff

## State
Login works; tests pass.

## Next step
Add refresh tokens in src/auth.py.

## Decisions
- Redis because three hosts.

## Ruled out
- JWT: tried, did not work because revocation.

## Pointers
- src/auth.py:42
"""
"""A hand-written handoff with every facet, which the audit finds complete."""
