"""The error for a ``--target-branch`` that names no branch here, shared by ``check``, ``new``
and ``update`` so that all three name the closest branch and the known ones; and the error for a
commit checked that the repository does not have."""

from __future__ import annotations

from handoff_audit.credentials import redact
from handoff_audit.errors import InputError
from handoff_audit.git import plumbing
from handoff_audit.suggest import closest


def unknown_target(name: str, refs: list[plumbing.Ref], advice: str) -> InputError:
    """The one-line error for a ``--target-branch`` that names no branch here, with the closest
    known branch and every known one (``check``, ``new`` and ``update`` all say this);
    ``advice`` follows the first clause (how to get the branch). A credential-shaped ``name``
    is redacted, as every message redacts one, and so is each branch named."""
    known = sorted({ref.branch for ref in refs})
    # `origin/main` names the remote-tracking branch of `main`: the branch is `main`.
    short = name.partition("/")[2]
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
