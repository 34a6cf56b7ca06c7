"""Which branches are protected: the configured globs, or else the repository's default branch.

Without `protected-branches` in the configuration, the protected branch is the first that exists
of ``origin/HEAD``'s target, ``main``, ``master``, ``trunk`` and ``develop`` (in a pull request,
then its base branch): a clone whose default is ``trunk`` needs no configuration. In CI the
repository's default branch, named by the event, counts as protected too (`git.facts`).
"""

from __future__ import annotations

from collections.abc import Sequence

from handoff_audit.config import Config, setting_line, setting_place
from handoff_audit.controls import one_line
from handoff_audit.credentials import redact
from handoff_audit.git.plumbing import Ref
from handoff_audit.globs import matches_any
from handoff_audit.model.context import Target
from handoff_audit.suggest import closest

DEFAULT_CANDIDATES = ("main", "master", "trunk", "develop")
"""Default branch names, in the order they are looked for after ``origin/HEAD``'s target."""


def protected_patterns(
    configured: tuple[str, ...] | None,
    refs: Sequence[Ref] | None,
    origin_head: str | None,
    also: str | None = None,
    unborn: str | None = None,
) -> tuple[str, ...]:
    """The protected branch globs: ``configured`` when set; else the first that is a local or
    remote-tracking branch in ``refs`` of ``origin/HEAD``'s target, the default candidates and
    ``also`` (a pull request's base: the last candidate); every candidate when ``refs`` is
    ``None`` (no repository to ask). ``unborn``: the checked-out branch when it has no commit
    yet; when no candidate exists and it is one, it is the default branch (a fresh ``git init``
    makes its first commit there)."""
    if configured is not None:
        return configured
    candidates = (origin_head, *DEFAULT_CANDIDATES, also)
    if refs is None:
        return tuple(dict.fromkeys(name for name in candidates if name))
    names = {ref.branch for ref in refs}
    for name in candidates:
        if name and name in names:
            return (name,)
    if unborn and unborn in candidates:
        return (unborn,)
    return ()


def unborn_branch(branch: str | None, refs: Sequence[Ref]) -> str | None:
    """``branch`` (the one checked out) when it has no commit yet: no local branch of its name
    in ``refs``; ``None`` otherwise. `protected_patterns` takes it as ``unborn``, so `check`,
    the pre-commit hook and the agent hook call a fresh ``git init``'s branch protected alike."""
    local = {ref.branch for ref in refs if ref.name.startswith("refs/heads/")}
    return branch if branch and branch not in local else None


BRANCHES_SHOWN = 10
"""Branch names a warning lists before saying how many more there are."""


def unmatched_warning(
    configured: tuple[str, ...] | None, refs: Sequence[Ref], *, in_action: bool = False
) -> str | None:
    """The warning when no configured protected-branch glob matches a branch git knows (local
    or remote-tracking): a typo (``mian``) silently protects nothing. ``None`` when one matches,
    when none is configured, or when git knows fewer than two branches (a shallow CI clone may
    know only the one checked, so it cannot tell a typo from a branch it was not given).
    ``in_action``: the GitHub Action's run, whose value comes from the step's input, not from a
    command-line option. A credential-shaped branch name is shown redacted."""
    if not configured:
        return None
    known = sorted({ref.branch for ref in refs})
    if len(known) < 2 or any(matches_any(name, configured) for name in known):
        return None
    shown = ", ".join(redact(one_line(name)) for name in known[:BRANCHES_SHOWN])
    more = f" and {len(known) - BRANCHES_SHOWN} more" if len(known) > BRANCHES_SHOWN else ""
    globs = ", ".join(redact(repr(one_line(glob))) for glob in configured)
    said = (
        f"protected-branches {globs} matches no branch"
        if len(configured) == 1
        else f"none of protected-branches {globs} matches a branch"
    )
    guess = closest(configured[0], known) if len(configured) == 1 else None
    hint = f" — did you mean {redact(one_line(guess))!r}?" if guess else ""
    where = (
        "the `protected-branches` input of the workflow step"
        if in_action
        else "--protected-branches"
    )
    return (
        f"{said} git knows ({shown}{more}){hint}; it protects no branch "
        f"until it does: fix {where} or protected-branches in the configuration"
    )


def is_protected(target: Target, patterns: tuple[str, ...]) -> bool:
    """True when the merge target is a protected branch (``patterns``, or CI's default)."""
    return protected_name(target.target_branch, target, patterns)


def protected_name(name: str | None, target: Target, patterns: tuple[str, ...]) -> bool:
    """True when ``name`` is a protected branch (``patterns``, or CI's default branch)."""
    if not name:
        return False
    return name == target.default_branch or matches_any(name, patterns)


def on_protected_branch(target: Target, branch: str | None, patterns: tuple[str, ...]) -> bool:
    """True when no merge is checked and the branch checked is itself protected (a push to
    ``main``): its block files are already where they must never be."""
    return not target.target_branch and protected_name(branch, target, patterns)


def unprotected_target_notice(
    target: Target,
    patterns: tuple[str, ...],
    configured: bool,
    origin_head: str | None,
    source: str | None,
) -> str | None:
    """The note for a typed ``--target-branch`` that is no protected branch: the merge gate
    (`handoff-in-merge`, `active-in-merge`) is not applied to it. It names the protected
    branches and where they came from (``protected-branches``, ``origin/HEAD`` or a default
    name), and the line that makes it one, where and as the configuration ``source`` names
    would take it (`Config.source`; ``None``: a new .handoff-audit.yml). ``None`` when it is
    protected, not given, or named by GitHub's event (a stacked pull request's base is no
    mistake)."""
    name = target.target_branch
    if not name or target.target_from_event or is_protected(target, patterns):
        return None
    shown = ", ".join(redact(one_line(glob)) for glob in patterns)
    if configured:
        where = f"protected: {shown or 'none'}, from protected-branches"
    elif patterns and patterns[0] == origin_head:
        where = f"protected: {shown}, from origin/HEAD"
    elif patterns:
        where = f"protected: {shown}, the first default name that exists"
    else:
        where = "no default branch exists here"
    named = redact(one_line(name))
    listed = [*(redact(one_line(g)) for g in patterns if configured), named]
    place = setting_place(source)
    if target.gate_from_target:  # a change on this branch would take effect once merged
        place += (
            f" on {named}, whose settings the merge gate reads (as the Action reads a pull "
            "request's base's)"
        )
    return (
        f"the merge gate was not applied: --target-branch {named} is not a protected branch "
        f"({where}); to gate merges into it, set "
        f"`{setting_line(source, 'protected-branches', listed)}` {place}"
    )


def protected_said(
    config: Config,
    refs: Sequence[Ref],
    target: Target,
    patterns: tuple[str, ...],
    origin_head: str | None,
) -> tuple[str | None, str | None]:
    """What `check` says of the protected branches: the warning for the configured globs that
    match no branch in ``refs`` (`unmatched_warning`), and the note for a typed
    ``--target-branch`` that is none of ``patterns`` (`unprotected_target_notice`), in the
    words of the configuration in use (`Config.key_file`)."""
    configured = config.protected_branches
    warning = unmatched_warning(configured, refs, in_action=target.in_action)
    notice = unprotected_target_notice(
        target, patterns, configured is not None, origin_head, config.key_file
    )
    return warning, notice
