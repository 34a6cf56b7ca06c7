"""`check --all-branches` names the findings of another branch's packet as that branch's files,
``feat:handoff.json`` and ``feat:handoff.md``, not as files of the work tree that do not exist
there; a credential-shaped branch is redacted in that name."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from jsonschema import Draft4Validator

from conftest import GitRepo, Result
from git_helpers import packet
from handoff_audit.markdown import render_packet

Run = Callable[..., Result]
SARIF_SCHEMA = Path(__file__).resolve().parent / "data" / "sarif-schema-2.1.0.json"
TOKEN = "ghp_" + "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef1234"


def _branch_with_a_secret(repo: GitRepo, branch: str) -> None:
    repo.write("README.md", "hi\n")
    repo.commit("base")
    repo.git("checkout", "-q", "-b", branch)
    data = packet(branch=branch, lkg=repo.head(), summary=f"Deployed with {TOKEN} today.")
    repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    repo.write("handoff.md", render_packet(data))
    repo.commit("packet")
    repo.git("checkout", "-q", "main")


def _secret_paths(run_cli: Run, repo: GitRepo) -> list[str]:
    done = run_cli(["check", "--all-branches", "--format", "json"], cwd=repo.root)
    assert TOKEN not in done.out
    return sorted(f["path"] for f in done.json()["findings"] if f["rule"] == "secret")


def test_another_branchs_secret_is_named_as_that_branchs_file(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _branch_with_a_secret(git_repo, "feat/deploy")
    assert not (git_repo.root / "handoff.json").exists()
    assert _secret_paths(run_cli, git_repo) == [
        "feat/deploy:handoff.json",
        "feat/deploy:handoff.md",
    ]
    done = run_cli(["check", "--all-branches", "--color", "never"], cwd=git_repo.root)
    assert "feat/deploy:handoff.json:" in done.out
    assert "\nhandoff.json:" not in f"\n{done.out}"


def test_a_credential_shaped_branchs_secret_names_the_branch_redacted(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _branch_with_a_secret(git_repo, "feat")
    git_repo.git("branch", "-m", "feat", TOKEN)
    assert _secret_paths(run_cli, git_repo) == [
        "[redacted GitHub token]:handoff.json",
        "[redacted GitHub token]:handoff.md",
    ]


def test_another_branchs_file_is_named_in_github_and_placed_at_its_path_in_sarif(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """Review 54-4: `file=feat/deploy%3Ahandoff.json` named no file. SARIF places the result at
    the file's path in the repository (code scanning rejects an upload with a result that has no
    physical location) and names the branch in the message and the properties."""
    _branch_with_a_secret(git_repo, "feat/deploy")
    github = run_cli(["check", "--all-branches", "--format", "github"], cwd=git_repo.root).out
    secrets = [line for line in github.splitlines() if "[secret]" in line]
    assert len(secrets) == 2, github
    for line in secrets:
        assert "file=" not in line and "line=" not in line, line
        assert line.split("::", 2)[2].startswith("feat/deploy:handoff."), line
    sarif = run_cli(["check", "--all-branches", "--format", "sarif"], cwd=git_repo.root).json()
    results = [r for r in sarif["runs"][0]["results"] if r["ruleId"] == "secret"]
    assert len(results) == 2
    for result in results:
        # Code scanning rejects a whole upload with one result that has no physical location.
        [location] = result["locations"]
        physical = location["physicalLocation"]
        assert physical["artifactLocation"]["uri"] in {"handoff.json", "handoff.md"}
        assert physical["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
        [logical] = location["logicalLocations"]
        name = f"feat/deploy:{physical['artifactLocation']['uri']}"
        assert logical["fullyQualifiedName"] == name
        assert result["message"]["text"].startswith(f"{name}:")
        assert result["properties"]["branch"] == "feat/deploy"
    json_uri = [
        r
        for r in results
        if "json" in r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    ]
    [json_result] = json_uri
    line = json_result["locations"][0]["physicalLocation"]["region"]["startLine"]
    assert json_result["message"]["text"].startswith(f"feat/deploy:handoff.json:{line}: ")
    schema = json.loads((SARIF_SCHEMA).read_text(encoding="utf-8"))
    errors = list(Draft4Validator(schema).iter_errors(sarif))
    assert not errors, [e.message for e in errors]


def test_a_shared_checks_finding_on_another_branchs_packet_is_placed_at_its_path(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """`multiple-active` (a shared check, not a per-packet one) on another branch's packet,
    moved there into a folder with a space: SARIF placed it at `other%3Asub%20dir/handoff.json`
    with no branch, and github named `file=other%3Asub dir/handoff.json`."""
    git_repo.write("a.txt", "x\n")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write("a.txt", "x\ny\n")
    git_repo.commit("w")
    made = run_cli(
        [
            "new",
            "--summary",
            "Parsed menu in a.txt",
            "--next-action",
            "Parse the prices in a.txt",
            "--verdict-pointer",
            "a.txt",
        ],
        cwd=git_repo.root,
    )
    assert made.code == 0, made.err
    git_repo.commit("handoff")
    git_repo.git("checkout", "-q", "-b", "other")
    (git_repo.root / "sub dir").mkdir()
    git_repo.git("mv", "handoff.json", "sub dir/handoff.json")
    git_repo.git("mv", "handoff.md", "sub dir/handoff.md")
    moved = git_repo.root / "sub dir" / "handoff.json"
    moved.write_text(
        moved.read_text(encoding="utf-8").replace("Parse the prices", "Parse the totals"),
        encoding="utf-8",
    )
    git_repo.commit("moved")
    git_repo.git("checkout", "-q", "feat")

    sarif = run_cli(["check", "--all-branches", "--format", "sarif"], cwd=git_repo.root).json()
    results = [r for r in sarif["runs"][0]["results"] if r["ruleId"] == "multiple-active"]
    uris = sorted(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results)
    assert uris == ["handoff.json", "sub%20dir/handoff.json"]
    [there] = [r for r in results if "branch" in r.get("properties", {})]
    assert there["properties"]["branch"] == "other"
    physical = there["locations"][0]["physicalLocation"]
    assert physical["artifactLocation"]["uri"] == "sub%20dir/handoff.json"
    line = physical["region"]["startLine"]
    assert there["message"]["text"].startswith(f"other:sub dir/handoff.json:{line}: ")
    [logical] = there["locations"][0]["logicalLocations"]
    assert logical["fullyQualifiedName"] == "other:sub dir/handoff.json"
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    errors = list(Draft4Validator(schema).iter_errors(sarif))
    assert not errors, [e.message for e in errors]

    github = run_cli(["check", "--all-branches", "--format", "github"], cwd=git_repo.root).out
    lines = [x for x in github.splitlines() if "[multiple-active]" in x]
    assert len(lines) == 2, github
    [elsewhere] = [x for x in lines if "file=" not in x]
    assert "line=" not in elsewhere
    assert elsewhere.split("::", 2)[2].startswith(f"other:sub dir/handoff.json:{line}: ")
    assert "other%3A" not in github
