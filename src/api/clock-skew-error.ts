// The errors of the clock: a stamp refused after correction, a server time that cannot be one.
import { TradectlError } from "../errors.js";
import { msg } from "../i18n/index.js";
import { CLOCK_HINT } from "./response-errors.js";

/**
 * The server's clock was read and applied, and the corrected stamp was refused again: nothing
 * this process can do about it, so say so instead of the generic "Invalid Nonce".
 */
export function uncorrectableSkew(error: TradectlError, offsetMs: number): TradectlError {
  return TradectlError.with(error, {
    kind: "auth",
    text: msg("api.skewStays", { offset: offsetMs }),
    hint: CLOCK_HINT,
  });
}

/**
 * The server's time is read to correct the stamps, so a value no service clock shows (zero, or
 * seconds where milliseconds belong: decades off) must not shift them: before 2020 or after 2100.
 */
const EARLIEST_SERVER_TIME = Date.UTC(2020, 0, 1);
const LATEST_SERVER_TIME = Date.UTC(2100, 0, 1);

/** Throws the error for a server time outside any plausible clock. */
export function mustBeReadableServerTime(value: number): void {
  if (value >= EARLIEST_SERVER_TIME && value < LATEST_SERVER_TIME) return;
  const date =
    Number.isFinite(value) && Math.abs(value) <= 8.64e15 ? new Date(value).toISOString() : "?";
  const params = { value: String(value), date };
  throw new TradectlError("server", msg("api.serverTimeUnreadable", params));
}

/** Whether `error` is the one above: the service answered, with a time that cannot be used. */
export const isUnreadableServerTime = (error: TradectlError): boolean =>
  error.text.key === "api.serverTimeUnreadable";
