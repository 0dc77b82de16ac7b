// THE send path of `declarations confirm`: claim, settle earlier requests, POST and judge, read back what was lost.
import type { Claim } from "../../../config/receipts.js";
import { isTradectlError, TradectlError } from "../../../errors.js";
import { msg } from "../../../i18n/index.js";
import { send } from "./post-and-judge.js";
import { readBack } from "./read-back.js";
import { idOf, type Lost, type SendDeps, type SendItem, type Sent } from "./send-deps.js";
import { notSent } from "./send-record.js";
import { settleEarlier } from "./settle-earlier.js";

/**
 * THE send path of `declarations confirm`: a single confirm and every item of a batch go
 * through it (docs/OUTCOMES.md and docs/RECEIPTS.md).
 * - The body is serialised once; that exact text is recorded (flushed) in the receipts before
 *   it is written, and those bytes are what the client sends.
 * - A declaration is claimed across processes before anything is sent for it; a request for it
 *   on record that may have applied it (another run's, or one cut off by a kill) is settled by
 *   reading the list back first, and nothing is sent when it is Confirmed.
 * - An answer is judged by domain/outcome.ts: settled, not processed (a 429 waits and is sent
 *   again, a 401 is sent once more with a fresh stamp: both attempts on record), or lost
 *   (read back: one walk for all the lost answers of a batch). Every ending is on record.
 */

/** Sends one item, and reads it back at once when its answer is lost. */
export async function sendOne(item: SendItem, deps: SendDeps): Promise<Sent> {
  const posted = await post(item, deps);
  if (!("lost" in posted)) return posted;
  const [sent] = await readBack([posted], deps);
  return sent!;
}

/**
 * The item, claimed, checked against the record, recorded and sent (again only after an answer
 * that proves it was not processed): how it ended, or lost (to read back; the claim is held).
 */
export async function post(item: SendItem, deps: SendDeps): Promise<Sent | Lost> {
  const id = idOf(item);
  const askedAt = deps.now();
  let claim: Claim;
  try {
    claim = await deps.receipts.claim(id, {
      timeoutMs: deps.claimTimeoutMs,
      now: deps.now,
      sleep: deps.sleep,
      signal: deps.signal,
    });
  } catch (error) {
    return notSent(id, claimFailure(error, deps.signal));
  }
  let held = false;
  try {
    const earlier = await settleEarlier(id, claim.waited ? askedAt : null, deps);
    if (earlier) return earlier;
    // With the declaration claimed and the record checked: the rule's last word (rule-guard.ts).
    const refused = await item.guard?.beforeWrite();
    if (refused) return notSent(id, refused);
    const result = await send(item, deps);
    if ("lost" in result) {
      held = true;
      return { ...result, claim };
    }
    await item.guard?.ended(result.judgement.outcome);
    return result;
  } finally {
    if (!held) await claim.release();
  }
}

/**
 * A claim not taken: another process kept its request in flight past `--timeout` (kind
 * `unknown`), or Ctrl-C; anything else (the receipts' directory unusable) stops the run.
 */
function claimFailure(error: unknown, signal: AbortSignal): TradectlError {
  if (signal.aborted) return TradectlError.listing("cancelled", [msg("confirm.x.cancelledBefore")]);
  if (isTradectlError(error) && error.kind === "unknown") return error;
  throw error;
}
