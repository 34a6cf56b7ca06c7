"""How many times in a row the Stop hook has blocked one session's stop. Claude Code sets
``stop_hook_active`` on a stop that follows a blocked one; the hook blocks such a chain at most
``agent-hook.max-blocks`` times, so an agent that ran the fixes but did not commit is held
again, and a session still cannot loop. A subagent's stops (``SubagentStop``) carry the main
session's ``session_id`` and chain apart: each event's chain is counted on its own
(`chain_of`), so one does not start the other's count anew; parallel subagents, told apart by
their ``agent_id``, each have a chain of their own. The count is kept in the
worktree's git folder (``handoff-audit/stop-blocks/``, one file per chain, named by a hash of
its key), never in the work tree, and removed when the chain ends. A chain let go at the bound
keeps a mark (`RELEASED`) in place of its count, so each later stop of it (another Stop hook
may block it again) is let go too, until a stop that follows no block starts a new chain.
Marks would pile up, one per session and subagent: writing one removes those of the folder
untouched for `STALE_DAYS` (`prune_stale`), and the counts of chains left as long, as a session
ended while blocked leaves its count.
"""

from __future__ import annotations

import hashlib
import os
import re
import time
from contextlib import suppress
from itertools import islice
from pathlib import Path

from handoff_audit.atomic import replace_file
from handoff_audit.git_folder import git_dirs

_FOLDER = ("handoff-audit", "stop-blocks")
_MARK = b"released"
RELEASED = -1
"""`blocks_before` of a chain the hook has let go (`release_chain`): let it go again."""
STALE_DAYS = 7
"""How long a chain's file is kept unchanged before `prune_stale` removes it."""
_PRUNED_PER_WRITE = 256
"""How many old chain files one `prune_stale` removes at most."""
_LOOKED_AT = 8192
"""How many entries of the folder one `prune_stale` looks at, however many it holds."""
_NAME = re.compile(r"[0-9a-f]{32}")
"""The name of a chain's file (`_count_file`): no other file of the folder is ever removed."""


def chain_of(session: str | None, event: str, agent: str | None = None) -> str | None:
    """The key of the chain of stops that ``event`` (``Stop``, ``SubagentStop``) of
    ``session`` belongs to: the session id for ``Stop``, the id and the event's name for any
    other, and the subagent's ``agent_id`` when the event has one (parallel subagents share
    the session id, and alternating stops of two must not add up); ``None`` without a
    session id."""
    if session is None:
        return None
    if event == "Stop" and agent is None:
        return session
    return f"{session}\n{event}" if agent is None else f"{session}\n{event}\n{agent}"


def _count_file(root: Path, session: str | None) -> Path | None:
    """The file holding the count of the chain ``session`` (`chain_of`); ``None`` when there
    is no session id or no git folder to keep it in."""
    folders = git_dirs(os.path.realpath(root))
    if session is None or not folders:
        return None
    name = hashlib.sha256(session.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return Path(folders[0], *_FOLDER, name)


def blocks_before(root: Path, session: str | None, continuing: bool) -> int | None:
    """The blocks of this stop's chain so far: 0 for a stop that follows none (the chain starts
    anew), and for one that follows a block of which no count was kept (another Stop hook's
    block, or a count that could not be read); for one that follows a block, the count kept;
    `RELEASED` for one of a chain the hook let go; ``None`` when none can be kept (no session
    id, no git folder)."""
    path = _count_file(root, session)
    if path is None:
        return None
    if not continuing:
        return 0
    try:
        kept = path.read_bytes()[:16]
        return RELEASED if kept == _MARK else max(1, int(kept))
    except (OSError, ValueError):
        return 0


def record_block(root: Path, session: str | None, count: int) -> bool:
    """Keep ``count`` as the blocks of ``session``'s chain; whether it was kept (not without a
    session id or a git folder, nor in one that cannot be written)."""
    return _keep(root, session, str(count).encode("ascii"))


def release_chain(root: Path, session: str | None) -> None:
    """Mark ``session``'s chain as let go: its later stops are let go until a new chain.
    Stale chains' files are removed first (`prune_stale`)."""
    path = _count_file(root, session)
    if path is not None:
        prune_stale(path.parent, time.time() - STALE_DAYS * 86400)
    if not _keep(root, session, _MARK):
        end_chain(root, session)


def prune_stale(folder: Path, before: float) -> None:
    """Remove the chains' files of ``folder`` (a mark or a count under a chain's name) last
    changed before ``before`` (seconds since the epoch): at most `_PRUNED_PER_WRITE` of them,
    out of at most `_LOOKED_AT` entries (the folder's first entries may all be fresh: a bound on
    entries alone would never reach the old ones behind them), any other file left alone, a
    file that cannot be read or removed skipped."""
    removed = 0
    with suppress(OSError), os.scandir(folder) as entries:
        for entry in islice(entries, _LOOKED_AT):
            with suppress(OSError):
                if not _NAME.fullmatch(entry.name) or not entry.is_file(follow_symlinks=False):
                    continue
                if entry.stat(follow_symlinks=False).st_mtime >= before:
                    continue
                with open(entry.path, "rb") as handle:
                    kept = handle.read(17)
                if kept == _MARK or (len(kept) <= 16 and kept.isdigit()):
                    os.unlink(entry.path)
                    removed += 1
            if removed >= _PRUNED_PER_WRITE:
                return


def _keep(root: Path, session: str | None, content: bytes) -> bool:
    path = _count_file(root, session)
    if path is None:
        return False
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        replace_file(path, content)
    except OSError:
        return False  # a read-only git folder: the hook then blocks no more, as it never loops
    return True


def end_chain(root: Path, session: str | None) -> None:
    """Forget ``session``'s count: it stops."""
    path = _count_file(root, session)
    if path is not None:
        with suppress(OSError):  # the next chain starts at 0 whatever the file holds
            path.unlink(missing_ok=True)
