import type { Message, Translation } from "../catalog-types.js";

/** `tradectl exchanges list` (src/commands/exchanges/). */
export const en = {
  "exchanges.description": "The crypto-exchanges listing (ids for --exchange-id)",
  "exchanges.list.description": "List the supported exchanges: id and name",
  "exchanges.list.examples": `
Examples:
  $ tradectl exchanges list
  $ tradectl --sandbox exchanges list -o json
  $ tradectl exchanges list --fields name -o csv`,
  "exchanges.noListing":
    "The service has no exchanges listing at this path (HTTP 404); TRADECTL_EXCHANGES_PATH sets another. `declarations confirm` still takes --exchange-name or a known --exchange-id.",
  "exchanges.empty": "The exchanges listing is empty.",
  "exchanges.useId": "Use an id with `tradectl declarations confirm --exchange-id N`.",
} as const satisfies Record<string, Message>;

export const tr = {
  "exchanges.description": "Kripto borsaları listesi (--exchange-id için numaralar)",
  "exchanges.list.description": "Desteklenen borsaları listele: numara ve ad",
  "exchanges.list.examples": `
Örnekler:
  $ tradectl exchanges list
  $ tradectl --sandbox exchanges list -o json
  $ tradectl exchanges list --fields name -o csv`,
  "exchanges.noListing":
    "Hizmetin bu yolda borsa listesi yok (HTTP 404); başka bir yolu TRADECTL_EXCHANGES_PATH belirler. `declarations confirm` yine de --exchange-name ya da bilinen bir --exchange-id alır.",
  "exchanges.empty": "Borsa listesi boş.",
  "exchanges.useId": "Bir numarayı `tradectl declarations confirm --exchange-id N` ile kullanın.",
} as const satisfies Translation<typeof en>;
