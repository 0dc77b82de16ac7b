import type { Message, Translation } from "../catalog-types.js";

/** A line that is no text of ours (the service's words), shown as it is (translate.ts `asIs`). */
export const en = {
  /** A line that is no text of ours (the service's words), shown as it is (translate.ts asIs). */
  "text.asIs": "{line}",
} as const satisfies Record<string, Message>;

export const tr = {
  "text.asIs": "{line}",
} as const satisfies Translation<typeof en>;
