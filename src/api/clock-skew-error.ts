// The error for a stamp the service refuses even after the clock was corrected to its own.
import { TradectlError } from "../errors.js";
import { english, said } from "../i18n/index.js";
import { CLOCK_HINT } from "./response-errors.js";

/**
 * The server's clock was read and applied, and the corrected stamp was refused again: nothing
 * this process can do about it, so say so instead of the generic "Invalid Nonce".
 */
export function uncorrectableSkew(error: TradectlError, offsetMs: number): TradectlError {
  return TradectlError.with(error, {
    kind: "auth",
    message: english("api.skewStays", { offset: offsetMs }),
    said: said("api.skewStays", { offset: offsetMs }),
    hint: CLOCK_HINT,
    hintSaid: said("hint.clock"),
  });
}
