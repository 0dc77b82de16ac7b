import { readSenders, removeSender, type SavedSender, saveSender } from "../../config/senders.js";
import { confirmRuleViolations } from "../../domain/confirm.js";
import { TradectlError } from "../../errors.js";
import { type Column, createRecordWriter } from "../../output/records.js";
import type { CommandContext } from "../context.js";
import {
  missingAnswerLine,
  missingAnswers,
  type PartialDraft,
  violationError,
  violationsOfGivenAnswers,
} from "../declarations/confirm-draft.js";

export interface SenderAddOptions {
  name: string;
  answers: PartialDraft;
}

/**
 * `senders add NAME <answers>`: who sent it and from where must be complete (the description
 * may be left for the confirm); what is given is checked with the confirm rules. Whether an
 * exchange id is listed is checked when a confirm uses it (this reads nothing from the network).
 */
export async function runSendersAdd(
  options: SenderAddOptions,
  ctx: CommandContext,
): Promise<number> {
  const { cryptoDepositDeclarationId: _id, ...answers } = options.answers;
  const missing = missingAnswers(answers).filter((a) => a !== "declaration" && a !== "description");
  if (missing.length > 0) {
    const lines = missing.map(missingAnswerLine);
    throw new TradectlError("usage", lines[0]!, {
      details: lines.slice(1),
      hint: "a sender is --self (or --first-name and --last-name) and --address-type, with --exchange-id or --exchange-name for an exchange; nothing was saved",
    });
  }
  const given = violationsOfGivenAnswers(
    confirmRuleViolations(
      { ...answers, cryptoDepositDeclarationId: "0" },
      { supportedExchangeIds: null },
    ),
    answers.description === undefined ? ["description"] : [],
  );
  if (given.length > 0) {
    const error = violationError(given);
    throw new TradectlError("validation", error.message, {
      details: error.details,
      hint: "nothing was saved",
    });
  }
  const replaced = await saveSender(ctx.env, options.name, answers);
  ctx.io.info(
    `Sender '${options.name}' ${replaced ? "replaced" : "saved"}: \`tradectl declarations confirm --sender ${options.name}\` uses it`,
  );
  return 0;
}

/** A saved sender as printed: its name, then the answers with the confirm body's names. */
interface SenderRow {
  name: string;
  isSelfSender: boolean | null;
  firstName: string | null;
  lastName: string | null;
  AddressType: string | null;
  exchangeId: string | null;
  exchangeOtherName: string | null;
  description: string | null;
}

function row({ name, answers: a }: SavedSender): SenderRow {
  return {
    name,
    isSelfSender: a.isSelfSender ?? null,
    firstName: a.firstName ?? null,
    lastName: a.lastName ?? null,
    AddressType: a.addressType ?? null,
    exchangeId: a.exchangeId ?? null,
    exchangeOtherName: a.exchangeOtherName ?? null,
    description: a.description ?? null,
  };
}

const SENDER_COLUMNS: readonly Column<SenderRow>[] = (
  [
    "name",
    "isSelfSender",
    "firstName",
    "lastName",
    "AddressType",
    "exchangeId",
    "exchangeOtherName",
    "description",
  ] as const
).map((field) => ({
  header: field,
  text: (r: SenderRow) => (r[field] === null ? "" : String(r[field])),
}));

export async function runSendersList(_options: unknown, ctx: CommandContext): Promise<number> {
  const senders = readSenders(ctx.env);
  const writer = createRecordWriter(ctx.globals.output, { columns: SENDER_COLUMNS }, ctx.io);
  await writer.write(senders.map(row));
  await writer.end();
  if (senders.length === 0) {
    ctx.io.info(
      "No saved senders: `tradectl senders add NAME --self --address-type exchange --exchange-id N` saves one.",
    );
  }
  return 0;
}

export async function runSendersRemove(
  options: { name: string },
  ctx: CommandContext,
): Promise<number> {
  await removeSender(ctx.env, options.name);
  ctx.io.info(`Sender '${options.name}' removed`);
  return 0;
}
