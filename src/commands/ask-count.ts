import { TradectlError } from "../errors.js";
import { type MessageKey, msg, type ParamArgs } from "../i18n/index.js";
import type { CommandContext } from "./context.js";

/** A catalog entry whose one parameter is `{count}` ("Send {count} confirmations?"). */
type CountKey = {
  [K in MessageKey]: [{ count: number }] extends ParamArgs<K> ? K : never;
}[MessageKey];

/** A catalog entry with no parameter. */
type PlainKey = { [K in MessageKey]: ParamArgs<K> extends [] ? K : never }[MessageKey];

/** The texts of one "do N things?" question: the question, and the refusal without a terminal. */
export interface CountQuestion {
  question: CountKey;
  noTerminal: CountKey;
  noTerminalHint: PlainKey;
}

/**
 * The question a run asks before it sends or saves `count` things at once (a batch of
 * confirmations, the rules of an import): with `--yes` nothing is asked; with no terminal to
 * ask on, a usage error that says to pass --yes, and nothing is done; otherwise the question,
 * "no" unless answered. True when the run may go on.
 */
export async function agreedToAll(
  ctx: CommandContext,
  yes: boolean,
  count: number,
  texts: CountQuestion,
): Promise<boolean> {
  if (yes) return true;
  const n = { count };
  if (!ctx.io.interactive()) {
    throw new TradectlError("usage", msg(texts.noTerminal, n), {
      hint: msg(texts.noTerminalHint),
    });
  }
  return ctx.prompter.confirm({ message: ctx.io.t(texts.question, n), default: false });
}
