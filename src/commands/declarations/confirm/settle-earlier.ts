// Before sending: requests on record that may have applied the declaration, settled by reading the list back.
import {
  declaredAnswers,
  otherRequests,
  type RequestSummary,
} from "../../../config/receipts-queries.js";
import type { Outcome } from "../../../domain/outcome.js";
import { judgeReadBack, type SentAnswers } from "../../../domain/outcome-read-back.js";
import { type Text, TradectlError } from "../../../errors.js";
import { asIs, msg } from "../../../i18n/index.js";
import { readBackOf, readList } from "./read-back.js";
import { requestsOnRecord, type SendDeps, type Sent } from "./send-deps.js";
import { notSent, record } from "./send-record.js";

/** The answers a recorded body sent (an unreadable one counts as another person, unnamed). */
function recordedAnswers(body: string): SentAnswers {
  const d = declaredAnswers(body);
  return {
    isSelfSender: d.isSelfSender === true,
    firstName: d.firstName ?? undefined,
    lastName: d.lastName ?? undefined,
  };
}

/** Outcomes that prove a request did not apply its confirmation. */
const NOT_APPLIED: ReadonlySet<Outcome> = new Set(["rejected", "not_found", "not_sent"]);

/** A recorded request that may have applied a confirmation: no outcome, or one that says so. */
function mayHaveApplied(summary: RequestSummary): boolean {
  if (summary.outcome) return !NOT_APPLIED.has(summary.outcome.outcome);
  // Its last attempt proven unprocessed (a 429) and then cut off: nothing was applied.
  return !summary.notProcessed.some((n) => n.attempt === summary.last.attempt);
}

/**
 * Before anything is sent for a declaration: requests on record that may have applied it
 * (another process's, which this one waited for; one whose run was killed; an earlier run's
 * `unknown`) are settled by reading the list back. Confirmed: nothing is sent, and the item is
 * what the record and the list show. Pending: sent. A failed read: nothing is sent.
 */
export async function settleEarlier(
  id: string,
  waitedSince: number | null,
  deps: SendDeps,
): Promise<Sent | null> {
  const summaries = await requestsOnRecord(id, deps);
  const open = summaries.filter(mayHaveApplied);
  if (open.length === 0 && waitedSince === null) return null;
  const read = await readList([id], deps);
  const readBack = readBackOf(read, id, deps.client);
  for (const earlier of open) {
    const before = earlier.outcome?.outcome ?? null;
    if (before !== null && before !== "unknown") continue;
    const judgement = judgeReadBack(msg("confirm.x.notOnRecord"), {
      declarationId: id,
      sent: recordedAnswers(earlier.last.body),
      readBack,
      others: otherRequests(summaries, earlier.requestId),
      writtenAtMs: Date.parse(earlier.last.time),
    });
    // An earlier `unknown` still unknown: nothing new to record.
    if (before === "unknown" && judgement.outcome === "unknown") continue;
    const ref = { requestId: earlier.requestId, attempt: earlier.last.attempt, declarationId: id };
    await record(ref, null, judgement, deps);
  }
  if ("failed" in read) {
    const hint = msg("confirm.x.unsettledHint", { id });
    return notSent(
      id,
      TradectlError.listing(
        deps.signal.aborted ? "cancelled" : "unknown",
        [msg("confirm.x.unsettledEarlier", { id, why: read.failed })],
        { hint: hint },
      ),
    );
  }
  if (readBack.state !== "Confirmed") {
    return waitedSince === null ? null : reportedFromOther(id, waitedSince, deps);
  }
  const latest = (await requestsOnRecord(id, deps)).filter((s) => s.outcome !== null).at(-1);
  const said: Text = latest?.outcome
    ? msg("confirm.x.earlierRequest", {
        request: latest.requestId,
        time: latest.first.time,
        outcome: latest.outcome.outcome,
      })
    : asIs("");
  const line = msg(
    readBack.confirmedAt ? "confirm.x.earlierConfirmedAt" : "confirm.x.earlierConfirmed",
    { id, at: readBack.confirmedAt ?? "", said },
  );
  return {
    id,
    written: false,
    judgement: {
      outcome: "already_confirmed",
      verifiedBy: "read-back",
      byThisRequest: false,
      message: line,
      kind: "conflict",
    },
  };
}

/**
 * This run waited for another process's request for the declaration, and that request ended
 * `unknown` meanwhile (sent, its answer lost, still Pending): it may yet be applied, so this run
 * sends nothing and reports from it (docs/RECEIPTS.md: the second "waits for the
 * first's outcome, and reports from it"). Any other ending leaves the declaration to send.
 */
async function reportedFromOther(
  id: string,
  waitedSince: number,
  deps: SendDeps,
): Promise<Sent | null> {
  const other = (await requestsOnRecord(id, deps)).findLast(
    (s) => s.outcome?.outcome === "unknown" && Date.parse(s.outcome.time) >= waitedSince,
  );
  if (!other?.outcome) return null;
  const line = msg("confirm.x.otherUnknown", { id, request: other.requestId });
  return {
    id,
    written: false,
    judgement: {
      outcome: "unknown",
      verifiedBy: null,
      byThisRequest: null,
      message: line,
      kind: "unknown",
    },
  };
}
