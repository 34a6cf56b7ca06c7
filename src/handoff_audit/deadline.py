"""A wall-clock bound on a call that can block on the network for as long as a server likes.

A socket timeout bounds each read, not a response: a server that sends one byte every few
seconds keeps a request alive forever. `within` runs the call in a daemon thread and stops
waiting for it at the bound; the abandoned call ends with the process, and nothing waits for it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


class DeadlinePassed(Exception):
    """The call did not finish within its bound."""


def within(seconds: float, call: Callable[[], T]) -> T:
    """``call()``'s result or exception, or `DeadlinePassed` when it takes over ``seconds``."""
    if seconds <= 0:
        raise DeadlinePassed
    outcome: list[T] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            outcome.append(call())
        except BaseException as error:  # handed to the caller's thread
            failure.append(error)

    worker = threading.Thread(target=run, name="handoff-audit-deadline", daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        raise DeadlinePassed
    if failure:
        raise failure[0]
    return outcome[0]
