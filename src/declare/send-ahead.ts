// A batch's sends one after another, the next few items prepared (claimed, checked, on record) while the POST before them is in flight.
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
 * local work of the next SEND_AHEAD items (each one's claim, the record checked for an earlier
 * request, its body's text, its request on record and flushed) is done while POST N is in
 * flight, so that N+1 is written the moment N's answer comes (docs/BATCH.md). N's outcome then
 * waits and is written with the next append (receipts.ts, `recordOutcome`'s `withNext`).
 *
 * Only the part that needs no network and no wait is done ahead: an item whose claim another
 * process holds (the batch would wait, and a batch that waits holds no claim), or whose record
 * holds a request that may have applied it (a read-back), or that has a rule guard
 * (mayPrepareAhead), is left, with every item after it, and prepared as ever once the POST
 * before it has ended. An item prepared and then never sent (the batch stopped: Ctrl-C, an auth
 * failure, an error) is on record as `not_sent`, its claim released.
 */
export interface SendAhead {
  /**
   * `item` sent (prepared ahead, when it was), with the items after it (`upcoming`, in the
   * batch's order: up to SEND_AHEAD of them, and none from the first with a rule guard on)
   * prepared while its POST is in flight.
   */
  post(item: SendItem, upcoming: readonly SendItem[]): Promise<Sent | Lost>;
  /**
   * The batch stopped before `item` (`kind`: cancelled, auth): how it ended, not sent. When it
   * was prepared ahead its request is on record: its `not_sent` outcome goes on record too.
   */
  stopBefore(item: SendItem, kind: ErrorKind): Promise<Sent>;
  /** The batch is over (or failed): the items still prepared ahead are put on record as not sent. */
  end(): Promise<void>;
}

/**
 * How many items are prepared ahead of the POST in flight. Their requests are flushed in rounds
 * (config/receipts-rounds.ts): with one ahead, each request had a flush of its own, longer than
 * a POST's round trip on the loopback, so the batch went at the flush's pace; with more ahead,
 * the requests that come while one is flushed share the next flush (BENCHMARKS.md, the batch
 * row). A batch stopped at once (Ctrl-C) puts that many prepared items on record as not sent.
 */
export const SEND_AHEAD = 4;

/** Preparing ahead came to: ready to send, ended with nothing written, or left for later. */
type Ahead = Prepared | Sent | typeof LATER;
/** Left to be prepared once the POST before it has ended (a wait, a read-back). */
const LATER = Symbol("prepared later");

/** An item being prepared ahead: what it came to, and whether it holds its claim (below). */
interface Slot {
  item: SendItem;
  ready: Promise<Ahead | { failed: unknown }>;
  /** Whether it took its claim and goes on to its record: the next item waits for this. */
  claimed: Promise<boolean>;
}

export function sendAhead(deps: SendDeps): SendAhead {
  /** The items prepared while the POST before them is in flight, in the batch's order. */
  const slots: Slot[] = [];

  /**
   * The slot of `item`, taken out with every slot before it (never any: a batch sends its items
   * in order; were one skipped, it is put on record as not sent). An item left for later (a
   * wait, a read-back) takes every slot after it too: none of them took a claim (`claimed`).
   */
  const take = async (item: SendItem): Promise<Slot | null> => {
    const at = slots.findIndex((slot) => slot.item === item);
    const before = slots.splice(0, at === -1 ? slots.length : at);
    for (const slot of before) await settleUnsent(slot.ready, stoppedOnRecord, "unknown");
    const taken = slots.shift() ?? null;
    if (taken && !(await taken.claimed)) {
      const after = slots.splice(0);
      for (const slot of after) await settleUnsent(slot.ready, stoppedOnRecord, "unknown");
    }
    return taken;
  };

  /** What preparing `item` ahead came to (LATER when it was not prepared ahead). */
  const readied = async (item: SendItem): Promise<Ahead> => {
    const taken = await take(item);
    if (!taken) return LATER;
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

  /**
   * `next` prepared ahead, once the item before it in the window has its claim: a claim is
   * never taken past an item that must wait for another process's (it is prepared later, and a
   * batch that waits holds no claim), so two batches never hold what the other waits for.
   */
  const open = (next: SendItem): void => {
    const before = slots.at(-1)?.claimed ?? Promise.resolve(true);
    let claimedNow: (held: boolean) => void = () => {};
    const claimed = new Promise<boolean>((resolve) => {
      claimedNow = resolve;
    });
    const ready = before
      .then((go) => (go ? prepareAhead(next, deps, claimedNow) : LATER))
      .catch((failed) => ({ failed }))
      .finally(() => claimedNow(false));
    slots.push({ item: next, ready, claimed });
  };

  return {
    async post(item, upcoming) {
      const ready = await readied(item);
      const prepared = ready === LATER ? await prepare(item, deps) : ready;
      if (!("ref" in prepared)) return prepared;
      const window = windowAhead(upcoming);
      if (window.length === 0) return sendPrepared(prepared, deps);
      // Once the POST is on the wire whole, not before: the next items' file calls (their
      // claims, their requests' writes) are synchronous, and would hold the POST back. (Their
      // flush is not: the POST's answer, come meanwhile, is read and judged during it.) A POST
      // never written (a connection refused) leaves the next items to be prepared as ever.
      const startAhead = () => {
        for (const next of window) if (!slots.some((slot) => slot.item === next)) open(next);
      };
      return sendPrepared(prepared, deps, startAhead);
    },

    async stopBefore(item, kind) {
      const cancelled = kind === "cancelled";
      const taken = slots.some((slot) => slot.item === item) ? await take(item) : null;
      const onRecord = cancelled ? cancelledOnRecord : stoppedOnRecord;
      const ended = taken && (await settleUnsent(taken.ready, onRecord, kind));
      if (ended) return ended;
      const id = idOf(item);
      const before = cancelled ? "confirm.batch.cancelledBefore" : "confirm.batch.stoppedBefore";
      return { id, written: false, judgement: judged.notSent(msg(before, { id }), kind) };
    },

    async end() {
      const left = slots.splice(0);
      for (const slot of left) await settleUnsent(slot.ready, stoppedOnRecord, "unknown");
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

/**
 * The items prepared while a POST is in flight: the first SEND_AHEAD of `upcoming` (the items
 * after it, in the batch's order), up to the first that may not be prepared ahead.
 */
export function windowAhead(upcoming: readonly SendItem[]): SendItem[] {
  const window: SendItem[] = [];
  for (const next of upcoming.slice(0, SEND_AHEAD)) {
    if (!mayPrepareAhead(next)) break;
    window.push(next);
  }
  return window;
}

const stoppedOnRecord = (id: string) => msg("confirm.batch.stoppedOnRecord", { id });
const cancelledOnRecord = (id: string) => msg("confirm.batch.cancelledOnRecord", { id });

/** Thrown by the claim when another process holds it: the item is prepared later. */
const WOULD_WAIT = new Error("the claim is held: prepared after the POST in flight");

/**
 * `item` prepared while the POST before it is in flight, when that needs no wait and no network:
 * its claim taken only if free now, and nothing on record that needs a read-back. `claimed`
 * says, as soon as it is known, whether it holds its claim and goes on to its record.
 */
async function prepareAhead(
  item: SendItem,
  deps: SendDeps,
  claimed: (held: boolean) => void,
): Promise<Ahead> {
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
  claimed(true);
  return preparedUnder(item, claim, async () => null, deps);
}
