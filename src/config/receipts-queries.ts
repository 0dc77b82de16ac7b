// Queries over receipt entries: requests with their attempts and outcomes, and the answers a body declared.
import type { OtherRequest } from "../domain/outcome-read-back.js";
import { isLosslessNumber, parseLossless } from "../wire/json.js";
import type { Entry, NotProcessedEntry, OutcomeEntry, RequestEntry } from "./receipts-chain.js";

/** One confirmation request with everything on record about it. */
export interface RequestSummary {
  requestId: string;
  declarationId: string;
  /** Its first attempt: when it was asked for. */
  first: RequestEntry;
  /** Its last attempt: what was sent last. */
  last: RequestEntry;
  /** How many times it was written to the service (an attempt on record and not sent is not one). */
  attempts: number;
  notProcessed: NotProcessedEntry[];
  /** Its outcome; null while none is on record (in flight, or its run was killed). */
  outcome: OutcomeEntry | null;
}

export function summarise(entries: readonly Entry[]): RequestSummary[] {
  const byId = new Map<string, RequestSummary>();
  for (const entry of entries) {
    let summary = byId.get(entry.requestId);
    if (entry.type === "request") {
      if (!summary) {
        summary = {
          requestId: entry.requestId,
          declarationId: entry.declarationId,
          first: entry,
          last: entry,
          attempts: 0,
          notProcessed: [],
          outcome: null,
        };
        byId.set(entry.requestId, summary);
      }
      summary.last = entry;
      summary.attempts++;
    } else if (summary) {
      if (entry.type === "outcome") {
        summary.outcome = entry;
        // `not_sent` after a request on record: a batch's item prepared while the POST before it
        // was in flight, and the batch stopped before writing it (declare/send-ahead.ts).
        if (entry.outcome === "not_sent") summary.attempts--;
      } else summary.notProcessed.push(entry);
    }
  }
  return [...byId.values()];
}

/**
 * The other requests for a declaration on record, for the outcome judgement (`judgeReadBack`'s
 * `others`): every request but `requestId`, each with its settled outcome or null.
 */
export function otherRequests(
  summaries: readonly RequestSummary[],
  requestId: string,
): OtherRequest[] {
  return summaries
    .filter((s) => s.requestId !== requestId)
    .map((s) => ({
      requestId: s.requestId,
      outcome: s.outcome?.outcome ?? null,
      byThisRequest: s.outcome?.byThisRequest ?? null,
    }));
}

export function inFlight(summary: RequestSummary): boolean {
  if (summary.outcome) return false;
  return !summary.notProcessed.some((n) => n.attempt === summary.last.attempt);
}

/** The answers a recorded body declared, with the confirm body's names (ids as their digits). */
export interface DeclaredAnswers {
  isSelfSender: boolean | null;
  firstName: string | null;
  lastName: string | null;
  description: string | null;
  AddressType: string | null;
  exchangeId: string | null;
  exchangeOtherName: string | null;
}

/** Reads the answers back from a recorded body; fields it lacks (or an unreadable body) are null. */
export function declaredAnswers(body: string): DeclaredAnswers {
  let parsed: Record<string, unknown> = {};
  try {
    const value = parseLossless(body);
    if (typeof value === "object" && value !== null) parsed = value as Record<string, unknown>;
  } catch {
    // An unreadable body shows as no answers; verify reports a body that was edited.
  }
  const text = (key: string): string | null => {
    const value = parsed[key];
    if (typeof value === "string") return value;
    if (isLosslessNumber(value)) return value.value;
    return null;
  };
  return {
    isSelfSender: typeof parsed.isSelfSender === "boolean" ? parsed.isSelfSender : null,
    firstName: text("firstName"),
    lastName: text("lastName"),
    description: text("description"),
    AddressType: text("AddressType"),
    exchangeId: text("exchangeId"),
    exchangeOtherName: text("exchangeOtherName"),
  };
}
