"""The rules on a packet's last known good commit: is it a commit here, on the history
checked, and recent (`lkg-unknown`, `lkg-behind`); `history` runs them with the packet's other
history rules."""

from __future__ import annotations

from collections.abc import Iterator

from handoff_audit import shell
from handoff_audit.git.reflog import amended_away
from handoff_audit.model.context import AuditContext
from handoff_audit.model.findings import Severity
from handoff_audit.model.packet import Packet
from handoff_audit.model.repo_history import Copied, History, PacketHistory
from handoff_audit.rules.base import Fix, Hit, Rule

LKG_UNKNOWN = Rule(
    id="lkg-unknown",
    default=Severity.ERROR,
    summary=(
        "`last_known_good_commit` is not in the repository, or not an ancestor of the commit "
        "checked"
    ),
    doc="""\
**Why.** The next session starts from the last known good commit: it checks it out to compare,
bisects from it, or resets to it when things go wrong. A commit that does not exist (a typo, a
commit that was never pushed) or that is not in the history being checked (dropped by a rebase,
replaced by `git commit --amend`, made on another branch) sends it to the wrong place.

**Example.** The packet says `"last_known_good_commit": "a91c33e"`, then the branch is rebased:
`a91c33e` is rewritten as `5f0d2b1`, and the old id is no longer an ancestor of `HEAD`.

**Fix.** `handoff-audit update --verify CMD` runs the tests and moves `last_known_good_commit` to
`HEAD` when they pass; or name the commit on this branch where they last passed (`git log
--oneline`) with `handoff-audit update --last-known-good COMMIT`. Both re-render the twin.
Commit the packet in a new commit: `git commit --amend` folding it into the commit it names
replaces that commit, and the packet names one off the history again (when HEAD's reflog shows
that amend, the finding says so).
A packet none of whose recorded commits (its last known good commit, the commits its
`--verify` runs name) is on the history checked, while another branch holds them, was copied
from that branch: the finding names those commits and branches and asks "copied from another
branch?", and `update` refuses to keep that branch's summary and next action; `handoff-audit
update --verify --summary "…" --next-action "…"` writes this branch's own and drops the other
branch's runs.
In a shallow clone it never calls a commit unknown only because the clone is shallow (that is
`history-unavailable`; `--fetch-history` lets the audit fetch more history before it judges).
""",
    fix=Fix.VERIFY,
)

LKG_BEHIND = Rule(
    id="lkg-behind",
    default=Severity.ERROR,
    summary=(
        "`last_known_good_commit` is more than `max-commits-behind` commits behind the commit "
        "checked"
    ),
    doc="""\
**Why.** When many commits landed after the last green commit, "it was green at X" says little
about the code the next session finds: the packet's verdict is about another program.

**Example.** `max-commits-behind` is 10 and `git rev-list --count LKG..HEAD` is 23: the finding
says "last_known_good_commit 43b6efd is 23 commits behind the commit checked (f96442ad963b);
the limit is 10 (max-commits-behind)".

**Fix.** `handoff-audit update --verify CMD` runs the tests on the current commit and, when they
pass, moves `last_known_good_commit` to it and re-renders the twin. When a long gap is normal
for the project, raise `max-commits-behind` in the configuration. In a pull request build, pass
the pull request's head as `--head` (the action does) so the merge commit GitHub creates does
not count the base branch's commits.
""",
    fix=Fix.VERIFY,
)


def judge_lkg(
    ctx: AuditContext,
    facts: History,
    packet: Packet,
    info: PacketHistory,
    unavailable: list[str],
) -> Iterator[Hit]:
    """The judgement of the packet's last known good commit (what could not be judged goes to
    ``unavailable``)."""
    lkg = str((packet.data or {}).get("last_known_good_commit"))
    head = (facts.head or "")[:12]
    if info.lkg_state == "missing":
        yield _lkg_hit(
            LKG_UNKNOWN,
            packet,
            f"last_known_good_commit {lkg} is not a commit in this repository (mistyped, never "
            f"pushed, or rewritten): run `{update_of(packet, ' --verify CMD')}` to prove HEAD, or "
            f"`{update_of(packet, ' --last-known-good COMMIT')}` with the commit on this branch "
            f"where the tests last passed (see `{shell.git()} log --oneline`)",
        )
    elif info.lkg_state == "not-ancestor":
        copied = info.copied
        said = _copied(packet, copied) if copied else _off_history(ctx, packet, info, lkg, head)
        yield _lkg_hit(LKG_UNKNOWN, packet, said)
    elif info.lkg_state == "beyond-limit":
        yield _lkg_hit(
            LKG_BEHIND,
            packet,
            f"last_known_good_commit {lkg} is more than {facts.ancestry_read} commits behind the "
            f"commit checked ({head}), or not on its history at all (limit "
            f"{ctx.config.max_commits_behind}): run `{update_of(packet, ' --verify CMD')}`, "
            "which runs the tests and moves it to HEAD when they pass",
        )
    elif info.lkg_state == "ok" and info.behind is not None:
        if info.behind > ctx.config.max_commits_behind:
            yield _lkg_hit(
                LKG_BEHIND,
                packet,
                f"last_known_good_commit {lkg} is {info.behind} commits behind the commit "
                f"checked ({head}); the limit is {ctx.config.max_commits_behind} "
                f"(max-commits-behind): run `{update_of(packet, ' --verify CMD')}`, which runs "
                "the tests and moves last_known_good_commit to HEAD when they pass",
            )
    elif info.lkg_state == "unavailable":
        unavailable.append(f"last_known_good_commit {lkg} is not in this shallow clone")


def update_of(packet: Packet, options: str = "") -> str:
    """The `update` of ``packet`` with ``options``, by the path that names it from the current
    folder (`shell.fix_path`): `update` reads the git of the packet's own repository, so it
    runs as printed from a subfolder or another folder, and takes more options after it."""
    return f"handoff-audit update {shell.fix_path(packet.path)}{options}"


COPIED = "copied from another branch?"
"""What `lkg-unknown` asks of a packet whose recorded commits are all another branch's: the
Stop hook's fix then asks for this branch's own summary and next action."""


def _copied(packet: Packet, copied: Copied) -> str:
    """`lkg-unknown`'s message for a packet none of whose recorded commits is on the history
    checked while another branch holds them: its summary and next action are that branch's."""
    more = f" (+{len(copied.branches) - 3} more)" if len(copied.branches) > 3 else ""
    return (
        f"{packet.path} records no commit of this branch: its last known good commit and test "
        f"runs are at {', '.join(copied.commits)}, on {', '.join(copied.branches[:3])}{more}, "
        f"not on the history checked: {COPIED} Its summary and next action are that branch's; "
        f"write this branch's own: `{update_of(packet, REWRITE)}`"
    )


REWRITE = ' --verify --summary "<what this branch did>" --next-action "<its next step>"'
"""The `update` options that make a copied packet this branch's own."""


def _lkg_hit(rule: Rule, packet: Packet, message: str) -> Hit:
    line, column = packet.position("/last_known_good_commit")
    return Hit(rule, packet.path, message, line, column, "/last_known_good_commit")


def _off_history(
    ctx: AuditContext, packet: Packet, info: PacketHistory, lkg: str, head: str
) -> str:
    """`lkg-unknown`'s message for a commit that exists but is off the history checked: the
    amend that replaced it when HEAD's reflog shows one (a file read, no git process, only
    for such a commit), else the ways it happens."""
    if info.lkg is not None and amended_away(ctx.root, info.lkg):
        return (
            f"last_known_good_commit {lkg[:12]} was replaced by `git commit --amend` (HEAD's "
            "reflog says so): commit the packet in a new commit, not by amending; run "
            f"`{update_of(packet, ' --verify CMD')}` to prove HEAD"
        )
    return (
        f"last_known_good_commit {lkg} exists but is not an ancestor of the commit checked "
        f"({head}): a rebase or `git commit --amend` dropped it (commit a packet in a new "
        "commit, not by amending), or it was made on another branch; run "
        f"`{update_of(packet, ' --verify CMD')}` to prove HEAD, or "
        f"`{update_of(packet, ' --last-known-good COMMIT')}` with the commit on this branch "
        "where the tests last passed"
    )
