"""The commands the agent hook prints to mend a hand-written handoff: a facet's section
appended, or the whole file written anew in place of a template."""

from __future__ import annotations

MD_SECTIONS = {
    "next": ("Next step", "<the first thing the next session should do>"),
    "state": ("State", "<where the work stands: what works, what does not>"),
    "decisions": ("Decisions", "<a choice that would surprise someone>, because <why>"),
    "ruled_out": ("Ruled out", "<what was tried or rejected>: <why it did not work>"),
    "pointers": ("Pointers", "<path/to/file.py:line or URL the next session needs>"),
}
"""What `md-incomplete`'s fix appends for each facet: a heading and a placeholder."""


def appended(facet: str, quoted: str) -> str:
    """A command appending ``facet``'s heading and placeholder to the file ``quoted`` (a path
    quoted for the shell)."""
    heading, placeholder = MD_SECTIONS[facet]
    return f"printf '\\n## {heading}\\n\\n%s\\n' \"{placeholder}\" >> {quoted}"


def written_anew(quoted: str) -> str:
    """A command writing a hand-written handoff anew with every facet's section, each
    placeholder to fill in: the fix for a file that is still a template."""
    order = ("state", "next", "decisions", "ruled_out", "pointers")
    sections = "".join(f"\\n## {MD_SECTIONS[facet][0]}\\n\\n%s\\n" for facet in order)
    blanks = " ".join(f'"{MD_SECTIONS[facet][1]}"' for facet in order)
    return f"printf '# Handoff\\n{sections}' {blanks} > {quoted}"


__all__ = ["MD_SECTIONS", "appended", "written_anew"]
