import { mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { withFileLock } from "./files.js";
import { stateDir } from "./paths.js";

/**
 * The stamps this machine's processes used recently with one API key, so that two tradectl
 * processes never send the same X-Stamp (the service refuses a stamp it has seen for the key,
 * API-NOTES.md). One small file per key in the state directory, named by a hash of the public
 * key (the key itself is not written), holding one stamp per line; read, extended and rewritten
 * under the lock every process takes (config/files.ts), on every signed request.
 *
 * Stamps are kept while the service could still compare a new one with them (its ±5 s window,
 * with a margin), on both sides of the new stamp: a corrected clock may step back into them.
 * The file is replaced by a rename so that a reader never sees half of it; it is not fsynced,
 * since after a power cut every stamp in it is long out of the service's window. The section
 * under the lock is a few synchronous calls on a file of a few KB: well under a millisecond.
 */
const KEEP_MS = 15_000;
/** More stamps than any machine sends in KEEP_MS; past it the farthest from the new one go. */
const KEEP_MAX = 20_000;

export interface StampLedgerFile {
  claim(pick: (used: ReadonlySet<number>) => number): Promise<number>;
}

export function stampLedgerPath(env: NodeJS.ProcessEnv, publicKey: string): string {
  return join(stateDir(env), "stamps", keyName(publicKey));
}

/**
 * A file name for the key that does not spell it: two FNV-1a hashes of it (node:crypto is not
 * loaded for this; two keys that met in one name would only skip each other's stamps).
 */
function keyName(key: string): string {
  const fnv = (seed: number) => {
    let hash = seed;
    for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
    return (hash >>> 0).toString(16);
  };
  return `${fnv(0x811c9dc5)}-${fnv(0x050c5d1f)}`;
}

export function stampLedger(env: NodeJS.ProcessEnv, publicKey: string): StampLedgerFile {
  const path = stampLedgerPath(env, publicKey);
  let dirReady = false;
  return {
    claim(pick) {
      if (!dirReady) {
        mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
        dirReady = true;
      }
      return withFileLock(`${path}.lock`, () => {
        const used = readStamps(path);
        const stamp = pick(used);
        const kept = [...used].filter((s) => Math.abs(s - stamp) <= KEEP_MS);
        kept.push(stamp);
        if (kept.length > KEEP_MAX) {
          kept.sort((a, b) => Math.abs(a - stamp) - Math.abs(b - stamp));
          kept.length = KEEP_MAX;
        }
        replace(path, `${kept.join("\n")}\n`);
        return stamp;
      });
    },
  };
}

function readStamps(path: string): Set<number> {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Set();
    throw error;
  }
  const stamps = new Set<number>();
  for (const line of text.split("\n")) {
    if (/^[0-9]{1,16}$/.test(line)) stamps.add(Number(line));
  }
  return stamps;
}

function replace(path: string, text: string): void {
  const random = globalThis.crypto.getRandomValues(new Uint32Array(1))[0]!.toString(16);
  const temp = `${path}.${process.pid}.${random}.tmp`;
  try {
    writeFileSync(temp, text, { mode: 0o600 });
    renameSync(temp, path);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {}
    throw error;
  }
}
