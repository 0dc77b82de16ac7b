import { readRules } from "../../config/rules.js";
import {
  readSenderFile,
  removeSender,
  type SavedSender,
  SENDER_FIELD_NAMES,
  type SenderFieldName,
  saveSender,
  unreadableSenderLine,
} from "../../config/senders.js";
import { listingOnce, missingAnswer, supportedIds, violationError } from "../../declare/answers.js";
import { type Answers, confirmRuleViolations } from "../../domain/confirm.js";
import {
  answersNeedListing,
  missingAnswers,
  violationsOfGivenAnswers,
} from "../../domain/confirm-answers.js";
import { type PresetName, presetText } from "../../domain/description-presets.js";
import { TradectlError } from "../../errors.js";
import { msg } from "../../i18n/index.js";
import { fieldColumns, sameText, selectFields } from "../../output/fields.js";
import { GIVE } from "../../output/narrowing.js";
import {
  type Column,
  createRecordWriter,
  fieldTable,
  type RecordView,
} from "../../output/records.js";
import type { CommandContext } from "../context.js";

export interface SenderAddOptions {
  name: string;
  answers: Answers;
  /** `--description-preset`: its text, in the run's language, is the description saved. */
  preset?: PresetName | undefined;
}

/**
 * `senders add NAME <answers>`: who sent it and from where must be complete (the description
 * may be left for the confirm); what is given is checked with the confirm rules, an exchange id
 * against the exchanges listing when it can be read (else a warning, and the confirm that uses
 * the sender checks it).
 */
export async function runSendersAdd(
  options: SenderAddOptions,
  ctx: CommandContext,
): Promise<number> {
  const { cryptoDepositDeclarationId: _id, ...given } = options.answers;
  const answers: Answers = options.preset
    ? { ...given, description: presetText(options.preset, ctx.io.t.lang) }
    : given;
  const missing = missingAnswers(answers).filter((a) => a !== "declaration" && a !== "description");
  if (missing.length > 0) {
    throw TradectlError.listing("usage", missing.map(missingAnswer), {
      hint: msg("hint.senderShape"),
    });
  }
  const listing =
    answers.exchangeId !== undefined && answersNeedListing(answers)
      ? await listingOnce(ctx).get()
      : null;
  if (listing && !listing.exchanges) {
    ctx.io.warn(
      `${ctx.io.err.yellow(ctx.io.t("declarations.warning"))} ${ctx.io.t("listing.unread", {
        why: listing.why,
        left: ctx.io.t("listing.senderLater", { id: answers.exchangeId!.trim() }),
      })}`,
    );
  }
  const broken = violationsOfGivenAnswers(
    confirmRuleViolations(answers, { supportedExchangeIds: supportedIds(listing) }),
    answers.description === undefined ? ["description"] : [],
  );
  if (broken.length > 0) {
    throw TradectlError.with(violationError(broken), {
      hint: msg("hint.nothingSaved"),
    });
  }
  const replaced = await saveSender(ctx.env, options.name, answers);
  ctx.io.info(ctx.io.t(replaced ? "senders.replaced" : "senders.saved", { name: options.name }));
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

const text =
  (field: SenderFieldName) =>
  (r: SenderRow): string =>
    r[field] === null ? "" : String(r[field]);

const SENDER_COLUMNS: readonly Column<SenderRow>[] = fieldColumns<SenderRow, SenderFieldName>(
  SENDER_FIELD_NAMES,
  {
    name: sameText("label.name", text("name")),
    isSelfSender: sameText("label.self", text("isSelfSender")),
    firstName: sameText("label.firstName", text("firstName"), { give: GIVE.name }),
    lastName: sameText("label.lastName", text("lastName"), { give: GIVE.name }),
    AddressType: sameText("label.addressType", text("AddressType")),
    exchangeId: sameText("label.exchangeId", text("exchangeId"), { numeric: true }),
    exchangeOtherName: sameText("label.exchangeName", text("exchangeOtherName"), {
      give: GIVE.text,
    }),
    description: sameText("label.description", text("description"), { give: GIVE.text }),
  },
);

const SENDER_VIEW: RecordView<SenderRow> = {
  columns: SENDER_COLUMNS,
  table: fieldTable(SENDER_COLUMNS),
};

export async function runSendersList(
  options: { fields?: readonly string[] | undefined },
  ctx: CommandContext,
): Promise<number> {
  // --fields was checked by the spec (an unknown name is refused before the file is read).
  const view = selectFields(SENDER_VIEW, options.fields);
  const { senders, unreadable } = readSenderFile(ctx.env);
  for (const entry of unreadable) {
    const warning = ctx.io.err.yellow(ctx.io.t("declarations.warning"));
    ctx.io.warn(`${warning} ${ctx.io.t.text(unreadableSenderLine(ctx.env, entry))}`);
  }
  const writer = createRecordWriter(ctx.globals.output, view, ctx.io);
  await writer.write(senders.map(row));
  await writer.end();
  if (senders.length === 0 && unreadable.length === 0) {
    ctx.io.info(ctx.io.t("senders.none"));
  }
  return 0;
}

export async function runSendersRemove(
  options: { name: string },
  ctx: CommandContext,
): Promise<number> {
  await removeSender(ctx.env, options.name);
  ctx.io.info(ctx.io.t("senders.removed", { name: options.name }));
  // The rules that name it confirm nothing until it is back: said now, not at the next arrival.
  const users = readRules(ctx.env).rules.filter((rule) => rule.answers.sender === options.name);
  if (users.length > 0) {
    const rules = users.map((rule) => `'${rule.name}'`).join(", ");
    ctx.io.warn(ctx.io.t("senders.removedInUse", { name: options.name, rules }));
  }
  return 0;
}
