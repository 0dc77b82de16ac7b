import type { TradeClient } from "../../../api/client.js";
import {
  type Answers,
  answersFromRow,
  matchesFilter,
  overlayAnswers,
  type PendingFilter,
} from "../../../domain/batch.js";
import {
  type ConfirmBody,
  type ConfirmDraft,
  confirmBody,
  confirmRuleViolations,
} from "../../../domain/confirm.js";
import type { Declaration } from "../../../domain/declarations.js";
import { type ErrorKind, EXIT_CODES, isTradectlError, TradectlError } from "../../../errors.js";
import { GIVE, type Give } from "../../../output/narrowing.js";
import { progressLine } from "../../../output/progress.js";
import { type Column, createRecordWriter } from "../../../output/records.js";
import { sanitize } from "../../../output/sanitize.js";
import { renderRecords, tableColumn } from "../../../output/table.js";
import { LosslessNumber, numberText } from "../../../wire/json.js";
import { buildClientWithSignal } from "../../client-factory.js";
import type { CommandContext } from "../../context.js";
import { CANCELLED_MESSAGE } from "../../prompter.js";
import { parseRows, readSource, rowLabel } from "./batch-input.js";
import {
  checkGivenAnswers,
  flagsNeedListing,
  listingOnce,
  printBodies,
  supportedIds,
} from "./confirm.js";
import { missingAnswers, type PartialDraft } from "./confirm-draft.js";
import {
  judgeReadBack,
  type LostAnswer,
  lookUpDeclarations,
  postConfirmation,
  readBackFailed,
  warnLost,
} from "./confirm-send.js";
import { amountWithSymbol, declarationId } from "./view.js";

/** Which declarations a batch confirms (CLI-CONTRACT.md, "Batch confirmation"). */
export type Selection =
  | { kind: "ids"; ids: string[] }
  | { kind: "pending"; filter: PendingFilter }
  | { kind: "from"; source: string };

/** What a batch runs on, made from the flags by confirm-spec.ts. */
export interface BatchOptions {
  selection: Selection;
  /** The answers given as flags (over the saved sender's, when one is named). */
  answers: PartialDraft;
  yes: boolean;
  dryRun: boolean;
}

/** How one item of a batch ended (the contract's `outcome`). */
export type Outcome =
  | "confirmed"
  | "already_confirmed"
  | "rejected"
  | "not_found"
  | "unknown"
  | "not_sent";

/** The contract's record of one item, printed as it finishes. */
export interface OutcomeRecord {
  cryptoDepositDeclarationId: LosslessNumber;
  outcome: Outcome;
  message: string;
}

const OUTCOME_COLUMNS: readonly Column<OutcomeRecord>[] = [
  { header: "cryptoDepositDeclarationId", text: (r) => r.cryptoDepositDeclarationId.value },
  { header: "outcome", text: (r) => r.outcome },
  { header: "message", text: (r) => r.message },
];

/** One declaration of the plan: where it came from, what it is, and the body it gets. */
export interface PlanItem {
  /** `declaration 7`, or `row 3 (line 4)` for a --from row: how problems name it. */
  label: string;
  id: string;
  declaration: Declaration;
  /** Null for a declaration already confirmed: shown as skipped, never sent. */
  body: ConfirmBody | null;
}

interface Drafted {
  label: string;
  draft: ConfirmDraft;
}

/** The problems of a plan, each naming its row or id; thrown before anything is sent. */
function planError(problems: readonly string[], unknownIds: number): TradectlError {
  // Unknown ids alone: exit 3, like a single confirm of an unknown id; any broken rule: exit 2.
  const kind = unknownIds === problems.length ? "not_found" : "validation";
  return new TradectlError(kind, problems[0]!, {
    details: problems.slice(1),
    hint: `nothing was sent: ${problems.length === 1 ? "fix it" : `fix all ${problems.length}`} and run the command again`,
  });
}

const PAGE_SIZE = 100;

/**
 * `declarations confirm ID ID…`, `--pending …` or `--from FILE`: the plan first (every item
 * checked by the confirm rules, every id looked up in one walk of the list, any problem
 * reported and nothing sent), then one POST per item, in order, never re-sent.
 */
export async function runBatch(options: BatchOptions, ctx: CommandContext): Promise<number> {
  const { io } = ctx;
  const interactive = io.canPrompt() && io.stdoutIsTTY;
  // Ctrl-C aborts what reads, but lets a POST in flight finish: its outcome is then known, and
  // the batch stops before the next one.
  const reads = new AbortController();
  let posting = false;
  const onAbort = () => {
    if (!posting) reads.abort(ctx.signal.reason);
  };
  ctx.signal.addEventListener("abort", onAbort, { once: true });
  let client: Promise<TradeClient> | null = null;
  const getClient = () => {
    client ??= buildClientWithSignal(ctx, reads.signal);
    return client;
  };
  const listingCtx = { ...ctx, client: getClient };
  try {
    const plan = await makePlan(options, { ...listingCtx, interactive });
    if (plan === null) return 0;
    return await confirmPlan(plan, options, ctx, getClient, {
      interactive,
      setPosting: (on) => {
        posting = on;
        if (!on && ctx.signal.aborted) reads.abort(ctx.signal.reason);
      },
    });
  } finally {
    ctx.signal.removeEventListener("abort", onAbort);
  }
}

type PlanContext = CommandContext & { interactive: boolean };

/** The plan, checked; null when there is nothing to do (said on stderr). */
async function makePlan(options: BatchOptions, ctx: PlanContext): Promise<PlanItem[] | null> {
  const { io } = ctx;
  const shared: PartialDraft = { ...options.answers };
  const listings = listingOnce(ctx);
  const { selection } = options;
  // Answers given once for every item are checked before anything is read: a wrong flag
  // fails fast. (A --from row carries its own, checked with its row.)
  let missing = selection.kind === "from" ? [] : missingAnswers(shared).filter(notTheId);
  if (selection.kind !== "from") {
    await checkGivenAnswers(shared, missing, ctx.interactive, listings, io);
  }

  const problems: string[] = [];
  let unknownIds = 0;
  let drafts: { label: string; answers: Answers }[] = [];
  if (selection.kind === "ids") {
    drafts = selection.ids.map((id) => ({
      label: `declaration ${id}`,
      answers: { ...shared, cryptoDepositDeclarationId: id },
    }));
  } else if (selection.kind === "from") {
    drafts = await rowsOf(selection.source, shared, io.stdin, problems);
  }

  // One walk: the ids asked for, or every Pending declaration the filter selects.
  const client = await ctx.client();
  const found = new Map<string, Declaration>();
  if (selection.kind === "pending") {
    for await (const page of client.walkDeclarations({
      statuses: ["Pending"],
      page: 1,
      pageSize: PAGE_SIZE,
    })) {
      for (const d of page) {
        if (!matchesFilter(filterFields(d), selection.filter)) continue;
        const id = declarationId(d);
        found.set(id, d);
        drafts.push({
          label: `declaration ${id}`,
          answers: { ...shared, cryptoDepositDeclarationId: id },
        });
      }
    }
    if (drafts.length === 0) {
      io.info(
        `No pending declaration matches ${describeFilter(selection.filter)}: nothing to confirm.`,
      );
      return null;
    }
  } else {
    const ids = drafts.flatMap((d) => d.answers.cryptoDepositDeclarationId ?? []);
    for (const [id, d] of await lookUpDeclarations(client, ids)) found.set(id, d);
    for (const d of drafts) {
      const id = d.answers.cryptoDepositDeclarationId;
      if (id !== undefined && !found.has(id)) {
        problems.push(`${d.label}: not found among your declarations`);
        unknownIds++;
      }
    }
  }

  if (missing.length > 0 && problems.length === 0) {
    // On a terminal, what the flags left open is asked once, for every item.
    const wizard = await import("./wizard.js");
    const answered = await wizard.askAnswers(shared, drafts.length, {
      io,
      prompter: ctx.prompter,
      listPending: async () => [],
      listing: listings.get,
    });
    drafts = drafts.map((d) => ({ ...d, answers: overlayAnswers(d.answers, answered) }));
    missing = [];
  }

  // Every item through the same rules, with the same messages, as a single confirm.
  const needsListing = drafts.some((d) => flagsNeedListing(d.answers));
  const supported = supportedIds(needsListing ? await listings.get() : await listings.ifRead());
  const checked: Drafted[] = [];
  for (const d of drafts) {
    const id = d.answers.cryptoDepositDeclarationId;
    if (id === undefined) continue;
    const draft: ConfirmDraft = { ...d.answers, cryptoDepositDeclarationId: id };
    const violations = confirmRuleViolations(draft, { supportedExchangeIds: supported });
    for (const v of violations) problems.push(`${d.label}: ${v.message}`);
    if (violations.length === 0) checked.push({ label: d.label, draft });
  }
  if (problems.length > 0) throw planError(problems, unknownIds);

  return checked.map(({ label, draft }) => {
    const declaration = found.get(draft.cryptoDepositDeclarationId)!;
    return {
      label,
      id: draft.cryptoDepositDeclarationId,
      declaration,
      body: declaration.status === "Confirmed" ? null : confirmBody(draft),
    };
  });
}

const notTheId = (answer: string) => answer !== "declaration";

function filterFields(d: Declaration) {
  return { symbol: d.symbol ?? "", address: d.address ?? "", amount: numberText(d.amount) };
}

function describeFilter(filter: PendingFilter): string {
  const parts = [
    filter.symbols.length > 0 ? `symbol ${filter.symbols.join(" or ")}` : "",
    filter.address !== undefined ? `address ${filter.address}` : "",
    filter.amount !== undefined ? `amount ${filter.amount}` : "",
  ].filter(Boolean);
  return sanitize(parts.length > 0 ? parts.join(", ") : "the selection");
}

/** The --from rows as drafts (the row's answers over the flags'); problems named by row. */
async function rowsOf(
  source: string,
  shared: PartialDraft,
  stdin: NodeJS.ReadableStream,
  problems: string[],
): Promise<{ label: string; answers: Answers }[]> {
  const rows = await parseRows(await readSource(source, stdin), source);
  if (rows.length === 0) {
    throw new TradectlError("usage", `--from ${sanitize(source)} holds no rows`, {
      hint: "a CSV header row and a row per declaration, or one JSON object a line; nothing was sent",
    });
  }
  const firstRowOf = new Map<string, string>();
  const out: { label: string; answers: Answers }[] = [];
  for (const row of rows) {
    const label = rowLabel(row);
    const read = answersFromRow(row.fields);
    if (!read.ok) {
      for (const problem of read.problems) problems.push(`${label}: ${sanitize(problem)}`);
      continue;
    }
    const id = read.answers.cryptoDepositDeclarationId;
    if (id === undefined) {
      problems.push(`${label}: cryptoDepositDeclarationId is missing`);
      continue;
    }
    const earlier = firstRowOf.get(id);
    if (earlier !== undefined) {
      problems.push(`${label}: declaration ${id} is already in ${earlier}`);
      continue;
    }
    firstRowOf.set(id, label);
    out.push({
      label: `${label}, declaration ${id}`,
      answers: overlayAnswers(shared, read.answers),
    });
  }
  return out;
}

interface SendControls {
  interactive: boolean;
  /** Tells the run a POST is in flight (Ctrl-C then waits for it). */
  setPosting(on: boolean): void;
}

/** The plan shown and agreed to, then sent; the exit code. */
async function confirmPlan(
  plan: readonly PlanItem[],
  options: BatchOptions,
  ctx: CommandContext,
  client: () => Promise<TradeClient>,
  controls: SendControls,
): Promise<number> {
  const { io } = ctx;
  const toSend = plan.filter((item) => item.body !== null);
  const skipped = plan.length - toSend.length;
  const skippedLine = skipped > 0 ? `; ${skipped} already confirmed: skipped` : "";

  if (options.dryRun) {
    await printBodies(
      toSend.map((item) => item.body!),
      ctx,
      true,
    );
    io.info(
      io.err.dim(
        `dry run: ${count(toSend.length, "body", "bodies")} that would be sent${skippedLine}; nothing was sent`,
      ),
    );
    return 0;
  }
  if (toSend.length > 0) {
    if (controls.interactive) io.warn(planTable(plan, io));
    if (!options.yes) {
      if (!controls.interactive) {
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
  return sendPlan(plan, ctx, client, controls);
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The plan for a person: what each declaration is, who sent it from where, what happens. */
function planTable(plan: readonly PlanItem[], io: CommandContext["io"]): string {
  const sender = (b: ConfirmBody) =>
    b.isSelfSender ? "me" : `${b.firstName ?? ""} ${b.lastName ?? ""}`.trim();
  const from = (b: ConfirmBody) =>
    b.AddressType === "IndividualWallet"
      ? "individual wallet"
      : b.exchangeId
        ? `exchange ${b.exchangeId.value}`
        : `exchange '${b.exchangeOtherName ?? ""}'`;
  const column = (label: string, text: (i: PlanItem) => string, give?: Give) =>
    tableColumn<PlanItem>(label, (i) => text(i), give);
  const columns = [
    column("ID", (i) => i.id),
    column("AMOUNT", (i) => amountWithSymbol(i.declaration)),
    column("ADDRESS", (i) => i.declaration.address ?? "", GIVE.address),
    column("SENDER", (i) => (i.body ? sender(i.body) : ""), GIVE.name),
    column("FROM", (i) => (i.body ? from(i.body) : ""), GIVE.text),
    column("DESCRIPTION", (i) => i.body?.description ?? "", GIVE.text),
    column("ACTION", (i) => (i.body ? "send" : "skip: already confirmed")),
  ];
  // On stderr, with stderr's colour decision: the plan is for the person, stdout for data.
  return renderRecords({ columns }, plan, { out: io.err, columns: io.columns }).trimEnd();
}

interface Finished {
  record: OutcomeRecord;
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
  kind,
});

/** What a failed POST's error means for its item (and whether the batch can go on). */
function failedOutcome(id: string, error: TradectlError): Finished {
  const message = sanitize(error.message);
  switch (error.kind) {
    case "conflict":
      return finished(id, "already_confirmed", message, null);
    case "not_found":
      return finished(id, "not_found", message, "not_found");
    case "network":
      // Failed before it could arrive (refused, unresolved): nothing reached the server.
      return finished(id, "not_sent", message, "network");
    default:
      return finished(id, "rejected", message, error.kind);
  }
}

/** One POST per item, in order; lost answers read back with one walk at the end. */
async function sendPlan(
  plan: readonly PlanItem[],
  ctx: CommandContext,
  getClient: () => Promise<TradeClient>,
  controls: SendControls,
): Promise<number> {
  const { io } = ctx;
  const writer = createRecordWriter(ctx.globals.output, { columns: OUTCOME_COLUMNS }, io);
  const progress = progressLine(io);
  const outcomes: Finished[] = [];
  const total = plan.filter((item) => item.body !== null).length;
  let sent = 0;
  let confirmed = 0;
  const emit = async (item: Finished) => {
    outcomes.push(item);
    if (item.record.outcome === "confirmed") confirmed++;
    // Every format writes rows as they finish (a table too): the progress line goes first.
    progress.clear();
    await writer.write([item.record]);
    progress.show(`${confirmed}/${total} confirmed…`);
  };

  for (const item of plan) {
    if (item.body === null) {
      const d = item.declaration;
      const at = d.confirmedAt ? ` at ${sanitize(d.confirmedAt)}` : "";
      await emit(
        finished(
          item.id,
          "already_confirmed",
          `already confirmed${at}: skipped, nothing sent`,
          null,
        ),
      );
    }
  }

  const lost: { item: PlanItem; lost: LostAnswer }[] = [];
  const client = await getClient();
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
    controls.setPosting(true);
    const sentAt = ctx.now();
    try {
      const posted = await postConfirmation(client, item.body, ctx.now);
      if (posted.via === "response") {
        await emit(finished(item.id, "confirmed", "", null));
      } else {
        warnLost(io, item.id, posted.lost.failure);
        lost.push({ item, lost: posted.lost });
      }
    } catch (error) {
      if (!isTradectlError(error)) throw error;
      if (error.kind === "cancelled") {
        await emit(
          finished(
            item.id,
            "unknown",
            sanitize(`${error.message}; ${error.hint ?? ""}`),
            "cancelled",
          ),
        );
        stopped = "cancelled";
        continue;
      }
      if (error.kind === "server" && (error.status ?? 0) >= 500) {
        // The service failed on its side: whether it applied the change is read back.
        warnLost(io, item.id, error);
        lost.push({
          item,
          lost: { failure: error, serverSentAt: sentAt + client.stampClock.offsetMs },
        });
      } else {
        const outcome = failedOutcome(item.id, error);
        await emit(outcome);
        // Credentials the service refuses fail every later request the same way.
        if (error.kind === "auth") stopped = "auth";
      }
    } finally {
      controls.setPosting(false);
    }
  }

  if (lost.length > 0) {
    for (const outcome of await readBack(lost, client, ctx)) await emit(outcome);
  }
  progress.clear();
  await writer.end();
  io.info(summaryLine(outcomes, sent));
  const failure = outcomes.find((o) => o.kind !== null);
  return failure ? EXIT_CODES[failure.kind!] : 0;
}

/** The lost answers, from one walk of the list, judged as a single confirm judges one. */
async function readBack(
  lost: readonly { item: PlanItem; lost: LostAnswer }[],
  client: TradeClient,
  ctx: CommandContext,
): Promise<Finished[]> {
  if (ctx.signal.aborted) {
    return lost.map(({ item }) =>
      finished(
        item.id,
        "unknown",
        "the answer was lost, and the batch was cancelled before it could be checked",
        "cancelled",
      ),
    );
  }
  let found: Map<string, Declaration>;
  try {
    found = await lookUpDeclarations(
      client,
      lost.map(({ item }) => item.id),
    );
  } catch (error) {
    return lost.map(({ item, lost: l }) => {
      const failure = readBackFailed(item.id, l.failure, error);
      return finished(item.id, "unknown", sanitize(failure.message), failure.kind);
    });
  }
  return lost.map(({ item, lost: l }) => {
    const d = found.get(item.id) ?? null;
    try {
      // No state before: the plan's read is older than the POST, so confirmedAt decides.
      const result = judgeReadBack(item.id, l, d, null);
      const at = result.via === "read-back" && result.declaration.confirmedAt;
      return finished(
        item.id,
        "confirmed",
        `the answer was lost; the declarations list shows it Confirmed${at ? ` at ${sanitize(at)}` : ""}`,
        null,
      );
    } catch (error) {
      if (!isTradectlError(error)) throw error;
      const message = sanitize(error.message);
      if (error.kind === "conflict") return finished(item.id, "already_confirmed", message, null);
      if (d === null) return finished(item.id, "unknown", message, error.kind);
      // Still Pending: not applied. A refusal in a 2xx was the server's word; else it never arrived.
      return finished(
        item.id,
        l.failure.refusedIn2xx ? "rejected" : "not_sent",
        message,
        error.kind,
      );
    }
  });
}

/** `3 confirmed, 1 already confirmed, 2 not sent (4 requests sent)`. */
function summaryLine(outcomes: readonly Finished[], sent: number): string {
  const order: Outcome[] = [
    "confirmed",
    "already_confirmed",
    "rejected",
    "not_found",
    "unknown",
    "not_sent",
  ];
  const parts = order.flatMap((outcome) => {
    const n = outcomes.filter((o) => o.record.outcome === outcome).length;
    return n > 0 ? [`${n} ${outcome.replace("_", " ")}`] : [];
  });
  return `${parts.join(", ")} (${count(sent, "confirmation")} sent)`;
}
