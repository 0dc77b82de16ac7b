// The seed's messages in the run's language: each known English line with its catalog entry, the service's English kept after it.
import { CONFIRM_MESSAGES, LIST_MESSAGES, ORDER_NOT_FOUND_MESSAGE } from "../domain/messages.js";
import type { Phrase } from "../errors.js";
import { type MessageKey, said, type Translator } from "../i18n/index.js";

/** The seed's messages (domain/messages.ts), each with its entry in the catalog. */
type SeedKey = Extract<MessageKey, `seed.${string}`>;
const SEED_KEYS: ReadonlyMap<string, SeedKey> = new Map<string, SeedKey>([
  ...Object.entries(LIST_MESSAGES).map(
    ([name, text]) => [text, `seed.${name as keyof typeof LIST_MESSAGES}`] as const,
  ),
  ...Object.entries(CONFIRM_MESSAGES).map(
    ([name, text]) => [text, `seed.${name as keyof typeof CONFIRM_MESSAGES}`] as const,
  ),
  [ORDER_NOT_FOUND_MESSAGE, "seed.orderNotFound"],
]);

/**
 * A line that may be a seed rule, as a problem: a seed rule's English, said in the run's
 * language with the service's English after it (as `seedLine`); any other line as it is.
 */
export function seedPhrase(line: string): Phrase {
  const key = SEED_KEYS.get(line);
  return key
    ? { english: line, said: said("report.seedThen", { local: said(key), service: line }) }
    : { english: line };
}

/** A seed rule said in the run's language, the service's English after it (either searchable). */
export function seedLine(line: string, t: Translator): string {
  const key = SEED_KEYS.get(line);
  return key ? t("report.seedThen", { local: t(key), service: line }) : line;
}

/**
 * A seed rule shown live (a prompt's validation): as the service words it in English, else in
 * the run's language with the service's English after it.
 */
export function seedSaid(line: string, t: Translator): string {
  return t.lang === "en" ? line : seedLine(line, t);
}
