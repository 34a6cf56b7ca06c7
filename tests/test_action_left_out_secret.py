"""On a pull request, a file the pull request's own ``packets`` leaves out by a ``!`` entry (the
`schema` finding's fix for another tool's JSON) is still scanned for credentials by ``ci``, as
``check`` scans it: the merge gate's ``packets`` (the base's) still finding the file must not
hide a committed credential. (The token is built from parts: this file holds none.)"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from action_runner import PR, Runner
from conftest import Result

TOKEN = "ghp_" + "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0FeDcBa"
FOREIGN = {"status": "in_progress", "tool": "orchestrator", "steps": [], "owner": "x"}


@pytest.mark.parametrize(
    ("folder", "in_json"),
    [("", False), ("", True), ("tools/", True)],
    ids=["markdown", "markdown-and-json", "in-a-folder"],
)
def test_a_credential_in_files_the_pull_request_leaves_out_is_reported_as_check_does(
    runner: Runner, run_cli: Callable[..., Result], folder: str, in_json: bool
) -> None:
    repo = runner.repo
    repo.write(
        f"{folder}handoff.md",
        f"# Handoff\n\n## State\nhalf done.\n\nexport GITHUB_TOKEN={TOKEN}\n\n"
        "## Next step\nFinish src/a.py.\n",
    )
    foreign = {**FOREIGN, **({"token": TOKEN} if in_json else {})}
    repo.write(f"{folder}handoff.json", json.dumps(foreign))
    repo.write(
        ".handoff-audit.yml",
        'packets: ["**/handoff.json", ".handoff/**/*.json", "**/HANDOFF.md", "**/handoff.md", '
        f'"!{folder}handoff.json", "!{folder}handoff.md"]\n',
    )
    runner.head = repo.commit("another tool's file, left out as the schema finding advises")
    checked = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=repo.root)
    secrets = sorted(
        (f["path"], f["line"]) for f in checked.json()["findings"] if f["rule"] == "secret"
    )
    names = ["handoff.json", "handoff.md"] if in_json else ["handoff.md"]
    assert [path for path, _ in secrets] == [folder + name for name in names], checked.out
    done = runner.run("pull_request", runner.pull_request())
    assert done.code == 1, done.out
    annotated = sorted(
        (path, line)
        for path, line in secrets
        for shown in done.out.splitlines()
        if shown.startswith(f"::error file={path},line={line},")
        and "title=handoff-audit%3A secret::" in shown
    )
    assert annotated == secrets, done.out
    assert int(done.outputs["errors"]) >= len(secrets)
    [comment] = runner.fake.ours(PR)
    assert "secret" in comment["body"]
    assert TOKEN not in done.out + done.summary + comment["body"]
