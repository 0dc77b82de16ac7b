import { amountWithSymbol } from "../../../declare/declaration-view.js";
import type { PlanItem } from "../../../declare/plan.js";
import type { Sent } from "../../../declare/send-types.js";
import { BODY_FIELDS } from "../../../domain/batch.js";
import type { ConfirmBody } from "../../../domain/confirm.js";
import {
  type Judgement,
  OUTCOME_FIELD_NAMES,
  OUTCOMES,
  type Outcome,
  type OutcomeFieldName,
  type VerifiedBy,
} from "../../../domain/outcome.js";
import { TradectlError } from "../../../errors.js";
import {
  english,
  inEnglish,
  type LabelKey,
  type MessageKey,
  msg,
  type Translator,
} from "../../../i18n/index.js";
import { fieldColumns, selectFields } from "../../../output/fields.js";
import type { IOStreams } from "../../../output/io.js";
import { GIVE, type Give } from "../../../output/narrowing.js";
import {
  type Column,
  createRecordWriter,
  jsonText,
  pick,
  type RecordView,
} from "../../../output/records.js";
import { renderRecords, tableColumn, textLine } from "../../../output/table.js";
import { LosslessNumber, stringifyLossless } from "../../../wire/json.js";
import type { CommandContext } from "../../context.js";

/** What `declarations confirm` prints, in every format: bodies, results, outcomes, the plan. */

/** The body's fields in the seed's order: the columns of a dry run in tsv, csv and table. */
const BODY_VIEW: RecordView<ConfirmBody> = {
  columns: BODY_FIELDS.map((field) => ({
    header: field,
    text: (body: ConfirmBody) => {
      const value = body[field];
      return value === undefined
        ? ""
        : value instanceof LosslessNumber
          ? value.value
          : String(value);
    },
  })),
};

/**
 * The dry run's bodies in the -o format: JSON as sent (one body as an object, a batch as an
 * array; ndjson one a line, which `--from` reads back), or one row of the body's fields each.
 * `fields` (checked against BODY_FIELDS by the spec): only those, in that order, in every
 * format; in JSON an answer the body lacks is null, which `--from` reads as not given.
 */
export async function printBodies(
  bodies: readonly ConfirmBody[],
  ctx: Pick<CommandContext, "io" | "globals">,
  batch: boolean,
  fields?: readonly string[],
): Promise<void> {
  const format = ctx.globals.output;
  if (format === "ndjson" || (format === "json" && !batch)) {
    const shown = fields ? bodies.map((body) => pick(body, fields)) : bodies;
    await ctx.io.write(shown.map((body) => `${stringifyLossless(body)}\n`).join(""));
    return;
  }
  const writer = createRecordWriter(format, selectFields(BODY_VIEW, fields), ctx.io);
  await writer.write(bodies);
  await writer.end();
}

export const confirmedSentence = (id: string, t: Translator = english) =>
  t("confirm.confirmed", { id });

/** What a single confirm prints on a 200 success:true: the contract's object. */
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

/** A single confirm the server answered 200 with `success: true`: the contract's object. */
async function printConfirmed(
  id: string,
  ctx: Pick<CommandContext, "io" | "globals">,
): Promise<void> {
  const { io, globals } = ctx;
  const sentence = confirmedSentence(id, io.t);
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
    default:
      await writeRecords(globals.output, RESULT_COLUMNS, record, io);
  }
  io.info(sentence);
}

/**
 * A single confirm's ending: the contract's success object only for a real 200 with
 * `success: true`; every other ending the outcome record, as a batch item prints it, so a script
 * never mistakes a read-back for an answer. A failure is then reported (stderr, exit code) by
 * the error it stands for. With `--fields` (outcome fields, checked by the spec) every ending
 * prints the outcome record with those fields: the success object has none of its own to
 * choose, and a script that asked for `outcome` gets it whatever the ending.
 */
export async function printSingle(
  sent: Sent,
  ctx: Pick<CommandContext, "io" | "globals">,
  fields?: readonly string[],
): Promise<void> {
  const j = sent.judgement;
  const answered = j.outcome === "confirmed" && j.verifiedBy === "answer";
  if (answered && fields === undefined) {
    await printConfirmed(sent.id, ctx);
    return;
  }
  const record = outcomeRecord(sent);
  if (ctx.globals.output === "table" && j.outcome === "confirmed" && fields === undefined) {
    // Straight to stdout, not through a record writer: textLine neutralises server text.
    await ctx.io.write(`${ctx.io.out.green(textLine([judgementLine(j, ctx.io.t)]))}\n`);
    return;
  }
  const format = ctx.globals.output;
  if (format === "json" || format === "ndjson") {
    // One confirmation, one object (as the success object is one), on one line.
    await ctx.io.write(`${jsonText(fields ? pick(record, fields) : record)}\n`);
  } else {
    const writer = outcomeWriter(ctx, fields);
    await writer.write([record]);
    await writer.end();
  }
  if (j.outcome === "confirmed") {
    ctx.io.info(answered ? confirmedSentence(sent.id, ctx.io.t) : judgementLine(j, ctx.io.t));
  }
}

/** A judgement's line for people, in the run's language (the record's is English). */
export function judgementLine(j: Judgement, t: Translator): string {
  return t.text(j.message);
}

/** An ending that is not a confirmation, as the error that reports it (its kind: the exit code). */
export function outcomeError(sent: Sent): TradectlError {
  const j = sent.judgement;
  const hint = HINTS[j.outcome];
  return new TradectlError(j.kind ?? "unknown", j.message, {
    status: sent.answered?.status ?? null,
    code: sent.answered?.code ?? null,
    ...(hint ? { hint: msg(hint) } : {}),
  });
}

const HINTS: Record<Outcome, Extract<MessageKey, `confirm.hint.${string}`> | undefined> = {
  confirmed: undefined,
  already_confirmed: "confirm.hint.already_confirmed",
  rejected: "confirm.hint.rejected",
  not_found: "confirm.hint.not_found",
  unknown: "confirm.hint.unknown",
  not_sent: "confirm.hint.not_sent",
};

async function writeRecords<T>(
  format: CommandContext["globals"]["output"],
  columns: readonly Column<T>[],
  record: T,
  io: IOStreams,
): Promise<void> {
  const writer = createRecordWriter(format, { columns }, io);
  await writer.write([record]);
  await writer.end();
}

/** The contract's record of one confirmation's outcome (a batch item, a single's non-success). */
export interface OutcomeRecord {
  cryptoDepositDeclarationId: LosslessNumber;
  outcome: Outcome;
  verifiedBy: VerifiedBy;
  byThisRequest: boolean | null;
  message: string;
}

export function outcomeRecord(sent: Sent): OutcomeRecord {
  const j = sent.judgement;
  return {
    cryptoDepositDeclarationId: new LosslessNumber(sent.id),
    outcome: j.outcome,
    verifiedBy: j.verifiedBy,
    byThisRequest: j.byThisRequest,
    message: inEnglish(j.message),
  };
}

const byThisRequestText = (r: OutcomeRecord) =>
  r.byThisRequest === null ? "" : String(r.byThisRequest);

/**
 * Outcome records. For people, a table with short headings like every other table's; the
 * message (which repeats the id and the outcome in words) is what gives way on a narrow
 * terminal, cut at its end, so a batch stays one row per declaration at 80 columns.
 */
const OUTCOME_VIEW: RecordView<OutcomeRecord> = {
  columns: fieldColumns<OutcomeRecord, OutcomeFieldName>(OUTCOME_FIELD_NAMES, {
    cryptoDepositDeclarationId: {
      text: (r) => r.cryptoDepositDeclarationId.value,
      table: tableColumn("label.id", (r) => r.cryptoDepositDeclarationId.value),
    },
    outcome: { text: (r) => r.outcome, table: tableColumn("label.outcome", (r) => r.outcome) },
    verifiedBy: {
      text: (r) => r.verifiedBy ?? "",
      table: tableColumn("label.verifiedBy", (r) => r.verifiedBy ?? ""),
    },
    byThisRequest: {
      text: byThisRequestText,
      table: tableColumn("label.thisRequest", byThisRequestText),
    },
    message: {
      text: (r) => r.message,
      table: tableColumn("label.message", (r) => r.message, GIVE.text),
    },
  }),
};

/** The outcome records' writer in the -o format; `fields` (checked by the spec): those only. */
export function outcomeWriter(
  ctx: Pick<CommandContext, "io" | "globals">,
  fields?: readonly string[],
) {
  return createRecordWriter(ctx.globals.output, selectFields(OUTCOME_VIEW, fields), ctx.io);
}

/** What each outcome means, for the summary line (its count in front). */
const MEANS: Record<Outcome, Extract<MessageKey, `confirm.means.${string}`>> = {
  confirmed: "confirm.means.confirmed",
  already_confirmed: "confirm.means.already_confirmed",
  rejected: "confirm.means.rejected",
  not_found: "confirm.means.not_found",
  unknown: "confirm.means.unknown",
  not_sent: "confirm.means.not_sent",
};

/**
 * `3 confirmed, 1 already confirmed, 2 not sent (4 confirmations sent)`: how many ended each
 * way, in the vocabulary's order, and how many requests were written.
 */
export function summaryLine(
  outcomes: readonly Outcome[],
  sent: number,
  t: Translator = english,
): string {
  const parts = OUTCOMES.flatMap((outcome) => {
    const n = outcomes.filter((o) => o === outcome).length;
    return n > 0 ? [t(MEANS[outcome], { count: n })] : [];
  });
  return t("confirm.summary.sent", { outcomes: parts.join(", "), count: sent });
}

/** The plan for a person: what each declaration is, who sent it from where, what happens. */
export function planTable(plan: readonly PlanItem[], io: IOStreams): string {
  const { t } = io;
  const sender = (b: ConfirmBody) =>
    b.isSelfSender ? t("confirm.plan.me") : `${b.firstName ?? ""} ${b.lastName ?? ""}`.trim();
  const from = (b: ConfirmBody) =>
    b.AddressType === "IndividualWallet"
      ? t("confirm.plan.wallet")
      : b.exchangeId
        ? t("confirm.plan.exchangeId", { id: b.exchangeId.value })
        : t("confirm.plan.exchangeName", { name: b.exchangeOtherName ?? "" });
  const column = (label: LabelKey, text: (i: PlanItem) => string, give?: Give) =>
    tableColumn<PlanItem>(label, (i) => text(i), give);
  const columns = [
    column("label.id", (i) => i.id),
    column("label.amount", (i) => amountWithSymbol(i.declaration)),
    column("label.address", (i) => i.declaration.address ?? "", GIVE.address),
    column("label.sender", (i) => (i.body ? sender(i.body) : ""), GIVE.name),
    column("label.from", (i) => (i.body ? from(i.body) : ""), GIVE.text),
    column("label.description", (i) => i.body?.description ?? "", GIVE.text),
    column("label.action", (i) => (i.body ? t("confirm.plan.send") : t("confirm.plan.skip"))),
  ];
  // On stderr, with stderr's colour decision: the plan is for the person, stdout for data.
  return renderRecords({ columns }, plan, { out: io.err, columns: io.columns, t }).trimEnd();
}
