import { answersFromRow } from "../domain/batch.js";
import type { Answers } from "../domain/confirm.js";
import { type Text, TradectlError } from "../errors.js";
import { joined, msg } from "../i18n/index.js";
import { configFile } from "./paths.js";
// The rule every named collection of the config file follows (unreadable entries, names, removal).
import * as collection from "./saved-entries.js";
import { readConfig } from "./store.js";

/**
 * Saved senders (docs/BATCH.md): named answers to the confirm questions, kept
 * in the config file (mode 0600) under `senders`, each written with the confirm body's field
 * names, as a `--from` row without its id:
 *
 *   "senders": { "me-kraken": { "isSelfSender": true, "AddressType": "Exchange", "exchangeId": "3" } }
 */
export type SenderAnswers = Omit<Answers, "cryptoDepositDeclarationId">;

/** A saved sender's (and a rule's) answers as printed: the confirm body's field names. */
export const ANSWER_FIELD_NAMES = [
  "isSelfSender",
  "firstName",
  "lastName",
  "AddressType",
  "exchangeId",
  "exchangeOtherName",
  "description",
] as const;

/** What `senders list` prints: the name, then the answers. */
export const SENDER_FIELD_NAMES = ["name", ...ANSWER_FIELD_NAMES] as const;

export interface SavedSender {
  name: string;
  answers: SenderAnswers;
}

const NAME = /^[\w.@+-]{1,64}$/;

/**
 * Why `name` cannot name a saved thing (a sender, a rule): such names are completed by shells
 * and typed as one word. Null when it can.
 */
export function savedNameProblem(what: "sender" | "rule", name: string): Text | null {
  return NAME.test(name)
    ? null
    : msg(what === "sender" ? "savedName.sender" : "savedName.rule", { name });
}

/** One entry of the file's `senders` as a sender, or why it is not one. */
function senderFromEntry(name: string, value: unknown): SavedSender | collection.UnreadableEntry {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return collection.unreadableEntry(name, "senderWhy.notObject");
  }
  const read = answersFromRow(value as Record<string, unknown>);
  if (!read.ok) {
    // The answers' own problems (domain/batch.ts), each in the run's language.
    return collection.unreadableEntry(name, "senderWhy.answers", {
      problems: joined(read.problems),
    });
  }
  const { cryptoDepositDeclarationId: _id, ...answers } = read.answers;
  return { name, answers };
}

/**
 * Every saved sender, by name, and every entry the file holds that cannot be read as one (hand
 * edited, or written by another version), with the reason: those are reported, never dropped
 * silently.
 */
export function readSenderFile(env: NodeJS.ProcessEnv): collection.SavedEntries<SavedSender> {
  return collection.readEntries(readConfig(configFile(env)), "senders", senderFromEntry);
}

/** The line that says a saved entry cannot be used, and where to fix it. */
export function unreadableSenderLine(
  env: NodeJS.ProcessEnv,
  entry: collection.UnreadableEntry,
): Text {
  return msg("savedSender.unreadable", { name: entry.name, why: entry.why, path: configFile(env) });
}

/**
 * The sender saved under `name`. An entry of that name that cannot be read says why; an
 * unknown name is a usage error that lists the saved ones.
 */
export function findSender(env: NodeJS.ProcessEnv, name: string): SavedSender {
  return collection.findEntry(readSenderFile(env), "senders", name, (broken) => {
    const hint = msg("hint.nothingSent");
    return new TradectlError("usage", unreadableSenderLine(env, broken), { hint });
  });
}

/** The answers as the file keeps them: the body's field names, only the answers given. */
export function senderRecord(answers: SenderAnswers): Record<string, string | boolean> {
  const record: Record<string, string | boolean> = {};
  if (answers.isSelfSender !== undefined) record.isSelfSender = answers.isSelfSender;
  if (answers.firstName !== undefined) record.firstName = answers.firstName;
  if (answers.lastName !== undefined) record.lastName = answers.lastName;
  if (answers.description !== undefined) record.description = answers.description;
  if (answers.addressType !== undefined) record.AddressType = answers.addressType;
  if (answers.exchangeId !== undefined) record.exchangeId = answers.exchangeId;
  if (answers.exchangeOtherName !== undefined) {
    record.exchangeOtherName = answers.exchangeOtherName;
  }
  return record;
}

/** Saves (or replaces) a sender; true when one of that name was replaced. */
export function saveSender(
  env: NodeJS.ProcessEnv,
  name: string,
  answers: SenderAnswers,
): Promise<boolean> {
  return collection.saveEntry(env, "senders", name, senderRecord(answers));
}
