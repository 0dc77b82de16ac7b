// V8's compiled code for our bundles (dist/*.cjs) kept between runs on a Node without its own
// compile cache (`module.enableCompileCache` came in Node 22.1; we support 20.18). Without it
// every start parses and compiles dist/cli.cjs, and a command also dist/runs.cjs and undici:
// about 50 ms of CPU in a walk's profile, a third of `--help` above `node -e 0`. This is what
// Node 22's cache does, made on the user's machine for the V8 that reads it (a cache shipped in
// the package would fit only the packing machine's V8), in the user's cache folder.
//
// Public APIs only: `require.extensions[".cjs"]` for files under dist/ (any other file loads as
// before), vm.Script with cachedData / createCachedData. V8 checks a cache against its version,
// its flags and the source's length, and compiles as usual when one does not fit; the file's
// identity (size, times, inode) is written in the cache and checked here too, so a rebuilt or
// reinstalled bundle never runs the code of the one before. A cache is written at exit (with
// what the run compiled, lazily compiled functions included) only when there was none, V8
// refused it, or it was made by runs of other commands only (MOST_COMMANDS); any failure to read
// or write one costs only the compile it would have saved.
// NODE_DISABLE_COMPILE_CACHE=1 turns it off, as it does Node's own.
"use strict";

const fs = require("node:fs");
const path = require("node:path");

/**
 * The V8 flags dist/cli.cjs sets once undici is loaded (scripts/build.js, VENDOR), at their
 * defaults. V8 refuses a cache made under other flag values than the reader's, and every
 * bundle is read before the flags are set, so a cache is made with the flags at their defaults.
 */
const V8_FLAGS_DEFAULT =
  "--wasm-tiering-budget=1800000 --wasm-dynamic-tiering --wasm-tier-up --heap-growing-percent=0";

/**
 * A cache holds the functions the run that wrote it compiled: a command whose code the first
 * run did not reach compiled it again at every start (a batch under a cache a walk made: 10-20 ms
 * before its first confirmation). So a cache names the commands whose runs made it, and a run of
 * another command writes it again at exit, its own functions added to those it read: once per
 * command, for up to this many, so commands run in turn do not write it at every run.
 */
const MOST_COMMANDS = 8;
const COMMANDS = "commands:";

/**
 * What a run names its command by: its first two words (`declarations confirm`); an option's
 * value may stand in for one, which only names the command otherwise.
 */
function commandOf(argv) {
  return argv
    .slice(2)
    .filter((word) => /^[a-z][a-z-]*$/.test(word))
    .slice(0, 2)
    .join(" ");
}

/** Where the caches live: the user's cache folder, one subfolder per V8 version. */
function cacheFolder(env) {
  const base =
    env.XDG_CACHE_HOME ||
    (process.platform === "win32"
      ? env.LOCALAPPDATA
      : env.HOME &&
        path.join(env.HOME, process.platform === "darwin" ? "Library/Caches" : ".cache"));
  return base ? path.join(base, "tradectl", `v8-${process.versions.v8}`) : null;
}

/** Loads every .cjs file under `dist` through a code cache kept in the user's cache folder. */
function enableBundleCache(dist, env = process.env) {
  if (env.NODE_DISABLE_COMPILE_CACHE) return;
  const folder = cacheFolder(env);
  if (!folder) return;
  const vm = require("node:vm");
  const { createRequire } = require("node:module");
  // Node loads a file by its real path: dist/ by its real path too (a linked install).
  let real = dist;
  try {
    real = fs.realpathSync(dist);
  } catch {}
  const inDist = real + path.sep;
  // Node 20 has no handler of its own for .cjs: it loads one as .js.
  const original = require.extensions[".cjs"] ?? require.extensions[".js"];
  /** Caches to write at exit: V8 had none for these files, refused it, or it lacks this command. */
  const toWrite = [];
  const command = commandOf(process.argv);
  require.extensions[".cjs"] = (module, filename) => {
    if (!filename.startsWith(inDist)) return original(module, filename);
    const fd = fs.openSync(filename, "r");
    let source;
    let stat;
    try {
      stat = fs.fstatSync(fd);
      source = fs.readFileSync(fd, "utf8");
    } finally {
      fs.closeSync(fd);
    }
    const identity = `${stat.size} ${stat.mtimeMs} ${stat.ctimeMs} ${stat.ino}\n`;
    const file = path.join(folder, filename.slice(inDist.length).replaceAll(path.sep, "+"));
    const cache = readCache(file, identity);
    // CommonJS's own wrapper, on the source's first line so line numbers stay as they are.
    const script = new vm.Script(
      `(function (exports, require, module, __filename, __dirname) { ${source}\n})`,
      { filename, cachedData: cache?.data },
    );
    if (cache === undefined || script.cachedDataRejected) {
      toWrite.push({ file, identity, script, commands: [command] });
    } else if (!cache.commands.includes(command) && cache.commands.length < MOST_COMMANDS) {
      // Made by other commands: this one's functions are compiled anew at every run until the
      // cache holds them too (written again with what this run compiled, theirs included).
      toWrite.push({ file, identity, script, commands: [...cache.commands, command] });
    }
    script
      .runInThisContext()
      .call(
        module.exports,
        module.exports,
        createRequire(filename),
        module,
        filename,
        path.dirname(filename),
      );
  };
  process.once("exit", () => {
    if (toWrite.length === 0) return;
    try {
      require("node:v8").setFlagsFromString(V8_FLAGS_DEFAULT);
      fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
      for (const { file, identity, script, commands } of toWrite) {
        // Written beside and renamed, so a reader sees a whole cache or none.
        const temp = `${file}.${process.pid}`;
        const head = `${identity}${COMMANDS}${commands.join("\t")}\n`;
        fs.writeFileSync(temp, Buffer.concat([Buffer.from(head), script.createCachedData()]));
        fs.renameSync(temp, file);
      }
    } catch {
      // A read-only or full disk: the next run compiles, as without a cache.
    }
  });
}

/**
 * The cached code in `file` if it was made from the file `identity` describes, and the commands
 * whose runs made it (a file without that line, from an older version, is made again).
 */
function readCache(file, identity) {
  let data;
  try {
    data = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  const head = Buffer.from(identity + COMMANDS);
  if (data.length <= head.length || !data.subarray(0, head.length).equals(head)) return undefined;
  const end = data.indexOf(10, head.length);
  if (end === -1) return undefined;
  const commands = data.subarray(head.length, end).toString("utf8").split("\t");
  return { data: data.subarray(end + 1), commands };
}

module.exports = { enableBundleCache };
