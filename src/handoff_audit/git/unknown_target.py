"""The merge target made sure of (`known_target`: fetched when allowed), and the error for a
``--target-branch`` that names no branch here, shared by ``check``, ``new`` and ``update`` so
that all three name the closest branch and the known ones; and the error for a commit checked
that the repository does not have."""

from __future__ import annotations

from typing import TYPE_CHECKING

from handoff_audit.credentials import redact
from handoff_audit.errors import InputError
from handoff_audit.git import fetching, plumbing
from handoff_audit.suggest import closest

if TYPE_CHECKING:
    from handoff_audit.git.facts import _Gatherer


def known_target(gatherer: _Gatherer, refs: list[plumbing.Ref]) -> list[plumbing.Ref]:
    """``refs``, after making sure the merge target is one of them: fetched when allowed
    and absent; exit 2 with the closest branch name when it is not there at all (a typo
    would otherwise silently turn the merge gate off)."""
    name = gatherer.target.target_branch
    if not name or any(ref.branch == name for ref in refs):
        return refs
    if gatherer.target.fetch_history and plumbing.is_safe_branch(name):
        remotes = fetching.remotes(gatherer.root)
        try:
            if not remotes:
                raise plumbing.GitError("no remote")
            fetching.fetch_branch(
                gatherer.root, remotes[0], name, shallow=gatherer.repo.shallow, timeout=60.0
            )
        except plumbing.GitError:
            if gatherer.target.target_from_event:
                return refs  # GitHub named it; only this clone cannot show it
        else:
            # A fetch into a shallow clone adds shallow boundaries: read them again.
            gatherer.repo = plumbing.repo_info(gatherer.root) or gatherer.repo
            refs = plumbing.list_refs(gatherer.root)
            if any(ref.branch == name for ref in refs):
                return refs
    fetched = "" if gatherer.target.fetch_history else " (fetch it first, or pass --fetch-history)"
    raise unknown_target(name, refs, fetched)


def unknown_target(name: str, refs: list[plumbing.Ref], advice: str) -> InputError:
    """The one-line error for a ``--target-branch`` that names no branch here, with the closest
    known branch and every known one (``check``, ``new`` and ``update`` all say this);
    ``advice`` follows the first clause (how to get the branch). A credential-shaped ``name``
    is redacted, as every message redacts one, and so is each branch named."""
    known = sorted({ref.branch for ref in refs})
    # `origin/main` names the remote-tracking branch of `main`: the branch is `main`.
    tracked = (ref.branch for ref in refs if ref.name == f"refs/remotes/{name}")
    short = next(tracked, name.partition("/")[2])
    guess = short if short in known else closest(name, known)
    hint = f' — did you mean "{redact(guess)}"?' if guess else ""
    shown = ", ".join(redact(branch) for branch in known)
    return InputError(
        f"--target-branch {redact(repr(name))}: no such local or remote-tracking branch{advice}"
        f"{hint}; known branches: {shown or 'none'}"
    )


def unknown_head(head: str, *, in_action: bool) -> InputError:
    """The one-line error for a commit checked (``--head``, or in the GitHub Action the event's
    head commit) that is not in a full clone. The action has no ``--head``: its fix is in the
    workflow (a re-run after a force-push names a commit the branch no longer has)."""
    if in_action:
        return InputError(
            f"the event's head commit {head} is not in the checkout (the branch was force-pushed "
            "since this event, or the checkout fetched another commit): run the workflow again "
            "on the branch's current head (a new push, or re-run the newest run, not this one), "
            "and check out that commit with actions/checkout (`fetch-depth: 0` fetches the whole "
            "history)"
        )
    return InputError(
        f"--head {head}: no such commit in this repository; "
        "pass a commit id, a branch or a revision (e.g. HEAD~1) that exists here"
    )


def missing_head(head: str, reason: str) -> InputError:
    """The one-line error for the event's head commit that a shallow checkout lacks and that
    could not be fetched (``reason``: why, `History.missing_reason`): in the GitHub Action the
    audit of another tree (the checked-out one) would be no audit of the event's commit."""
    why = redact(" ".join(reason.split()))
    return InputError(
        f"the event's head commit {head} is not in this shallow clone and could not be "
        f"fetched{' ' + why if why else ''}: check out that commit with actions/checkout "
        "(`ref: ${{ github.event.pull_request.head.sha }}` on a pull request, and "
        "`fetch-depth: 0` for the whole history)"
    )
