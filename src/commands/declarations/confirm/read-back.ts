// The read-back walk: lost answers settled from one read of the declarations list and the receipts.
import type { TradeClient } from "../../../api/client.js";
import { otherRequests } from "../../../config/receipts-queries.js";
import type { ConfirmBody } from "../../../domain/confirm.js";
import type { Declaration } from "../../../domain/declarations.js";
import {
  judgeReadBack,
  type ReadBack,
  type SentAnswers,
} from "../../../domain/outcome-read-back.js";
import { isTradectlError, type Text } from "../../../errors.js";
import { asIs, msg } from "../../../i18n/index.js";
import { parseServerTime } from "../../../output/time.js";
import { lookUpDeclarations } from "./lookup.js";
import { type Lost, requestsOnRecord, type SendDeps, type Sent } from "./send-deps.js";
import { record } from "./send-record.js";

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
