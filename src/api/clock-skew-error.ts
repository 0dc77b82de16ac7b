// The error for a stamp the service refuses even after the clock was corrected to its own.
import { TradectlError } from "../errors.js";
import { CLOCK_HINT } from "./response-errors.js";

/**
 * The server's clock was read and applied, and the corrected stamp was refused again: nothing
 * this process can do about it, so say so instead of the generic "Invalid Nonce".
 */
export function uncorrectableSkew(error: TradectlError, offsetMs: number): TradectlError {
  return TradectlError.with(error, {
    kind: "auth",
    message: `the server still refuses our timestamp after correcting the clock by ${offsetMs} ms; check the system clock (timedatectl / NTP)`,
    hint: CLOCK_HINT,
  });
}
