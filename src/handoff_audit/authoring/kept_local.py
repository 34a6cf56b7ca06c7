"""`new`'s and `update`'s line when the packet or its twin they wrote is in a path the
repository's ``.gitignore`` ignores (okjackishere/gpcr-ptm: ``handoff.json`` on its line 31):
the file stays on this machine, so the merge gate and CI never see it; ``git add -f`` commits
it when that is wanted. One git process, after the write."""

from __future__ import annotations

from pathlib import Path

from handoff_audit import shell
from handoff_audit.authoring.no_active import name
from handoff_audit.git import plumbing
from handoff_audit.git.ignored import ignoring_patterns


def kept_local(written: list[Path]) -> list[str]:
    """The note for those of the ``written`` files (one folder) that git ignores and does not
    track, naming the line that ignores them; none when git cannot say."""
    if not written:
        return []
    try:
        rules = ignoring_patterns(written[0].parent, [p.name for p in written])
    except plumbing.GitError:
        return []
    hidden = [p for p in written if p.name in rules and not rules[p.name].pattern.startswith("!")]
    if not hidden:
        return []
    rule = rules[hidden[0].name]
    shown = " ".join(shell.quote_path(name(p)) for p in hidden)
    one = len(hidden) == 1
    return [
        f"note: {', '.join(name(p) for p in hidden)} {'is' if one else 'are'} ignored by git "
        f"({rule.source}:{rule.line} `{rule.pattern}`), so {'it stays' if one else 'they stay'} "
        f"on this machine: the merge gate and CI will not see {'it' if one else 'them'}; to "
        f"commit {'it' if one else 'them'} anyway, `git add -f -- {shown}`"
    ]
