/**
 * tradectl as a library: the typed client the commands use, its errors and the domain rules.
 *
 *   import { TradeClient } from "tradectl";
 *   const client = new TradeClient({ credentials: { publicKey, secret } });
 *   const order = await client.getOrder("21545488");
 */
export { type Credentials, DEFAULT_BASE_URL, TradeClient } from "./api/client.js";
export type { TradeClientOptions } from "./api/client-options.js";
export { StampClock } from "./api/stamp-clock.js";
export * from "./domain/confirm.js";
export * from "./domain/declarations.js";
export * from "./domain/fills.js";
export * from "./domain/ids.js";
export * from "./domain/messages.js";
export type { Exchange, Order } from "./domain/order.js";
export { type ErrorKind, EXIT_CODES, TradectlError } from "./errors.js";
export { LosslessNumber, parseLossless, stringifyLossless } from "./wire/json.js";
export type { Trade } from "./wire/schemas.js";
export { authHeaders, signV1 } from "./wire/signer.js";
