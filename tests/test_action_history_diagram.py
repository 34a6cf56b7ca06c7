"""The job summary draws each active packet's history as a mermaid diagram: last known good
commit → the packet's last change → the commit checked, with the commits between them and
their dates, from a real repository and a real ``handoff-audit ci`` run."""

from __future__ import annotations

import re
import time

from action_runner import Runner
from handoff_audit.formats.history_diagram import MAX_DIAGRAMS, diagram, render
from handoff_audit.model.findings import PacketInfo, Report, Timeline


def _mermaid(summary: str) -> list[str]:
    return re.findall(r"```mermaid\n(.*?)\n```", summary, re.DOTALL)


def test_summary_draws_the_history_of_the_active_packet(runner: Runner) -> None:
    lkg = runner.repo.git("rev-parse", "HEAD~1")  # the packet names the commit before it
    changed = runner.head
    for i in range(2):  # the work goes on without the packet
        runner.repo.write("src/refund.py", f"def refund(): return {i}\n")
        runner.head = runner.repo.commit(f"more work {i}")
    run = runner.run("pull_request", runner.pull_request())
    assert "### History of the active packets" in run.summary
    [source] = _mermaid(run.summary)
    today = time.strftime("%Y-%m-%d", time.gmtime())
    assert source.startswith("flowchart LR\n")
    assert f'lkg["last known good<br/>{lkg[:8]} · {today}"] -->|"1 commit"|' in source
    assert f'change["packet last changed<br/>{changed[:8]} · {today}"]' in source
    assert (
        f'change -->|"2 commits"| head["commit checked<br/>{runner.head[:8]} · {today}"]' in source
    )
    assert "style head" in source  # the work moved on after the packet: it stands out


def test_no_active_packet_no_diagram(runner: Runner) -> None:
    data = (runner.repo.root / "handoff.json").read_text().replace('"active"', '"archived"')
    runner.repo.write("handoff.json", data)
    runner.head = runner.repo.commit("archive")
    run = runner.run("pull_request", runner.pull_request())
    assert _mermaid(run.summary) == [] and "History of the active packets" not in run.summary


def test_what_git_could_not_say_is_said_so() -> None:
    source = diagram(Timeline(head="a" * 40, head_time=0, behind=None, changed_behind=None))
    assert 'lkg["last known good<br/>not in the history read"] -->' in source
    assert 'change --> head["commit checked<br/>aaaaaaaa · 1970-01-01"]' in source
    fresh = diagram(Timeline(lkg="b" * 40, behind=3, head="a" * 40, uncommitted=True))
    assert '-->|"3 commits"| change["packet changed<br/>not committed yet"]' in fresh
    assert 'change -->|"0 commits"|' in fresh and "style head" not in fresh


def test_many_active_packets_are_capped() -> None:
    timeline = Timeline(lkg="b" * 40, behind=1, changed="c" * 40, changed_behind=0, head="a" * 40)
    packets = tuple(
        PacketInfo(
            path=f".handoff/t{i}.json", kind="json", status="active", data={}, timeline=timeline
        )
        for i in range(MAX_DIAGRAMS + 3)
    )
    text = render(Report(packets=packets, findings=(), head="a" * 40))
    assert text.count("```mermaid") == MAX_DIAGRAMS
    assert "3 more active packets are not drawn" in text
