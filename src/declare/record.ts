// How the send path puts an item's ending on record, and the ending of an item nothing was written for.
import type { RequestRef } from "../config/receipts.js";
import { type Judgement, judged } from "../domain/outcome.js";
import { isTradectlError, type Text, type TradectlError } from "../errors.js";
import { inEnglish, msg } from "../i18n/index.js";
import type { Answer, SendDeps, Sent } from "./send-types.js";

/**
 * Puts an item's ending on record. An ending that cannot be written (a full disk) is still the
 * ending: the caller reports it, and a warning says it is not on record; the request is, so the
 * next run that touches the declaration reads it back, as after a killed run.
 */
export async function record(
  ref: RequestRef,
  answer: Answer | null,
  judgement: Judgement,
  deps: SendDeps,
): Promise<void> {
  try {
    await deps.receipts.recordOutcome(ref, {
      status: answer?.status ?? null,
      responseBody: answer?.text ?? null,
      outcome: judgement.outcome,
      verifiedBy: judgement.verifiedBy,
      byThisRequest: judgement.byThisRequest,
      message: inEnglish(judgement.message),
    });
  } catch (error) {
    if (!isTradectlError(error)) throw error;
    const { io } = deps;
    const line = { id: ref.declarationId, outcome: judgement.outcome, why: error.text };
    io.warn(
      `${io.err.yellow(io.t("confirm.warning"))} ${io.t("confirm.outcomeNotRecorded", line)}`,
    );
  } finally {
    deps.inFlight?.delete(ref.declarationId);
  }
}

/** Nothing was written for the item: why, as its outcome. */
export function notSent(id: string, error: TradectlError): Sent {
  const line: Text = error.message.startsWith(`declaration ${id}`)
    ? error.text
    : msg("confirm.x.notSent", { id, why: error.text });
  return { id, written: false, judgement: judged.notSent(line, error.kind) };
}
