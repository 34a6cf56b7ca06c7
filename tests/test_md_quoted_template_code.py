"""``{{ … }}`` quoted as code (Helm, Jinja, Go templates, GitHub Actions expressions) in a
hand-written handoff is code the session wrote about, not a template's slot: the file is judged
on what it says, and ``show`` and the SessionStart brief hand over its next action. The same
slot in prose is still a placeholder."""

from __future__ import annotations

import json
from collections.abc import Callable

from agent_support import feature_repo, run_hook
from conftest import GitRepo, Result

Run = Callable[..., Result]

HELM = """\
# Handoff 2025-11-23: Helm chart values

## State
`helm lint charts/app` passes; the chart now reads three values that were hard-coded:
- the image tag, via `{{ .Values.image.tag }}`
- the ingress host, via `{{ .Values.ingress.host }}`
- the replica count, via `{{ .Values.replicaCount }}`
- the deploy job runs on `${{ github.ref_name }}` only
- the name is `{{ .Chart.Name | trunc 63 }}`, the labels `{{ include "app.labels" . }}`
- the secret comes from `${{ secrets.DEPLOY_KEY }}`

```yaml
image: "{{ .Values.image.repository }}:{{ .Values.image.tag }}"
replicas: {{ .Values.replicaCount }}
```

## Next step
Add the HPA template in charts/app/templates/hpa.yaml.

## Decisions
- The tag comes from values because CI sets it per build.

## Ruled out
- Kustomize overlays: tried, dropped because the team already ships Helm charts.

## Pointers
- charts/app/values.yaml
- charts/app/templates/deployment.yaml:12
"""

SLOTS = """\
# Handoff

## State
{{ state }}

## Next step
{{ next_step }}

## Decisions
{{ decisions }}

## Pointers
{{ files }}
"""


def _commit(git_repo: GitRepo, text: str) -> GitRepo:
    repo = feature_repo(git_repo, "feat/helm")
    repo.write("HANDOFF.md", text)
    repo.commit("handoff")
    return repo


def test_template_expressions_in_code_are_not_placeholders(git_repo: GitRepo, run_cli: Run) -> None:
    repo = _commit(git_repo, HELM)
    result = run_cli(["check", "--format", "json"], cwd=repo.root)
    assert result.code == 0, result.out
    assert result.json()["findings"] == []

    shown = run_cli(["show"], cwd=repo.root)
    assert shown.code == 0, shown.err
    first = shown.out.splitlines()[0]
    assert first.startswith("Next action: "), shown.out
    assert "Add the HPA template in charts/app/templates/hpa.yaml." in first
    assert "unfilled template" not in shown.out

    start = {"hook_event_name": "SessionStart", "cwd": str(repo.root), "source": "startup"}
    hooked = run_hook(start, cwd=repo.root)
    assert hooked.code == 0, hooked.err
    brief = json.loads(hooked.out)["hookSpecificOutput"]["additionalContext"]
    assert brief.startswith("Next action"), brief
    assert "Add the HPA template" in brief


def test_template_slots_in_prose_still_count(git_repo: GitRepo, run_cli: Run) -> None:
    repo = _commit(git_repo, SLOTS)
    result = run_cli(["check", "--format", "json"], cwd=repo.root)
    rules = [finding["rule"] for finding in result.json()["findings"]]
    assert "placeholder" in rules, result.out
    assert result.code == 1


CODED_SLOTS = """\
# Session handoff — `{{ date }}`

## State
Branch: `{{ branch }}`, last good commit `{{last_good_commit}}`.
`{{ summary_of_what_was_done }}`

## Next step
1. `{{ next_step }}`

## Decisions
- `{{ decision }}` — because `{{ reason }}`

## Ruled out
- `{{ approach }}` — didn't work because `{{ why_not }}`

## Pointers
- `{{ path_to_file }}`
"""


def test_bare_slots_in_code_spans_are_still_a_template(git_repo: GitRepo, run_cli: Run) -> None:
    """A template writing its blanks as code (`` `{{ next_step }}` ``) is still unfilled: a
    code span holding only a lower-case or snake_case ``{{ name }}`` is a slot."""
    repo = _commit(git_repo, CODED_SLOTS)
    result = run_cli(["check", "--format", "json"], cwd=repo.root)
    rules = [finding["rule"] for finding in result.json()["findings"]]
    assert "placeholder" in rules, result.out
    assert "md-incomplete" in rules
    assert result.code == 1

    shown = run_cli(["show"], cwd=repo.root)
    first = shown.out.splitlines()[0]
    assert "unfilled template" in first, shown.out
    assert "names no next action" in first
    assert "Next action" not in shown.out


JINJA = """\
# Handoff

## State
The welcome email renders, but the greeting shows an empty name: the view passes `username`
while templates/email.html reads `{{ user_name }}`. Tests pass except test_welcome_email.

## Decisions
- Rename in the template, not the view, because three other views pass `username` already.

## Ruled out
- Passing both keys: tried it, didn't work, the linter rejects unused context.

## Next step
Change `{{ user_name }}` to `{{ username }}` in templates/email.html:1, rerun the tests.

## Pointers
- templates/email.html:1
"""


def test_a_bare_slot_quoted_in_a_sentence_is_code(git_repo: GitRepo, run_cli: Run) -> None:
    """A plain Jinja variable quoted in a code span inside a sentence with other words
    (``Change `{{ user_name }}` to …``) is code the session wrote about: the next step is found,
    check passes and ``show`` hands it over. Only a bare slot standing alone as the line's value
    (`test_bare_slots_in_code_spans_are_still_a_template`) is a blank."""
    repo = _commit(git_repo, JINJA)
    result = run_cli(["check", "--format", "json"], cwd=repo.root)
    assert result.code == 0, result.out
    assert result.json()["findings"] == []

    shown = run_cli(["show"], cwd=repo.root)
    assert shown.code == 0, shown.err
    assert shown.out.startswith("Next action"), shown.out
    assert "Change `{{ user_name }}` to `{{ username }}`" in shown.out.splitlines()[0]
