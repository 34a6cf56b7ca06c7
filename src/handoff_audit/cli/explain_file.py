"""`explain md-incomplete --file F`: read one markdown file and say where each facet was found."""

from __future__ import annotations

from pathlib import Path

from handoff_audit.cli.say import say_config_notes
from handoff_audit.config import Config, load_config
from handoff_audit.engine.discovery import absolute, find_root, pair
from handoff_audit.engine.loading import load_packets, read_markdown
from handoff_audit.errors import InputError
from handoff_audit.git.tracked import is_tracked
from handoff_audit.markdown.completeness import explain_facets
from handoff_audit.model.packet import packet_of, rel, series_handoff
from handoff_audit.rules import RULES_BY_ID
from handoff_audit.rules.content import PLACEHOLDER
from handoff_audit.rules.markdown_handoff import MD_INCOMPLETE, markdown_only_hits
from handoff_audit.rules.no_handoff import Moves
from handoff_audit.schema.foreign import is_foreign
from handoff_audit.shell import quote_path


def explain_file(rule_id: str, file: Path) -> str:
    """The facet report for ``file``; an `InputError` naming the file and the fix otherwise.

    The file is read and judged as `check` reads and judges it: the configuration of the
    repository around it (its ``max-file-bytes``), the same checks and words, and what `check`
    says first of a file that is still a template or no handoff at all."""
    if rule_id != "md-incomplete":
        raise InputError(
            f"--file works with md-incomplete only (it shows where each facet of a markdown "
            f"handoff was found); run `handoff-audit explain {rule_id}` without --file"
        )
    if not file.is_file():
        what = "a folder" if file.is_dir() else "not a regular file" if file.exists() else None
        raise InputError(
            f"{file}: {what or 'no such file'}; name the markdown handoff, e.g. --file HANDOFF.md"
        )
    path = absolute(file)
    root = find_root((path,), "explain")
    config = load_config(root, rule_ids=RULES_BY_ID, tracked=is_tracked)
    say_config_notes(config.notes)  # before a refusal of the file: its max-file-bytes may be why
    _refuse_json_packet(file, root, config)
    text = read_markdown(file, root, config.max_file_bytes)
    where = rel(root, path)
    verdict, template_line = _verdict(where, text, config, Moves(root))
    series = where if series_handoff(where, config) else None
    return explain_facets(
        text, str(file), verdict=verdict, template_line=template_line, series=series
    )


def _refuse_json_packet(file: Path, root: Path, config: Config) -> None:
    """Refuse a JSON packet or its twin, as `check` pairs and reads them: md-incomplete judges
    neither. Another tool's JSON file (`is_foreign`) is called what `check` calls it, and a file
    that does not read as a packet is not sent to `show`, which cannot read it either."""
    (files,) = pair([str(file)])
    if files.kind != "json":
        return
    packet = str(file) if file.suffix.lower() == ".json" else str(packet_of(file))
    loaded, _ = load_packets(root, [absolute(Path(packet))], config)
    data = loaded[0].data if loaded else None
    foreign = config.schema is None and data is not None and is_foreign(data, loaded[0].path)
    kind = "not a handoff packet in this tool's shape" if foreign else "a JSON packet"
    what = kind if packet == str(file) else f"the markdown twin of the JSON packet {packet}"
    if foreign and packet != str(file):
        what = f"the markdown of {packet}, which is {kind}"
    judged = "" if foreign else " (a packet is judged by its fields, its twin by md-mismatch)"
    then = f", or `handoff-audit show {quote_path(packet)}` to read it"
    if foreign or data is None:  # `show` cannot read it: `check` says what to do with it
        then = " for what to do with it"
    raise InputError(
        f"{file} is {what}; md-incomplete reads only markdown-only handoffs{judged}: run "
        f"`handoff-audit check {quote_path(packet)}`{then}"
    )


def _verdict(path: str, text: str, config: Config, moves: Moves) -> tuple[str | None, int | None]:
    """What `check` says of the file before its facets (``placeholder``, ``not-a-handoff``),
    and its first blank's line when it says the file is still a template."""
    hits = markdown_only_hits(path, text, config, moves)
    said = next((hit for hit in hits if hit.rule is not MD_INCOMPLETE), None)
    if said is None:
        return None, None
    severity = config.rules.get(said.rule.id, said.severity or said.rule.default)
    where = f", line {said.line}" if said.line is not None else ""
    verdict = f"{said.rule.id} ({severity.value if severity else 'off'}{where}): {said.message}"
    if said.rule is not PLACEHOLDER:
        return f"{verdict}; check judges no facet of it", None
    return verdict, said.line
