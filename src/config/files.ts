// fs.promises, not node:fs/promises: a lazy getter, so a run that writes no file (--help, a Tab
// completion) never loads it (nor the readline and stream modules it brings).
import { constants, promises as fsp } from "node:fs";
import { dirname } from "node:path";
import { type Text, TradectlError } from "../errors.js";
import { msg } from "../i18n/index.js";

/**
 * The one home of "write a file so that nobody sees half of it", and of the errors of local
 * files in words. The config file, the sandbox state and the clock memory all write through
 * here; their read-modify-write cycles queue under the lock files of lock-files.ts.
 */

/** The file operations that can fail, as `fileError` names them. */
export type FileAction = "read" | "write" | "write in" | "create the lock file";

const ACTION_KEYS = {
  read: "read",
  write: "write",
  "write in": "writeIn",
  "create the lock file": "lock",
} as const satisfies Record<FileAction, string>;

/** The error codes told in words (in the message's own sentence, in each language). */
const ERRNO_IN_WORDS = [
  "EACCES",
  "EPERM",
  "EROFS",
  "ENOSPC",
  "EDQUOT",
  "ENOTDIR",
  "EISDIR",
] as const;
type ErrnoInWords = (typeof ERRNO_IN_WORDS)[number];

function isErrnoInWords(code: string | undefined): code is ErrnoInWords {
  return (ERRNO_IN_WORDS as readonly (string | undefined)[]).includes(code);
}

/** What the disk itself failed at: no place or no health to write (kind `io`, exit 1). */
const DISK_FAILURES: ReadonlySet<string | undefined> = new Set([
  "ENOSPC",
  "EDQUOT",
  "EIO",
  "EFBIG",
]);

/**
 * A local file operation that failed, as one line that names the path and the reason
 * (`cannot write /x/state/tradectl: read-only file system (EROFS)`), never V8's stack. A local
 * set-up problem the user fixes (permissions, XDG_STATE_HOME) is a usage error (exit 2); a disk
 * that is full or failing is kind `io` (exit 1): no flag fixes it.
 */
export function fileError(action: FileAction, path: string, error: unknown): TradectlError {
  if (error instanceof TradectlError) return error;
  const code = (error as NodeJS.ErrnoException)?.code;
  const key = `file.${ACTION_KEYS[action]}` as const;
  // A code in words of ours (said in each language), else the code or the system's own message.
  const reason: string | Text = isErrnoInWords(code)
    ? msg(`file.why.${code}`)
    : (code ?? (error instanceof Error ? error.message : String(error)));
  const writable = code === "EACCES" || code === "EPERM" || code === "EROFS";
  return new TradectlError(DISK_FAILURES.has(code) ? "io" : "usage", msg(key, { path, reason }), {
    ...(writable ? { hint: msg("file.writableHint") } : {}),
    cause: error,
  });
}

/**
 * Checks that `dir` exists (it is created, 0700, when missing) and that this user may create
 * and rename files in it, before anything depends on it. `access` also reports a read-only
 * mount, which permission bits do not show.
 */
export async function ensureWritableDir(dir: string): Promise<void> {
  try {
    await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
    await fsp.access(dir, constants.W_OK | constants.X_OK);
  } catch (error) {
    throw fileError("write in", dir, error);
  }
}

/** The file's text, or null when there is no such file (any other failure is an error). */
export async function readTextIfAny(path: string): Promise<string | null> {
  try {
    return await fsp.readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw fileError("read", path, error);
  }
}

/**
 * Writes `text` to `path` so that a reader sees the old content or the new, never half, and a
 * crash right after leaves the new content on disk: a unique temp file beside it, written,
 * fsynced, given `mode`, then renamed over the old one (and the directory fsynced, so the
 * rename itself survives a power cut). The directory is created (0700) when missing.
 */
export async function writeFileAtomic(
  path: string,
  text: string,
  options: { mode?: number } = {},
): Promise<void> {
  const mode = options.mode ?? 0o600;
  const dir = dirname(path);
  const temp = `${path}.${process.pid}.${randomHex(4)}.tmp`;
  try {
    await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
    const handle = await fsp.open(temp, "wx", mode);
    try {
      await handle.writeFile(text, "utf8");
      // The creation mode passes through the umask; the file's mode must not.
      await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(temp, path);
  } catch (error) {
    await fsp.unlink(temp).catch(() => {});
    throw fileError("write", path, error);
  }
  await syncDirectory(dir);
}

async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await fsp.open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some file systems refuse to fsync a directory; the rename is still atomic there.
  }
}

/**
 * `bytes` random bytes as hex, for unique temp and lock names. The global Web Crypto rather than
 * node:crypto, which would load with this module at every start (streams included).
 */
export function randomHex(bytes: number): string {
  return Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes))).toString("hex");
}
