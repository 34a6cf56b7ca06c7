# The GitHub Action's image: handoff-audit and git on Debian's slim base.
FROM debian:bookworm-slim

# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install --yes --no-install-recommends ca-certificates git python3 python3-venv \
    && rm -rf /var/lib/apt/lists/*

COPY pyproject.toml README.md /opt/handoff-audit/src/
COPY src /opt/handoff-audit/src/src
RUN python3 -m venv /opt/handoff-audit/venv \
    && /opt/handoff-audit/venv/bin/pip install --no-cache-dir --disable-pip-version-check \
        /opt/handoff-audit/src \
    && rm -rf /opt/handoff-audit/src

# No USER line: the runner's file commands (GITHUB_OUTPUT, the job summary) and the mounted
# workspace expect the container's default user. The entry point is exec-form: a shell would
# drop INPUT_GITHUB-TOKEN, whose name has a hyphen.
ENV PATH="/opt/handoff-audit/venv/bin:${PATH}" \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1
ENTRYPOINT ["handoff-audit", "ci"]
