#!/usr/bin/env bash
# The single executable (npm run build:exe) as a user without Node.js runs it: PATH holds no
# node, HOME is empty. It prints its version, lists the sandbox's declarations, confirms one,
# and shows the wizard's first screen in a pseudo-terminal (util-linux `script`).
set -euo pipefail
cd "$(dirname "$0")/.."
exe="$PWD/tradectl-linux-x64"
[ -x "$exe" ] || { echo "check-exe: no $exe (run npm run build:exe)" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/tradectl-exe-XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() {
  echo "check-exe: $*" >&2
  exit 1
}
# No node anywhere on this PATH: only the shell's own tools.
nonode="$work/bin"
mkdir -p "$nonode" "$work/home"
for tool in sh env; do ln -s "$(command -v "$tool")" "$nonode/$tool"; done
run() { env -i HOME="$work/home" PATH="$nonode" TERM=dumb TZ=UTC "$exe" "$@"; }
env -i PATH="$nonode" sh -c 'command -v node' && fail "node is on the PATH of the check"

version=$(run --version)
[ "$version" = "$(node -p "require('./package.json').version")" ] || fail "--version said '$version'"
run --sandbox declarations list >"$work/list.out" || fail "the sandbox list failed"
grep -q Pending "$work/list.out" || fail "the sandbox list printed no pending declaration"
run --sandbox declarations confirm 734001026 --self --address-type individual-wallet \
  --description-preset own-accounts --yes -o json >"$work/confirm.out" 2>"$work/confirm.err" \
  || fail "the confirm failed: $(cat "$work/confirm.err")"
grep -q '"success": true' "$work/confirm.out" || fail "the confirm printed: $(cat "$work/confirm.out")"

# The wizard's first screen, in a pseudo-terminal; stdin ends, so it stops there (exit 130).
if command -v script >/dev/null; then
  status=0
  (sleep 3) | timeout 30 script -qfec "env -i HOME='$work/home' PATH='$nonode' TERM=xterm \
    '$exe' --no-color --sandbox declarations confirm" /dev/null >"$work/wizard.out" 2>&1 || status=$?
  grep -q "Which deposit do you want to declare?" "$work/wizard.out" \
    || fail "the wizard's first screen did not show (exit $status): $(cat "$work/wizard.out")"
else
  echo "check-exe: no script(1) here; the wizard's screen was not checked"
fi
echo "check-exe: $(basename "$exe") ($(($(stat -c %s "$exe") / 1024 / 1024)) MB) runs with no node on PATH: ok"
