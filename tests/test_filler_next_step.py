"""A next step whose whole content is a filler word or mark ("NEXT: continue", "NEXT: .",
"- [ ] x") is no step: the Stop hook blocks on it as on "NEXT: TODO", and the message names the
line as a placeholder rather than saying no "NEXT:" line was found. Found by an agent
play-through (review H3, L3)."""

from __future__ import annotations

import pytest

from agent_support import run_hook, stop_event
from conftest import GitRepo


def note_only(repo: GitRepo, note: str) -> None:
    """A branch with work of its own and a committed HANDOFF.md holding only ``note``."""
    repo.write("src/calc.py", "def add(a, b):\n    return a + b\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat/cube")
    repo.write("src/calc.py", "def cube(a):\n    return a**3\n")
    repo.write("HANDOFF.md", note + "\n")
    repo.commit("cube, and the handoff")


@pytest.mark.parametrize(
    "note", ["NEXT: continue", "NEXT: .", "- [ ] x", "NEXT: TODO", "Next step: keep going."]
)
def test_a_filler_next_step_blocks_the_stop_and_is_called_a_placeholder(
    git_repo: GitRepo, note: str
) -> None:
    note_only(git_repo, note)

    blocked = run_hook(stop_event(git_repo.root))

    assert blocked.code == 2, blocked.err
    assert "HANDOFF.md:1 md-incomplete" in blocked.err, blocked.err
    assert "holds only a placeholder, no step" in blocked.err, blocked.err
    assert 'found no "Next steps"' not in blocked.err, blocked.err


def test_a_real_one_line_step_still_lets_the_session_stop(git_repo: GitRepo) -> None:
    note_only(git_repo, "NEXT: add square() beside cube() in src/calc.py, with a test.")

    assert run_hook(stop_event(git_repo.root)).code == 0


def test_a_bold_label_with_its_steps_below_is_no_filler(git_repo: GitRepo) -> None:
    """A ``**Next Steps:**`` label with nothing after its colon holds its steps on the lines
    below (as round 74's AJStolp SESSION_NOTES.md does): no "placeholder" error for it."""
    note_only(
        git_repo,
        "# Session Notes\n\n## Summary\nDebugging the payment flow of the extension.\n\n"
        "## Current Issue - IN PROGRESS\n\n### Stripe webhook not updating credits\n"
        "**Problem:** payment completes in Stripe but credits are not added.\n\n"
        "**Next Steps:**\n1. Verify the webhook listens for `checkout.session.completed`\n"
        "   - Stripe Dashboard, Webhooks, endpoint, Events to send\n\n"
        "2. After fixing the webhook config, restart the server:\n"
        "   ```bash\n   systemctl restart api\n   ```\n\n"
        "3. Test a payment again and check the endpoint's recent deliveries.",
    )

    stopped = run_hook(stop_event(git_repo.root))

    assert "holds only a placeholder" not in stopped.err, stopped.err
