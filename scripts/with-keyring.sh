#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with a Secret Service (gnome-keyring) whose
# default collection ("login") is created and unlocked, so the keyring tests use a real one:
#
#   scripts/with-keyring.sh npx vitest run test/config/keyring.test.ts
#
# Needs Debian's gnome-keyring, dbus (dbus-run-session) and libsecret-tools (secret-tool, which
# the tests use to look at the keyring themselves). The keyring files live in a temporary
# directory, removed at the end: the user's own keyrings are never opened. Without those
# packages the command runs as it is, and the keyring tests report themselves skipped.
set -euo pipefail
if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
  echo "with-keyring: no dbus-run-session or gnome-keyring-daemon; running without a keyring" >&2
  exec "$@"
fi
if [ -z "${TRADECTL_KEYRING_SESSION:-}" ]; then
  # The session's bus (and a daemon it starts on demand) sees these too: keyrings and the
  # control socket in the temporary directory.
  data=$(mktemp -d "${TMPDIR:-/tmp}/tradectl-keyring-XXXXXX")
  status=0
  TRADECTL_KEYRING_SESSION=1 XDG_DATA_HOME="$data/data" XDG_RUNTIME_DIR="$data" \
    dbus-run-session -- "$0" "$@" || status=$?
  rm -rf "$data"
  exit "$status"
fi
# --unlock reads the login password from stdin, creates the "login" collection with it (the
# default one) and leaves it unlocked; the daemon prints its control socket's address.
eval "$(printf 'tradectl-test' | gnome-keyring-daemon --unlock --components=secrets)"
export GNOME_KEYRING_CONTROL
"$@"
