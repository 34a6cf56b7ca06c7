"""Hiding our comment and showing it again: GitHub's GraphQL ``minimizeComment`` (classifier
``RESOLVED``, shown as "This comment was marked as resolved") and ``unminimizeComment``.

REST says nothing about whether a comment is hidden, so that is asked of GraphQL too. The
queries are checked in the tests against GitHub's published schema
(tests/data/github-graphql-subset.graphql).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from handoff_audit.action.api import Client, Comment

IS_MINIMIZED_QUERY = "query($id: ID!) { node(id: $id) { ... on IssueComment { isMinimized } } }"
MINIMIZE_MUTATION = (
    "mutation($id: ID!) { minimizeComment(input: {subjectId: $id, classifier: RESOLVED}) "
    "{ minimizedComment { isMinimized } } }"
)
UNMINIMIZE_MUTATION = (
    "mutation($id: ID!) { unminimizeComment(input: {subjectId: $id}) "
    "{ unminimizedComment { isMinimized } } }"
)


def node_id(comment: Comment) -> str:
    """The comment's GraphQL id (REST's ``node_id``)."""
    return str(comment.raw.node_id)


def is_minimized(client: Client, comment: Comment) -> bool:
    """Whether ``comment`` is hidden now."""
    data = client.graphql(
        IS_MINIMIZED_QUERY,
        {"id": node_id(comment)},
        f"asking whether comment {comment.id} is hidden",
    )
    node = data.get("node")
    return isinstance(node, dict) and node.get("isMinimized") is True


def minimize(client: Client, comment: Comment) -> None:
    """Hide ``comment`` as resolved."""
    client.graphql(MINIMIZE_MUTATION, {"id": node_id(comment)}, f"hiding comment {comment.id}")


def unminimize(client: Client, comment: Comment) -> None:
    """Show ``comment`` again."""
    client.graphql(UNMINIMIZE_MUTATION, {"id": node_id(comment)}, f"showing comment {comment.id}")


QUERIES = (IS_MINIMIZED_QUERY, MINIMIZE_MUTATION, UNMINIMIZE_MUTATION)
"""Every GraphQL document this module sends (the tests validate them against the schema)."""
