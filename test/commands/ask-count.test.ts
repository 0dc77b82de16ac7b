import { describe, expect, it, vi } from "vitest";
import { agreedToAll, type CountQuestion } from "../../src/commands/ask-count.js";
import type { CommandContext } from "../../src/commands/context.js";
import { TradectlError } from "../../src/errors.js";
import { english, inEnglish } from "../../src/i18n/index.js";

/**
 * The one "do N things?" question of a batch confirm and a rules import: --yes asks nothing,
 * no terminal is a usage error naming --yes (nothing done), else the question, "no" by default.
 */
const SEND_ALL: CountQuestion = {
  question: "confirm.batch.send",
  noTerminal: "confirm.batch.noTerminal",
  noTerminalHint: "confirm.batch.noTerminalHint",
};

function context(interactive: boolean, answer: boolean) {
  const confirm = vi.fn(async () => answer);
  const ctx = { io: { interactive: () => interactive, t: english }, prompter: { confirm } };
  return { ctx: ctx as unknown as CommandContext, confirm };
}

describe("agreedToAll", () => {
  it("--yes: goes on and asks nothing, with or without a terminal", async () => {
    for (const interactive of [true, false]) {
      const { ctx, confirm } = context(interactive, false);
      expect(await agreedToAll(ctx, true, 3, SEND_ALL)).toBe(true);
      expect(confirm).not.toHaveBeenCalled();
    }
  });

  it("no terminal to ask on: a usage error that says to pass --yes, and nothing asked", async () => {
    const { ctx, confirm } = context(false, true);
    const refused = await agreedToAll(ctx, false, 3, SEND_ALL).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TradectlError);
    expect(refused).toMatchObject({
      kind: "usage",
      message: "3 confirmations to send, and no terminal to ask on: pass --yes to send them",
    });
    const hint = (refused as TradectlError).hint;
    expect(hint && inEnglish(hint)).toBe(
      "nothing was sent; --dry-run prints the bodies that would be sent",
    );
    expect(confirm).not.toHaveBeenCalled();
  });

  it("a terminal: asks the question with its count, no by default, and goes on only on yes", async () => {
    for (const answer of [true, false]) {
      const { ctx, confirm } = context(true, answer);
      expect(await agreedToAll(ctx, false, 3, SEND_ALL)).toBe(answer);
      expect(confirm).toHaveBeenCalledWith({ message: "Send 3 confirmations?", default: false });
    }
    const { ctx, confirm } = context(true, true);
    await agreedToAll(ctx, false, 2, {
      question: "rules.import.save",
      noTerminal: "rules.import.noTerminal",
      noTerminalHint: "rules.import.noTerminalHint",
    });
    expect(confirm).toHaveBeenCalledWith({ message: "Save these 2 rules?", default: false });
  });
});
