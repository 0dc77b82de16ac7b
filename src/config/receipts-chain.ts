// The receipts line format: the entry types, the sha256 chain from line to line, and verify.
import { createHash } from "node:crypto";
import type { Outcome, VerifiedBy } from "../domain/outcome.js";
import type { NotProcessedReason } from "../domain/outcome-answer.js";
import { type Text, TradectlError } from "../errors.js";
import { msg } from "../i18n/index.js";

/**
 * Receipts (docs/RECEIPTS.md): every confirmation
 * request, recorded and flushed before it is written to the network, and its outcome once known.
 * One file, append-only, one JSON object a line, mode 0600; each line carries the sha256 of the
 * line before it, so an edited, removed or reordered line is found by `verify`.
 */

/** What the first line chains to. */
export const GENESIS = "0".repeat(64);

export const FORMAT_VERSION = 1;

/** A confirmation request, recorded before its bytes are written. One per attempt. */
export interface RequestEntry {
  prev: string;
  type: "request";
  v: number;
  /** Unique across processes; the attempts of one request (after a 429 or refused stamp) share it. */
  requestId: string;
  /** 1, then 2… for a request sent again because the service proved it did not process it. */
  attempt: number;
  /** ISO-8601 UTC. */
  time: string;
  baseUrl: string;
  /** The public key only; the secret is never recorded. */
  publicKey: string;
  /** Digits as sent. */
  declarationId: string;
  /** The exact body sent (UTF-8 text). */
  body: string;
  bodySha256: string;
  /** The rule that chose the answers (declaring by rules), else null. */
  rule: string | null;
  /** Who asked for it when not a person at the CLI: "mcp", the agent server. Absent otherwise. */
  via?: "mcp";
  /** With `via`: the MCP client's name and version as it gave them ("name 1.2.3"), or null. */
  client?: string | null;
  /** When that rule was imported (`rules import`): the withdrawal it expected. Absent otherwise. */
  imported?: ImportedWithdrawal;
}

/** The sending side's withdrawal an imported rule expected: its source and transaction id. */
export interface ImportedWithdrawal {
  source: string;
  txid: string | null;
  withdrawalId: string | null;
}

/** An answer that proves the service did not process this attempt (a 429, a refused stamp). */
export interface NotProcessedEntry {
  prev: string;
  type: "not-processed";
  requestId: string;
  attempt: number;
  declarationId: string;
  time: string;
  status: number;
  responseBody: string | null;
  reason: NotProcessedReason;
  message: string;
}

/** How a request ended: the answer, or the read-back that settled it. */
export interface OutcomeEntry {
  prev: string;
  type: "outcome";
  requestId: string;
  attempt: number;
  declarationId: string;
  time: string;
  /** The HTTP status of the answer; null when none came. */
  status: number | null;
  /** The server's body as text; null when none came. */
  responseBody: string | null;
  outcome: Outcome;
  verifiedBy: VerifiedBy;
  byThisRequest: boolean | null;
  message: string;
}

export type Entry = RequestEntry | NotProcessedEntry | OutcomeEntry;

export type VerifyResult =
  | {
      ok: true;
      count: number;
      /** A last line cut short by a crash (never sent), left for the next append to set aside. */
      tornLine?: number | null;
      /** How many such lines earlier appends set aside (the `.torn` file). */
      setAside?: number;
      /** False: no head anchor (a file from before it), so lines removed from the end go unseen. */
      anchored?: boolean;
    }
  /** Why the chain is broken at `line` (English in `receipts verify`'s JSON). */
  | { ok: false; line: number; reason: Text };

export function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

export function parseEntry(line: string): Entry | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const e = value as Record<string, unknown>;
  if (typeof e.prev !== "string" || typeof e.requestId !== "string") return null;
  if (typeof e.declarationId !== "string" || typeof e.time !== "string") return null;
  if (typeof e.attempt !== "number") return null;
  if (e.type === "request") {
    if (typeof e.body !== "string" || typeof e.bodySha256 !== "string") return null;
    return value as RequestEntry;
  }
  if (e.type === "outcome" && typeof e.outcome === "string") return value as OutcomeEntry;
  if (e.type === "not-processed") return value as NotProcessedEntry;
  return null;
}

/** A line of the receipts that is no receipt entry, met while reading them for a command. */
export function integrityError(path: string, line: number): TradectlError {
  return new TradectlError("integrity", msg("receiptsFile.notEntry", { path, line }), {
    hint: msg("receiptsFile.changedHint"),
  });
}

/**
 * Checks each line against the one before: the first that does not fit, or the count. `endHash`
 * is the sha256 of the last line as written (the head anchor), when known.
 */
export function verifyLines(lines: readonly string[], endHash?: string): VerifyResult {
  let expected = GENESIS;
  for (const [index, line] of lines.entries()) {
    const n = index + 1;
    const entry = parseEntry(line);
    if (!entry) return broken(n, "receiptsFile.why.notEntry");
    if (entry.prev !== expected) {
      // Line n is as written when the line after it (or the anchor) still vouches for it: then
      // the break is the line before it, edited (or a line after that one removed).
      const next = lines[n] === undefined ? null : parseEntry(lines[n]);
      const vouched = next ? next.prev === sha256(line) : endHash === sha256(line);
      if (n > 1 && vouched) return broken(n - 1, "receiptsFile.why.edited");
      return n === 1
        ? broken(n, "receiptsFile.why.notStart")
        : {
            ok: false,
            line: n,
            reason: msg("receiptsFile.why.notFollow", { previous: n - 1 }),
          };
    }
    if (entry.type === "request" && sha256(entry.body) !== entry.bodySha256) {
      return broken(n, "receiptsFile.why.bodyEdited");
    }
    expected = sha256(line);
  }
  return { ok: true, count: lines.length };
}

/** A line that breaks the chain, for a reason that names nothing but itself. */
function broken(
  line: number,
  key:
    | "receiptsFile.why.notEntry"
    | "receiptsFile.why.notStart"
    | "receiptsFile.why.bodyEdited"
    | "receiptsFile.why.edited",
): VerifyResult {
  return { ok: false, line, reason: msg(key) };
}
