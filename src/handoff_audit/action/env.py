"""The runner's environment, read exactly as the runner writes it, and what the event asks for.

Inputs arrive as ``INPUT_<NAME>`` with the name upper-cased and hyphens kept
(``INPUT_GITHUB-TOKEN``); values are trimmed as the toolkit trims them. Every invalid value is an
`InputError` naming the input and the values it accepts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from handoff_audit import jsonpos
from handoff_audit.errors import InputError
from handoff_audit.model.findings import FAIL_ON, Severity

"""Accepted values of the ``fail-on`` input and the failing level each means."""

WHEN_CLEAR = ("update", "minimize", "delete")
"""Accepted values of the ``comment-when-clear`` input."""

PULL_REQUEST_EVENTS = frozenset({"pull_request", "pull_request_target"})


def read_input(environ: Mapping[str, str], name: str) -> str:
    """The input ``name`` as the runner passes it (spaces -> ``_``, upper-cased), trimmed."""
    return environ.get(f"INPUT_{name.replace(' ', '_').upper()}", "").strip()


def _bool(environ: Mapping[str, str], name: str, default: bool) -> bool:
    value = read_input(environ, name)
    if not value:
        return default
    if value.lower() in {"true", "false"}:
        return value.lower() == "true"
    raise InputError(f"input {name}: {value!r} is not a boolean; use true or false")


def _int(environ: Mapping[str, str], name: str) -> int | None:
    value = read_input(environ, name)
    if not value:
        return None
    if not (value.isascii() and value.isdigit()):  # `²`.isdigit(), and int() takes `١٢`
        raise InputError(f"input {name}: {value!r} is not a whole number >= 0; e.g. {name}: 10")
    return int(value)


def _list(environ: Mapping[str, str], name: str) -> tuple[str, ...] | None:
    """A list input: one item per line or comma-separated; ``None`` when not set. Set with no
    item (``","``) is an `InputError`: an empty list would turn the check it feeds off."""
    value = read_input(environ, name)
    if not value:
        return None
    items = tuple(item.strip() for line in value.splitlines() for item in line.split(","))
    listed = tuple(item for item in items if item)
    if not listed:
        raise InputError(
            f"input {name}: {value!r} lists nothing; give one or more values, one per line or "
            "comma-separated, or leave the input out for the default"
        )
    return listed


@dataclass(frozen=True, slots=True)
class Inputs:
    """The action's inputs, validated."""

    token: str
    """``github-token``; empty when the workflow passed none (then nothing is posted)."""
    paths: tuple[str, ...]
    """``path``: where to look for packets, relative to the workspace."""
    config: str | None
    """``config``: an explicit configuration file, relative to the workspace."""
    fail_on: Severity | None
    """``fail-on``: the level that fails the step; ``None`` for ``never``."""
    comment: bool
    """``comment``: post or update the sticky pull request comment."""
    comment_when_clear: str
    """``comment-when-clear``: ``update``, ``minimize`` or ``delete`` (`WHEN_CLEAR`)."""
    max_commits_behind: int | None
    """``max-commits-behind``: overrides the configuration when set."""
    protected_branches: tuple[str, ...] | None
    """``protected-branches``: overrides the configuration when set."""
    block_files: tuple[str, ...] | None
    """``block-files``: overrides the configuration when set."""

    @classmethod
    def read(cls, environ: Mapping[str, str]) -> Inputs:
        """Parse and validate every input; an invalid one raises `InputError`."""
        fail_on = read_input(environ, "fail-on").lower() or "error"
        if fail_on not in FAIL_ON:
            raise InputError(
                f"input fail-on: {fail_on!r} is not accepted; use one of {', '.join(FAIL_ON)}"
            )
        when_clear = read_input(environ, "comment-when-clear").lower() or "update"
        if when_clear not in WHEN_CLEAR:
            raise InputError(
                f"input comment-when-clear: {when_clear!r} is not accepted; use one of "
                f"{', '.join(WHEN_CLEAR)}"
            )
        return cls(
            token=read_input(environ, "github-token"),
            paths=_list(environ, "path") or (".",),
            config=read_input(environ, "config") or None,
            fail_on=FAIL_ON[fail_on],
            comment=_bool(environ, "comment", True),
            comment_when_clear=when_clear,
            max_commits_behind=_int(environ, "max-commits-behind"),
            protected_branches=_list(environ, "protected-branches"),
            block_files=_list(environ, "block-files"),
        )

    @classmethod
    def for_failure(cls, environ: Mapping[str, str]) -> Inputs:
        """What a run stopped by an invalid input still reports with (`failure`): the token,
        ``comment`` unless it is ``false`` (an invalid value only lets an existing comment of
        ours say the error: none is created for it), ``comment-when-clear`` when valid."""
        when_clear = read_input(environ, "comment-when-clear").lower()
        return cls(
            token=read_input(environ, "github-token"),
            paths=(".",),
            config=None,
            fail_on=None,
            comment=read_input(environ, "comment").lower() != "false",
            comment_when_clear=when_clear if when_clear in WHEN_CLEAR else "update",
            max_commits_behind=None,
            protected_branches=None,
            block_files=None,
        )


@dataclass(frozen=True, slots=True)
class Runner:
    """The ``GITHUB_*`` variables the action uses."""

    event_name: str
    """``GITHUB_EVENT_NAME``."""
    event: Mapping[str, Any]
    """The payload read from ``GITHUB_EVENT_PATH`` (empty when there is none)."""
    repository: str | None
    """``GITHUB_REPOSITORY`` (``owner/name``)."""
    api_url: str
    """``GITHUB_API_URL``; GitHub Enterprise Server gives ``https://HOST/api/v3``."""
    workspace: Path
    """``GITHUB_WORKSPACE``, or the current folder."""
    sha: str | None
    """``GITHUB_SHA``."""
    ref: str | None
    """``GITHUB_REF``."""
    output: Path | None
    """``GITHUB_OUTPUT``: the file that receives the step's outputs."""
    step_summary: Path | None
    """``GITHUB_STEP_SUMMARY``: the file that receives the job summary."""
    run_url: str | None = None
    """The workflow run's page, where the job summary is shown (from ``GITHUB_SERVER_URL``,
    ``GITHUB_REPOSITORY`` and ``GITHUB_RUN_ID``); ``None`` when one of them is missing."""

    @classmethod
    def read(cls, environ: Mapping[str, str], *, with_event: bool = True) -> Runner:
        """Read the runner's variables; an unreadable event file raises `InputError`.
        ``with_event=False`` leaves the event payload out (empty): the files a run that cannot
        read it still writes."""
        event_path = environ.get("GITHUB_EVENT_PATH", "") if with_event else ""
        event: Mapping[str, Any] = {}
        if event_path:
            try:
                loaded = jsonpos.loads(Path(event_path).read_text(encoding="utf-8"))
            except (OSError, ValueError) as error:
                raise InputError(
                    f"GITHUB_EVENT_PATH {event_path}: cannot read the event payload ({error})"
                ) from None
            if not isinstance(loaded, dict):
                raise InputError(f"GITHUB_EVENT_PATH {event_path}: the payload is not an object")
            event = loaded

        def path(name: str) -> Path | None:
            value = environ.get(name, "")
            return Path(value) if value else None

        server = (environ.get("GITHUB_SERVER_URL") or "").rstrip("/")
        repository = environ.get("GITHUB_REPOSITORY") or None
        run_id = environ.get("GITHUB_RUN_ID", "")
        run_url = None
        numbered = run_id.isascii() and run_id.isdigit()
        if server.startswith(("https://", "http://")) and repository and numbered:
            run_url = f"{server}/{repository}/actions/runs/{run_id}"
        return cls(
            event_name=environ.get("GITHUB_EVENT_NAME", ""),
            event=event,
            repository=repository,
            api_url=(environ.get("GITHUB_API_URL") or "https://api.github.com").rstrip("/"),
            workspace=path("GITHUB_WORKSPACE") or Path.cwd(),
            sha=environ.get("GITHUB_SHA") or None,
            ref=environ.get("GITHUB_REF") or None,
            output=path("GITHUB_OUTPUT"),
            step_summary=path("GITHUB_STEP_SUMMARY"),
            run_url=run_url,
        )


@dataclass(frozen=True, slots=True)
class Plan:
    """What the event asks for: the commit to audit, against what, and where to comment."""

    head: str | None
    """The commit audited (for pull requests the head, not the merge commit)."""
    branch: str | None
    """The branch audited."""
    target_branch: str | None
    """The branch merged into (pull requests and merge queues)."""
    default_branch: str | None
    """The repository's default branch, from the payload."""
    pull_number: int | None = None
    """The pull request whose comment is upserted."""
    push_branch: str | None = None
    """For a push: update the comment of the open pull requests whose head is this branch."""
    base: str | None = None
    """The commit the pull request or queue entry is based on (for the compare API)."""
    tag: bool = False
    """The event's ref is a tag (``refs/tags/*``, a release's push): no branch is checked."""

    @property
    def comments(self) -> bool:
        """Whether this event can update a pull request comment at all."""
        return self.pull_number is not None or self.push_branch is not None


def _get(data: Any, *keys: str) -> Any:
    for key in keys:
        if not isinstance(data, Mapping):
            return None
        data = data.get(key)
    return data


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def _branch(ref: Any) -> str | None:
    ref = _str(ref)
    if ref is None or not ref.startswith("refs/heads/"):
        return None
    return ref.removeprefix("refs/heads/") or None  # `refs/heads/` names no branch


def _required(event_name: str, pr: Any, key: str, what: str) -> str:
    """``pull_request.base.KEY``, which the merge gate depends on; `InputError` without it or
    when it or ``base`` is of the wrong type."""
    base = pr.get("base") if isinstance(pr, Mapping) else None
    if isinstance(pr, Mapping) and "base" in pr and not isinstance(base, Mapping):
        expected = "an object, the branch merged into and the commit it is based on"
        raise _wrong_type(event_name, "pull_request.base", base, expected, _NO_GATE)
    found = _get(pr, "base", key)
    if found is not None and not isinstance(found, str):
        expected = f"a string, the {what}"
        raise _wrong_type(event_name, f"pull_request.base.{key}", found, expected, _NO_GATE)
    value = _str(found)
    if value is None or not value.strip():
        raise InputError(
            f"{event_name} event without pull_request.base.{key} (the {what}) in "
            "GITHUB_EVENT_PATH: the merge gate cannot be judged; run the action on the "
            f"runner's own {event_name} event"
        )
    return value


def _number(event_name: str, pr: Any) -> int:
    """``pull_request.number``, the pull request whose comment is updated; `InputError` without
    it, or when it is no integer (``"2"``; ``true``, an integer to Python) or below 1, or when
    ``pr`` is there (not `_ABSENT`) but no object (``null``, a string)."""
    number = _get(pr, "number") if isinstance(pr, Mapping) else None
    if pr is not _ABSENT and not isinstance(pr, Mapping):
        raise _wrong_type(event_name, "pull_request", pr, "an object, the pull request", _UNKNOWN)
    if number is not None and type(number) is not int:
        expected = "an integer, its number"
        raise _wrong_type(event_name, "pull_request.number", number, expected, _UNKNOWN)
    if number is None or number < 1:
        raise InputError(f"{event_name} event without pull_request.number in GITHUB_EVENT_PATH")
    return number


_ABSENT = object()
"""An event key that is not there, told from one that holds ``null``."""

_NO_GATE = "the merge gate cannot be judged"
_UNKNOWN = "the pull request is unknown"


def _wrong_type(event_name: str, field: str, found: Any, expected: str, so: str) -> InputError:
    """The error for an event ``field`` that is there but holds ``found``, no value of the type
    ``expected``, ``so`` the run stops: its JSON type is named, never the value (an event is any
    payload)."""
    return InputError(
        f"{event_name} event with {field} of the wrong type in GITHUB_EVENT_PATH: it holds "
        f"{_json_type(found)}, where GitHub sends {expected}, so {so}; run the action on the "
        f"runner's own {event_name} event"
    )


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "an object" if isinstance(value, Mapping) else "an array"


def _commit_id(value: Any) -> str | None:
    """``value`` when it is a full commit id (40 hex digits, 64 in a SHA-256 repository)."""
    text = _str(value)
    if text is None or len(text) not in (40, 64):
        return None
    return text if all(char in "0123456789abcdefABCDEF" for char in text) else None


def _is_tag(ref: Any) -> bool:
    return (_str(ref) or "").startswith("refs/tags/")


def plan(runner: Runner) -> Plan:
    """Decide, from the event, what is audited and which comment is updated."""
    event = runner.event
    default_branch = _str(_get(event, "repository", "default_branch"))
    if runner.event_name in PULL_REQUEST_EVENTS:
        pr = event.get("pull_request", _ABSENT)
        number = _number(runner.event_name, pr)
        return Plan(
            head=_str(_get(pr, "head", "sha")),
            branch=_str(_get(pr, "head", "ref")),
            target_branch=_required(runner.event_name, pr, "ref", "branch merged into"),
            default_branch=default_branch,
            pull_number=number,
            base=_required(runner.event_name, pr, "sha", "commit it is based on"),
        )
    if runner.event_name == "push":
        branch = _branch(event.get("ref") or runner.ref)
        after = _str(event.get("after"))
        deleted = event.get("deleted") is True or (after is not None and not after.strip("0"))
        return Plan(
            head=None if deleted else after or runner.sha,
            branch=branch,
            target_branch=None,
            default_branch=default_branch,
            push_branch=None if deleted else branch,
            tag=_is_tag(event.get("ref") or runner.ref),
        )
    if runner.event_name == "merge_group":
        return _merge_group_plan(runner, default_branch)
    return Plan(
        head=runner.sha,
        branch=_branch(runner.ref),
        target_branch=None,
        default_branch=default_branch,
        tag=_is_tag(runner.ref),
    )


def _merge_group_plan(runner: Runner, default_branch: str | None) -> Plan:
    """A merge queue entry: the merge into the queue's base branch, the gate's settings read at
    its base commit; an `InputError` without either."""
    group = runner.event.get("merge_group")
    group = group if isinstance(group, Mapping) else {}
    target = _branch(group.get("base_ref"))
    if target is None:  # no gate to judge: never a pass
        raise InputError(
            "merge_group event without merge_group.base_ref (refs/heads/BRANCH) in "
            "GITHUB_EVENT_PATH: the queue's base branch is unknown, so the merge gate "
            "cannot be judged; run the action on the runner's own merge_group event"
        )
    base = _commit_id(group.get("base_sha"))
    if base is None:  # else the queue commit's own configuration would decide the gate
        raise InputError(
            "merge_group event without merge_group.base_sha (the commit id the queue's base "
            "branch is at) in GITHUB_EVENT_PATH: the merge gate's settings cannot be read "
            "from the base, so the gate cannot be judged; run the action on the runner's own "
            "merge_group event"
        )
    return Plan(
        head=_str(group.get("head_sha")) or runner.sha,
        # The queue's temporary branch is nobody's packet branch: judge the merge, not it.
        branch=None,
        target_branch=target,
        default_branch=default_branch,
        base=base,
    )
