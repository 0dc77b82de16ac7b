import { BODY_FIELDS } from "../../../domain/batch.js";
import type { ConfirmBody } from "../../../domain/confirm.js";
import { outcomeCounts } from "../../../domain/confirm-outcome.js";
import { declarationId } from "../../../domain/declarations.js";
import type { Outcome } from "../../../domain/outcome.js";
import type { IOStreams } from "../../../output/io.js";
import { GIVE, type Give } from "../../../output/narrowing.js";
import { type Column, createRecordWriter, jsonText } from "../../../output/records.js";
import { renderRecords, tableColumn, textLine } from "../../../output/table.js";
import { LosslessNumber, stringifyLossless } from "../../../wire/json.js";
import type { CommandContext } from "../../context.js";
import { amountWithSymbol } from "../view.js";
import type { PlanItem } from "./plan.js";
import type { Settled } from "./send.js";

/** What `declarations confirm` prints, in every format: bodies, results, outcomes, the plan. */

/** The body's fields in the seed's order: the columns of a dry run in tsv, csv and table. */
const BODY_COLUMNS: readonly Column<ConfirmBody>[] = BODY_FIELDS.map((field) => ({
  header: field,
  text: (body: ConfirmBody) => {
    const value = body[field];
    return value === undefined ? "" : value instanceof LosslessNumber ? value.value : String(value);
  },
}));

/**
 * The dry run's bodies in the -o format: JSON as sent (one body as an object, a batch as an
 * array; ndjson one a line, which `--from` reads back), or one row of the body's fields each.
 */
export async function printBodies(
  bodies: readonly ConfirmBody[],
  ctx: Pick<CommandContext, "io" | "globals">,
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

export const confirmedSentence = (id: string) =>
  `Declaration ${id} confirmed: the deposit will be credited to your wallet`;

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

/**
 * What a single confirm prints when the answer was lost and the declarations list was read
 * instead: what the list shows, and how it is known. Never a made-up server answer.
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

/** A single confirm's confirmation, as the server said it or as the list shows it. */
export async function printConfirmed(
  settled: Extract<Settled, { outcome: "confirmed" }>,
  ctx: Pick<CommandContext, "io" | "globals">,
): Promise<void> {
  if (settled.via === "read-back") return printReadBack(settled, ctx);
  const { io, globals } = ctx;
  const id = settled.id;
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
    default:
      await writeRecords(globals.output, RESULT_COLUMNS, record, io);
  }
  io.info(sentence);
}

async function printReadBack(
  settled: Extract<Settled, { via: "read-back" }>,
  ctx: Pick<CommandContext, "io" | "globals">,
): Promise<void> {
  const { io, globals } = ctx;
  const d = settled.declaration;
  const id = declarationId(d);
  const record: ReadBackResult = {
    cryptoDepositDeclarationId: id,
    status: d.status,
    confirmedAt: d.confirmedAt ?? null,
    verifiedBy: "read-back",
    confirmedByThisRequest: settled.byThisRequest,
  };
  const at = d.confirmedAt ? ` at ${d.confirmedAt}` : "";
  const sentence =
    settled.byThisRequest === true
      ? `${confirmedSentence(id)} (the answer was lost; the declarations list shows it Confirmed${at})`
      : `Declaration ${id} is Confirmed${at}; the answer was lost, and the list cannot tell whether this request or an earlier one confirmed it`;
  switch (globals.output) {
    case "table":
      // Straight to stdout, not through a record writer: textLine neutralises confirmedAt.
      await io.write(`${io.out.green(textLine([sentence]))}\n`);
      return;
    case "json":
    case "ndjson":
      await io.write(
        `${jsonText({ ...record, cryptoDepositDeclarationId: d.cryptoDepositDeclarationId })}\n`,
      );
      break;
    default:
      await writeRecords(globals.output, READ_BACK_COLUMNS, record, io);
  }
  io.info(sentence);
}

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

/** The contract's record of one batch item, printed as it finishes. */
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

export function outcomeWriter(ctx: Pick<CommandContext, "io" | "globals">) {
  return createRecordWriter(ctx.globals.output, { columns: OUTCOME_COLUMNS }, ctx.io);
}

/** `3 confirmed, 1 already confirmed, 2 not sent (4 confirmations sent)`. */
export function summaryLine(outcomes: readonly Outcome[], sent: number): string {
  const parts = outcomeCounts(outcomes).map(([outcome, n]) => `${n} ${outcome.replace("_", " ")}`);
  return `${parts.join(", ")} (${count(sent, "confirmation")} sent)`;
}

export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The plan for a person: what each declaration is, who sent it from where, what happens. */
export function planTable(plan: readonly PlanItem[], io: IOStreams): string {
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
