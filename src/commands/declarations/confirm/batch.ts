import { makePlan, type PlanItem, type Selection } from "../../../declare/plan.js";
import { readBack, settleConfirmed } from "../../../declare/read-back.js";
import { SEND_AHEAD, sendAhead } from "../../../declare/send-ahead.js";
import {
  type Lost,
  type SendDeps,
  type SendItem,
  type Sent,
  sendDeps,
} from "../../../declare/send-types.js";
import type { Answers } from "../../../domain/confirm.js";
import { judged } from "../../../domain/outcome.js";
import { runExitCode } from "../../../domain/outcome-exit.js";
import { type ErrorKind, EXIT_CODES, isTradectlError } from "../../../errors.js";
import { msg, type Text } from "../../../i18n/index.js";
import { agreedToAll, type CountQuestion } from "../../ask-count.js";
import type { CommandContext } from "../../context.js";
import { outcomeRecord, outcomeWriter, planTable, printBodies, summaryLine } from "./output.js";

/** "Send N confirmations?", asked before a batch sends. */
const SEND_ALL: CountQuestion = {
  question: "confirm.batch.send",
  noTerminal: "confirm.batch.noTerminal",
  noTerminalHint: "confirm.batch.noTerminalHint",
};

/** What a batch runs on: the selection, and the answers given for every item. */
export interface BatchOptions {
  selection: Selection;
  /** The answers given as flags (over the saved sender's, when one is named). */
  answers: Answers;
  yes: boolean;
  dryRun: boolean;
  /** `--fields`: the bodies' (dry run) or the outcome records' fields printed, in this order. */
  fields?: readonly string[] | undefined;
  /**
   * A declaration this run confirmed already (the wizard's "the same way" offer): declining the
   * batch is then no cancellation, and the run exits 0 with what was confirmed.
   */
  afterConfirmed?: string;
}

/**
 * `declarations confirm ID ID…`, `--pending …` or `--from FILE`: the plan first (plan.ts), shown
 * and agreed to, then one POST per item through the send path, in order, never re-sent, on the
 * run's one client.
 */
export async function runBatch(options: BatchOptions, ctx: CommandContext): Promise<number> {
  const { io } = ctx;
  const interactive = io.interactive();
  const plan = await makePlan(options.selection, options.answers, {
    ...ctx,
    interactive,
    askMissing: async (shared, count, listing) => {
      const { askAnswers } = await import("./wizard.js");
      const deps = { io, prompter: ctx.prompter, listPending: async () => [], listing };
      return askAnswers(shared, count, deps);
    },
  });
  if (plan === null) return 0;
  const toSend = plan.filter((item) => item.body !== null);
  const skipped = plan.length - toSend.length;

  if (options.dryRun) {
    await printBodies(
      toSend.map((item) => item.body!),
      ctx,
      true,
      options.fields,
    );
    const skippedLine = skipped > 0 ? io.t("confirm.batch.dryRunSkipped", { count: skipped }) : "";
    io.info(
      io.err.dim(io.t("confirm.batch.dryRun", { count: toSend.length, skipped: skippedLine })),
    );
    return 0;
  }
  if (toSend.length > 0) {
    if (interactive) io.warn(planTable(plan, io));
    if (!(await agreedToAll(ctx, options.yes, toSend.length, SEND_ALL))) {
      if (options.afterConfirmed !== undefined) {
        io.warn(
          io.t("confirm.batch.othersNotSent", {
            id: options.afterConfirmed,
            count: toSend.length,
          }),
        );
        return 0;
      }
      io.warn(io.t("cli.cancelled"));
      return EXIT_CODES.cancelled;
    }
  }
  const deps = await sendDeps(ctx);
  // Skipped as Confirmed: a request of ours for one that is open on record is settled now.
  await settleConfirmed(
    plan.flatMap((item) => (item.body === null ? [item.declaration] : [])),
    deps,
  );
  return sendPlan(plan, ctx, deps, options.fields);
}

/**
 * One POST per item, in order, each through the send path; the lost answers read back with one
 * walk at the end (their claims held until then), or sooner: before the batch waits for a claim
 * another process holds, so a waiting batch holds none (batches in different orders would
 * otherwise each wait for the other's claims until `--timeout`). Each next item is prepared
 * while the POST before it is in flight (send-ahead.ts). Ctrl-C lets the POST in flight finish
 * (its outcome is then known and recorded), and the batch stops before the next one.
 */
async function sendPlan(
  plan: readonly PlanItem[],
  ctx: CommandContext,
  deps: SendDeps,
  fields: readonly string[] | undefined,
): Promise<number> {
  const { io } = ctx;
  const writer = outcomeWriter(ctx, fields);
  const ended: Sent[] = [];
  const total = plan.filter((item) => item.body !== null).length;
  let confirmed = 0;
  let sent = 0;
  const emit = async (item: Sent) => {
    ended.push(item);
    if (item.written) sent++;
    if (item.judgement.outcome === "confirmed") confirmed++;
    // Every format writes rows as they finish (a table too), then the progress line after them.
    await writer.write([outcomeRecord(item)]);
    io.progress(io.t("confirm.batch.progress", { done: confirmed, total }));
  };

  for (const item of plan) {
    if (item.body !== null) continue;
    const at = item.declaration.confirmedAt;
    const said = at
      ? msg("confirm.batch.skippedAt", { id: item.id, at })
      : msg("confirm.batch.skipped", { id: item.id });
    await emit(skipped(item.id, said));
  }

  const lost: Lost[] = [];
  const readBackLost = async () => {
    if (lost.length === 0) return;
    for (const item of await readBack(lost.splice(0), deps)) await emit(item);
  };
  // Each outcome is written with the next request (one lock, one write, one flush for both):
  // all of them before the batch waits for another process's claim, and before it ends.
  const writeWaiting = async () => {
    try {
      await deps.receipts.writeWaiting();
    } catch (error) {
      if (!isTradectlError(error)) throw error;
      io.warning(io.t.text(error.text));
    }
  };
  const sending: SendDeps = {
    ...deps,
    outcomesWithNext: true,
    beforeClaimWait: async () => {
      await writeWaiting();
      await readBackLost();
    },
  };
  // One POST at a time, the next item prepared while it is in flight (send-ahead.ts).
  const sender = sendAhead(sending);
  const items: SendItem[] = plan.flatMap((item) =>
    item.body === null
      ? []
      : [{ body: item.body, rule: item.rule, imported: item.imported, guard: item.guard }],
  );
  let stopped: ErrorKind | null = null;
  try {
    for (const [index, item] of items.entries()) {
      if (stopped !== null || ctx.signal.aborted) {
        stopped ??= "cancelled";
        await emit(await sender.stopBefore(item, stopped));
        continue;
      }
      const posted = await sender.post(item, items.slice(index + 1, index + 1 + SEND_AHEAD));
      if ("lost" in posted) {
        lost.push(posted);
        continue;
      }
      await emit(posted);
      // Credentials the service refuses fail every later request the same way.
      if (posted.judgement.kind === "auth") stopped = "auth";
      if (posted.judgement.kind === "cancelled") stopped = "cancelled";
    }
  } finally {
    try {
      await sender.end();
    } finally {
      await writeWaiting();
    }
  }

  // Read back even after Ctrl-C: a failed read (cancelled) leaves them unknown, on record.
  await readBackLost();
  await writer.end();
  io.info(
    summaryLine(
      ended.map((o) => o.judgement.outcome),
      sent,
      io.t,
    ),
  );
  return runExitCode(
    ended.map((o) => o.judgement),
    "batch",
  );
}

/** An item already confirmed: skipped, nothing written for it. */
function skipped(id: string, line: Text): Sent {
  return { id, written: false, judgement: judged.skipped(line) };
}
