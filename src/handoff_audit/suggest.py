""" "Did you mean": the closest known name to a mistyped one, for one-line error messages."""

from __future__ import annotations

from collections.abc import Iterable


def closest(word: str, known: Iterable[str]) -> str | None:
    """The known name most like ``word``, when one is plausibly what was meant."""
    import difflib  # start-up: only when a name was mistyped

    choices = list(known)
    guess = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    if guess:
        return guess[0]
    # A prefix that names exactly one choice (``lkg`` is not one, ``placeh`` is).
    starts = [choice for choice in choices if word and choice.startswith(word)]
    return starts[0] if len(starts) == 1 else None


def unknown_name(what: str, word: str, known: Iterable[str], plural: str) -> str:
    """``unknown rule id "plachelder" — did you mean "placeholder"?; known rules: a, b``; a
    ``word`` that holds a credential (a token pasted as a rule id) is quoted redacted."""
    from handoff_audit.credentials import redact  # start-up: only when a name was mistyped

    choices = sorted(known)
    guess = closest(word, choices)
    hint = f' — did you mean "{guess}"?' if guess else ""
    return f'unknown {what} "{redact(word)}"{hint}; known {plural}: {", ".join(choices)}'


__all__ = ["closest", "unknown_name"]
