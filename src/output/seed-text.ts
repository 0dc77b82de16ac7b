// The seed's messages as catalog texts: each rule a `seed.*` key, in English as the service words it, in another language followed by the service's English.
import { type MessageKey, msg, type Text } from "../i18n/index.js";

type SeedRule = Extract<MessageKey, `seed.${string}`> extends `seed.${infer R}` ? R : never;

/** The seed's words for a rule (domain/messages.ts): in English as the service words them, in another language followed by them. */
export function seedText(rule: SeedRule): Text {
  return msg(`seed.${rule}`);
}
