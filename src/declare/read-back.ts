// Reading the list back: a lost answer judged from one walk of the list and the receipts, and an earlier request on record settled before anything is sent.
import type { TradeClient } from "../api/client.js";
import type { Claim } from "../config/receipts.js";
import { declaredAnswers, otherRequests, type RequestSummary } from "../config/receipts-queries.js";
import type { ConfirmBody } from "../domain/confirm.js";
import { type Declaration, declarationId } from "../domain/declarations.js";
import { judged, type Outcome } from "../domain/outcome.js";
import { judgeReadBack, type ReadBack, type SentAnswers } from "../domain/outcome-read-back.js";
import { isTradectlError, type Text, TradectlError } from "../errors.js";
import { asIs, msg } from "../i18n/index.js";
import { parseServerTime } from "../output/time.js";
import { lookUpDeclarations } from "./lookup.js";
import { notSent, record } from "./record.js";
import { claimOf, type Lost, requestsOnRecord, type SendDeps, type Sent } from "./send-types.js";

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
 * The requests of ours on record for the declaration that may have applied it and have no
 * outcome, or an `unknown` one, judged from the declaration as read back and put on record (an
 * `unknown` still unknown adds nothing). The caller holds the declaration's claim.
 */
async function settleOpen(
  id: string,
  summaries: readonly RequestSummary[],
  readBack: ReadBack,
  deps: SendDeps,
): Promise<void> {
  for (const earlier of summaries.filter(isOpen)) {
    const before = earlier.outcome?.outcome ?? null;
    const judgement = judgeReadBack(msg("confirm.x.notOnRecord"), {
      declarationId: id,
      sent: recordedAnswers(earlier.last.body),
      readBack,
      others: otherRequests(summaries, earlier.requestId),
      writtenAtMs: Date.parse(earlier.last.time),
    });
    if (before === "unknown" && judgement.outcome === "unknown") continue;
    const ref = { requestId: earlier.requestId, attempt: earlier.last.attempt, declarationId: id };
    await record(ref, null, judgement, deps);
  }
}

/** Open: it may have applied the declaration, and no outcome but `unknown` says what it did. */
function isOpen(summary: RequestSummary): boolean {
  const before = summary.outcome?.outcome ?? null;
  return mayHaveApplied(summary) && (before === null || before === "unknown");
}

/**
 * Declarations read Confirmed that the run will not send for (a batch skips them; `--auto` and
 * the watch no longer see them pending): each request of ours for one that is open on record
 * (a run killed after its write, an `unknown`) is settled from what was read, under the
 * declaration's claim, so no receipt is left open for ever (a declaration another process still
 * holds is left to that process, which records its own outcome).
 */
export async function settleConfirmed(
  declarations: readonly Declaration[],
  deps: SendDeps,
): Promise<void> {
  for (const declaration of declarations) {
    if (declaration.status !== "Confirmed") continue;
    const id = declarationId(declaration);
    if (!(await requestsOnRecord(id, deps)).some(isOpen)) continue;
    let claim: Claim;
    try {
      claim = await claimOf(id, deps);
    } catch {
      continue;
    }
    try {
      const readBack = readBackOf({ found: new Map([[id, declaration]]) }, id, deps.client);
      await settleOpen(id, await requestsOnRecord(id, deps), readBack, deps);
    } finally {
      await claim.release();
    }
  }
}

/**
 * `--auto` and the watch see only Pending declarations: the requests of ours open on record for
 * any other are looked up in one walk, and those found Confirmed are settled (`settleConfirmed`).
 */
export async function settleOpenElsewhere(
  pendingIds: ReadonlySet<string>,
  deps: SendDeps,
): Promise<void> {
  const publicKey = deps.client.publicKey ?? "";
  const ids = new Set<string>();
  for (const s of await deps.receipts.requests()) {
    if (s.first.publicKey !== publicKey || pendingIds.has(s.first.declarationId)) continue;
    if (isOpen(s)) ids.add(s.first.declarationId);
  }
  if (ids.size === 0) return;
  const read = await readList([...ids], deps);
  if ("failed" in read) return;
  await settleConfirmed([...read.found.values()], deps);
}

/**
 * Whether `settleEarlier` reads the list for the declaration (a request of ours on record may
 * have applied it) when nothing was waited for: else it settles nothing and sends.
 */
export async function earlierToReadBack(id: string, deps: SendDeps): Promise<boolean> {
  return (await requestsOnRecord(id, deps)).some(mayHaveApplied);
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
  await settleOpen(id, summaries, readBack, deps);
  if ("failed" in read) {
    const hint = msg("confirm.x.unsettledHint", { id });
    return notSent(
      id,
      TradectlError.listing(
        deps.signal.aborted ? "cancelled" : "unknown",
        [msg("confirm.x.unsettledEarlier", { id, why: read.failed })],
        { hint },
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
  return { id, written: false, judgement: judged.alreadyConfirmed(line, "read-back", false) };
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
  return { id, written: false, judgement: judged.unknown(line) };
}

/**
 * The lost answers, from one walk of the list and the receipts: each judged, its outcome on
 * record, its claim released. A read-back that fails leaves them `unknown`.
 */
export async function readBack(lost: readonly Lost[], deps: SendDeps): Promise<Sent[]> {
  const read = await readList(
    lost.map((l) => l.id),
    deps,
  );
  const sent: Sent[] = [];
  for (const l of lost) {
    try {
      const summaries = await requestsOnRecord(l.id, deps);
      const judgement = judgeReadBack(l.lost, {
        declarationId: l.id,
        sent: sentAnswers(l.item.body),
        readBack: readBackOf(read, l.id, deps.client),
        others: otherRequests(summaries, l.ref.requestId),
        writtenAtMs: l.writtenAtMs,
      });
      await record(l.ref, l.answer, judgement, deps);
      sent.push({ id: l.id, judgement, written: true });
      await l.item.guard?.ended(judgement.outcome);
    } finally {
      await l.claim.release();
    }
  }
  return sent;
}

/** The list read back, or why it could not be. */
type ListRead = { found: Map<string, Declaration> } | { failed: Text };

export async function readList(ids: readonly string[], deps: SendDeps): Promise<ListRead> {
  try {
    return { found: await lookUpDeclarations(deps.client, ids) };
  } catch (error) {
    if (deps.signal.aborted) return { failed: msg("confirm.x.readCancelled") };
    if (!(error instanceof Error)) return { failed: asIs(String(error)) };
    return { failed: isTradectlError(error) ? error.text : asIs(error.message) };
  }
}

/** The declaration as the judgement reads it: confirmedAt moved onto this machine's clock. */
export function readBackOf(read: ListRead, id: string, client: TradeClient): ReadBack {
  if ("failed" in read) return { state: "failed", reason: read.failed };
  const found = read.found.get(id);
  if (!found) return { state: "failed", reason: msg("confirm.x.neitherStatus") };
  if (found.status !== "Confirmed") return { state: "Pending" };
  const at = found.confirmedAt ? parseServerTime(found.confirmedAt) : null;
  return {
    state: "Confirmed",
    confirmedAt: found.confirmedAt ?? null,
    confirmedAtMs: at ? at.getTime() - client.stampClock.offsetMs : null,
    firstName: found.firstName ?? null,
    lastName: found.lastName ?? null,
    confirmedBy: found.confirmedBy ?? null,
  };
}

const sentAnswers = (body: ConfirmBody): SentAnswers => ({
  isSelfSender: body.isSelfSender,
  firstName: body.firstName,
  lastName: body.lastName,
});
