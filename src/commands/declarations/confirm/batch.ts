import type { Answers } from "../../../domain/confirm.js";
import { batchFailure, failureKind } from "../../../domain/confirm-outcome.js";
import type { Outcome } from "../../../domain/outcome.js";
import { type ErrorKind, EXIT_CODES, TradectlError } from "../../../errors.js";
import { progressLine } from "../../../output/progress.js";
import { LosslessNumber } from "../../../wire/json.js";
import type { CommandContext } from "../../context.js";
import { CANCELLED_MESSAGE } from "../../prompter.js";
import {
  count,
  type OutcomeRecord,
  outcomeWriter,
  planTable,
  printBodies,
  summaryLine,
} from "./output.js";
import { makePlan, type PlanItem, type Selection } from "./plan.js";
import { type Lost, post, readBack, type SendRecorder, type Settled } from "./send.js";

/** What a batch runs on: the selection, and the answers given for every item. */
export interface BatchOptions {
  selection: Selection;
  /** The answers given as flags (over the saved sender's, when one is named). */
  answers: Answers;
  yes: boolean;
  dryRun: boolean;
  /** Where the send path records what it sends (none by default). */
  recorder?: SendRecorder;
}

/**
 * `declarations confirm ID ID…`, `--pending …` or `--from FILE`: the plan first (plan.ts), shown
 * and agreed to, then one POST per item through the send path, in order, never re-sent, on the
 * run's one client.
 */
export async function runBatch(options: BatchOptions, ctx: CommandContext): Promise<number> {
  const { io } = ctx;
  const interactive = io.interactive();
  const plan = await makePlan(options.selection, options.answers, { ...ctx, interactive });
  if (plan === null) return 0;
  const toSend = plan.filter((item) => item.body !== null);
  const skipped = plan.length - toSend.length;

  if (options.dryRun) {
    await printBodies(
      toSend.map((item) => item.body!),
      ctx,
      true,
    );
    const skippedLine = skipped > 0 ? `; ${skipped} already confirmed: skipped` : "";
    io.info(
      io.err.dim(
        `dry run: ${count(toSend.length, "body", "bodies")} that would be sent${skippedLine}; nothing was sent`,
      ),
    );
    return 0;
  }
  if (toSend.length > 0) {
    if (interactive) io.warn(planTable(plan, io));
    if (!options.yes) {
      if (!interactive) {
        throw new TradectlError(
          "usage",
          `${count(toSend.length, "confirmation")} to send, and no terminal to ask on: pass --yes to send them`,
          { hint: "nothing was sent; --dry-run prints the bodies that would be sent" },
        );
      }
      const yes = await ctx.prompter.confirm({
        message: `Send ${count(toSend.length, "confirmation")}?`,
        default: false,
      });
      if (!yes) {
        io.warn(CANCELLED_MESSAGE);
        return EXIT_CODES.cancelled;
      }
    }
  }
  return sendPlan(plan, ctx, options.recorder);
}

interface Finished {
  record: OutcomeRecord;
  outcome: Outcome;
  /** The kind of failure, for the exit code; null for confirmed and already confirmed. */
  kind: ErrorKind | null;
}

const finished = (
  id: string,
  outcome: Outcome,
  message: string,
  kind: ErrorKind | null,
): Finished => ({
  record: { cryptoDepositDeclarationId: new LosslessNumber(id), outcome, message },
  outcome,
  kind: failureKind(outcome, kind),
});

/** A settled item as its record: the message says how it is known. */
function fromSettled(settled: Settled): Finished {
  if (!("error" in settled)) {
    const at = settled.via === "read-back" ? settled.declaration.confirmedAt : null;
    const message =
      settled.via === "response"
        ? ""
        : `the answer was lost; the declarations list shows it Confirmed${at ? ` at ${at}` : ""}`;
    return finished(settled.id, "confirmed", message, null);
  }
  const { error } = settled;
  const message =
    error.kind === "cancelled" && error.hint ? `${error.message}; ${error.hint}` : error.message;
  return finished(settled.id, settled.outcome, message, error.kind);
}

/**
 * One POST per item, in order, each through the send path; the lost answers read back with one
 * walk at the end. Ctrl-C stops what reads, but lets a POST in flight finish (its outcome is
 * then known), and the batch stops before the next one.
 */
async function sendPlan(
  plan: readonly PlanItem[],
  ctx: CommandContext,
  recorder: SendRecorder | undefined,
): Promise<number> {
  const { io } = ctx;
  const writer = outcomeWriter(ctx);
  const progress = progressLine(io);
  const outcomes: Finished[] = [];
  const total = plan.filter((item) => item.body !== null).length;
  let confirmed = 0;
  const emit = async (item: Finished) => {
    outcomes.push(item);
    if (item.outcome === "confirmed") confirmed++;
    // Every format writes rows as they finish (a table too): the progress line goes first.
    progress.clear();
    await writer.write([item.record]);
    progress.show(`${confirmed}/${total} confirmed…`);
  };

  for (const item of plan) {
    if (item.body !== null) continue;
    const at = item.declaration.confirmedAt ? ` at ${item.declaration.confirmedAt}` : "";
    await emit(
      finished(item.id, "already_confirmed", `already confirmed${at}: skipped, nothing sent`, null),
    );
  }

  // The POSTs listen to a signal Ctrl-C never aborts; the reads to the run's (the client's own).
  const deps = {
    client: await ctx.client(),
    io,
    now: ctx.now,
    postSignal: new AbortController().signal,
    readBackServerErrors: true,
    recorder,
  };
  const lost: Lost[] = [];
  let sent = 0;
  let stopped: ErrorKind | null = null;
  for (const item of plan) {
    if (item.body === null) continue;
    if (stopped !== null || ctx.signal.aborted) {
      stopped ??= "cancelled";
      const why =
        stopped === "cancelled"
          ? "not sent: the batch was cancelled before it"
          : "not sent: the batch stopped at an earlier failure";
      await emit(finished(item.id, "not_sent", why, stopped));
      continue;
    }
    sent++;
    const posted = await post(
      { body: item.body, statusBefore: null, rule: item.rule, guard: item.guard },
      deps,
    );
    if ("failure" in posted) {
      lost.push(posted);
      continue;
    }
    await emit(fromSettled(posted));
    // Credentials the service refuses fail every later request the same way.
    if ("error" in posted && posted.error.kind === "auth") stopped = "auth";
    if ("error" in posted && posted.error.kind === "cancelled") stopped = "cancelled";
  }

  if (lost.length > 0) {
    if (ctx.signal.aborted) {
      for (const l of lost) {
        await emit(
          finished(
            l.item.body.cryptoDepositDeclarationId.value,
            "unknown",
            "the answer was lost, and the batch was cancelled before it could be checked",
            "cancelled",
          ),
        );
      }
    } else {
      // No state before: the plan's read is older than the POST, so confirmedAt decides.
      for (const settled of await readBack(lost, deps)) await emit(fromSettled(settled));
    }
  }
  progress.clear();
  await writer.end();
  io.info(
    summaryLine(
      outcomes.map((o) => o.outcome),
      sent,
    ),
  );
  const failure = batchFailure(outcomes);
  return failure ? EXIT_CODES[failure] : 0;
}
