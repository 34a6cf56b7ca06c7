"""`show` on a session log appended at the bottom whose entries are headed by a date with the
month's name, in English or in Russian ("## 🗓️ Дата: 17 июля 2025, 19:30"): the next action is
the newest entry's "Next steps" ("Следующие шаги"), not an older entry's "Current tasks" nor the
newest entry's own "Current tasks" above its "Next steps". Shaped on AlexKhvostov/Cabrio_project's
SESSION_NOTES.md."""

from __future__ import annotations

import pytest

from conftest import GitRepo
from test_brief_show import Run, repo, show

__all__ = ["repo"]  # the fixture

RUSSIAN = """# 📝 Заметки сессии разработки CabrioRide

> Новые заметки вставляются в конец документа.

## 🗓️ Дата: 8 июля 2025

### 📋 Текущие задачи

1. **Ожидание файлов от пользователя:**
   - Логотип клуба CabrioRide
   - Скриншоты примеров интерфейса

### ✅ Сделано
- Создан каркас бота в `bot/main.py`, тесты проходят.

## 🗓️ Дата: 17 июля 2025, 19:30

### 🛠️ Текущие задачи
- Реализовать базовую клавиатуру для команд бота

### 📋 Следующие шаги
- Реализовать обработчики для кнопок клавиатуры в `bot/handlers.py`
- Добавить тесты для обработчиков в `tests/test_handlers.py`
"""

ENGLISH = """# Dev session notes

> New notes go at the end of this file.

## Date: 8 July 2025

### Current tasks
- Waiting for the club logo from the client

### Done
- Created the bot skeleton in `bot/main.py`; tests pass.

## Date: 17 July 2025

### Current tasks
- Build the basic keyboard for the bot commands

### Next steps
- Implement the handlers for the keyboard buttons in `bot/handlers.py`
- Add tests for the handlers in `tests/test_handlers.py`
"""


@pytest.mark.parametrize(
    ("text", "step"),
    [
        (RUSSIAN, "Реализовать обработчики для кнопок клавиатуры"),
        (ENGLISH, "Implement the handlers for the keyboard buttons"),
    ],
    ids=["russian", "english"],
)
def test_the_newest_entrys_next_steps_come_first(
    repo: GitRepo, run_cli: Run, text: str, step: str
) -> None:
    repo.write("SESSION_NOTES.md", text)
    repo.commit("notes")
    shown = show(run_cli, repo)
    assert shown.code == 0, shown.err
    # a heading names the section: the brief quotes the steps under it, not its words
    assert shown.out.startswith(f"Next action: - {step}"), shown.out[:300]


def test_russian_dates_order_the_entries(repo: GitRepo, run_cli: Run) -> None:
    """The newest entry wins by its date, not by its place: with the 17 July entry first and
    only the 8 July entry holding "Следующие шаги", the newest entry's tasks are the step."""
    older = RUSSIAN.split("## 🗓️ Дата: 17")[0].replace("📋 Текущие задачи", "📋 Следующие шаги")
    newest = "## 🗓️ Дата: 17" + RUSSIAN.split("## 🗓️ Дата: 17")[1]
    newest = newest.split("### 📋 Следующие шаги")[0]
    repo.write(
        "SESSION_NOTES.md", older + "\n## 🗓️ Дата: 20 июля 2025\n\n" + newest.split("\n", 1)[1]
    )
    repo.commit("notes")
    shown = show(run_cli, repo)
    assert shown.code == 0, shown.err
    assert shown.out.startswith("Next action: Реализовать базовую клавиатуру"), shown.out[:300]
