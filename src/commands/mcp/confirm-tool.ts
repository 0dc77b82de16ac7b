// The confirm tool (only with --allow-confirm): sends what a saved rule vouches for or a person approved; anything else sends nothing.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { APPROVAL_TTL_MS, requestApproval, spendApproval } from "../../config/mcp-approvals.js";
import { ruleGuard } from "../../declare/rule-guard.js";
import { sendOne } from "../../declare/send.js";
import { sendDeps } from "../../declare/send-types.js";
import type { ConfirmBody } from "../../domain/confirm.js";
import { runExitCode } from "../../domain/outcome-exit.js";
import { TradectlError } from "../../errors.js";
import { msg } from "../../i18n/index.js";
import { jsonText } from "../../output/json-text.js";
import { stringifyLossless } from "../../wire/json.js";
import { type Planned, planConfirmations } from "./plan.js";
import { ANSWERS, DATA_NOTE, guarded, ID, type ToolDeps } from "./read-tools.js";

/**
 * The contract's "only a person declares": a declaration is sent only when
 * - a saved rule matches it exactly and its answers make this very body, or
 * - a person approved this very body: accepted in the client (MCP elicitation, the body shown),
 *   or with `tradectl mcp approve ID` (config/mcp-approvals.ts: its sha256, once, 10 minutes).
 * Otherwise the answer is `needs_approval` (or `declined`) and nothing is sent. What is sent
 * goes through the CLI's one send path, its receipt naming `via: "mcp"` and the client.
 */

/** Who said yes to a body that was sent. */
type ApprovedBy = { by: "rule"; rule: string } | { by: "person"; how: "elicitation" | "approval" };

export function registerConfirmTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    "confirm_declaration",
    {
      description:
        "Confirm one pending declaration. Sends only when a saved rule matches it exactly (auto, or answers that equal the rule's), or when the person approves this exact body: in your client when it can ask, else the answer is needs_approval with a command for the person to run in a terminal, after which the same call sends it once. Plan first with plan_confirmation. " +
        DATA_NOTE,
      inputSchema: {
        id: ID,
        answers: ANSWERS.optional(),
        sender: z.string().max(100).optional(),
        auto: z.boolean().optional().describe("the saved rules' answers"),
      },
      annotations: {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: true,
      },
    },
    guarded(async (args: ConfirmArgs) => confirmOne(args, server, deps), deps) as never,
  );
}

interface ConfirmArgs {
  id: string;
  answers?: z.infer<typeof ANSWERS> | undefined;
  sender?: string | undefined;
  auto?: boolean | undefined;
}

async function confirmOne(
  args: ConfirmArgs,
  server: McpServer,
  deps: ToolDeps,
): Promise<Record<string, unknown>> {
  const { ctx } = deps;
  const [item] = await planConfirmations(
    { ids: [args.id], answers: args.answers, sender: args.sender, auto: args.auto },
    ctx,
  );
  if (!item || item.verdict.kind === "not_pending") {
    throw new TradectlError("conflict", msg("mcp.notPending", { id: args.id }), {
      hint: msg("mcp.notPendingHint"),
    });
  }
  if (item.body === null) {
    return { declarationId: item.id, status: "not_sent", sent: false, verdict: item.verdict };
  }
  const body = item.body;
  const text = stringifyLossless(body);
  const client = await ctx.client();
  const baseUrl = client.baseUrl.href;
  const clientName = clientOf(server);
  const send = (approvedBy: ApprovedBy) => sendApproved(item, body, approvedBy, clientName, deps);

  if (item.verdict.kind === "rule") return send({ by: "rule", rule: item.verdict.rule });
  if (await spendApproval(ctx.env, { body: text, baseUrl }, ctx.now())) {
    return send({ by: "person", how: "approval" });
  }
  if (server.server.getClientCapabilities()?.elicitation) {
    const asked = await server.server.elicitInput(
      {
        message: approvalMessage(item, body, baseUrl),
        requestedSchema: {
          type: "object",
          properties: {
            send: { type: "boolean", title: "Send exactly this declaration", default: false },
          },
          required: ["send"],
        },
      },
      { timeout: APPROVAL_TTL_MS },
    );
    if (asked.action === "accept" && asked.content?.send === true) {
      return send({ by: "person", how: "elicitation" });
    }
    return {
      declarationId: item.id,
      status: asked.action === "accept" ? "declined" : asked.action,
      sent: false,
    };
  }
  const approval = await requestApproval(
    ctx.env,
    { declarationId: item.id, body: text, baseUrl, client: clientName },
    ctx.now(),
  );
  return {
    declarationId: item.id,
    status: "needs_approval",
    sent: false,
    approvalId: approval.id,
    command: `tradectl mcp approve ${approval.id}`,
    expiresAt: new Date(approval.expiresAtMs).toISOString(),
    bodySha256: approval.bodySha256,
    body,
    verdict: item.verdict,
    next: "ask the person to run the command in a terminal, then make this same call again",
  };
}

async function sendApproved(
  item: Planned,
  body: ConfirmBody,
  approvedBy: ApprovedBy,
  client: string | null,
  deps: ToolDeps,
): Promise<Record<string, unknown>> {
  const { ctx } = deps;
  const guard = item.rule
    ? ruleGuard(item.rule, item.id, { env: ctx.env, io: ctx.io, now: ctx.now })
    : undefined;
  const sent = await sendOne(
    {
      body,
      rule: approvedBy.by === "rule" ? approvedBy.rule : null,
      ...(guard ? { guard } : {}),
      via: { via: "mcp", client },
    },
    await sendDeps(ctx),
  );
  const { judgement } = sent;
  return {
    declarationId: sent.id,
    status: judgement.outcome,
    sent: sent.written,
    approvedBy,
    outcome: judgement.outcome,
    verifiedBy: judgement.verifiedBy,
    byThisRequest: judgement.byThisRequest,
    message: judgement.message,
    kind: judgement.kind,
    exitCode: runExitCode([judgement], "single"),
  };
}

/** What the person is shown: the declaration as the service lists it, and the exact body. */
function approvalMessage(item: Planned, body: ConfirmBody, baseUrl: string): string {
  const d = item.declaration;
  return [
    `An agent asks to confirm declaration ${item.id} at ${baseUrl}:`,
    `${String(d.amount)} ${d.symbol} to ${d.address ?? ""}${d.memoTag ? ` (memo ${d.memoTag})` : ""}.`,
    "It would send exactly this body, once:",
    jsonText(body, 2),
    "Accept only if this is what you declare.",
  ].join("\n");
}

function clientOf(server: McpServer): string | null {
  const info = server.server.getClientVersion();
  return info ? `${info.name} ${info.version}` : null;
}
