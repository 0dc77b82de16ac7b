import { Command } from "@commander-js/extra-typings";
import { DECLARATION_FIELD_NAMES } from "../../domain/declarations.js";
import { parseDurationMs } from "../../domain/duration.js";
import { TradectlError } from "../../errors.js";
import { english, msg, type Translator } from "../../i18n/index.js";
import { checkedFields, fieldsOption } from "../../output/fields-option.js";
import { defineVerb } from "../verb.js";
import type { WatchOptions } from "./watch.js";

export const DEFAULT_INTERVAL_S = 30;
export const MIN_INTERVAL_S = 1;
/** A day: a longer pause is a typo, not a watch. */
export const MAX_INTERVAL_S = 86_400;

const watchCommand = (t: Translator = english) =>
  new Command("watch")
    .description(t("declarations.watch.description"))
    .option("--interval <DURATION>", t("declarations.watch.opt.interval"))
    .option("--new-only", t("declarations.watch.opt.newOnly"), false)
    .option("--once", t("declarations.watch.opt.once"), false)
    .option("--auto", t("declarations.watch.opt.auto"))
    .option("--exec <CMD>", t("declarations.watch.opt.exec"))
    .addOption(fieldsOption(DECLARATION_FIELD_NAMES, t))
    .addHelpText("after", t("declarations.watch.after"));

/** The flags of `declarations watch`, as commander parses them (inferred from the spec). */
export type WatchFlags = ReturnType<ReturnType<typeof watchCommand>["opts"]>;

/**
 * `--interval`: seconds (`30`), or a duration as every other flag takes one (`90s`, `1m`,
 * `1m30s`: domain/duration.ts), from MIN_INTERVAL_S to MAX_INTERVAL_S.
 */
function parseInterval(text: string | undefined): number {
  if (text === undefined) return DEFAULT_INTERVAL_S * 1000;
  const trimmed = text.trim();
  const ms = /^[0-9]+(\.[0-9]+)?$/.test(trimmed)
    ? Math.round(Number(trimmed) * 1000)
    : parseDurationMs(trimmed);
  if (ms === null || ms < MIN_INTERVAL_S * 1000 || ms > MAX_INTERVAL_S * 1000) {
    const params = { min: MIN_INTERVAL_S, max: MAX_INTERVAL_S, value: text };
    throw new TradectlError("usage", msg("declarations.watch.badInterval", params), {
      hint: msg("declarations.watch.hint"),
    });
  }
  return ms;
}

function execCommand(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (text.trim() === "") {
    throw new TradectlError("usage", msg("declarations.watch.emptyExec"), {
      hint: msg("declarations.watch.hint"),
    });
  }
  return text;
}

/** The flags, checked before anything is sent. */
export function planWatch(flags: WatchFlags): WatchOptions {
  return {
    intervalMs: parseInterval(flags.interval),
    newOnly: flags.newOnly,
    once: flags.once,
    fields: checkedFields(flags.fields, DECLARATION_FIELD_NAMES),
    ...(flags.auto ? { auto: true } : {}),
    ...(flags.exec !== undefined ? { exec: execCommand(flags.exec) } : {}),
  };
}

export const watchVerb = defineVerb({
  command: watchCommand,
  options: (_args, flags) => planWatch(flags),
  run: async () => (await import("./watch.js")).runWatch,
});
