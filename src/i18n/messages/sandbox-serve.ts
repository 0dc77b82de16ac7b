import type { Message, Translation } from "../catalog-types.js";

/**
 * What `sandbox serve` prints when it starts (src/commands/sandbox/serve.ts): its key pair, state
 * file, faults and arrivals.
 */
export const en = {
  // the banner of `sandbox serve` (src/commands/sandbox/serve.ts): what it runs with
  "sandboxServe.key": "key",
  "sandboxServe.secret": "secret",
  "sandboxServe.state": "state",
  "sandboxServe.faults": "faults",
  "sandboxServe.arrivals": "arrivals",
} as const satisfies Record<string, Message>;

export const tr = {
  "sandboxServe.key": "anahtar",
  "sandboxServe.secret": "gizli anahtar",
  "sandboxServe.state": "durum dosyası",
  "sandboxServe.faults": "üretilen hatalar",
  "sandboxServe.arrivals": "gelen yatırmalar",
} as const satisfies Translation<typeof en>;
