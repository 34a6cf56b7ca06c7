"""A last known good commit `new --verify` took on trust: the tests failed at HEAD and no green
commit was known, so the packet keeps the commit where the branch left its base, which no test
run of the packet's proved. The failure's open risk says so (`TRUSTED`), and the brief reads it
back (`trusted_lkg`) rather than calling it the commit where tests passed."""

from __future__ import annotations

TRUSTED = "taken on trust (no test run recorded there)"
"""How the failure risk calls a last known good commit `new --verify` took on trust: the
branch's base, set when the tests failed at HEAD (`trusted_lkg` finds it for the brief)."""


def trusted_lkg(risks: object, lkg: str) -> bool:
    """Whether the packet's open ``risks`` say its last known good commit ``lkg`` was taken on
    trust (`Verification.facts`): no test run passed there as far as the packet knows."""
    said = f"last_known_good_commit is {lkg[:12]}, "
    return isinstance(risks, list) and any(
        isinstance(risk, dict)
        and isinstance(risk.get("what"), str)
        and said in risk["what"]
        and risk["what"].endswith(TRUSTED)
        for risk in risks
    )
