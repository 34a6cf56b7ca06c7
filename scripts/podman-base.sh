#!/usr/bin/env bash
# Make podman usable on a CI machine without an image registry, and give it the base image the
# Dockerfile starts from (debian:bookworm-slim, built locally with debootstrap).
#
# Idempotent: every step is skipped when its result is already there. Prints the path of the
# containers.conf that podman must be run with (export CONTAINERS_CONF=<that path>).
set -euo pipefail

state="${HANDOFF_AUDIT_PODMAN_DIR:-/var/tmp/handoff-audit-podman}"
image="docker.io/library/debian:bookworm-slim"
mkdir -p "$state"

if ! command -v podman >/dev/null || ! command -v runc >/dev/null || ! command -v debootstrap >/dev/null; then
  # A new machine's package lists may be empty or old: apt-get install needs them fresh.
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman buildah runc debootstrap >/dev/null
fi

# crun refuses hybrid cgroup layouts, and the default ulimits exceed the hard limits of these
# machines' containers, so podman gets its own configuration (nothing under /etc changes).
conf="$state/containers.conf"
cat >"$conf" <<'CONF'
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
CONF
export CONTAINERS_CONF="$conf"

if ! podman image exists "$image"; then
  rootfs="$state/rootfs"
  rm -rf "$rootfs"
  debootstrap --variant=minbase --include=python3,python3-venv,git,ca-certificates \
    bookworm "$rootfs" http://deb.debian.org/debian >"$state/debootstrap.log" 2>&1 \
    || { tail -20 "$state/debootstrap.log" >&2; exit 1; }
  # An intercepting proxy's CA must be trusted inside builds for pip to reach the registry.
  if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
    cp /usr/local/share/ca-certificates/*.crt "$rootfs/usr/local/share/ca-certificates/"
    chroot "$rootfs" update-ca-certificates >/dev/null 2>&1
  fi
  rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/archives/*.deb
  tar -C "$rootfs" -c . | podman import --quiet - localhost/debian:bookworm-slim >/dev/null
  podman tag localhost/debian:bookworm-slim "$image"
  rm -rf "$rootfs"
fi

echo "$conf"
