// A batch's sends one after another, each next item prepared (claimed, checked, on record) while the POST before it is in flight.
import type { Claim } from "../config/receipts.js";
import { judged } from "../domain/outcome.js";
import type { ErrorKind } from "../errors.js";
import { msg, type Text } from "../i18n/index.js";
import { earlierToReadBack } from "./read-back.js";
import { notSent, record } from "./record.js";
import { claimFailure, type Prepared, prepare, preparedUnder, sendPrepared } from "./send.js";
import { claimOf, idOf, type Lost, type SendDeps, type SendItem, type Sent } from "./send-types.js";

/**
 * A batch's items are sent strictly one after another (never two POSTs in flight), but the
 * local work of item N+1 (its claim, the record checked for an earlier request, its body's text,
 * its request on record and flushed) is done while POST N is in flight, so that N+1 is written
 * the moment N's answer comes (docs/BATCH.md). N's outcome then waits and is written with
 * N+2's request (receipts.ts, `recordOutcome`'s `withNext`).
 *
 * Only the part that needs no network and no wait is done ahead: an item whose claim another
 * process holds (the batch would wait, and a batch that waits holds no claim), or whose record
 * holds a request that may have applied it (a read-back), or that has a rule guard
 * (mayPrepareAhead), is left, and prepared as ever once N has ended. An item prepared and then
 * never sent (the batch stopped after N: Ctrl-C, an auth failure, an error) is on record as
 * `not_sent`, its claim released.
 */
export interface SendAhead {
  /** `item` sent (prepared ahead, when it was), with `next` prepared while its POST is in flight. */
  post(item: SendItem, next: SendItem | undefined): Promise<Sent | Lost>;
  /**
   * The batch stopped before `item` (`kind`: cancelled, auth): how it ended, not sent. One
   * prepared ahead has its request on record: its `not_sent` outcome goes on record too.
   */
  stopBefore(item: SendItem, kind: ErrorKind): Promise<Sent>;
  /** The batch is over (or failed): an item still prepared ahead is put on record as not sent. */
  end(): Promise<void>;
}

/** Preparing ahead came to: ready to send, ended with nothing written, or left for later. */
type Ahead = Prepared | Sent | typeof LATER;
/** Left to be prepared once the POST before it has ended (a wait, a read-back). */
const LATER = Symbol("prepared later");

export function sendAhead(deps: SendDeps): SendAhead {
  /** The item prepared while the POST before it is in flight; a failure kept to rethrow. */
  let ahead: { item: SendItem; ready: Promise<Ahead | { failed: unknown }> } | null = null;

  /** What preparing `item` ahead came to (LATER when it was not prepared ahead). */
  const readied = async (item: SendItem): Promise<Ahead> => {
    const taken = ahead;
    ahead = null;
    if (taken?.item !== item) {
      if (taken) await settleUnsent(taken.ready, stoppedOnRecord, "unknown");
      return LATER;
    }
    const ready = await taken.ready;
    if (typeof ready === "object" && "failed" in ready) throw ready.failed;
    return ready;
  };

  /**
   * Prepared ahead and never sent: `not_sent` on record, its claim released (and a rule given
   * back, were an item with a rule guard ever prepared ahead: mayPrepareAhead says none is).
   */
  const settleUnsent = async (
    ready: Promise<Ahead | { failed: unknown }>,
    line: (id: string) => Text,
    kind: ErrorKind,
  ): Promise<Sent | null> => {
    const prepared = await ready;
    if (typeof prepared !== "object" || !("ref" in prepared)) return null;
    const judgement = judged.notSent(line(prepared.id), kind);
    let handed = false;
    try {
      handed = await record(prepared.ref, null, judgement, deps, prepared.claim);
    } finally {
      if (!handed) await prepared.claim.release();
    }
    await prepared.item.guard?.ended("not_sent");
    return { id: prepared.id, written: false, judgement };
  };

  return {
    async post(item, next) {
      const ready = await readied(item);
      const prepared = ready === LATER ? await prepare(item, deps) : ready;
      if (!("ref" in prepared)) return prepared;
      if (!next || !mayPrepareAhead(next)) return sendPrepared(prepared, deps);
      // Once the POST is on the wire whole, not before: the next item's file calls (its claim,
      // its request's write) are synchronous, and would hold the POST back. (Its flush is not:
      // the POST's answer, come meanwhile, is read and judged during it.) A POST never written
      // (a connection refused) leaves the next item to be prepared as ever.
      const startAhead = () => {
        if (ahead?.item === next) return;
        ahead = { item: next, ready: prepareAhead(next, deps).catch((failed) => ({ failed })) };
      };
      return sendPrepared(prepared, deps, startAhead);
    },

    async stopBefore(item, kind) {
      const cancelled = kind === "cancelled";
      const taken = ahead?.item === item ? ahead : null;
      if (taken) ahead = null;
      const onRecord = cancelled ? cancelledOnRecord : stoppedOnRecord;
      const ended = taken && (await settleUnsent(taken.ready, onRecord, kind));
      if (ended) return ended;
      const id = idOf(item);
      const before = cancelled ? "confirm.batch.cancelledBefore" : "confirm.batch.stoppedBefore";
      return { id, written: false, judgement: judged.notSent(msg(before, { id }), kind) };
    },

    async end() {
      const taken = ahead;
      ahead = null;
      if (!taken) return;
      await settleUnsent(taken.ready, stoppedOnRecord, "unknown");
    },
  };
}

/**
 * Whether `next` may be prepared while the POST before it is in flight: not when it has a rule
 * guard (rule-guard.ts). The guard spends a `--once` rule before the request is written, and
 * only a run that goes on can give it back when the request was never sent: a run that ends at
 * once (a second Ctrl-C, a kill) with a guarded item prepared would leave its rule spent by a
 * declaration nothing was sent for. So a rule's item is checked against its rule, and the rule
 * spent, only once the POST before it has ended, as without sending ahead: a batch of rules'
 * items keeps one POST's local work in line, a small price for a rule's state that says what
 * was sent.
 */
export function mayPrepareAhead(next: SendItem): boolean {
  return next.guard === undefined;
}

const stoppedOnRecord = (id: string) => msg("confirm.batch.stoppedOnRecord", { id });
const cancelledOnRecord = (id: string) => msg("confirm.batch.cancelledOnRecord", { id });

/** Thrown by the claim when another process holds it: the item is prepared later. */
const WOULD_WAIT = new Error("the claim is held: prepared after the POST in flight");

/**
 * `item` prepared while the POST before it is in flight, when that needs no wait and no network:
 * its claim taken only if free now, and nothing on record that needs a read-back.
 */
async function prepareAhead(item: SendItem, deps: SendDeps): Promise<Ahead> {
  const id = idOf(item);
  let claim: Claim;
  try {
    claim = await claimOf(id, {
      ...deps,
      beforeClaimWait: async () => {
        throw WOULD_WAIT;
      },
    });
  } catch (error) {
    if (error === WOULD_WAIT) return LATER;
    // Ctrl-C: not sent (the batch stops before it); a directory unusable stops the run.
    return notSent(id, claimFailure(error, deps.signal));
  }
  let readBackFirst: boolean;
  try {
    readBackFirst = await earlierToReadBack(id, deps);
  } catch (error) {
    await claim.release();
    throw error;
  }
  if (readBackFirst) {
    await claim.release();
    return LATER;
  }
  return preparedUnder(item, claim, async () => null, deps);
}
