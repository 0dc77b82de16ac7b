// Whether the receipts' directory or file is open to other users: said, never refused (a shared host's choice).
import { statSync } from "node:fs";
import { dirname } from "node:path";

/** A receipts path whose mode lets other users in: the state directory or the file itself. */
export interface LooseMode {
  what: "dir" | "file";
  path: string;
  /** Octal, as `ls -l` users type it to chmod: "777", "644". */
  mode: string;
}

const modeOf = (path: string): number | null => {
  try {
    return statSync(path).mode & 0o777;
  } catch {
    return null; // Not there yet: it is created private (0700 and 0600).
  }
};

/**
 * The directory when any user may write it (they could replace the receipts), the file when
 * any other user may read or write it (it holds every declaration's answers). POSIX modes
 * only: Windows has none to read.
 */
export function looseModes(path: string): LooseMode[] {
  if (process.platform === "win32") return [];
  const loose: LooseMode[] = [];
  const dir = dirname(path);
  const dirMode = modeOf(dir);
  if (dirMode !== null && (dirMode & 0o002) !== 0) {
    loose.push({ what: "dir", path: dir, mode: dirMode.toString(8) });
  }
  const fileMode = modeOf(path);
  if (fileMode !== null && (fileMode & 0o077) !== 0) {
    loose.push({ what: "file", path, mode: fileMode.toString(8) });
  }
  return loose;
}
