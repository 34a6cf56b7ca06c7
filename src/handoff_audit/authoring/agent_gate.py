"""May a coding agent's session end here? The judgement behind `handoff-audit hook`, by the
table of states in `docs/lifecycle.md`.

A branch with work of its own (files changed since its merge base with the default branch, or
uncommitted changes: the `Workbench` that `new` and `update` read; paths `agent-hook.ignore`
lists aside) must carry a handoff (its active packet, a markdown-only working note, or the
current file of a series it wrote) that passes the audit and is not older than the work, unless
its handoff was finished (archived, superseded, or the working note deleted or moved into a
series) in a commit after its last work; a finish not committed yet needs only its commit.
Nothing may be left uncommitted, the packet included: CI sees only commits. An active packet of
another branch (inherited from the branch this one was made from) blocks too, as it fails the
merge gate. A protected branch, or a branch with no work of its own, needs no handoff. The rules
themselves are the audit's (`run_audit`); this module only picks the findings that concern the
branch's own handoff.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from handoff_audit import shell
from handoff_audit.authoring import gate_verdict
from handoff_audit.authoring.branch_finish import finished, finishing_now
from handoff_audit.authoring.broken_config import changed_config
from handoff_audit.authoring.conflict_fixes import finishing, packets_among
from handoff_audit.authoring.default_blocked import DEFAULT_PACKET
from handoff_audit.authoring.gate_notes import gated_notes
from handoff_audit.authoring.gate_verdict import STALE_RULES, CannotJudge, Gate, Problem
from handoff_audit.authoring.inherited_notes import set_aside
from handoff_audit.authoring.local_handoffs import take_local
from handoff_audit.authoring.nested_repos import nested_repositories
from handoff_audit.authoring.own_secrets import hold_own_secrets
from handoff_audit.authoring.recorded_failure import not_recorded
from handoff_audit.authoring.remote_history import NO_REMOTE, fetchable
from handoff_audit.authoring.series_fixes import passed_over_problem, written_series
from handoff_audit.authoring.sparse_fixes import outside_checkout
from handoff_audit.authoring.twinless import twinless
from handoff_audit.config import Config, load_config
from handoff_audit.cwd_paths import names_from, root_from
from handoff_audit.engine.audit import AuditRequest, run_audit
from handoff_audit.engine.branch_ignored import branch_ignored, taken_note
from handoff_audit.engine.series_folders import SeriesFolders
from handoff_audit.engine.series_links import alias_target, stale_link
from handoff_audit.errors import ConfigError, InputError, ShallowHistory
from handoff_audit.git import plumbing
from handoff_audit.git.agent_files import is_personal
from handoff_audit.git.conflicts import unmerged, unstaged, with_markers
from handoff_audit.git.forced_upstream import forced_merge, merged_twice
from handoff_audit.git.protected import protected_patterns, unborn_branch
from handoff_audit.git.rebase_state import (
    left_branch,
    pending_in_progress,
    rebase_in_progress,
    stopped_in_progress,
)
from handoff_audit.git.setup_change import setup_only_paths
from handoff_audit.git.submodules import is_submodule
from handoff_audit.git.tracked import is_tracked
from handoff_audit.git.unbranched import unbranched_work
from handoff_audit.globs import matches_any
from handoff_audit.model.context import Target
from handoff_audit.model.findings import Finding, PacketInfo
from handoff_audit.model.packet import (
    in_series,
    is_handoff_record,
    twin_of,
)
from handoff_audit.model.running_logs import beside_working_note
from handoff_audit.rules import RULES_BY_ID
from handoff_audit.rules.base import Fix
from handoff_audit.rules.history import HISTORY_UNAVAILABLE
from handoff_audit.rules.markdown_handoff import NOT_A_HANDOFF
from handoff_audit.schema.foreign import foreign_file
from handoff_audit.schema.packet_kind import not_a_packet
from handoff_audit.shell import quote

if TYPE_CHECKING:
    from handoff_audit.git.workbench import Workbench


def judge(cwd: Path) -> Gate:
    """Judge the work tree around ``cwd``. `CannotJudge` when there is nothing to judge.

    The common case, a branch with a current packet, costs the audit and one ``git status``;
    only a branch without an active handoff of its own needs the workbench's merge base and
    diff, and one walk of its own commits for a finish."""
    info = plumbing.repo_info(cwd)
    if info is None:
        raise CannotJudge(f"{cwd} is not inside a git work tree")
    root = info.toplevel
    # Its error names the file from the agent's folder, as the fix does; so does the default
    # branch's error that `changed_config` compares it with.
    with names_from(cwd):
        try:
            config = load_config(root, rule_ids=RULES_BY_ID, tracked=is_tracked, cwd=cwd)
        except InputError as error:
            problem = CannotJudge(f"configuration: {error}")
            problem.root, problem.broken = root, changed_config(root, str(error))
            raise problem from None
    try:
        # the commands in the audit's messages name files as the hook's fixes do
        with shell.commands_from(root_from(cwd, root)):
            return _judge(root, info, config)
    except CannotJudge as problem:
        problem.notes = config.notes
        raise


def _judge(root: Path, info: plumbing.RepoInfo, config: Config) -> Gate:
    try:
        refs, origin_head = plumbing.read_refs(root)
        # The branch git marks as checked out; asked apart only when none is (a detached HEAD,
        # or a branch without commits yet): one git process fewer in the common case.
        marked = (r.branch for r in refs if r.current and r.name.startswith("refs/heads/"))
        branch = next(marked, None) or plumbing.current_branch(root)
    except plumbing.GitError as error:
        raise CannotJudge(str(error)) from None
    gate = Gate(root=root, branch=branch, config=config)
    # As `check` and the pre-commit hook decide it: a fresh `git init`'s branch, without a
    # commit yet, is the default branch when no other candidate exists.
    unborn = unborn_branch(branch, refs)
    protected = protected_patterns(config.protected_branches, refs, origin_head, unborn=unborn)
    rebase = rebase_in_progress(root) if branch is None else None
    # Files read, no git process: the common case costs nothing more.
    gate.stopped = stopped_in_progress(root) if rebase is None else None
    if rebase is not None:
        _judge_rebase(gate, rebase.branch)
    elif gate.stopped is not None and (branch is None or matches_any(branch, protected)):
        # Whatever the branch: a merge left midway leaves its conflicts in the tree.
        gate.problems.extend(_stopped_problems(gate, _status(gate.root)))
    elif branch is None and pending_in_progress(root) is not None:
        # A bisect, or a sequence on a detached HEAD: no branch, but the operation is left.
        gate.problems.extend(_stopped_problems(gate, _status(gate.root)))
    elif branch is None:
        _judge_detached(gate, refs, protected)
    elif matches_any(branch, protected):
        _judge_protected(gate, branch)
    elif unborn is not None:
        _judge_unborn(gate, branch)
    elif gate.stopped is None and (twice := merged_twice(root, refs)) is not None:
        # Judging the handoff first is wasted: the fix undoes the merge.
        gate.problems.append(Problem("rewritten", twice.said(branch), command=twice.command()))
    else:
        # The audit's root is the top folder: the repository and refs read here are its own.
        known = (replace(info, prefix=""), (refs, origin_head))
        _judge_branch(gate, branch, config, known)
    return gate


def _judge_detached(gate: Gate, refs: Sequence[plumbing.Ref], protected: Sequence[str]) -> None:
    """A detached HEAD needs no handoff, unless the last moves of HEAD, checkouts in a row,
    checked out a commit away from a branch that is not protected (`rebase_state.left_branch`:
    a `git bisect reset` back to a bisect's detached start, a `git checkout COMMIT`, a `git
    checkout --detach` then another) and not its tip: the session would end off that branch,
    its handoff never checked. The way back is to switch to it. Commits that only HEAD holds
    (`unbranched_work`) block first: they need a branch of their own."""
    left, checkouts = left_branch(gate.root)
    tip = next((r.commit for r in refs if r.name == f"refs/heads/{left}"), None)
    try:
        head = plumbing.run(gate.root, ["rev-parse", "--verify", "-q", "HEAD"]).decode().strip()
    except plumbing.GitError:
        head = tip or ""
    unbranched = unbranched_work(gate.root, head, refs, protected)
    if unbranched is not None:
        said, command = unbranched
        gate.problems.append(Problem("unbranched", said, command=command))
        return
    if not left or tip is None or tip == head or matches_any(left, protected):
        gate.note = "HEAD is detached: no branch to hand off"
        return
    moves = "the last checkout" if checkouts == 1 else f"the last {checkouts} checkouts"
    said = (
        f"HEAD is detached at {head[:12]}, which {moves} moved to from branch {left} (a `git "
        "bisect reset` back to where a bisect started, a `git checkout COMMIT`): the handoff "
        f"of {left} is not checked here; go back to the branch"
    )
    gate.problems.append(Problem("left-branch", said, command=f"git switch {quote(left)}"))


def _judge_protected(gate: Gate, branch: str) -> None:
    """A protected branch needs no packet, but files left in a conflict that no merge, pick or
    revert is stopped on (a `git stash pop` or `apply`, a `git checkout -m`: git's folder has
    no MERGE_HEAD) are resolved first: their markers would be committed. Nothing else blocks."""
    gate.protected = True
    codes = _status(gate.root)
    conflict = [p for p in _dirt_problems(gate, codes) if p.kind == "conflict"]
    if conflict:
        gate.problems.extend(conflict)
    elif pending_in_progress(gate.root) is not None:
        gate.problems.extend(_stopped_problems(gate, codes))
    else:
        gate.note = f"{branch} is a protected branch: it needs no packet"


def _judge_rebase(gate: Gate, branch: str) -> None:
    """A rebase of ``branch`` stopped in the middle: the session may not end before it is done.
    Conflicts are resolved first (this branch's packet kept), then the rebase goes on; nothing
    is committed apart (`git rebase --continue` commits)."""
    gate.rebasing, gate.branch = branch or "HEAD", branch or None
    codes = _status(gate.root)
    dirt = _dirt_problems(gate, codes, rebasing=True)
    conflict = [p for p in dirt if p.kind == "conflict"]
    # Changes not staged (an `edit` step's amendment begun): `--continue` refuses them.
    left = unstaged(codes, skip=(f for p in conflict for f in p.files))
    what = f"branch {branch}" if branch else "a detached HEAD"
    said = f"a rebase of {what} is in progress (stopped; HEAD is detached meanwhile)"
    bisect = pending_in_progress(gate.root)
    if bisect is not None and bisect.kind == "bisect":
        said += ", and a `git bisect` started during it is running too (it is ended next)"
    gate.problems.extend([*conflict, Problem("rebase", said, files=left)])


def _judge_unborn(gate: Gate, branch: str) -> None:
    """A branch with no commit yet that is no default branch (its first commit makes no default
    branch): its files are its own work, committed first; `new` then needs that commit."""
    codes = _status(gate.root)
    if codes:
        gate.problems.extend(_dirt_problems(gate, codes))
    else:
        gate.note = f"{branch} has no commit and no file yet: nothing to hand over"


def _judge_branch(
    gate: Gate, branch: str, config: Config, known: tuple[plumbing.RepoInfo, plumbing.Refs]
) -> None:
    target = Target(branch=branch)
    request = AuditRequest(root=gate.root, paths=(gate.root,), config=config, target=target)
    request = replace(request, known_git=known)
    try:
        report = run_audit(request)
    except ConfigError as error:  # a configured schema that cannot be fetched: not a bug
        raise CannotJudge(f"configuration: {error}") from None
    gate.head, gate.warnings = report.head, report.pointers_said
    gate.handoffs = tuple((p.path, p.history) for p in report.packets)
    # What `not-a-handoff` calls no handoff (a guide to writing one) is not the branch's.
    no_handoff = _no_handoffs(gate, report.findings)
    own = [p for p in report.packets if _is_own(p, branch) and p.path not in no_handoff]
    # A series' current file is the branch's handoff only when the branch wrote it (below).
    # A running log beside the working note is the project's record: the note is asked for.
    records = beside_working_note([p.path for p in own if p.kind == "markdown"])
    gate.packets = [p for p in own if not in_series(p.path, config) and p.path not in records]
    series = [p for p in own if in_series(p.path, config)]
    gate.finished = [p for p in report.packets if p.status in ("archived", "superseded")]
    blocking = gate_verdict.blocking_test(config)
    inherited = _inherited(report.packets, report.findings, branch, config, blocking)
    gate.default_blocked = _blocked_default(report.packets, report.findings)
    try:
        # Every uncommitted file counts, the packet's own too: CI sees only commits.
        codes = _status(gate.root)
        dirt = tuple(sorted(codes))
        set_aside(gate, report.findings, dirt)
        if not gate.packets and not _needs_handoff(
            gate, branch, config, dirt, series, bool(inherited)
        ):
            gate.problems += [*_stopped_problems(gate, codes), *twinless(gate, report.findings)]
            branches = (branch, gate.base_target, gate.since)
            notes = gated_notes(gate.root, config, branches, gate.own_changes, codes)
            gate.problems.extend(Problem(_note_kind(f), f.message, f) for f in notes)
            return
    except (plumbing.GitError, InputError) as error:
        return _judge_dirt_alone(gate, codes, str(error))
    findings = [*report.findings, *take_local(gate, known)]
    gate.problems.extend([*inherited, *_broken(gate)])
    dirt_problems = _stopped_problems(gate, codes)
    conflicted = {f for p in dirt_problems if p.kind in ("conflict", "rewritten") for f in p.files}
    by_file = {name: p for p in gate.packets for name in (p.path, p.markdown) if name}
    secrets: list[Finding] = []
    for finding in not_recorded(gate.root, gate.config, gate.head, findings, by_file):
        packet = by_file.get(finding.path)
        # A packet in a conflict is fixed by resolving it (the conflict's fix), nothing else.
        mine = {packet.path, packet.markdown} if packet is not None else set()
        if packet is not None and blocking(finding) and not mine & conflicted:
            gate.problems.append(Problem("finding", finding.message, finding, packet))
        elif packet is not None and (held := _unjudged(gate, finding, known[0].shallow)):
            gate.problems.append(held)
        elif packet is None and finding.rule == "secret" and blocking(finding):
            secrets.append(finding)
    # A credential fails `check` wherever it is (a file `packets` leaves out, an older file of
    # a series): the session does not end with one committed in a file the branch changed.
    hold_own_secrets(gate, branch, secrets, dirt, report.agent_notes)
    # The operation's commit takes what it staged: only the rest is committed apart, after.
    _place_dirt(gate, dirt_problems, dirt)


def _judge_dirt_alone(gate: Gate, codes: dict[str, str], error: str) -> None:
    """When git fails on what tells the branch's handoff (a damaged clone, a base it cannot
    read): the uncommitted files, which need no handoff to be judged, still hold the stop, the
    failure said beside them; with none, `CannotJudge` (the stop is let go with it)."""
    try:
        dirt = _stopped_problems(gate, codes)
    except (plumbing.GitError, InputError):
        dirt = []
    if not dirt:
        raise CannotJudge(error)
    gate.problems.extend(dirt)
    gate.warnings += (f"the handoff itself was not judged: {error}",)


_FETCH = "git fetch --unshallow"


def _unjudged(gate: Gate, finding: Finding, shallow: bool) -> Problem | None:
    """The fetch of the history, for the first `history-unavailable` finding of the branch's
    own handoff in a shallow clone: the stale rules (`STALE_RULES`) that would block could not
    be judged, so the stop waits for the history (never a silent pass), unless
    `agent-hook.rules` lists neither them nor it; once fetched, they judge as in a full clone."""
    rules = gate.config.agent_hook.rules
    if finding.rule != HISTORY_UNAVAILABLE.id or not shallow:
        return None
    if rules is not None and not {*STALE_RULES, HISTORY_UNAVAILABLE.id} & set(rules):
        return None
    if any(p.kind == "shallow" for p in gate.problems):
        return None
    said = (
        f"{finding.path}: this shallow clone does not hold the history that tells whether the "
        "handoff is older than the work (`check`: history-unavailable), so that was not judged"
    )
    if not fetchable(gate.root):
        gate.warnings += (f"{said}; {NO_REMOTE}",)
        return None
    return Problem("shallow", said, command=_FETCH)


def _no_handoffs(gate: Gate, findings: Sequence[Finding]) -> set[str]:
    """The files `not-a-handoff` calls no handoff; a submodule among them, under a handoff's
    name, is a problem of ``gate``: the merge gate blocks it, and `new` cannot write a twin
    beside it (``HANDOFF.md`` is ``handoff.md`` on macOS), so it goes first."""
    named = [f for f in findings if f.rule == NOT_A_HANDOFF.id]
    gate.problems += [
        Problem("submodule", f.message, f)
        for f in named
        if is_submodule(gate.root / f.path, gate.root)
    ]
    return {f.path for f in named}


def _note_kind(finding: Finding) -> str:
    """The problem kind of a finding of `gated_notes`: the note itself, or a credential in it."""
    return "secret" if finding.rule == "secret" else "working-note"


def _place_dirt(gate: Gate, dirt_problems: list[Problem], dirt: tuple[str, ...]) -> None:
    """Put the problems of the uncommitted files among the others: the operation's own first
    (its commit takes what it staged), then the commit of the rest, then a sequence's next
    step, then the findings."""
    # A sequence's next step comes after the commit of what is uncommitted (it refuses before).
    after = [p for p in dirt_problems if p.kind == "pending" and p is dirt_problems[-1]]
    first = [p for p in dirt_problems if p.kind != "uncommitted" and p not in after]
    gate.problems[:0] = first
    gate.problems[len(first) : len(first)] = after
    for uncommitted in (p for p in dirt_problems if p.kind == "uncommitted"):
        rewritten = _rewritten_by_twin_fixes(gate.problems, dirt)
        if rewritten:
            # The pre-commit hook refuses a commit of a packet or twin that disagree: the twin
            # fix comes first, and the commit after it takes what it wrote.
            gate.problems.append(replace(uncommitted, rewritten=rewritten))
        else:
            # Next: `new` and `update` want a clean workbench, so committing comes before them.
            gate.problems.insert(len(first), uncommitted)


TWIN_FIXES = frozenset({Fix.RENDER, Fix.CARRY})
"""The fixes that write a packet's twin anew (`render --write`, `update` carrying the twin's
text), which need no clean workbench."""


def _rewritten_by_twin_fixes(problems: Sequence[Problem], dirt: Sequence[str]) -> tuple[str, ...]:
    """The files of each packet that has an uncommitted file and a finding a twin fix answers:
    its packet and twin, which that fix rewrites."""
    uncommitted = set(dirt)
    files: set[str] = set()
    for problem in problems:
        packet, finding = problem.packet, problem.finding
        if problem.kind != "finding" or packet is None or finding is None:
            continue
        rule = RULES_BY_ID.get(finding.rule)
        if rule is None or rule.fix not in TWIN_FIXES:
            continue
        own = {name for name in (packet.path, packet.markdown) if name}
        if own & uncommitted:
            files |= own
    return tuple(sorted(files))


def _status(root: Path) -> dict[str, str]:
    """The uncommitted files and their `git status` codes, a personal settings file left out
    (`is_personal`: this machine's, never committed) unless git holds it in a conflict."""
    try:
        codes = plumbing.status(root, [])
    except plumbing.GitError as error:
        raise CannotJudge(str(error)) from None
    return {p: c for p, c in codes.items() if not is_personal(p) or "U" in c or c in ("AA", "DD")}


def _stopped_problems(gate: Gate, codes: dict[str, str]) -> list[Problem]:
    """`_stopped_only`, and an operation left midway with nothing to resolve (`Pending`): a
    `git am` or `git bisect` first (a commit on its HEAD would not be the branch's), with the
    files a `git am --continue` takes left to it; a sequence's next step after the commit of
    what is uncommitted (it refuses to go on before)."""
    problems = _stopped_only(gate, codes)
    if any(p.kind in ("conflict", "stopped", "rewritten") for p in problems):
        return problems
    staged = {p for p, c in codes.items() if c[0] not in " ?"}
    gate.pending = pending_in_progress(gate.root, staged=bool(staged))
    if gate.pending is None:
        return problems
    pending = Problem("pending", gate.pending.said, command=gate.pending.command)
    if gate.pending.kind == "cherry-pick" or gate.pending.kind == "revert":
        return [*problems, pending]
    taken = staged if gate.pending.kind == "am" and "--continue" in pending.command else set()
    rest = {p: c for p, c in codes.items() if p not in taken}
    return [pending, *_uncommitted(rest)]


def _stopped_only(gate: Gate, codes: dict[str, str]) -> list[Problem]:
    """`_dirt_problems`, and while a merge, cherry-pick or revert is stopped midway: its
    conflicts, then the command that finishes it (its commit takes every file it staged), then
    the files it did not stage, committed apart."""
    stopped = gate.stopped
    if stopped is None:
        return _dirt_problems(gate, codes)
    forced = forced_merge(gate.root, stopped.commit, codes) if stopped.kind == "merge" else None
    if forced is not None and gate.branch:
        # Resolving its conflicts first is wasted: the fix aborts the merge.
        said, command = forced.said(gate.branch), forced.command()
        return [Problem("rewritten", said, files=tuple(sorted(codes)), command=command)]
    found = _dirt_problems(gate, codes)
    conflicted = {f for p in found if p.kind == "conflict" for f in p.files}
    staged = {p for p, c in codes.items() if p not in conflicted and c[0] not in " ?"}
    said = stopped.said().split(":", 1)[0]
    problems = [p for p in found if p.kind == "conflict"]
    finish = finishing(stopped, gate.root, gate.config, codes)
    problems.append(Problem("stopped", said, command=finish))
    done = {*conflicted, *staged, *_rendered_anew(gate, tuple(conflicted))}
    rest = {p: c for p, c in codes.items() if p not in done}
    problems.extend(_uncommitted(rest))
    return problems


def _dirt_problems(gate: Gate, codes: dict[str, str], *, rebasing: bool = False) -> list[Problem]:
    """What the uncommitted files ask: first the files in a merge conflict (that git reports
    unmerged, or that hold conflict markers), resolved before anything is committed; then the
    others, committed, save the twins the conflict's fix renders anew (`_rendered_anew`).
    Committing a conflict would commit its markers."""
    if not codes:
        return []
    conflicted = sorted(set(unmerged(codes)) | set(with_markers(gate.root, codes)))
    if not conflicted:
        return _uncommitted(codes)
    said = f"{len(conflicted)} file(s) in a merge conflict"
    # In a rebase, git's "us" (X) is the branch rebased onto; this branch's side is "them" (Y).
    gone = {"DD", "UD"} if rebasing else {"DD", "DU"}
    deleted = tuple(path for path in conflicted if codes.get(path) in gone)
    sided = tuple(path for path in conflicted if codes.get(path) in {"DU", "UD"})
    problems = [
        Problem("conflict", said, files=tuple(conflicted), deleted_here=deleted, one_sided=sided)
    ]
    done = {*conflicted, *_rendered_anew(gate, conflicted)}
    rest = {path: code for path, code in codes.items() if path not in done}
    problems.extend(_uncommitted(rest))
    return problems


def _rendered_anew(gate: Gate, conflicted: Sequence[str]) -> set[str]:
    """The twins of the packets in a conflict: its fix takes the packet's side and renders the
    twin anew from it (`conflict_fixes.conflict_advice`), so what the twin held uncommitted is
    gone then, nothing for another fix to commit (a `git commit` of nothing fails)."""
    return {twin_of(p) for p in packets_among(gate.root, gate.config, tuple(conflicted))}


def _uncommitted(codes: dict[str, str]) -> list[Problem]:
    """A repository or worktree inside this one (`nested_repositories`), kept out of git's
    sight, then the other files, committed: each gets its own fix."""
    nested = tuple(nested_repositories(sorted(codes)))
    dirt = tuple(sorted(path for path in codes if path not in nested))
    # `git status` code "D ": gone from the index and the work tree alike.
    gone = tuple(path for path in dirt if codes[path] == "D ")
    said = f"{len(dirt)} file(s) not committed"
    return [
        *([Problem("nested", "a repository inside this one", files=nested)] if nested else []),
        *([Problem("uncommitted", said, files=dirt, staged_deletions=gone)] if dirt else []),
    ]


def _inherited(
    packets: Sequence[PacketInfo],
    findings: Sequence[Finding],
    branch: str,
    config: Config,
    blocking: Callable[[Finding], bool],
) -> list[Problem]:
    """The active packets of another branch in this branch's tree (it was made from that
    branch, or merged it), by their `branch-mismatch` finding: `check` fails on them."""
    others = {
        name: p
        for p in packets
        if p.status == "active" and p.branch not in (None, branch) and not in_series(p.path, config)
        for name in (p.path, p.markdown)
        if name
    }
    stale = [f for f in findings if f.rule in STALE_RULES and blocking(f)]
    return [
        Problem(
            "inherited",
            finding.message,
            finding,
            packet,
            stale=tuple(f for f in stale if f.path in (packet.path, packet.markdown)),
        )
        for finding in findings
        if finding.rule == "branch-mismatch" and finding.path in others and blocking(finding)
        for packet in (others[finding.path],)
    ]


def _work(root: Path, config: Config, changed: set[str], base: str) -> list[str]:
    """The ``changed`` paths (since commit ``base``) that are work: neither handoff files, a
    series' records nor a change that only sets the tool up (`setup_only_paths`: adopting the
    audit is no work a handoff should describe, as `packet-outdated` counts it)."""
    series = SeriesFolders(root, config)
    setup = setup_only_paths(config.source, root, changed, base, None)
    return sorted(
        path
        for path in changed
        if path not in setup and not is_handoff_record(path, config, series)
    )


def _read_bench(gate: Gate, branch: str, config: Config) -> Workbench:
    """The branch's `Workbench`, and what ``gate`` keeps of it."""
    # start-up: a branch with an active handoff of its own (the common stop) never needs it
    from handoff_audit.git.workbench import read_workbench

    bench, _ = read_workbench(gate.root, lambda _root: config, branch, None)
    gate.base_branch, gate.own_changes = bench.base_branch, frozenset(bench.changed_files)
    gate.base_target = bench.base_target
    gate.left_base = bench.base_branch is not None and bench.base != bench.head
    gate.since = bench.base
    return bench


def _fetch_history(gate: Gate, branch: str, error: str) -> bool:
    """For a shallow clone whose branch and base share no commit: True, with the fetch of the
    history as a problem; False, with a note saying the history cannot be fetched, when the
    clone has no remote (the fetch would do nothing)."""
    if fetchable(gate.root):
        gate.problems.append(Problem("shallow", error, command=_FETCH))
        return True
    gate.note = (
        f"{branch}: this shallow clone does not hold the commits that tell the branch's own "
        f"work from its base branch, so its handoff was not judged; {NO_REMOTE}"
    )
    return False


def _needs_handoff(
    gate: Gate,
    branch: str,
    config: Config,
    dirt: tuple[str, ...],
    series: list[PacketInfo],
    inherited: bool,
) -> bool:
    """For a branch without an active handoff: True when it has work of its own that no
    finished handoff covers, committed or about to be (its handoff is then the current file of
    a ``series`` it wrote, in ``gate.packets``, or a file it wrote into a series the
    repository's own ``.gitignore`` keeps out of git, in ``gate.local``, else a problem is added
    unless an ``inherited`` packet's fix starts one); False with the note saying why not."""
    try:
        bench = _read_bench(gate, branch, config)
    except ShallowHistory as error:  # never "no work": the history that tells it is missing
        return _fetch_history(gate, branch, str(error))
    against = f" against {bench.base_branch}" if bench.base_branch else ""
    # A repository or worktree inside this one is no work (`Workbench.nested`): the hook's
    # fix for it keeps git from seeing it.
    changed = {*bench.changed_files, *(path for path in dirt if path not in bench.nested)}
    work = _work(gate.root, config, changed, bench.base)
    if not work:
        gate.note = f"{branch} has no work of its own{against}: it needs no packet"
        return False
    ignore = config.agent_hook.ignore
    if ignore and all(matches_any(path, ignore) for path in work):
        gate.note = (
            f"{branch} changes only paths agent-hook.ignore lists ({', '.join(ignore)}): "
            "it needs no packet"
        )
        return False
    pending = finishing_now(gate, branch, config, dirt) if dirt else None
    if pending is not None:
        gate.note = f"{branch} is handing its work over: {pending}, not yet committed"
        return False
    if not any(p.path in changed for p in series) and outside_checkout(gate, changed):
        return True
    # Uncommitted files on a finished branch need only their commit (or a .gitignore line);
    # once committed as work, they reopen the branch (the finish is then older than them).
    finish = finished(gate, branch, config, bench, set(bench.changed_files))
    if finish is not None:
        gate.note = f"{branch} has handed its work over: {finish}"
        return False
    gate.packets, written = written_series(gate.root, config, series, changed, bench.base)
    if gate.packets or inherited:
        return True
    outranked = _outranked(gate, series, written)
    if outranked is not None:
        gate.problems.append(outranked)
        return True
    hidden, gate.local, older = branch_ignored(gate.root, config, bench.base, branch)
    if hidden:
        gate.problems.append(Problem("ignored", "handoff files ignored by git", files=hidden))
    if hidden or gate.local:
        return True
    taken = taken_note(gate.root, older, branch) if older else ""
    said = f"branch {branch} has work of its own{against}"
    gate.problems.append(_no_packet(gate, said, series, work, older, taken))
    return True


def _outranked(gate: Gate, series: list[PacketInfo], changed: set[str]) -> Problem | None:
    """A file the branch ``changed`` in a ``series`` that another one outranks: one of an
    earlier date or number (``passed-over``, `passed_over_problem`), or a newer one than the
    file its live-name link still points at (``relink``)."""
    root = gate.root
    passed = passed_over_problem(gate, [(p.path, p.history) for p in series], changed)
    if passed is not None:
        return passed
    relink = stale_link(root, [(p.path, p.history) for p in series], changed)
    if relink is None:
        return None
    link, written = relink
    message = (
        f"{written} is this branch's handoff, but {link} still points at "
        f"{alias_target(root, link)}, so that older file is its series' current handoff"
    )
    return Problem("relink", message, files=relink)


def _no_packet(
    gate: Gate,
    message: str,
    series: list[PacketInfo],
    work: list[str],
    older: Sequence[str],
    taken: str = "",
) -> Problem:
    """``message`` (the branch's work) needs an active handoff, naming the files it counts as
    ``work`` (the first three): the series' current files (``files``; without one, the
    ``older`` files git ignores, newest first) and all their files (``known``) for
    `series_successor`; ``taken``: which of those were taken as another branch's by their
    name, and the rename that makes one this branch's (`taken_note`)."""
    more = f" (+{len(work) - 3} more)" if len(work) > 3 else ""
    files = tuple(p.path for p in series) or tuple(older)
    return Problem(
        "no-packet",
        f"{message} but no active handoff (its work: {', '.join(work[:3])}{more}){taken}",
        finding=gate.default_blocked,
        files=files,
        known=(*(name for p in series for name in (p.path, *p.history)), *older),
    )


def _blocked_default(packets: Sequence[PacketInfo], findings: Sequence[Finding]) -> Finding | None:
    """The first schema finding (else the first finding) on a packet the audit found, in any
    folder or topic, that is a JSON object but no packet (handoff.json, the file `new` writes,
    first): `new` would refuse to overwrite it, or write a second packet beside it."""
    broken = [
        p.path for p in packets if isinstance(p.data, Mapping) and not_a_packet(p.data) is not None
    ]
    for path in sorted(broken, key=lambda path: path != DEFAULT_PACKET):
        own = [f for f in findings if f.path == path]
        if own:
            return next((f for f in own if f.rule == "schema"), own[0])
    return None


def _broken(gate: Gate) -> list[Problem]:
    """A packet file that is JSON but no packet, beside the branch's own active packet: `check`
    and CI fail on it all the same, so the session may not end until it is repaired. None when
    a problem already names it (the no-packet one, whose fix is to repair it): one reason per
    file."""
    finding = gate.default_blocked
    if finding is None or finding.path in {p.path for p in gate.packets}:
        return []
    if any(problem.finding is finding for problem in gate.problems):
        return []  # the no-packet problem already asks to repair this very file
    return [Problem("broken", "another handoff file is broken", finding)]


def _is_own(packet: PacketInfo, branch: str) -> bool:
    """The branch's active packets, and those whose branch cannot be read (an unreadable
    file, a hand-written markdown handoff) or is no packet's (another tool's file that names
    its branch, `foreign_file`): they are in this branch's tree."""
    if packet.branch is None or foreign_file(packet):
        return True
    return packet.branch == branch and packet.status == "active"
