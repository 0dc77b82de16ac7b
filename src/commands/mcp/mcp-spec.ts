import { Command } from "@commander-js/extra-typings";
import { TradectlError } from "../../errors.js";
import { english, msg, type Translator } from "../../i18n/index.js";
import { defineVerb } from "../verb.js";
import type { ServeOptions } from "./serve.js";

export const mcpServeVerb = defineVerb({
  command: (t: Translator = english) =>
    new Command("serve")
      .description(t("mcp.serve.description"))
      .option("--allow-confirm", t("mcp.serve.allowConfirm"), false)
      .option("--include-names", t("mcp.serve.includeNames"), false)
      .addHelpText("after", t("mcp.serve.after")),
  options: (_args, flags): ServeOptions => ({
    allowConfirm: flags.allowConfirm,
    includeNames: flags.includeNames,
  }),
  run: async () => (await import("./serve.js")).runServe,
  isDefault: true,
});

/** An approval id as the confirm tool makes them (config/mcp-approvals.ts): 12 hex digits. */
const APPROVAL_ID = /^[0-9a-f]{12}$/;

export const mcpApproveVerb = defineVerb({
  command: (t: Translator = english) =>
    new Command("approve")
      .description(t("mcp.approve.description"))
      .argument("<ID>", t("mcp.approve.id"))
      .addHelpText("after", t("mcp.approve.after")),
  options: ([id]) => {
    const text = id.trim().toLowerCase();
    if (!APPROVAL_ID.test(text)) {
      throw new TradectlError("usage", msg("mcp.x.notAnId", { id }), {});
    }
    return { id: text };
  },
  run: async () => (await import("./approve.js")).runApprove,
});
