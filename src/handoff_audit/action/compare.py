"""Staleness without history: when the clone is shallow and deepening failed, ask GitHub's
compare API (``GET /repos/{owner}/{repo}/compare/{lkg}...{head}``) where each packet's last known
good commit stands. A 404 means the commit is gone (force-pushed away): ``lkg-unknown``."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from handoff_audit.action.api import ApiError, Client
from handoff_audit.model.packet import Packet
from handoff_audit.model.repo_history import History

MAX_COMPARISONS = 20
"""Distinct commits asked about in one audit (one API call each); the rest stay unjudged."""


def remote_history(
    client: Client, log: Callable[[str], None]
) -> Callable[[History, list[Packet]], None]:
    """A hook for `AuditRequest.remote_history` that asks ``client`` about unavailable commits."""

    def fill(facts: History, packets: list[Packet]) -> None:
        head = facts.head
        if head is None:
            return
        asked: dict[str, tuple[str, int | None] | None] = {}
        for packet in packets:
            info = facts.info(packet)
            lkg = (packet.data or {}).get("last_known_good_commit")
            if info is None or info.lkg_state != "unavailable" or not isinstance(lkg, str):
                continue
            if lkg not in asked:
                if len(asked) >= MAX_COMPARISONS:
                    continue
                try:
                    asked[lkg] = _judge(client, lkg, head)
                except Exception as error:  # best effort: unjudged stays history-unavailable
                    reason = error if isinstance(error, ApiError) else type(error).__name__
                    log(f"the compare API could not place {lkg[:12]}: {reason}")
                    asked[lkg] = None
            verdict = asked[lkg]
            if verdict is not None:
                state, behind = verdict
                facts.packets[packet.path] = dataclasses.replace(
                    info,
                    lkg_state=state,  # type: ignore[arg-type]
                    behind=behind,
                )

    return fill


def _judge(client: Client, lkg: str, head: str) -> tuple[str, int | None]:
    """``(lkg_state, behind)`` as the history rules read them."""
    comparison = client.compare(lkg, head)
    if comparison is None:
        return ("missing", None)
    if comparison.status in {"ahead", "identical"}:
        return ("ok", comparison.ahead_by)
    return ("not-ancestor", None)
