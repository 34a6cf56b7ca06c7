"""Complete handoffs written with their language's own headings and words miss nothing: the
German singular "Nächster Schritt", Italian "perché" and "non ha funzionato", Vietnamese "vì"
and "đã thử" (review 47-1: each got md-incomplete findings the English file does not)."""

from __future__ import annotations

import pytest

from handoff_audit.markdown.completeness import missing_parts

GERMAN = """# Übergabe 2025-11-23
## Stand
Der Login funktioniert, alle Tests laufen grün (`pytest -q`).
## Nächster Schritt
Refresh-Tokens in src/auth.py einbauen.
## Entscheidungen
- Sitzungen in Redis, weil die App auf drei Hosts läuft.
## Verworfen
- Nur JWT: ausprobiert, funktionierte nicht, weil man Tokens nicht widerrufen kann.
## Verweise
- src/auth.py:42
"""

ITALIAN = """# Passaggio di consegne 2025-11-23
## Stato attuale
Il login funziona e tutti i test passano (`pytest -q`).
## Prossimo passo
Aggiungere i token di refresh in src/auth.py.
## Decisioni
- Sessioni in Redis perché l'app gira su tre host.
## Scartato
- Solo JWT: provato, non ha funzionato perché non si possono revocare.
## Riferimenti
- src/auth.py:42
"""

VIETNAMESE = """# Bàn giao 2025-11-23
## Trạng thái hiện tại
Đăng nhập đã hoạt động, tất cả test đều pass (`pytest -q`).
## Bước tiếp theo
Thêm refresh token vào src/auth.py.
## Quyết định
- Lưu session trong Redis vì ứng dụng chạy trên ba host.
## Đã loại bỏ
- Chỉ dùng JWT: đã thử, không được vì không thu hồi được token.
## Tham khảo
- src/auth.py:42
"""


@pytest.mark.parametrize("text", [GERMAN, ITALIAN, VIETNAMESE], ids=["de", "it", "vi"])
def test_a_complete_handoff_in_its_own_language_misses_nothing(text: str) -> None:
    assert [part.facet for part in missing_parts(text)] == []


def test_the_same_sections_without_their_content_are_still_missing() -> None:
    # The words count for their facet, not the headings alone: emptied, each section is missing.
    bare = "\n".join(line for line in ITALIAN.splitlines() if line.startswith("#")) + "\n"
    assert {part.facet for part in missing_parts(bare)} >= {"next", "decisions", "ruled_out"}


@pytest.mark.parametrize(
    ("heading", "facet"),
    [("Verworfen", "ruled_out"), ("Scartato", "ruled_out"), ("Stato", "state")],
)
def test_the_language_s_own_heading_names_its_facet(heading: str, facet: str) -> None:
    # Review 47-4: these headings alone (items with no cue word of their own) went unread.
    from handoff_audit.markdown.facet_headings import heading_facet

    assert heading_facet(heading) == facet
