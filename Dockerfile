# The GitHub Action's image: handoff-audit and git on Debian's slim base.
#
# Reproducible as far as a Dockerfile can be: the base is pinned by digest (debian:bookworm-slim
# as published on 2026-09-18, the multi-platform index, so amd64 and arm64 both resolve), and
# every Python package, build tools included, is pinned with its hashes in requirements.lock
# (pip-compile from pyproject.toml). apt packages cannot be pinned that way: Debian keeps only
# the current version of each package in its archive. README.md ("Prebuilt image or Dockerfile")
# says how to refresh both pins. BASE is a build argument only so that a machine without a
# registry can build from a local copy of the same base (scripts/podman-base.sh).
ARG BASE=debian:bookworm-slim@sha256:3783cc01769c7b2b1b83a5c5ad96c815348e28ed7da68e2e3687004faa906251
FROM ${BASE}

# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install --yes --no-install-recommends ca-certificates git python3 python3-venv \
    && rm -rf /var/lib/apt/lists/*

# The locked dependencies first (a layer that changes only with the lock), then the project
# itself without resolving anything: --no-deps, built with the locked setuptools.
COPY requirements.lock /opt/handoff-audit/requirements.lock
RUN python3 -m venv /opt/handoff-audit/venv \
    && /opt/handoff-audit/venv/bin/pip install --no-cache-dir --disable-pip-version-check \
        --require-hashes --only-binary=:all: -r /opt/handoff-audit/requirements.lock

# The version --version and the reports show: .git is not in the build context, so setuptools-scm
# cannot read the tag here; the release workflow passes it (VERSION=1.2.3). Any other build
# reports the fallback.
ARG VERSION=0.0.0+unknown
COPY pyproject.toml README.md /opt/handoff-audit/src/
COPY src /opt/handoff-audit/src/src
RUN SETUPTOOLS_SCM_PRETEND_VERSION="${VERSION}" /opt/handoff-audit/venv/bin/pip install --no-cache-dir --disable-pip-version-check \
        --no-deps --no-build-isolation /opt/handoff-audit/src \
    && rm -rf /opt/handoff-audit/src

# No USER line: the runner's file commands (GITHUB_OUTPUT, the job summary) and the mounted
# workspace expect the container's default user. The entry point is exec-form: a shell would
# drop INPUT_GITHUB-TOKEN, whose name has a hyphen.
ENV PATH="/opt/handoff-audit/venv/bin:${PATH}" \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1
ENTRYPOINT ["handoff-audit", "ci"]
