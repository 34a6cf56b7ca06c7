"""Issue 20, round 21: code is read as code when a standing document is told apart.

A saved chat answer pastes its code with no fence: those lines (a ``#include``, a line
closing on a semicolon or a brace) are names and commands, in no language, and no longer
drown the English of the advice around them. An API reference shows an example payload in a
fenced block: a date or an object id inside it is data, not a record of work done, so only
dates and hashes outside fenced code keep a file judged as a handoff.

Examples written for these tests.
"""

from __future__ import annotations

from handoff_audit.markdown.standing import standing

SAVED_CHAT_ANSWER = """\
Good question: gate logging at compile time with a macro, plus a runtime level in a global.

logger.h

#pragma once
#include <cstdint>
namespace logger {
enum Level : uint8_t { TRACE = 0, DEBUG = 1, INFO = 2, WARN = 3 };
void Init(bool wait_for_host);
void SetLevel(Level lvl);
void Print(Level lvl, const char* fmt, ...);
}
#define LOG_INFO(...) logger::Print(logger::INFO, __VA_ARGS__);

logger.cpp

#include "logger.h"
#include <cstdio>
static logger::Level g_level = logger::INFO;
static char buf[256];
void logger::SetLevel(Level lvl) {
  g_level = lvl;
}
void logger::Print(Level lvl, const char* fmt, ...) {
  if (lvl < g_level) return;
  va_list args;
  va_start(args, fmt);
  vsnprintf(buf, sizeof(buf), fmt, args);
  va_end(args);
  hw.PrintLine("%s", buf);
}

main.cpp

#include "logger.h"
#include "daisy_seed.h"
using namespace daisy;
DaisySeed hw;
static volatile float peak_level = 0.0f;
static void AudioCallback(AudioHandle::InputBuffer in, AudioHandle::OutputBuffer out, size_t size) {
  for (size_t i = 0; i < size; i++) {
    out[0][i] = in[0][i];
    peak_level = fmaxf(peak_level, fabsf(in[0][i]));
  }
}
int main(void) {
  hw.Init();
  logger::Init(true);
  logger::SetLevel(logger::DEBUG);
  hw.StartAudio(AudioCallback);
  while (1) {
    LOG_INFO("peak %d", (int)(peak_level * 1000));
    peak_level = 0.0f;
    System::Delay(500);
  }
}

Keep the calls out of the audio callback: printing there is slow and will cause dropouts.
Copy values to a variable and print them from the main loop.
Stripped calls cost nothing in the release binary.
"""

API_ROUTE_REFERENCE = """\
# Orders

API route for reading one order.

## Request

### Route: /orders/:orderId

### Method: `GET`

- `orderId`: a valid ObjectID of the order

## Response

### Payload

- `success`: true when the order is found
- `data`: the order, with its items and the customer who placed it

### Example

```json
{
  "success": true,
  "data": {
    "orderId": "66309f8691d019ed240c646f",
    "placedAt": "2024-05-01T10:00:00Z",
    "items": [{"sku": "A-100", "quantity": 2}]
  }
}
```

## Errors

- 404 when the order does not exist or belongs to another customer
"""

SESSION_WITH_LOG = """\
Today the retry logic for the mail queue was finished and the flaky test was fixed.
The worker now backs off on a 429 and gives up after five tries.
The dead-letter table was added and the migration was applied to staging.
The dashboard was updated to show the queue depth.
Two alerts were tuned so they no longer fire on every deploy.

```
$ git log --oneline -2
3f9a2c1 Add dead-letter table
8be41d0 Back off on 429
```
"""


def test_a_saved_chat_answer_with_unfenced_code_is_a_standing_document() -> None:
    found = standing(SAVED_CHAT_ANSWER)
    assert found
    assert any("audio callback" in line for _, line in found)


def test_unfenced_code_does_not_make_terse_code_read_as_english() -> None:
    code_only = "\n".join(
        line for line in SAVED_CHAT_ANSWER.splitlines() if line.endswith((";", "{", "}"))
    )
    assert standing(code_only) == []


def test_a_date_and_an_id_in_an_example_payload_record_nothing() -> None:
    assert standing(API_ROUTE_REFERENCE)


def test_a_date_or_a_hash_outside_code_still_keeps_the_file_a_handoff() -> None:
    dated = API_ROUTE_REFERENCE.replace("API route for", "Updated 2024-05-02: API route for")
    assert standing(dated) == []
    hashed = API_ROUTE_REFERENCE.replace("## Errors", "See 66309f8 for the route.\n\n## Errors")
    assert standing(hashed) == []


def test_a_session_record_with_its_log_fenced_is_still_a_handoff() -> None:
    assert standing(SESSION_WITH_LOG) == []
