// `tradectl mcp approve ID`: a person, at a terminal, approves the exact body an agent asked to send.
import { type ApprovalProblem, approve, pendingApproval } from "../../config/mcp-approvals.js";
import { EXIT_CODES, TradectlError } from "../../errors.js";
import { msg } from "../../i18n/index.js";
import { jsonText } from "../../output/json-text.js";
import { parseLossless } from "../../wire/json.js";
import type { CommandContext } from "../context.js";

export interface ApproveOptions {
  id: string;
}

/**
 * Shows the body (as the agent's confirm call made it), where it goes and which client asked,
 * then asks; only an explicit yes approves it. An id that is unknown, expired, used or
 * approved already is an error that approves nothing.
 */
export async function runApprove(options: ApproveOptions, ctx: CommandContext): Promise<number> {
  const { io } = ctx;
  const found = await pendingApproval(ctx.env, options.id, ctx.now());
  if (typeof found === "string") throw approvalError(found, options.id);
  if (!io.canPrompt()) {
    throw new TradectlError("usage", msg("mcp.x.noTerminal"), {
      hint: msg("mcp.x.noTerminalHint"),
    });
  }
  const expires = new Date(found.expiresAtMs).toISOString();
  io.warn(
    io.t("mcp.approve.header", {
      id: found.declarationId,
      baseUrl: found.baseUrl,
      client: found.client ?? io.t("mcp.approve.unknownClient"),
      expires,
    }),
  );
  // The agent's text (names, description) is shown as data: io.warn makes each line safe.
  for (const line of jsonText(parseLossless(found.body), 2).split("\n")) io.warn(`  ${line}`);
  const yes = await ctx.prompter.confirm({ message: io.t("mcp.approve.ask"), default: false });
  if (!yes) {
    io.warn(io.t("mcp.approve.notDone"));
    return EXIT_CODES.cancelled;
  }
  const approved = await approve(ctx.env, options.id, ctx.now());
  if (typeof approved === "string") throw approvalError(approved, options.id);
  io.info(io.t("mcp.approve.done", { expires }));
  return 0;
}

export function approvalError(problem: ApprovalProblem, id: string): TradectlError {
  const key = `mcp.x.${problem}` as const;
  return new TradectlError(problem === "unknown" ? "not_found" : "usage", msg(key, { id }), {});
}
