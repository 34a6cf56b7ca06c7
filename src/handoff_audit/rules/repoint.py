"""The one command that re-points the packet of a renamed branch (`git branch -m`) at the
branch checked, printed alike by `check` (`branch-mismatch`, `packet-outdated`), `show`, the
agent hook and `update`'s refusals: `update PACKET --branch BRANCH`, keeping the packet's
decisions, risks and last known good commit; with `--summary` and `--next-action` too when the
packet is older than the work (`update` refuses a re-point alone there: its commit would make the
packet count as current), unless the commits since touched only the files of the branch's other
topics (`theirs_only`, one rule for every place); and the branch renamed first when its name
looks like a credential, which no message prints."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from handoff_audit import shell
from handoff_audit.credentials import find_secrets
from handoff_audit.model.packet import Packet
from handoff_audit.model.repo_history import History

SINCE = "<what the commits since the packet changed>"
"""The placeholder of `--summary` when a packet older than the work is re-pointed."""

NEXT_NOW = "<the next step now, after those commits>"
"""The placeholder of `--next-action` when a packet older than the work is refreshed: its old
next action may be the very step those commits did."""

NEW_NAME = "<a new name for the branch, not a credential>"
"""The placeholder of the name a branch named like a credential is renamed to first."""


def repoint_command(update: str, branch: str, since: str | None = None) -> str:
    """``update`` (``handoff-audit update PACKET`` and any options of its own) re-pointing the
    packet at ``branch``; with ``since``, the placeholder of what changed since the packet
    (`refresh_options`: the packet is older than the work, re-pointed and refreshed in one
    command)."""
    if find_secrets(branch):
        command = renamed_first(f'{update} --branch "{NEW_NAME}"')
    else:
        command = f"{update} --branch {shell.quote(branch)}"
    return f"{command} {refresh_options(since)}" if since else command


def renamed_first(command: str) -> str:
    """``command`` after the rename of a branch named like a credential (`NEW_NAME`), so that
    what it writes never holds the name."""
    return f'git branch -m "{NEW_NAME}" && {command}'


def named_branch_command(update: str, branch: str) -> str:
    """The one fix of a packet whose ``branch`` field looks like a credential: ``update``
    (``handoff-audit update PACKET`` and the options its other findings need) re-pointing it at
    ``branch``, the branch renamed first when its name looks like a credential too (`update`
    refuses to store it); the twin's lines that repeat the name are rendered anew."""
    return update if " --branch " in update else repoint_command(update, branch)


def refresh_options(since: str) -> str:
    """The options that refresh a packet older than the work (`packet-outdated`), printed
    alike by the agent hook, `check` and `show`: what the commits since it changed (``since``,
    a placeholder) and the next step now; `update` keeps the old next action otherwise, which
    the next session would be handed as current although those commits may have done it."""
    return f'--summary "{since}" --next-action "{NEXT_NOW}"'


def check_repoint(packet: Packet, branch: str, since: str | None) -> str:
    """`repoint_command` of ``packet`` as `check`'s rules print it: named from the top folder,
    which `update` reads from any folder of the repository (`shell.in_top` from outside it)."""
    update = f"handoff-audit update {shell.quote_path(packet.path)}"
    return shell.in_top(repoint_command(update, branch, since))


def renamed_to(facts: History | None, packet: Packet) -> str | None:
    """The branch checked, when ``packet`` is an active work-tree packet of another branch that
    no longer exists (renamed into it): the branch `repoint_command` re-points it at."""
    if facts is None or packet.ref is not None or packet.status != "active":
        return None
    checked, own = facts.branch, packet.branch
    if checked is None or own is None or own == checked or not facts.branch_gone(own):
        return None
    return checked


def repoint_since(
    facts: History | None, packet: Packet, packets: Iterable[Packet], branch: str
) -> str | None:
    """`SINCE` when re-pointing ``packet`` at ``branch`` must refresh it too: commits after its
    last commit touch other files (`packet-outdated`), not only the branch's other topics'
    (`theirs_only`); else ``None``: the re-point alone, its summary kept."""
    info = facts.info(packet) if facts is not None else None
    if info is None or info.outdated_by is None or info.uncommitted:
        return None
    touched = info.outdated_files or info.outdated_by.files
    return None if theirs_only(packet, touched, packets, branch) else SINCE


def theirs_only(
    packet: Packet, touched: Iterable[str], packets: Iterable[Packet], branch: str
) -> bool:
    """True when the files ``touched`` since ``packet`` are all the files of the other topics of
    ``branch`` (among ``packets``: the active work-tree packets of ``branch`` and of the name
    ``packet`` names, renamed into it and not re-pointed yet), none its own: the one rule
    `check`, `show`, the agent hook and `update` decide a re-point's refresh by."""
    names = {branch, packet.branch}
    others = [
        p.data
        for p in packets
        if p.path != packet.path
        and p.ref is None
        and p.kind == "json"
        and p.status == "active"
        and p.branch in names
    ]
    return only_other_topics(touched, packet.data, others)


def changed_files(data: Mapping[str, Any] | None) -> set[str]:
    files = (data or {}).get("changed_files")
    return {f for f in files if isinstance(f, str)} if isinstance(files, list) else set()


def topic_files(data: Mapping[str, Any] | None, shared: set[str]) -> set[str]:
    """The files a topic's packet calls its own: its verdict pointer and pointers (``path:line``
    as the path), and its changed files that no other topic of the branch lists (``shared``)."""
    data = data or {}
    pointers = data.get("pointers")
    named = [data.get("verdict_pointer"), *(pointers if isinstance(pointers, list) else [])]
    own = {p.split(":", 1)[0] for p in named if isinstance(p, str) and "://" not in p}
    return own | (changed_files(data) - shared)


def only_other_topics(
    touched: Iterable[str],
    data: Mapping[str, Any] | None,
    others: Iterable[Mapping[str, Any] | None],
) -> bool:
    """True when the files ``touched`` by the commits since a packet (``data``; its
    `packet-outdated` finding's) are all the branch's ``others`` topics' files and none its own:
    its summary and next action still hold, and `--summary` would replace them with another
    topic's news."""
    others = list(others)
    touched = set(touched)
    if not touched or not others or data is None:
        return False
    shared = {f for other in others for f in changed_files(other)}
    mine = topic_files(data, shared)
    theirs = {f for other in others for f in topic_files(other, changed_files(data))}
    return not touched & mine and touched <= theirs
