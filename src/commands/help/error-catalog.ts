// `tradectl help exit-codes -o json`: each error kind for a script or an agent (machine output: English in every language).
import { type ErrorKind, EXIT_CODES } from "../../errors.js";
import { jsonText } from "../../output/json-text.js";

export interface ErrorCatalogEntry {
  kind: ErrorKind;
  exitCode: number;
  /** Whether running the same command again may succeed without changing anything. */
  retryable: boolean;
  /** The next step. */
  action: string;
}

const ACTIONS: Record<ErrorKind, { retryable: boolean; action: string }> = {
  usage: { retryable: false, action: "fix the command line: the message names the flag or value" },
  validation: {
    retryable: false,
    action: "fix the answers: the message is the service's rule, word for word",
  },
  not_found: { retryable: false, action: "check the id: list the declarations or orders first" },
  auth: {
    retryable: false,
    action:
      "run `tradectl auth doctor`: it says whether the key, its permissions, an IP binding or the clock is refused",
  },
  conflict: {
    retryable: false,
    action: "already confirmed: nothing to do; `tradectl receipts show ID` shows what was sent",
  },
  rate_limited: {
    retryable: true,
    action: "wait, then run it again: tradectl waited and retried already",
  },
  server: { retryable: true, action: "the service failed: run it again later" },
  io: {
    retryable: true,
    action:
      "free space on the disk that holds the state directory (or fix the device), then run it again: nothing was sent that is not on record",
  },
  network: {
    retryable: true,
    action:
      "check the connection and --base-url, then run it again (a confirmation reads its receipts first)",
  },
  unknown: {
    retryable: true,
    action:
      "a confirmation may have been applied: run the same command again, it reads back before sending",
  },
  integrity: {
    retryable: false,
    action:
      "the receipts were changed outside tradectl: keep a copy; `tradectl receipts verify` names the line",
  },
  cancelled: { retryable: true, action: "stopped by the person (Ctrl-C or no): nothing was sent" },
};

/** The catalog as JSON (an array), or as ndjson (one kind a line). */
export function errorCatalogText(ndjson: boolean): string {
  const entries = errorCatalog();
  return ndjson ? entries.map((e) => `${jsonText(e)}\n`).join("") : `${jsonText(entries)}\n`;
}

/** Every kind, by exit code, then name. */
function errorCatalog(): ErrorCatalogEntry[] {
  return (Object.keys(EXIT_CODES) as ErrorKind[])
    .map((kind) => ({ kind, exitCode: EXIT_CODES[kind], ...ACTIONS[kind] }))
    .sort((a, b) => a.exitCode - b.exitCode || a.kind.localeCompare(b.kind));
}
