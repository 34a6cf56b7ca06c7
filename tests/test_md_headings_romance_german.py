"""The usual Portuguese, Spanish, German and French headings for what did not work and what was
done name the "ruled out" and "state" facets, as their English and Spanish equivalents do."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result

Run = Callable[..., Result]

RULED_OUT = [
    "O que não funcionou",
    "Was nicht funktioniert hat",
    "Ce qui n'a pas marché",
    "Ce qui n’a pas fonctionné",
    "Abordagens descartadas",
]
STATE = ["O que foi feito", "Lo que se hizo", "Was gemacht wurde", "Ce qui a été fait"]


def _missing(run_cli: Run, repo: GitRepo, text: str) -> list[str]:
    repo.write("HANDOFF.md", text)
    repo.commit("handoff")
    result = run_cli(["check", "--format", "json", "--select", "md-incomplete"], cwd=repo.root)
    return [f["message"].split(":")[0] for f in result.json()["findings"]]


@pytest.mark.parametrize("heading", RULED_OUT)
def test_a_what_did_not_work_heading_is_ruled_out(
    git_repo: GitRepo, run_cli: Run, heading: str
) -> None:
    text = (
        "# Sessão 12\n\n## Estado\n- Migrei o parser para `src/parser.py`; os testes passam.\n\n"
        "## Próximos passos\n1. Implementar a exportação CSV em `src/export.py`.\n\n"
        "## Decisões tomadas\n- Usar SQLite porque o deploy é numa máquina única.\n\n"
        f"## {heading}\n- Pandas — pesado demais para o container (imagem de 1,2 GB).\n"
    )
    assert "nothing ruled out" not in _missing(run_cli, git_repo, text)


@pytest.mark.parametrize("heading", STATE)
def test_a_what_was_done_heading_is_the_state(
    git_repo: GitRepo, run_cli: Run, heading: str
) -> None:
    text = (
        f"# Sessão 12\n\n## {heading}\n"
        "- Aula-base de Aleitamento Materno entregue no chat, ancorada no PDF-fonte.\n"
        "- Fila de revisão aberta: 118 cards em 60 clusters.\n\n"
        "## Próximos passos\n1. Implementar a exportação CSV em `src/export.py`.\n"
    )
    assert "no state" not in _missing(run_cli, git_repo, text)
