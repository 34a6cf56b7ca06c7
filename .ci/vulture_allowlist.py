# Names vulture (`.ci/run`, step "dead code") reports as unused in src/ that are used on purpose:
# read by the tests or the benchmarks, or called by click, not by the package. Reviewed one by one;
# keep it short.
# A new entry says who reads the name. Format: vulture's whitelist (a Python file of bare names).

commands_seen  # TranscriptFacts: how many commands a transcript held (tests/test_agent_transcript.py)
_.commands_seen  # counted while reading the transcript (same)
spawn_count  # git/plumbing: processes started, for the tests that count git calls
comment_id  # action/comment Outcome: which comment was written (tests/test_action_comment*.py)
QUERIES  # action/minimize: every GraphQL document, validated by tests/test_action_comment_when_clear.py
format_commands  # cli/help WorkOrderGroup: click.Group's hook, click calls it for --help
ruleset  # credentials: the vendored gitleaks version, named by tests/test_secret_forms.py
_.log_errors  # re2.Options: read by RE2 (no error printed for a pattern RE2 refuses)
_.max_mem  # re2.Options: read by RE2 (the memory a set of every credential pattern needs)
__getattr__  # markdown/__init__: the module-level hook Python calls for `markdown.render_packet` (PEP 562)
