import { join } from "node:path";
import type { OracleRule } from "./rules-oracle.js";

/**
 * A Binance withdrawal export that the import tests play end to end: `sandbox serve
 * --arrivals-from` makes its completed withdrawals arrive as deposits, `rules import` reads it.
 */

/** An hour ago, as Binance writes UTC (the sandbox runs on the real clock, so the rules must). */
const AN_HOUR_AGO = new Date(Date.now() - 3_600_000).toISOString().slice(0, 19).replace("T", " ");

/** Binance's API fields: three completed withdrawals and one still processing. */
export const EXPORT = [
  "id,amount,transactionFee,coin,status,address,addressTag,txId,applyTime",
  `wa,10.5,0.25,XRP,6,rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH,42,tx-a,${AN_HOUR_AGO}`,
  `wb,1.25,0.005,ETH,6,0x52908400098527886E0F7030069857D2E4169EE7,,tx-b,${AN_HOUR_AGO}`,
  `wc,0.3,0.0001,BTC,6,bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq,,tx-c,${AN_HOUR_AGO}`,
  `wd,7,0.1,XRP,4,rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH,43,tx-d,${AN_HOUR_AGO}`,
  "",
].join("\n");

/** The rows as the contract's words describe them: either candidate amount, no names (self). */
export const ORACLE: OracleRule[] = [
  ["XRP", "rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH", "42", ["10.5", "10.25"]],
  ["ETH", "0x52908400098527886E0F7030069857D2E4169EE7", undefined, ["1.25", "1.245"]],
  ["BTC", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", undefined, ["0.3", "0.2999"]],
].flatMap(([symbol, address, memo, amounts]) =>
  (amounts as string[]).map(
    (amount): OracleRule => ({
      symbol: symbol as string,
      address: address as string,
      ...(memo ? { memo: memo as string } : {}),
      amount,
      names: null,
    }),
  ),
);

export const arrivals = (text: string) => text.split("\n").filter((l) => / arrival \d+ /.test(l));

/**
 * `sandbox serve`'s arguments that play `file` (EXPORT, written there) as arrivals every
 * 100 ms, the second withdrawal arriving with another amount; its state in `home`.
 */
export const playedArrivals = (home: string, file: string): string[] => [
  "--state",
  join(home, "sandbox.json"),
  "--arrivals",
  "every=100ms",
  "--arrivals-from",
  file,
  "--arrivals-source",
  "binance",
  "--arrivals-off",
  "2",
];
