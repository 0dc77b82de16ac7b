import type { Message, Translation } from "../catalog-types.js";

/** `tradectl version`: its help. */
export const en = {
  "version.description": "Print the version (the same as --version)",
  "version.examples": `
Examples:
  $ tradectl version
  $ tradectl --lang tr version`,
} as const satisfies Record<string, Message>;

export const tr = {
  "version.description": "Sürümü yazdır (--version ile aynı)",
  "version.examples": `
Örnekler:
  $ tradectl version
  $ tradectl --lang tr version`,
} as const satisfies Translation<typeof en>;
