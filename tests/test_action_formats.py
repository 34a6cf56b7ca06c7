"""Annotations (the github format) and the shared markdown blocks."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from action_support import assert_safe_markdown, packet_data, report, to_html
from conftest import GitRepo
from handoff_audit.action.files import SUMMARY_LIMIT
from handoff_audit.formats import FormatOptions
from handoff_audit.formats import github as gh
from handoff_audit.formats import markdown_report as md
from handoff_audit.model.findings import Finding, Report, Severity

COMMAND = re.compile(r"^::(error|warning|notice)( [^:]*)?::(.*)$")


def unescape_data(text: str) -> str:
    """The runner's unescaping of a command's message (ActionCommand.cs)."""
    return text.replace("%0D", "\r").replace("%0A", "\n").replace("%25", "%")


def unescape_property(text: str) -> str:
    return unescape_data(text.replace("%3A", ":").replace("%2C", ","))


def parse(line: str) -> tuple[str, dict[str, str], str]:
    match = COMMAND.match(line)
    assert match, line
    props = {}
    if match.group(2):
        for pair in match.group(2).strip().split(","):
            key, value = pair.split("=", 1)
            props[key] = unescape_property(value)
    return match.group(1), props, unescape_data(match.group(3))


def test_annotation_escapes_what_the_runner_unescapes() -> None:
    finding = Finding(
        "schema",
        Severity.ERROR,
        "odd,dir/a:b%.json",
        "100% wrong:\r\nsecond line, with comma",
        line=3,
        column=9,
    )
    [line] = gh.render(Report((), (finding,)), FormatOptions()).splitlines()
    kind, props, message = parse(line)
    assert kind == "error"
    assert props == {
        "file": "odd,dir/a:b%.json",
        "line": "3",
        "col": "9",
        "title": "handoff-audit: schema",
    }
    assert message == "100% wrong:\\r\nsecond line, with comma [schema]"  # CR shown, not kept


def test_no_line_means_an_annotation_of_the_file() -> None:
    finding = Finding("handoff-in-merge", Severity.ERROR, "HANDOFF.md", "blocked", column=4)
    _, props, _ = parse(gh.render(Report((), (finding,)), FormatOptions()).strip())
    assert props["file"] == "HANDOFF.md" and "line" not in props and "col" not in props


def test_at_most_ten_per_kind_errors_first_then_one_notice() -> None:
    findings = [
        Finding("schema", Severity.ERROR, f"p{i}.json", "bad", line=1) for i in range(14)
    ] + [Finding("handoff-in-merge", Severity.ERROR, "HANDOFF.md", "blocks the merge")]
    findings += [Finding("packet-age", Severity.WARNING, f"w{i}.json", "old") for i in range(3)]
    findings += [Finding("too-long", Severity.NOTE, f"n{i}.md", "long") for i in range(12)]
    lines = gh.render(Report((), tuple(findings)), FormatOptions()).splitlines()
    kinds = [parse(line)[0] for line in lines]
    assert kinds.count("error") == 10
    assert kinds.count("warning") == 3
    assert kinds.count("notice") == 10
    assert kinds == sorted(kinds, key=["error", "warning", "notice"].index)
    assert "blocks the merge" in parse(lines[0])[2]  # the merge blocker is the first error
    last = parse(lines[-1])
    assert last[0] == "notice"
    assert last[2].startswith("8 more findings")  # 5 errors and 3 notes left out
    assert "job summary" in last[2]


def test_nothing_to_annotate_prints_nothing() -> None:
    assert gh.render(Report((), ()), FormatOptions()) == ""


def test_markdown_report_is_safe_and_complete() -> None:
    rep = report(findings=3, packet=packet_data(next_action="Ask @alice <b>why</b>"), blocked=True)
    text = md.render(rep, FormatOptions())
    tags = assert_safe_markdown(text)
    assert tags.opened["table"] == 2  # findings and packets
    assert "Merge blocked" in text
    assert "@alice" not in text
    assert text.index("Next action") < text.index("Summary")


def test_markdown_report_stays_under_the_summary_limit() -> None:
    big = "x" * 2000
    findings = tuple(
        Finding("schema", Severity.ERROR, f"p{i}.json", big, line=1) for i in range(800)
    )
    text = md.render(Report((), findings), FormatOptions())
    assert len(text.encode()) <= SUMMARY_LIMIT
    assert "left out" in text
    assert_safe_markdown(text)


def test_inert_text_shows_exactly_the_text_and_nothing_else() -> None:
    from handoff_audit.formats import inert

    raw = "a `<b>` @bob ~~~~ <i>@carol</i> [x](y) &amp; | \\"
    html = to_html(inert.text(raw))
    shown = "a `&lt;b&gt;` @\u200dbob ~~~~ &lt;i&gt;@\u200dcarol&lt;/i&gt; [x](y) &amp;amp; | \\"
    assert html == f"<p>{shown}</p>\n"
    assert to_html(inert.code("x ``` y")) == "<p><code>x ``` y</code></p>\n"
    lines = to_html(inert.paragraphs("one\ntwo\\\n\n# three", prefix="> "))
    assert lines == "<blockquote>\n<p>one<br />\ntwo\\</p>\n<p># three</p>\n</blockquote>\n"


def test_truncate_cuts_between_whole_blocks() -> None:
    text = "para one\n\n```\n" + "code line\n" * 500 + "```\n\npara two"
    cut, was_cut = md.truncate(text, 300)
    assert (cut, was_cut) == ("para one", True)
    assert md.truncate(text, 10**6) == (text, False)


def test_truncate_of_one_huge_block_closes_its_fence() -> None:
    text = "~~~~python\n" + "code line\n" * 500 + "~~~~"
    cut, was_cut = md.truncate(text, 300)
    assert was_cut and md.size(cut) <= 300
    assert cut.endswith("\n~~~~")
    tags = assert_safe_markdown(cut + "\n\nafter")
    assert "after" not in "".join(tags.text_in.get("pre", []))


def test_cli_formats_github_and_markdown(git_repo: GitRepo, run_cli: Callable[..., Any]) -> None:
    git_repo.write("handoff.json", '{"branch": ')
    git_repo.commit("broken")
    annotated = run_cli(["check", "--format", "github"], cwd=git_repo.root)
    assert annotated.code == 1
    assert annotated.out.startswith("::error file=handoff.json,line=")
    markdown = run_cli(["check", "--format", "markdown"], cwd=git_repo.root)
    assert markdown.code == 1
    assert "invalid-json" in markdown.out
    assert_safe_markdown(markdown.out)


def test_the_summary_says_how_many_findings_it_lists() -> None:
    big = "x" * 2000
    findings = tuple(
        Finding("schema", Severity.ERROR, f"p{i}.json", big, line=1) for i in range(800)
    )
    cut = md.summary(Report((), findings))
    assert 0 < cut.findings < 800
    assert cut.findings == cut.text.count("| `schema` |")
    whole = md.summary(Report((), findings[:5]))
    assert whole.findings == 5
    notice = gh.render(Report((), findings), FormatOptions(), summary_lists=cut.findings)
    assert f"lists the first {cut.findings} of 800;" in notice.splitlines()[-1]


def test_a_carriage_return_in_a_path_is_property_escaped(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    """A CR in a folder name is ``%0D`` in ``file=``, like a newline: the runner decodes it to
    the real path, so GitHub places the annotation on the file (never a literal ``\\r``)."""
    git_repo.write("README", "hi\n")
    git_repo.commit("init")
    git_repo.git("switch", "-qc", "feat/a")
    git_repo.write("notes\r/HANDOFF.md", "# H\n\n## Next step\n\nRun it.\n")
    git_repo.commit("note")
    result = run_cli(["check", "--format", "github", "--target-branch", "main"], cwd=git_repo.root)
    assert result.code == 1, result.err
    [line] = [line for line in result.out.splitlines() if "handoff-in-merge" in line]
    assert line.startswith("::error file=notes%0D/HANDOFF.md,title=")
    assert "\r" not in result.out
    _, props, _ = parse(line)
    assert props["file"] == "notes\r/HANDOFF.md"  # the runner's decoding gives the real file
    assert (git_repo.root / props["file"]).is_file()
