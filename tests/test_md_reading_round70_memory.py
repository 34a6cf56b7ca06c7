"""Tuning on rounds 66-70 after round 70 was measured. An agent's memory file (front matter with the
``name:`` and ``description:`` a skill has, and ``type: project`` or ``node_type: memory``)
records where a project stands: it is a handoff to judge, not a command. A skill's front matter
beside it keeps today's reading."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import GitRepo
from handoff_audit.markdown.completeness import missing_parts
from handoff_audit.markdown.prompts import instructions

TOOL = str(Path(sys.executable).parent / "handoff-audit")

MEMORY_HANDOFF = """\
---
name: export_pipeline_handoff
description: Handoff note for the CSV export pipeline, end of the 2026-11-02 session
type: project
---

## Task: stream the CSV export instead of building it in memory

**Status:** `exporter/stream.py` written and wired into `GET /api/export`; 14/14 tests pass.
Large exports (200k rows) still time out behind the proxy at 60 s.

**Why streaming:** the 200k-row export used 1.8 GB of memory on the worker, because the
whole file was built before the first byte was sent.

## Next

1. Send a keep-alive byte every 20 s from `exporter/stream.py` so the proxy keeps the
   connection open, then rerun `pytest tests/test_export.py -k large`.
"""

SKILL_WITH_A_TYPE = MEMORY_HANDOFF.replace("type: project", "type: reference")


def test_a_memory_file_of_a_project_is_no_command() -> None:
    assert instructions(MEMORY_HANDOFF) == []
    memory = MEMORY_HANDOFF.replace("type: project\n", "metadata:\n  node_type: memory\n")
    assert instructions(memory) == []


def test_the_same_front_matter_without_a_memory_type_is_still_a_skill() -> None:
    # near miss: a one-word name beside a description, and no memory type
    assert instructions(SKILL_WITH_A_TYPE)[0] == (2, "name: export_pipeline_handoff")


def test_check_judges_a_memory_file_named_as_a_handoff(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.write("SESSION_HANDOFF.md", MEMORY_HANDOFF)
    repo.commit("memory handoff")
    done = subprocess.run(
        [TOOL, "check", "--format", "json"],
        cwd=repo.root,
        capture_output=True,
        text=True,
        check=False,
    )
    report = json.loads(done.stdout)
    rules = {finding["rule"] for finding in report["findings"]}
    assert "not-a-handoff" not in rules, report["findings"]
    assert [p["path"] for p in report["packets"]] == ["SESSION_HANDOFF.md"]


FROZEN_TASK = """\
# Task 024: import the writer's drafts

## Status

Done: `importer/drafts.py` reads the drafts folder; 31/31 tests pass (`pytest tests/importer`).

## 10. Next Task Suggestion

None.

The product freeze intentionally stops automatic next-task generation.
"""

A_STEP_INSTEAD = FROZEN_TASK.replace(
    "None.\n\nThe product freeze intentionally stops automatic next-task generation.",
    "Wire `importer/drafts.py` into the nightly job in `jobs/nightly.py`.",
)


def _missing(text: str) -> set[str]:
    return {part.facet for part in missing_parts(text)}


def test_none_then_why_names_no_next_step() -> None:
    # round 70: "None." and a paragraph saying why there is no next task
    assert "next" in _missing(FROZEN_TASK)


def test_the_same_section_with_a_step_names_one() -> None:
    # near miss: the section holds a step instead
    assert "next" not in _missing(A_STEP_INSTEAD)


PORTUGUESE = """\
# Handoff — Plataforma de pedidos

## O que já é real (ligado à API)

- Login e cadastro gravam no PostgreSQL (`apps/api/src/auth.ts`).

## O que falta (próximos passos)

1. Ligar a tela de pedidos a `GET /orders` em `apps/web/src/orders.tsx`.
"""


def test_a_portuguese_heading_of_what_is_already_done_is_state() -> None:
    # round 70: "O que já é real" ("what is already real") is where the work stands
    assert "state" not in _missing(PORTUGUESE)
    assert "state" in _missing(PORTUGUESE.replace("O que já é real", "Observações"))
