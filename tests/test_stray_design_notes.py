"""Session 60's real-use review: the "not audited" note offered a design document whose name
has a handoff in it (`docs/explanation/cli-proof-handoff-boundary.md`: a title, a decision, its
reason and a rule for later) as a file for `extend-packets`, beside the repository's real note.
A file about a handoff is not a handoff: none in a folder of design documents or explanations
(`docs/explanation/`, `docs/design/`) is offered, nor, anywhere, one in which the facet reading
finds decisions with their reasons but neither where the work stands nor what comes next."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result

Run = Callable[..., Result]

DESIGN = """# Export Handoff Boundary

The 2.4 export work keeps the signing step inside the service.

Command-line users can see which exports are signed:

```bash
exporter list
exporter show invoices --explain
```

Those commands describe the generated files and their checksums. They do not sign anything.

Operators who need signed archives still run the service job:

```bash
make sign-exports EXPORT=invoices
```

## Decision

The command-line tool will not get a `sign` subcommand. It stays a reader and a
checker; signing stays in the service, which holds the keys.

| User | Interface |
| --- | --- |
| Command-line user | `exporter list`, `exporter show` |
| Operator | `make sign-exports` |

## Why

Signing depends on keys the service owns. A local `sign` command would have to
read keys from whatever machine it ran on, which is the leak we want to avoid.

Keeping signing in the service avoids:

- keys copied onto laptops;
- archives signed with a stale key;
- a second code path for the same signature.

## Future rule

A `sign` subcommand can come back only with a key service of its own. The formal
boundary is [SPEC-0007](../specs/SPEC-0007-export-handoff.md).
"""
NOTE = """# Session handoff: invoice export

## State
The invoice exporter writes CSV and JSON; `pytest tests/test_export.py` passes (42 tests).
Branch `feat/export` is pushed; the PR is not open yet.

## Next step
Add the currency column to `src/export/csv_writer.py` and a test for it in
`tests/test_export.py`, then open the PR.

## Decisions
- CSV is written with the standard `csv` module, not pandas, because the container has no pandas.

## Tried and ruled out
- Streaming the JSON with ijson: it broke on the nested totals, so we build the list in memory.

## Pointers
- src/export/csv_writer.py, tests/test_export.py
"""
STATED = DESIGN.replace(
    "## Why\n\n", "## Why\n\nThe service currently holds every signing key.\n\n"
)
"""The same, with a line the facet reading takes for the work's state (as in the reviewed file):
its folder tells it apart."""
NOTE_PATH = "docs/notes/export-session-handoff.md"
DESIGNS = {
    "docs/export-handoff-boundary.md": DESIGN,  # its text tells it apart
    "docs/explanation/export-handoff-boundary.md": STATED,
    "docs/design/export-handoff-boundary.md": STATED,
}


def _checked(git_repo: GitRepo, run_cli: Run, files: dict[str, str]) -> Result:
    """`check` in a repository of a source file and ``files``, committed."""
    git_repo.write("src/export/csv_writer.py", "import csv\n")
    for path, text in files.items():
        git_repo.write(path, text)
    git_repo.commit("design notes and session notes")
    return run_cli(["check"], cwd=git_repo.root)


@pytest.mark.parametrize("design_path", sorted(DESIGNS))
def test_a_design_note_beside_a_real_note_is_not_offered(
    git_repo: GitRepo, run_cli: Run, design_path: str
) -> None:
    done = _checked(git_repo, run_cli, {design_path: DESIGNS[design_path], NOTE_PATH: NOTE})
    assert done.out == "No handoff packets found.\n", done.out
    assert f'set `extend-packets: ["{NOTE_PATH}"]` in .handoff-audit.yml' in done.err, done.err
    assert "export-handoff-boundary" not in done.err, done.err
    # The line offered audits the note, and the design note stays unaudited.
    git_repo.write(".handoff-audit.yml", f'extend-packets: ["{NOTE_PATH}"]\n')
    git_repo.commit("audit the note")
    again = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert NOTE_PATH in again.out and design_path not in again.out, again.out
    assert "note:" not in again.err, again.err


@pytest.mark.parametrize("design_path", sorted(DESIGNS))
def test_a_design_note_alone_gets_no_note(
    git_repo: GitRepo, run_cli: Run, design_path: str
) -> None:
    done = _checked(git_repo, run_cli, {design_path: DESIGNS[design_path]})
    assert done.out == "No handoff packets found.\n", done.out
    assert "note:" not in done.err, done.err
