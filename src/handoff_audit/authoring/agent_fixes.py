"""The fix `handoff-audit hook` prints for each reason a session may not end: one runnable
command that changes something, built from the rule's declared `Fix` (`rules.base`), with the
paths as seen from the agent's folder. It returns text, the hook prints it; it reads only the
twin of a packet that differs from it (`twin_carry`) and, for an unreadable packet, asks git
once for the versions committed before (`last_readable`).

The table of states and transitions these fixes follow is `docs/lifecycle.md`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from handoff_audit import shell
from handoff_audit.authoring import twin_fixes
from handoff_audit.authoring.advice import Advice
from handoff_audit.authoring.conflict_fixes import conflict_advice
from handoff_audit.authoring.default_blocked import repair_default
from handoff_audit.authoring.fix_choice import decide, findings_to_fix, fix_of, writes_anew
from handoff_audit.authoring.foreign_fixes import beside_foreign
from handoff_audit.authoring.gate_notes import note_advice
from handoff_audit.authoring.gate_verdict import Gate, Problem
from handoff_audit.authoring.generated_notes import generated_fix, generated_line
from handoff_audit.authoring.inherited_fixes import OUTDATED_RULES, inherited_advice, reason
from handoff_audit.authoring.machine_settings import machine_move
from handoff_audit.authoring.markdown_fixes import (
    MD_SECTIONS,
    appended,
    blank_next,
    filled_in_place,
    kept_endings,
    next_headings,
    template_fix,
    up_to_date,
)
from handoff_audit.authoring.nested_repos import exclude_advice
from handoff_audit.authoring.newer_notes import newer_notes
from handoff_audit.authoring.note_finish import Moves, joined, second_line
from handoff_audit.authoring.packet_files import is_repo_link, packet_text
from handoff_audit.authoring.rebase_fixes import rebase_advice
from handoff_audit.authoring.recorded_failure import is_gitignore
from handoff_audit.authoring.secret_fixes import named_branch_advice, secrets_by_file
from handoff_audit.authoring.series_fixes import passed_over_advice
from handoff_audit.authoring.sparse_fixes import sparse_advice
from handoff_audit.authoring.transcript_origin import TranscriptArguments
from handoff_audit.authoring.twinless import delete_too
from handoff_audit.authoring.unreadable_markdown import unreadable_fix
from handoff_audit.authoring.unseen_series import no_handoff
from handoff_audit.authoring.update_options import (
    LAST_GREEN,
    carry_later,
    field_options,
    has_option,
    refreshed,
)
from handoff_audit.config import setting_advice
from handoff_audit.credentials import find_secrets
from handoff_audit.engine.ignored import ignored_fix
from handoff_audit.engine.loading import UTF8_MARK, bom_removed
from handoff_audit.engine.oversize import raised_limit, rendered_size, trim_or_raise
from handoff_audit.engine.series_folders import SeriesFolders
from handoff_audit.engine.series_links import relink
from handoff_audit.git.conflicts import file_conflict_line
from handoff_audit.git.forced_upstream import kept_line
from handoff_audit.git.rebase_state import COMMIT_PLACEHOLDER
from handoff_audit.git.submodules import dirty_submodules
from handoff_audit.model.findings import Finding, PacketInfo
from handoff_audit.model.packet import is_handoff_record
from handoff_audit.program import program
from handoff_audit.rules import RULES_BY_ID
from handoff_audit.rules.base import Fix
from handoff_audit.rules.last_known_good import COPIED, LKG_UNKNOWN
from handoff_audit.rules.repoint import only_other_topics, renamed_first
from handoff_audit.schema.foreign import foreign_file
from handoff_audit.textcut import shorten

if TYPE_CHECKING:
    from handoff_audit.authoring.last_readable import Readable

# The newest later commit as the outdated rules word it ("…: commit abc…" or "the newest abc…").
_NEWEST = re.compile(r"(?:: commit|the newest) ([0-9a-f]{7,40})\b")
VERIFY_PLACEHOLDER = "<the command that runs the tests>"


class Fixes:
    """The exact command for each problem of a `Gate`, run from ``cwd``."""

    def __init__(self, gate: Gate, cwd: Path, transcript: str | None) -> None:
        self.gate = gate
        self.cwd = Path(os.path.realpath(cwd))
        self.transcript = TranscriptArguments(transcript, self.cwd)
        self.verify = gate.config.verify
        self.readable: dict[str, Readable] = {}
        """Unreadable packets' newest committed versions that read (`last_readable`)."""
        uncommitted = [p.files for p in gate.problems if p.kind == "uncommitted"]
        self.uncommitted = frozenset(name for files in uncommitted for name in files)
        self.moves = Moves()
        """The series' files the working notes' finishes printed so far move them to."""

    def advice(self) -> list[Advice]:
        """One piece of advice per problem; the findings on one packet share one command."""
        problems = self.gate.problems
        by_packet: dict[str, list[Problem]] = {}
        for problem in problems:
            if problem.kind == "finding" and problem.packet is not None:
                by_packet.setdefault(problem.packet.path, []).append(problem)
        self.find_readable(by_packet)
        packets = [found[0].packet for found in by_packet.values()]
        notes = [p.path for p in packets if p is not None and p.kind == "markdown"]
        newer = newer_notes(self.gate.root, self.gate.config, notes, self.uncommitted, self.path)
        credentials = [p.finding for p in problems if p.kind == "secret" and p.finding]
        secrets = secrets_by_file(credentials, self.path)
        result: list[Advice] = []
        for problem in problems:
            if problem.kind == "finding" and problem.packet is not None:
                found = by_packet.pop(problem.packet.path, None)
                said = newer.get(problem.packet.path)
                result += [*([said] if said else []), *self.packet_advices(found)] if found else []
                continue
            if problem.kind == "secret" and problem.finding is not None:
                # a file's credentials share one piece of advice, said where the first is
                said = secrets.pop(problem.finding.path, None)
                result += [said] if said is not None else []
                continue
            advice = self.other_advice(problem)
            if advice is not None:
                result.append(advice)
        return result

    def packet_advices(self, problems: list[Problem]) -> list[Advice]:
        """The advice for the findings on one packet: a credential (`secret`) among other
        findings is never folded into their one command (which may say to leave the file as
        it is): each is named with its own fix, before the packet's."""
        secrets = [p for p in problems if p.finding is not None and p.finding.rule == "secret"]
        rest = [p for p in problems if p not in secrets]
        named = named_branch_advice(self, problems, secrets, rest)
        if named is not None:
            return named
        if not secrets or not rest:
            advice = self.packet_advice(problems)
            return [advice] if advice is not None else []
        advice = self.packet_advice(rest)
        each = secrets_by_file([p.finding for p in secrets if p.finding], self.path)
        return [*each.values(), *([advice] if advice is not None else [])]

    def find_readable(self, by_packet: dict[str, list[Problem]]) -> None:
        """Ask git once for the last readable version of every committed JSON packet that the
        fix would otherwise write anew."""
        wanted = []
        for path, problems in by_packet.items():
            packet = problems[0].packet
            assert packet is not None
            if packet.kind != "json":
                continue
            decided = decide(
                findings_to_fix(problems, packet), packet, self.gate.config.max_file_bytes
            )
            if (
                decided is not None
                and writes_anew(*decided)
                and path not in self.uncommitted
                and not is_repo_link(self.gate.root, path)
                and not foreign_file(packet)
            ):
                wanted.append(path)
        gate = self.gate
        if wanted and gate.head is not None and gate.branch is not None:
            # start-up: the packet reader and schema checks load only for an unreadable packet
            from handoff_audit.authoring.last_readable import last_readable

            self.readable = last_readable(gate.root, gate.head, wanted, gate.branch, gate.config)

    def path(self, path: str) -> str:
        """``path`` (from the top folder) as the agent's folder sees it, quoted for a shell."""
        return shell.quote_path(os.path.relpath(self.gate.root / path, self.cwd))

    def other_advice(self, problem: Problem) -> Advice:
        if problem.kind in ("no-packet", "broken") and problem.finding is not None:
            beside = problem.kind == "broken"
            return Advice(
                *repair_default(problem.message, problem.finding, self.path, beside=beside)
            )
        if problem.kind == "no-packet":
            return no_handoff(self.gate, self.cwd, problem, self.path, self.new, self.failing)
        if problem.kind == "inherited" and problem.packet is not None:
            return Advice(*inherited_advice(self, problem))
        if problem.kind == "ignored":
            return self.ignored(problem)
        if problem.kind == "passed-over":
            return self.passed_over(problem)
        if problem.kind == "relink":
            link, written = problem.files
            command = relink(link, written, self.path)
            return Advice(f"{problem.message}: re-point the link", command, "then commit the link")
        if problem.kind == "conflict":
            return Advice(
                *conflict_advice(
                    self.gate, problem.files, self.path, problem.deleted_here, problem.one_sided
                )
            )
        if problem.kind == "stopped" and self.gate.stopped is not None:
            abort = f"or `{self.gate.stopped.abort}` to give it up"
            return Advice(f"{problem.message}; finish it", problem.command, abort)
        if problem.kind == "rewritten":
            return Advice(problem.message, problem.command, kept_line(self.gate.branch or "HEAD"))
        if problem.kind == "pending" and (pending := self.gate.pending) is not None:
            # The same parts `show` and a new session are told (`Pending.told`).
            return Advice(pending.reason, pending.command, pending.also)
        if problem.kind in ("rebase", "left-branch", "unbranched"):
            return rebase_advice(problem, self.path)
        if problem.kind in ("working-note", "submodule") and problem.finding is not None:
            return Advice(*note_advice(problem.finding, self.path, problem.kind))
        if problem.kind == "sparse":
            return sparse_advice(problem, self.path)
        if problem.kind == "nested":
            return Advice(*exclude_advice(problem.files))
        if problem.kind == "shallow":
            limit = self.gate.config.agent_hook.max_blocks
            also = (
                "if the history cannot be fetched (no network, the remote gone): say so to the "
                f"user; the hook lets the session end after {limit} blocked stops in a row "
                "(agent-hook.max-blocks)"
            )
            return Advice(problem.message, problem.command, also)
        return self.commit_advice(problem)

    def commit_advice(self, problem: Problem) -> Advice:
        """Files not committed: `git add` the named files (never `-A`), then commit; a
        submodule's changed files committed inside it first."""
        if (move := machine_move(self.gate.root, problem.files)) is not None:
            rest = self.commit_advice(replace(problem, files=move.rest)) if move.rest else None
            then = f" && {rest.command}" if rest else ""
            return Advice(move.reason(), move.command(self.path) + then, move.also())
        # A deletion already staged is no path `git add` matches: the commit takes it as is.
        added = [f for f in problem.files if f not in problem.staged_deletions]
        added += [f for f in problem.rewritten if f not in problem.files]
        names = " ".join(self.path(f) for f in sorted(added))
        add = f"git add -- {names} && " if names else ""
        # A submodule's changed files are committed inside it first: `git add` takes its commit.
        inside = dirty_submodules(self.gate.root, problem.files)
        add = (
            "".join(
                f'git -C {self.path(f)} commit -a -m "{COMMIT_PLACEHOLDER}" && ' for f in inside
            )
            + add
        )
        shown = ", ".join(shorten(f, 60, squeeze=True) for f in problem.files[:3])
        more = f" (+{len(problem.files) - 3} more)" if len(problem.files) > 3 else ""
        when = "once the fixes above have run, commit them" if problem.rewritten else "commit them"
        if inside:
            when = "commit them inside the submodule, then its new commit here"
        # The handoff's own files must be committed: .gitignore is never their way out, nor
        # its own.
        series = SeriesFolders(self.gate.root, self.gate.config)
        work = [
            f
            for f in problem.files
            if not is_handoff_record(f, self.gate.config, series) and not is_gitignore(f)
        ]
        return Advice(
            f"uncommitted changes in {shown}{more}; {when} (CI sees only commits)",
            f'{add}git commit -m "{COMMIT_PLACEHOLDER}"',
            "those that are not work (build output, secrets, scratch files; never the handoff "
            "files): add them to .gitignore instead"
            if work
            else None,
        )

    def passed_over(self, problem: Problem) -> Advice:
        return Advice(*passed_over_advice(self.gate.root, problem, self.path))

    def ignored(self, problem: Problem) -> Advice:
        """A handoff file that git ignores: no commit can hold it until its line goes, or, in
        a series that keeps its files out of git on purpose, until it is added by force."""
        return Advice(*ignored_fix(self.gate.root, problem.files, self.path, self.gate.config))

    def packet_advice(self, problems: list[Problem]) -> Advice | None:
        packet = problems[0].packet
        assert packet is not None
        findings = findings_to_fix(problems, packet)
        if not findings:
            return None
        if packet.kind != "json":
            return kept_endings(
                self.markdown_advice(findings, packet), self.gate.root / packet.path
            )
        command, decisive, note = self.json_fix(findings, packet)
        note = note or delete_too(self.gate.root, packet)  # a finished packet may go instead
        declared = RULES_BY_ID[decisive.rule].fix if decisive.rule in RULES_BY_ID else None
        if self.fix_of(decisive, packet) is Fix.TRIM:
            beyond = twin_fixes.twin_beyond(self.gate.root, packet)
            if beyond is not None:
                return Advice(reason(decisive, findings), command, carry_later(packet, beyond))
            render = f"{program()} render --write {self.path(packet.path)}"
            return Advice(reason(decisive, findings), command, f"then run: {render}")
        return Advice(
            reason(decisive, findings), command, _explain(decisive) if declared is None else note
        )

    def json_fix(
        self, findings: list[Finding], packet: PacketInfo
    ) -> tuple[str, Finding, str | None]:
        """One command for every finding on one of the branch's JSON packets, the finding
        that decided it, and what the command carries over from the twin (when it does)."""
        quoted = self.path(packet.path)
        decided = decide(findings, packet, self.gate.config.max_file_bytes)
        if decided is None:
            first = findings[0]
            return f"{program()} explain {first.rule}", first, None
        fix, decisive = decided
        known = [(kind, f) for f in findings if (kind := self.fix_of(f, packet)) is not None]
        if writes_anew(fix, decisive):
            command, note = self.unreadable(packet, decisive)
            return command, decisive, note
        if packet.markdown and file_conflict_line(self.gate.root / packet.markdown) is not None:
            # Neither side of a conflict in the twin is what a person wrote: nothing is carried.
            return f"{program()} render --write {quoted}", decisive, None
        if fix is Fix.SUPERSEDE and decisive.keep is not None:
            command = f"{program()} supersede {quoted} --by {self.path(decisive.keep)}"
            return command, decisive, None
        on_twin = decisive.path == packet.markdown
        beyond = twin_fixes.twin_beyond(self.gate.root, packet) if on_twin else None
        if fix is Fix.RENDER and beyond is not None:
            # `render --write` would drop what a person added to the twin: carry it first, or,
            # when the twin is over the limit with it, make room for it.
            command, note = self.keep_beyond(packet, beyond)
            return command, decisive, note
        if fix is Fix.RENDER:
            return f"{program()} render --write {quoted}", decisive, None
        if fix is Fix.TRIM and packet.data is not None:
            return self.trimmed(packet, beyond), decisive, None
        fixes = {kind for kind, _ in known}
        # `update` renders the twin anew: what a person wrote in it goes into the packet first.
        carried, note, by_hand = (
            twin_fixes.carried(self.gate.root, self.cwd, packet)
            if Fix.CARRY in fixes
            else ([], None, None)
        )
        if by_hand is not None:
            return by_hand, decisive, note
        if fix is Fix.CARRY:
            if not carried:
                return f"{program()} render --write {quoted}", decisive, note
            return " ".join([f"{program()} update {quoted}", *carried]), decisive, note
        given = {option.split(" ", 1)[0] for option in carried}
        options = [self.refresh(quoted, verify=bool(fixes & {Fix.VERIFY}))]
        options += field_options(known, given)
        if fixes & {Fix.REFRESH} and not has_option(given, options, "--summary"):
            if self.other_topics_only(packet, findings):
                # `--summary` replaces: the commits are another topic's work, not this one's;
                # so is the session that made them, whose transcript stays out of this packet
                options[0] = self.refresh(quoted, verify=True, transcript=False)
                note = note or _OTHER_TOPICS
            else:
                options.append(refreshed(self.since(findings), given, options))
        elif _copied(findings) and not has_option(given, options, "--summary"):
            options.append(refreshed("<what this branch did>", given, options))
        return " ".join(dict.fromkeys([*options, *carried])), decisive, note

    def trimmed(self, packet: PacketInfo, beyond: twin_fixes.Beyond | None) -> str:
        """The words of the fix for a packet that renders over ``max-file-bytes``: trim its
        longest fields, or raise the limit to what it (and its twin's extra text) needs."""
        data = dict(packet.data or {})
        needed = max(
            rendered_size(data),
            len(packet_text(data).encode("utf-8", "surrogatepass")),
            beyond.size if beyond is not None else 0,
        )
        shown = os.path.relpath(self.gate.root / packet.path, self.cwd)  # words, no command
        return trim_or_raise(shown, data, needed, self.gate.config)

    def other_topics_only(
        self, packet: PacketInfo, findings: Iterable[Finding], others: Iterable[PacketInfo] = ()
    ) -> bool:
        """The commits since ``packet`` (its `packet-outdated` finding) changed only files of
        the branch's other active topics (its packets, and ``others``), none of its own: its
        summary still holds."""
        outdated = next((f for f in findings if f.rule == "packet-outdated"), None)
        siblings = [
            p
            for p in [*self.gate.packets, *others]
            if p.path != packet.path and p.status == "active" and p.data is not None
        ]
        if outdated is None:
            return False
        return only_other_topics(outdated.touched, packet.data, [p.data for p in siblings])

    def keep_beyond(self, packet: PacketInfo, beyond: twin_fixes.Beyond) -> tuple[str, str | None]:
        """The fix for a twin that says more than its packet, and its note: `update` with what
        it carries (or what to move by hand); when the twin is over ``max-file-bytes`` with that
        text, room for it (raise the limit, or shorten the text)."""
        quoted = self.path(packet.path)
        limit = self.gate.config.max_file_bytes
        if beyond.size <= limit:
            carried, note, by_hand = twin_fixes.carried(self.gate.root, self.cwd, packet)
            if by_hand is not None:
                return by_hand, note
            if carried:
                return " ".join([f"{program()} update {quoted}", *carried]), note
        advice = setting_advice(
            self.gate.config.key_file, "max-file-bytes", raised_limit(beyond.size)
        )
        twin = os.path.relpath(self.gate.root / beyond.twin, self.cwd)  # words, no command
        command = (
            f"raise the limit {advice}, or shorten {beyond.what} in {twin} until it is under "
            f"{limit} bytes"
        )
        return command, carry_later(packet, beyond)

    def since(self, findings: list[Finding], handoff: str = "the packet") -> str:
        """The placeholder for what changed since the ``handoff``, naming the newest commit
        that its outdated finding names (other findings' commits, such as lkg-behind's
        last_known_good_commit, are not the newest)."""
        newest = ""
        for finding in findings:
            if finding.rule in OUTDATED_RULES:
                found = _NEWEST.search(finding.message)
                newest = f" (newest {found.group(1)[:7]})" if found else ""
                break
        return f"<what the commits since {handoff}{newest} changed>"

    def refresh(self, quoted: str, *, verify: bool, transcript: bool = True) -> str:
        """`update` of the packet ``quoted``, with the session's transcript unless not
        ``transcript`` (the packet is another session's: its topic's work is not this one's)."""
        parts = [f"{program()} update", quoted]
        parts += self.transcript.arguments() if transcript else []
        if self.verify:
            parts.append("--verify")
        elif verify:
            parts.append(f'--verify "{VERIFY_PLACEHOLDER}"')
        return " ".join(parts)

    def markdown_advice(self, findings: list[Finding], packet: PacketInfo) -> Advice:
        """A hand-written handoff stays hand-written: the fix says what to add to the file."""
        quoted = self.path(packet.path)
        fixes = [RULES_BY_ID[f.rule].fix if f.rule in RULES_BY_ID else None for f in findings]
        if Fix.REGENERATE in fixes and is_repo_link(self.gate.root, packet.path):
            # A link that cannot be read (it leads out of the repository) is no handoff, and
            # editing "it" would write the file it leads to: `rm` removes the link itself.
            unread = findings[fixes.index(Fix.REGENERATE)]
            return Advice(
                reason(unread, findings),
                f"rm -f -- {quoted} && {self.new()}",
                "this removes the link only, never the file it leads to; do not edit through it",
            )
        template = next((f for f in findings if f.rule == "placeholder"), None)
        if template is not None:
            # Nothing added to a template counts while its blanks are there: an appended
            # section would leave the finding as it was, so the fix fills them in or writes anew.
            path = self.gate.root / packet.path
            return Advice(
                reason(template, findings), *template_fix(template, quoted, path, self.new())
            )
        told = unreadable_fix(findings, self.gate.root, packet.path, self.path, self.gate.config)
        if told is not None:
            return Advice(reason(told[0], findings), *told[1:])
        generated = generated_line(self.gate.root / packet.path)
        fixed = generated and generated_fix(self.gate.root, packet.path, self.path, generated)
        if fixed:
            return Advice(reason(findings[0], findings), *fixed)
        series, said = second_line(
            self.gate.root, packet.path, self.gate.config, self.path, self.moves
        )
        blank = blank_next(findings)
        if blank is not None:
            # The section is there (stepless or blank): another one would only repeat it, and
            # leave it blank, even when the work moved on since (the refresh fix's finding).
            moved = [f for f, fix in zip(findings, fixes, strict=True) if fix is Fix.MD_REFRESH]
            since = self.since(moved, "the handoff") if moved else None
            command, also = filled_in_place(blank, quoted, since)
            return Advice(reason(blank, findings), command, joined(also, *said))
        for finding, fix in zip(findings, fixes, strict=True):
            if fix is Fix.MD_ADD and finding.facet in MD_SECTIONS:
                return Advice(
                    reason(finding, findings), appended(finding.facet, quoted), joined(*said)
                )
            if fix is Fix.MD_REFRESH:
                # The next step goes after what changed: a next-step heading after a closing
                # "## Since then" is the handoff's next step, whatever the earlier one is called.
                text = self.since([finding], "the handoff")
                held = next_headings(self.gate.root / packet.path)
                fixed = up_to_date(finding, quoted, text, series, said, held)
                return Advice(reason(finding, findings), *fixed)
        first = findings[0]
        where = f"{packet.path}:{first.line}" if first.line else packet.path
        return Advice(
            reason(first, findings),
            f"{program()} explain {first.rule}",
            f"then edit {where} as it says",
        )

    def fix_of(self, finding: Finding, packet: PacketInfo) -> Fix | None:
        """`fix_of` with this repository's ``max-file-bytes``."""
        return fix_of(finding, packet, self.gate.config.max_file_bytes)

    def unreadable(self, packet: PacketInfo, finding: Finding) -> tuple[str, str | None]:
        """The fix for a packet that cannot be read (or is of a shape `update` cannot mend):
        never a packet written anew over one that held fields and a verified commit. A link is
        removed and written anew; a JSON file in another tool's shape is left alone and the
        packet written beside it (`foreign_fixes`); a UTF-8 byte order mark is left out; a
        committed packet is restored from the newest commit where it read; otherwise the file
        is repaired by hand where the finding says."""
        path = packet.path
        quoted = self.path(path)
        if is_repo_link(self.gate.root, path):
            return self.regenerate(packet), "this removes the link only, never the file it leads to"
        if foreign_file(packet):
            others = [p for p in self.gate.packets if p.path != path and foreign_file(p)]
            return beside_foreign(
                self.gate.root,
                self.gate.config,
                self.gate.branch,
                packet,
                self.path,
                self.new,
                others,
            )
        if finding.message.startswith(UTF8_MARK):
            return bom_removed(quoted), "this leaves out the mark alone; then commit"
        where = f" at line {finding.line}" if finding.line else ""
        where += f", column {finding.column}" if finding.line and finding.column else ""
        found = self.readable.get(path)
        if found is not None:
            back = f"{found.back} commit{'s' * (found.back != 1)} back" if found.back else "HEAD"
            return f"git checkout {found.revision} -- {quoted}", (
                f"the newest version of {path} that reads ({back}), with its fields and last "
                f"known good commit; what later versions changed is dropped (`git diff "
                f"{found.revision} HEAD -- {quoted}`): to keep it, repair {path}{where} instead"
            )
        return (
            f"repair {quoted} by hand{where} as the finding says, keeping every other value",
            f"`{program()} check {quoted}` shows what is left; do not write it anew with "
            "`new`, which would lose its fields and its last known good commit",
        )

    def regenerate(self, packet: PacketInfo) -> str:
        """Remove the unreadable packet's files and write a new packet at the same place."""
        path = packet.path
        files = [path]
        if path.endswith(".json"):
            files.append(packet.markdown or f"{path.removesuffix('.json')}.md")
        where: list[str] = []
        if path != "handoff.json":
            topic = path.removeprefix(".handoff/").removesuffix(".json")
            if path.startswith(".handoff/") and path.endswith(".json") and topic:
                where = [f"--topic {shell.quote(topic)}"]
            else:
                where = [f"--output {self.path(path)}"]
        removed = " ".join(self.path(name) for name in files)
        return f"rm -f -- {removed} && {self.new(where)}"

    def failing(self) -> str | None:
        """What `new --verify` does when the tests fail, so that its exit 1 is not read as a
        failed fix; ``None`` without a configured ``verify``."""
        if not self.verify or self.gate.left_base is None:
            return None
        # with no earlier commit to keep, `new` takes the one named (`LAST_GREEN`)
        named = "the commit you name (`git log --oneline` lists them)"
        kept = f"where the branch left {self.gate.base_branch}" if self.gate.left_base else named
        return (
            "if the tests fail, it still writes the packet and exits 1: the failure an open "
            f"risk, last_known_good_commit {kept}"
        )

    def new(self, where: list[str] | None = None) -> str:
        parts = [f"{program()} new", *(where or [])]
        parts += self.transcript.arguments()
        if self.verify:
            parts.append("--verify")
            if self.gate.left_base is False:  # else a failing run writes nothing (exit 2)
                parts.append(f'--last-known-good "{LAST_GREEN}"')
        parts += [
            '--summary "<what this session did>"',
            '--next-action "<the first thing the next session should do>"',
            '--verdict-pointer "<path or URL of the test report>"',
        ]
        command = " ".join(parts)
        # `new` stores the checked-out branch, which every report then shows unredacted.
        branch = self.gate.branch
        return renamed_first(command) if branch and find_secrets(branch) else command


_OTHER_TOPICS = (
    "the commits since touched only the branch's other topics' files: this keeps its summary "
    "and next action and moves last_known_good_commit to HEAD when the tests pass (without this "
    "session's transcript: its commands belong to the other topic's packet)"
)


def _explain(finding: Finding) -> str:
    return f"then edit {finding.path} as `{program()} explain {finding.rule}` says"


def _copied(findings: Iterable[Finding]) -> bool:
    """Whether `lkg-unknown` calls the packet another branch's copy: the `update` that clears
    it writes this branch's own summary and next action."""
    return any(f.rule == LKG_UNKNOWN.id and COPIED in f.message for f in findings)
