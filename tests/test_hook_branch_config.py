"""A configuration the branch itself broke holds the stop (the agent can mend it; the hook
judges nothing until it is), bounded by the default `agent-hook.max-blocks`; one the branch did
not touch lets the session go with one line on standard error, as before."""

from __future__ import annotations

import pytest

from agent_support import feature_repo, run_hook, stop_event
from conftest import GitRepo

TYPO = "[tool.handoff-audit]\nmax-commits-behnd = 20\n"


def test_a_configuration_the_branch_committed_broken_holds_the_stop(git_repo: GitRepo) -> None:
    repo = feature_repo(git_repo)
    repo.write("pyproject.toml", '[project]\nname = "shop"\n' + TYPO)
    repo.commit("typo")
    repo.write("src/refunds.py", "zz = 1\n")
    blocked = [run_hook(stop_event(repo.root, active=n > 0)) for n in range(3)]
    assert [run.code for run in blocked] == [2, 2, 2], blocked[0].err
    run = blocked[0]
    assert "pyproject.toml, which this branch changed" in run.lines[0], run.err
    assert 'unknown key "max-commits-behnd"' in run.lines[1], run.err
    assert run.lines[2] == (
        "  fix: edit pyproject.toml where the line above says (the key it names, and what it "
        "accepts)"
    )
    assert run.lines[-1] == "Mend pyproject.toml, commit it, then stop again."
    assert "Traceback" not in run.err
    # The default bound: the configured one cannot be read.
    let_go = run_hook(stop_event(repo.root, active=True))
    assert let_go.code == 0, let_go.err
    assert "blocked 3 times in a row (agent-hook.max-blocks: 3)" in let_go.said
    assert "its configuration still cannot be read" in let_go.said


def test_an_uncommitted_broken_configuration_holds_the_stop_from_a_subfolder(
    git_repo: GitRepo,
) -> None:
    repo = feature_repo(git_repo)
    repo.write(".handoff-audit.yml", "agent-hook:\n  events: [Stopp]\n")
    run = run_hook(stop_event(repo.root / "src"))
    assert run.code == 2, run.err
    assert "../.handoff-audit.yml, which this branch changed" in run.lines[0], run.err
    assert "agent-hook.events" in run.lines[1], run.err


@pytest.mark.parametrize(
    ("files", "named", "said"),
    [
        (
            {".handoff-audit.yml": "agent-hook:\n  events: [Stopp]\n"},
            "../../.handoff-audit.yml",
            "../../.handoff-audit.yml: agent-hook.events[0]",
        ),
        (
            {".handoff-audit.yml": "schema: schema.json\n", "schema.json": '{"type": 1,, }\n'},
            "../../schema.json",
            "../../.handoff-audit.yml: schema schema.json: not valid JSON",  # `schema:`'s value
        ),
    ],
    ids=["key", "schema"],
)
def test_a_held_configuration_is_named_from_the_agents_folder_on_every_line(
    git_repo: GitRepo, files: dict[str, str], named: str, said: str
) -> None:
    """The agent works in packages/web, the hook's process in the repository root: the error
    line named the configuration from the root (`.handoff-audit.yml:`), the lines around it
    from packages/web, as if they were two files."""
    repo = feature_repo(git_repo)
    (repo.root / "packages/web").mkdir(parents=True)
    for name, text in files.items():
        repo.write(name, text)
    repo.git("add", "-A")
    repo.git("commit", "-q", "-m", "configuration")
    run = run_hook(stop_event(repo.root / "packages/web"), cwd=repo.root)
    assert run.code == 2, run.err
    assert run.lines[0].startswith(f"handoff-audit: do not stop yet: {named}, "), run.err
    assert run.lines[1].startswith(f"- configuration: {said}"), run.err
    assert run.lines[2].startswith(f"  fix: edit {named} where the line above says"), run.err
    assert run.lines[-1] == f"Mend {named}, commit it, then stop again.", run.err
    # The default branch's error, compared with this one, is named alike: broken the same
    # way there, the session may end.
    repo.git("switch", "-q", "main")
    repo.git("merge", "-q", "feat/refunds")
    repo.git("switch", "-q", "feat/refunds")
    repo.write("src/refunds.py", "zz = 1\n")
    repo.commit("more work")
    inherited = run_hook(stop_event(repo.root / "packages/web"), cwd=repo.root)
    assert inherited.code == 0, inherited.err
    assert f"configuration: {said}" in inherited.err, inherited.err


def test_a_broken_configuration_the_branch_did_not_touch_lets_the_session_end(
    git_repo: GitRepo,
) -> None:
    git_repo.write(".handoff-audit.yml", "agent-hook:\n  events: [Stopp]\n")
    repo = feature_repo(git_repo)
    repo.write("src/refunds.py", "zz = 1\n")
    run = run_hook(stop_event(repo.root))
    assert run.code == 0, run.err
    assert len(run.lines) == 1
    assert "agent-hook" in run.err and "not judging" in run.err
    assert "Traceback" not in run.err


def test_a_configuration_broken_the_same_way_on_the_default_branch_lets_the_session_end(
    git_repo: GitRepo,
) -> None:
    """Re-review 54-4: a branch that only bumped the version in a pyproject.toml whose table was
    already broken on main, or commented a broken .handoff-audit.yml, was blocked for it."""
    git_repo.write("pyproject.toml", '[project]\nname = "shop"\n[tool.handoff-audit]\nseries = 5\n')
    repo = feature_repo(git_repo)
    repo.write(
        "pyproject.toml",
        '[project]\nname = "shop"\nversion = "1"\n[tool.handoff-audit]\nseries = 5\n',
    )
    repo.commit("bump")
    run = run_hook(stop_event(repo.root))
    assert run.code == 0, run.err
    assert "series is 5" in run.err and "not judging" in run.err
    repo.write(".handoff-audit.yml", "series: 5\n")
    repo.git("add", "-A")
    repo.git("commit", "-q", "-m", "yml")
    repo.git("switch", "-q", "main")
    repo.git("merge", "-q", "feat/refunds")
    repo.git("switch", "-q", "feat/refunds")
    repo.write(".handoff-audit.yml", "# the series folders\nseries: 5\n")
    assert run_hook(stop_event(repo.root)).code == 0
    # Broken otherwise than on main: the branch's doing.
    repo.write(".handoff-audit.yml", "series: 6\n")
    held = run_hook(stop_event(repo.root))
    assert held.code == 2, held.err
    assert "series is 6" in held.lines[1]


def test_a_schema_file_the_branch_broke_holds_the_stop_and_is_named(git_repo: GitRepo) -> None:
    """Re-review 54-4: a local schema file the branch broke let the session go, and a broken
    schema behind a configuration the branch changed was mended by editing the configuration."""
    git_repo.write("schema.json", '{"type": "object"}\n')
    git_repo.write(".handoff-audit.yml", "schema: schema.json\n")
    repo = feature_repo(git_repo)
    repo.write("schema.json", '{"type": "object",, }\n')
    repo.commit("schema")
    run = run_hook(stop_event(repo.root / "src"))
    assert run.code == 2, run.err
    assert run.lines[0] == (
        "handoff-audit: do not stop yet: ../schema.json, the schema that ../.handoff-audit.yml "
        "names, cannot be read, so the handoff cannot be judged."
    )
    assert "not valid JSON" in run.lines[1]
    assert run.lines[2].startswith("  fix: edit ../schema.json where the line above says")
    assert run.lines[-1] == "Mend ../schema.json, commit it, then stop again."
    # Broken on main as well, the branch only commenting the configuration: let go.
    repo.git("switch", "-q", "main")
    repo.git("merge", "-q", "feat/refunds")
    repo.git("switch", "-q", "feat/refunds")
    repo.write(".handoff-audit.yml", "# ours\nschema: schema.json\n")
    repo.commit("comment")
    inherited = run_hook(stop_event(repo.root))
    assert inherited.code == 0, inherited.err
    assert "not valid JSON" in inherited.err


def test_a_configuration_that_names_a_broken_schema_names_the_schema(git_repo: GitRepo) -> None:
    git_repo.write("schema.json", '{"type": "object",, }\n')
    repo = feature_repo(git_repo)
    repo.write(".handoff-audit.yml", "schema: schema.json\n")
    repo.commit("use the schema")
    run = run_hook(stop_event(repo.root))
    assert run.code == 2, run.err
    assert "schema.json, the schema that .handoff-audit.yml names" in run.lines[0], run.err
    assert run.lines[-1] == "Mend schema.json, commit it, then stop again."


def test_the_default_branchs_hook_events_and_bound_hold_for_a_broken_configuration(
    git_repo: GitRepo,
) -> None:
    """Re-review 54-4: with agent-hook.events [PreCompact] on main, a branch that broke another
    key had its Stop and SubagentStop blocked, though they were configured never to block."""
    git_repo.write(".handoff-audit.yml", "agent-hook:\n  events: [PreCompact]\n")
    repo = feature_repo(git_repo)
    repo.write(".handoff-audit.yml", "agent-hook:\n  events: [PreCompact]\nseries: 5\n")
    repo.commit("series")
    for event in ("Stop", "SubagentStop"):
        run = run_hook(stop_event(repo.root, event=event))
        assert run.code == 0, run.err
        assert "not judging" in run.err
    # Main's max-blocks bounds the blocks.
    repo.git("switch", "-q", "main")
    repo.write(".handoff-audit.yml", "agent-hook:\n  max-blocks: 1\n")
    repo.commit("one block")
    repo.git("switch", "-q", "feat/refunds")
    repo.write(".handoff-audit.yml", "agent-hook:\n  max-blocks: 1\nseries: 5\n")
    codes = [run_hook(stop_event(repo.root, active=n > 0)).code for n in range(2)]
    assert codes == [2, 0], codes


def test_a_breakage_inherited_from_the_default_branch_at_another_line_lets_the_session_end(
    git_repo: GitRepo,
) -> None:
    """A branch that only added a comment above main's broken line moved the error a line down,
    and was held for main's breakage."""
    git_repo.write(".handoff-audit.yml", "max-commits-behind: [5\n")
    repo = feature_repo(git_repo)
    repo.write(".handoff-audit.yml", "# tweak\nmax-commits-behind: [5\n")
    repo.commit("tweak")
    run = run_hook(stop_event(repo.root))
    assert run.code == 0, run.err
    assert "not valid YAML" in run.err and "not judging" in run.err


def test_a_schema_file_the_branch_renamed_holds_the_stop_naming_the_schema_line(
    git_repo: GitRepo,
) -> None:
    git_repo.write("schemas/handoff.schema.json", '{"type": "object"}\n')
    git_repo.write(".handoff-audit.yml", "schema: schemas/handoff.schema.json\n")
    repo = feature_repo(git_repo)
    repo.git("mv", "schemas/handoff.schema.json", "schemas/packet.schema.json")
    repo.commit("rename the schema")
    run = run_hook(stop_event(repo.root / "src"))
    assert run.code == 2, run.err
    assert run.lines[0] == (
        "handoff-audit: do not stop yet: ../schemas/handoff.schema.json, the schema that "
        "`schema:` of ../.handoff-audit.yml names, is gone on this branch (deleted or "
        "renamed), so the handoff cannot be judged."
    ), run.err
    assert "no such file" in run.lines[1], run.err
    assert run.lines[2] == (
        "  fix: point `schema:` in ../.handoff-audit.yml at the schema's new path, or restore "
        "../schemas/handoff.schema.json"
    ), run.err
    assert run.lines[-1] == "Mend ../.handoff-audit.yml, commit it, then stop again."


def test_the_default_branchs_hook_settings_in_pyproject_hold_for_a_broken_yml(
    git_repo: GitRepo,
) -> None:
    git_repo.write(
        "pyproject.toml",
        '[project]\nname = "shop"\n[tool.handoff-audit.agent-hook]\nevents = ["SubagentStop"]\n',
    )
    repo = feature_repo(git_repo)
    repo.write(".handoff-audit.yml", "max-commits-behind: lots\n")
    repo.commit("a yml")
    stop = run_hook(stop_event(repo.root))
    assert stop.code == 0, stop.err
    assert "not judging" in stop.err
    held = run_hook(stop_event(repo.root, event="SubagentStop"))
    assert held.code == 2, held.err
    assert ".handoff-audit.yml, which this branch changed" in held.lines[0], held.err
