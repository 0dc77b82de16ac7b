import type { Message, Translation } from "../catalog-types.js";

/** A lock on a local file held too long (config/lock-files.ts). */
export const en = {
  "lock.heldTooLong": "the lock file {path} is held too long",
  "lock.heldTooLongHint": "if no other tradectl is running, delete the lock file",
} as const satisfies Record<string, Message>;

export const tr = {
  "lock.heldTooLong": "{path} kilit dosyası çok uzun süredir tutuluyor",
  "lock.heldTooLongHint": "çalışan başka bir tradectl yoksa kilit dosyasını silin",
} as const satisfies Translation<typeof en>;
