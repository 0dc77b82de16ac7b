import type { Message, Translation } from "../catalog-types.js";

/** A TRADECTL_EXCHANGES_PATH the client refuses (src/config/). */
export const en = {
  "exchangesPath.bad":
    "the exchanges path from {origin} must start with '/' and hold no spaces, got '{path}'",
  "exchangesPath.hint": "for example /api/v1/exchanges",
} as const satisfies Record<string, Message>;

export const tr = {
  "exchangesPath.bad":
    "{origin} kaynağındaki borsa listesi yolu '/' ile başlamalı ve boşluk içermemeli, verilen: '{path}'",
  "exchangesPath.hint": "örneğin /api/v1/exchanges",
} as const satisfies Translation<typeof en>;
