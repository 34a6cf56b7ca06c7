"""A pattern found near another on the same line or in the same sentence: the content cues'
"a choice with its reason", "a rule with what breaking it does" (`markdown.content_cues`)."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Near:
    """``then``, with ``before`` at most ``window`` characters ahead of it on the same line (or
    sentence). Linear in the text, where one ``before.{0,n}?then`` pattern is not."""

    before: re.Pattern[str]
    then: re.Pattern[str]
    window: int = 160
    sentence: bool = False
    clause: bool = True
    """With ``sentence``: a "; " ends it too ("don't X; it breaks Y" keeps its reason if not)."""
    from_before: bool = False
    """Find ``before`` first and look ahead for ``then`` (when ``before`` is the rarer one)."""

    def search(self, text: str) -> re.Match[str] | None:
        # A sentence ends at a stop followed by a space, so "server.js" or "e.g" does not end it.
        stops: tuple[str, ...] = ("\n",)
        if self.sentence:
            stops = (". ", "; ", "! ", "? ", "\n") if self.clause else (". ", "! ", "? ", "\n")
        if self.from_before:
            for match in self.before.finditer(text):
                start = match.end()
                end = min(len(text), start + self.window)
                for stop in stops:
                    found = text.find(stop, start, end)
                    end = found if found >= 0 else end
                if self.then.search(text, start, end):
                    return match
            return None
        for match in self.then.finditer(text):
            end = match.start()
            start = max(0, end - self.window)
            for stop in stops:
                found = text.rfind(stop, start, end)
                if found >= 0:
                    start = found + len(stop)
            if self.before.search(text, start, end):
                return match
        return None


__all__ = ["Near"]
