import {
  findSender,
  readSenders,
  type SavedSender,
  saveSender,
  senderNameProblem,
  senderRecord,
} from "../../config/senders.js";
import { BODY_FIELDS, overlaySender } from "../../domain/batch.js";
import {
  type ConfirmBody,
  type ConfirmDraft,
  confirmBody,
  confirmRuleViolations,
  exchangeIdIsWellFormed,
  exchangeOtherNameProblem,
} from "../../domain/confirm.js";
import type { Exchange } from "../../domain/order.js";
import { sameWord } from "../../domain/text.js";
import { EXIT_CODES, isTradectlError, TradectlError } from "../../errors.js";
import { type Column, createRecordWriter, jsonText } from "../../output/records.js";
import { sanitize } from "../../output/sanitize.js";
import { LosslessNumber, numberText, stringifyLossless } from "../../wire/json.js";
import type { CommandContext } from "../context.js";
import { CANCELLED_MESSAGE } from "../prompter.js";
import type { Selection } from "./batch.js";
import {
  type Answer,
  missingAnswerLine,
  missingAnswers,
  type PartialDraft,
  violationError,
  violationsOfGivenAnswers,
} from "./confirm-draft.js";
import {
  alreadyConfirmed,
  lookUpDeclaration,
  type SendResult,
  sendConfirmation,
} from "./confirm-send.js";
import { declarationId } from "./view.js";

/** What `declarations confirm` runs on, made from its flags by confirm-spec.ts. */
export interface ConfirmOptions {
  /** The answers given as flags (and the declaration id, when given). */
  draft: PartialDraft;
  /** Skip the final "Send?". */
  yes: boolean;
  /** Print the body that would be sent; send nothing. */
  dryRun: boolean;
  /** A saved sender whose answers the flags lay over. */
  sender?: string;
  /** Several declarations (ids, --pending or --from): a batch (batch.ts). */
  selection?: Selection;
}

/**
 * The crypto-exchanges listing of this run, read at most once: the exchanges, or null with the reason
 * when there is none (the service has no listing at that path, or reading it failed). Without
 * one, the rule on exchangeId is left to the server and the wizard offers typing a name or an id.
 */
export interface ExchangeListing {
  exchanges: Exchange[] | null;
  why: string;
}

/** What the command prints on a 200 success:true: the contract's object, in every format. */
interface ConfirmResult {
  cryptoDepositDeclarationId: string;
  success: true;
  message: "";
  code: 0;
}

const RESULT_COLUMNS: readonly Column<ConfirmResult>[] = [
  { header: "cryptoDepositDeclarationId", text: (r) => r.cryptoDepositDeclarationId },
  { header: "success", text: (r) => String(r.success) },
  { header: "message", text: (r) => r.message },
  { header: "code", text: (r) => String(r.code) },
];

/**
 * What the command prints when the answer was lost and the declarations list was read instead:
 * what the list shows, and how it is known. Never a made-up server answer.
 */
interface ReadBackResult {
  cryptoDepositDeclarationId: string;
  status: string;
  confirmedAt: string | null;
  verifiedBy: "read-back";
  /** True when the state read before, or confirmedAt, shows it was this request; else null. */
  confirmedByThisRequest: true | null;
}

const READ_BACK_COLUMNS: readonly Column<ReadBackResult>[] = [
  { header: "cryptoDepositDeclarationId", text: (r) => r.cryptoDepositDeclarationId },
  { header: "status", text: (r) => r.status },
  { header: "confirmedAt", text: (r) => r.confirmedAt ?? "" },
  { header: "verifiedBy", text: (r) => r.verifiedBy },
  {
    header: "confirmedByThisRequest",
    text: (r) => (r.confirmedByThisRequest === null ? "" : "true"),
  },
];

/** The body's fields in the seed's order: the columns of a dry run in tsv, csv and table. */
export const BODY_COLUMNS: readonly Column<ConfirmBody>[] = BODY_FIELDS.map((field) => ({
  header: field,
  text: (body: ConfirmBody) => {
    const value = body[field];
    return value === undefined ? "" : value instanceof LosslessNumber ? value.value : String(value);
  },
}));

export const confirmedSentence = (id: string) =>
  `Declaration ${id} confirmed: the deposit will be credited to your wallet`;

/** Reads the listing once; never fails but for a cancel. */
async function readListing(ctx: CommandContext): Promise<ExchangeListing> {
  try {
    const exchanges = await (await ctx.client()).listExchanges();
    return exchanges
      ? { exchanges, why: "" }
      : { exchanges: null, why: "the service has no exchanges listing" };
  } catch (error) {
    if (isTradectlError(error) && error.kind === "cancelled") throw error;
    return { exchanges: null, why: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Whether the flags need the listing before any question: to check a well-formed id, or to
 * match a name that could be a listed exchange's (the wizard reads it when it gets there).
 */
export function flagsNeedListing(draft: PartialDraft): boolean {
  if (draft.exchangeId !== undefined) return exchangeIdIsWellFormed(draft.exchangeId);
  const name = draft.exchangeOtherName;
  return (
    name !== undefined &&
    draft.addressType !== "IndividualWallet" &&
    name.trim() !== "" &&
    exchangeOtherNameProblem(name) === null
  );
}

/** The listing read at most once per run, on first need; null until then. */
export function listingOnce(ctx: CommandContext) {
  let read: Promise<ExchangeListing> | null = null;
  return {
    get: () => {
      read ??= readListing(ctx);
      return read;
    },
    /** The listing if it was read (for the summary's exchange names), without reading it. */
    ifRead: async () => (read ? await read : null),
  };
}

export function supportedIds(listing: ExchangeListing | null): ReadonlySet<string> | null {
  return listing?.exchanges ? new Set(listing.exchanges.map((e) => numberText(e.id))) : null;
}

/**
 * `--exchange-name binance` names a listed exchange: it is sent as that exchange's id (what the
 * service expects for a supported exchange), matched in any case, Turkish İ/ı included. Returns
 * the line that says so, or null when the name is not listed (sent as exchangeOtherName).
 */
export function exchangeByName(
  draft: PartialDraft,
  listing: ExchangeListing | null,
): string | null {
  const name = draft.exchangeOtherName;
  if (name === undefined || draft.exchangeId !== undefined || !listing?.exchanges) return null;
  const match = listing.exchanges.find((e) => sameWord(e.name, name));
  if (!match) return null;
  draft.exchangeId = numberText(match.id);
  draft.exchangeOtherName = undefined;
  return `--exchange-name '${sanitize(name.trim())}' is the listed exchange ${sanitize(match.name)}: sent as exchangeId ${draft.exchangeId}`;
}

/** The saved senders the wizard offers; a config file that cannot be read offers none. */
function savedSenders(env: NodeJS.ProcessEnv): SavedSender[] {
  try {
    return readSenders(env);
  } catch {
    return [];
  }
}

/** The flags' answers over the saved sender's, when `--sender` names one. */
export function withSender(options: ConfirmOptions, ctx: CommandContext): PartialDraft {
  if (options.sender === undefined) return { ...options.draft };
  const { answers, droppedDescription } = overlaySender(
    findSender(ctx.env, options.sender).answers,
    options.draft,
  );
  if (droppedDescription) {
    ctx.io.warn(
      `note: the description saved with sender '${options.sender}' is about that sender, not the one the flags name: not used (give --description)`,
    );
  }
  return answers;
}

/**
 * The answers given (as flags or by a sender), before any question or lookup: the exchanges
 * listing read when they need it (a warning when it cannot be), a listed `--exchange-name`
 * made its id (`start` is changed), and, refused at once, every missing answer without a
 * terminal and every rule the given answers break. A single confirm and a batch share it.
 */
export async function checkGivenAnswers(
  start: PartialDraft,
  missing: readonly Answer[],
  interactive: boolean,
  listings: ReturnType<typeof listingOnce>,
  io: CommandContext["io"],
): Promise<void> {
  const listing = flagsNeedListing(start) ? await listings.get() : null;
  const byName = exchangeByName(start, listing);
  if (listing && !listing.exchanges) {
    const left =
      start.exchangeId !== undefined
        ? `whether exchangeId ${sanitize(start.exchangeId.trim())} is supported is left to the server`
        : `'${sanitize((start.exchangeOtherName ?? "").trim())}' is sent as the name of an exchange that is not listed (exchangeOtherName)`;
    io.warn(
      `${io.err.yellow("warning:")} could not read the exchanges listing (${sanitize(listing.why)}); ${left}`,
    );
  }
  const given = violationsOfGivenAnswers(
    confirmRuleViolations(
      { ...start, cryptoDepositDeclarationId: start.cryptoDepositDeclarationId ?? "0" },
      { supportedExchangeIds: supportedIds(listing) },
    ),
    missing,
  );
  if (missing.length > 0 && !interactive) {
    const lines = [...missing.map(missingAnswerLine), ...given.map((v) => v.message)];
    throw new TradectlError("usage", lines[0]!, {
      details: lines.slice(1),
      hint: "nothing was sent; without a terminal (or with --no-input) every answer must be a flag (or come from --sender NAME); on a terminal, tradectl asks for what is missing",
    });
  }
  if (given.length > 0) throw violationError(given);
  if (byName) io.info(byName);
}

export async function runConfirm(options: ConfirmOptions, ctx: CommandContext): Promise<number> {
  const { io } = ctx;
  const start: PartialDraft = withSender(options, ctx);
  if (options.selection) {
    const { runBatch } = await import("./batch.js");
    return runBatch(
      { selection: options.selection, answers: start, yes: options.yes, dryRun: options.dryRun },
      ctx,
    );
  }
  // The contract asks for a terminal on stdin and stdout; canPrompt adds stderr, where the
  // questions go: asking where nobody can see them would only hang.
  const interactive = io.canPrompt() && io.stdoutIsTTY;
  const missing = missingAnswers(start);
  const willAsk = interactive && (missing.length > 0 || (!options.yes && !options.dryRun));
  // The wizard (and inquirer behind the prompter) is loaded once, and only when we will ask.
  const wizard = willAsk ? await import("./wizard.js") : null;

  const listings = listingOnce(ctx);
  await checkGivenAnswers(start, missing, interactive, listings, io);

  // Before asking anything about a given id, make sure there is something to confirm.
  let statusBefore: string | null = null;
  if (willAsk && start.cryptoDepositDeclarationId !== undefined) {
    statusBefore = await earlyLookup(ctx, start.cryptoDepositDeclarationId);
  }

  let draft: ConfirmDraft;
  if (wizard && missing.length > 0) {
    const answered = await wizard.runWizard(start, {
      io,
      prompter: ctx.prompter,
      listPending: async () =>
        (await ctx.client()).listDeclarations({ statuses: ["Pending"], page: 1, pageSize: 100 }),
      listing: listings.get,
      senders: options.sender === undefined ? savedSenders(ctx.env) : [],
    });
    if (answered === null) return 0;
    // A declaration picked from the pending list was Pending a moment ago.
    statusBefore ??= start.cryptoDepositDeclarationId === undefined ? "Pending" : null;
    draft = answered;
  } else {
    draft = start as ConfirmDraft;
  }

  // Once more on the final draft: what is sent is exactly what passed the rules.
  const violations = confirmRuleViolations(draft, {
    supportedExchangeIds: supportedIds(await listings.ifRead()),
  });
  if (violations.length > 0) throw violationError(violations);
  const body = confirmBody(draft);

  if (options.dryRun) {
    await printBodies([body], ctx, false);
    io.info(io.err.dim("dry run: this is the body that would be sent; nothing was sent"));
    return 0;
  }
  if (wizard && !options.yes) {
    const names = (await listings.ifRead())?.exchanges ?? null;
    if (!(await wizard.askToSend(body, { io, prompter: ctx.prompter }, names))) {
      // A choice, not a failure: said plainly, exit 130 as the contract has it.
      io.warn(CANCELLED_MESSAGE);
      return EXIT_CODES.cancelled;
    }
  }

  const client = await ctx.client();
  const result = await sendConfirmation(client, body, io, { statusBefore, now: ctx.now });
  await printResult(body.cryptoDepositDeclarationId.value, result, ctx);
  // Questions were asked and may be asked again (--yes asks none after the answers).
  if (wizard && missing.length > 0 && !options.yes) {
    const { cryptoDepositDeclarationId: id, ...answers } = draft;
    if (options.sender === undefined) await offerToSave(answers, ctx);
    return offerSameWay(id, answers, ctx);
  }
  return 0;
}

/**
 * After a wizard's confirmation with answers no saved sender has: "Save these answers as a
 * sender?", and a name for them.
 */
async function offerToSave(answers: PartialDraft, ctx: CommandContext): Promise<void> {
  const saved = savedSenders(ctx.env);
  // A saved sender with its own description (or none) is the same sender.
  const who = (a: PartialDraft) => jsonText(senderRecord({ ...a, description: undefined }));
  const same = (a: PartialDraft) => who(a) === who(answers);
  if (saved.some((s) => same(s.answers))) return;
  const save = await ctx.prompter.confirm({
    message: "Save these answers as a sender for next time?",
    default: false,
  });
  if (!save) return;
  const name = await ctx.prompter.input({
    message: "Name for this sender:",
    validate: (value) => senderNameProblem(value.trim()) ?? true,
  });
  await saveSender(ctx.env, name.trim(), answers);
  ctx.io.info(
    `Sender '${name.trim()}' saved: \`--sender ${name.trim()}\` answers the same way next time`,
  );
}

/**
 * After a wizard's confirmation, when other deposits are pending: "Declare the other N pending
 * deposits the same way?"; yes makes them a batch with these answers (its plan shown and
 * asked about before anything is sent).
 */
async function offerSameWay(
  confirmedId: string,
  answers: PartialDraft,
  ctx: CommandContext,
): Promise<number> {
  const client = await ctx.client();
  const others: string[] = [];
  for await (const page of client.walkDeclarations({
    statuses: ["Pending"],
    page: 1,
    pageSize: 100,
  })) {
    for (const d of page) if (declarationId(d) !== confirmedId) others.push(declarationId(d));
  }
  if (others.length === 0) return 0;
  const n = others.length;
  const yes = await ctx.prompter.confirm({
    message: `Declare the other ${n} pending deposit${n === 1 ? "" : "s"} the same way?`,
    default: false,
  });
  if (!yes) return 0;
  const { runBatch } = await import("./batch.js");
  return runBatch(
    { selection: { kind: "ids", ids: others }, answers, yes: false, dryRun: false },
    ctx,
  );
}

/**
 * The wizard's first step for a given id: the declaration's state, or at once the reason there
 * is nothing to ask about (exit 3 for no such declaration, 5 for one already confirmed).
 */
async function earlyLookup(ctx: CommandContext, id: string): Promise<string> {
  const found = await lookUpDeclaration(await ctx.client(), id);
  if (found === null) {
    throw new TradectlError(
      "not_found",
      `declaration ${id} was not found among your declarations`,
      {
        hint: "nothing was asked or sent; `tradectl declarations list --status pending` lists the declarations you can confirm",
      },
    );
  }
  if (found.status === "Confirmed") throw alreadyConfirmed(found, "");
  return found.status;
}

/**
 * The dry run's bodies in the -o format: JSON as sent (one body as an object, a batch as an
 * array; ndjson one a line, which `--from` reads back), or one row of the body's fields each.
 */
export async function printBodies(
  bodies: readonly ConfirmBody[],
  ctx: CommandContext,
  batch: boolean,
): Promise<void> {
  const format = ctx.globals.output;
  if (format === "ndjson" || (format === "json" && !batch)) {
    await ctx.io.write(bodies.map((body) => `${stringifyLossless(body)}\n`).join(""));
    return;
  }
  const writer = createRecordWriter(format, { columns: BODY_COLUMNS }, ctx.io);
  await writer.write(bodies);
  await writer.end();
}

async function printResult(id: string, result: SendResult, ctx: CommandContext): Promise<void> {
  if (result.via === "read-back") return printReadBack(result, ctx);
  const { io, globals } = ctx;
  const sentence = confirmedSentence(id);
  const record: ConfirmResult = {
    cryptoDepositDeclarationId: id,
    success: true,
    message: "",
    code: 0,
  };
  switch (globals.output) {
    case "table":
      await io.write(`${io.out.green(sentence)}\n`);
      return;
    case "json":
      // The contract's object, written the way the contract writes it, id with its exact digits.
      await io.write(
        `{"cryptoDepositDeclarationId": ${id}, "success": true, "message": "", "code": 0}\n`,
      );
      break;
    case "ndjson":
      await io.write(
        `${jsonText({ ...record, cryptoDepositDeclarationId: new LosslessNumber(id) })}\n`,
      );
      break;
    default: {
      const writer = createRecordWriter(globals.output, { columns: RESULT_COLUMNS }, io);
      await writer.write([record]);
      await writer.end();
    }
  }
  io.info(sentence);
}

async function printReadBack(
  result: Extract<SendResult, { via: "read-back" }>,
  ctx: CommandContext,
): Promise<void> {
  const { io, globals } = ctx;
  const d = result.declaration;
  const id = declarationId(d);
  const record: ReadBackResult = {
    cryptoDepositDeclarationId: id,
    status: d.status,
    confirmedAt: d.confirmedAt ?? null,
    verifiedBy: "read-back",
    confirmedByThisRequest: result.byThisRequest,
  };
  const at = d.confirmedAt ? ` at ${sanitize(d.confirmedAt)}` : "";
  const sentence =
    result.byThisRequest === true
      ? `${confirmedSentence(id)} (the answer was lost; the declarations list shows it Confirmed${at})`
      : `Declaration ${id} is Confirmed${at}; the answer was lost, and the list cannot tell whether this request or an earlier one confirmed it`;
  switch (globals.output) {
    case "table":
      await io.write(`${io.out.green(sentence)}\n`);
      return;
    case "json":
    case "ndjson":
      await io.write(
        `${jsonText({ ...record, cryptoDepositDeclarationId: d.cryptoDepositDeclarationId })}\n`,
      );
      break;
    default: {
      const writer = createRecordWriter(globals.output, { columns: READ_BACK_COLUMNS }, io);
      await writer.write([record]);
      await writer.end();
    }
  }
  io.info(sentence);
}
