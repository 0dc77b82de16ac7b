import { openReceipts, type Receipts, receiptsPath } from "../config/receipts.js";
import { looseModes } from "../config/receipts-modes.js";
import type { DeclareContext } from "./context.js";

/** The runs already warned: a watch opens its receipts every cycle, and says it once. */
const warned = new WeakSet<object>();

/**
 * The receipts this invocation reads and appends to (the sandbox's own with --sandbox), with a
 * one-line warning for a state directory any user may write or a file other users may read.
 */
export function receiptsOf(ctx: DeclareContext): Receipts {
  const path = receiptsPath(ctx.env, { sandbox: ctx.globals.sandbox });
  if (!warned.has(ctx.io)) {
    warned.add(ctx.io);
    for (const loose of looseModes(path)) {
      const key = loose.what === "dir" ? "receiptsFile.looseDir" : "receiptsFile.looseFile";
      ctx.io.warn(ctx.io.t(key, { path: loose.path, mode: loose.mode }));
    }
  }
  return openReceipts(path, { now: ctx.now });
}
