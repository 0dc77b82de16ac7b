// The send path's shapes (an item, how it ended, a lost answer) and what it works with: the run's client, receipts, clock, Ctrl-C.
import type { TradeClient } from "../api/client.js";
import type { Sleep } from "../api/sleep.js";
import type {
  Claim,
  ImportedWithdrawal,
  NewRequest,
  Receipts,
  RequestRef,
} from "../config/receipts.js";
import type { RequestSummary } from "../config/receipts-queries.js";
import type { ConfirmBody } from "../domain/confirm.js";
import type { Judgement, Outcome } from "../domain/outcome.js";
import type { Text, TradectlError } from "../errors.js";
import type { IOStreams } from "../output/io.js";
import type { DeclareContext } from "./context.js";
import { receiptsOf } from "./receipts-of.js";

/** One confirmation to send. */
export interface SendItem {
  body: ConfirmBody;
  /** The rule that chose the answers (declaring by rules); recorded with the request. */
  rule?: string | null;
  /** Asked for through the agent server (`tradectl mcp`): named so in the receipt. */
  via?: NewRequest["via"];
  /** The imported rule's withdrawal (source, transaction id): its receipt carries them. */
  imported?: ImportedWithdrawal | undefined;
  /** A last check just before the request is written, told how the item ended (rule-guard.ts). */
  guard?: SendGuard;
}

/**
 * Declaring by rules: a `--once` rule is spent just before its request is written (so racing
 * processes send it once), and given back when the item ended proven not applied.
 */
export interface SendGuard {
  /** Null: send. Else why nothing is sent: the item ends `not_sent` with this error. */
  beforeWrite(): Promise<TradectlError | null>;
  /** How the item ended, once known (after the read-back for a lost answer). */
  ended(outcome: Outcome): Promise<void>;
}

/** How an item ended. */
export interface Sent {
  id: string;
  judgement: Judgement;
  /** Whether a request for it was written (an item settled from the record sends none). */
  written: boolean;
  /** The service's answer that settled it, when one did: the JSON error line's status and code. */
  answered?: { status: number; code: number | string | null };
}

export interface SendDeps {
  /** The run's one client. */
  client: TradeClient;
  io: IOStreams;
  /** Where every confirmation is on record before it is sent. */
  receipts: Receipts;
  /** The clock (Unix ms): when a request was written, entries' times. */
  now(): number;
  /** How the send path waits (a claim held by another process, a 429's wait): the context's. */
  sleep: Sleep;
  /** How long to wait for another process's request for the same declaration (`--timeout`). */
  claimTimeoutMs: number;
  /**
   * Ctrl-C: stops waits (a claim, a 429's wait) and reads, never the POST in flight: that one
   * finishes, and its outcome is known and recorded.
   */
  signal: AbortSignal;
  /**
   * The declarations whose request is written and whose outcome is not on record yet: a
   * second Ctrl-C names them before the process leaves.
   */
  inFlight?: Set<string>;
  /**
   * Before this run waits for a claim another process holds: gives up the claims this run still
   * holds (a batch's lost answers, read back now rather than at its end). A run that waits holds
   * no claim, so two batches over the same declarations in different orders never wait for each
   * other until `--timeout`.
   */
  beforeClaimWait?: () => Promise<void>;
  /**
   * A batch: each item's outcome is written with the next item's request (one lock, one write,
   * one flush for both), its claim released after. The run calls `receipts.writeWaiting()`
   * before it ends (and before it waits for another process's claim).
   */
  outcomesWithNext?: boolean;
}

/** A request whose answer was lost: read back with `readBack`, its claim held until then. */
export interface Lost {
  id: string;
  item: SendItem;
  ref: RequestRef;
  /** What was lost, in words (the judgement's). */
  lost: Text;
  /** When its last attempt was written (local clock). */
  writtenAtMs: number;
  /** The answer that came, when one did (a 5xx, an HTML page): recorded with the outcome. */
  answer: Answer | null;
  claim: Claim;
}

export interface Answer {
  status: number;
  text: string;
}

/** The run's send path: its one client, the receipts (`--sandbox`: the sandbox's own), Ctrl-C. */
export async function sendDeps(ctx: DeclareContext): Promise<SendDeps> {
  return {
    client: await ctx.client(),
    io: ctx.io,
    receipts: receiptsOf(ctx),
    now: ctx.now,
    sleep: ctx.sleep,
    claimTimeoutMs: ctx.globals.timeoutMs,
    signal: ctx.signal,
    inFlight: ctx.inFlight,
  };
}

export const idOf = (item: SendItem) => item.body.cryptoDepositDeclarationId.value;

/**
 * The declaration claimed across processes on the run's clock: waits for another process's
 * request for it up to `--timeout`, and stops on Ctrl-C.
 */
export function claimOf(id: string, deps: SendDeps): Promise<Claim> {
  const { claimTimeoutMs: timeoutMs, now, sleep, signal, beforeClaimWait: beforeWait } = deps;
  return deps.receipts.claim(id, {
    timeoutMs,
    now,
    sleep,
    signal,
    ...(beforeWait ? { beforeWait } : {}),
  });
}

/**
 * The requests for a declaration on record from this account: the same public key. Another
 * key's requests say nothing about this account's declaration. The base URL is not compared:
 * one service is reached under several (a proxy, a gateway, a port that changed), and a request
 * cut off under one must still be read back under another before anything is sent again.
 */
export async function requestsOnRecord(id: string, deps: SendDeps): Promise<RequestSummary[]> {
  const publicKey = deps.client.publicKey ?? "";
  return (await deps.receipts.requests(id)).filter((s) => s.first.publicKey === publicKey);
}
