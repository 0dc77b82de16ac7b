import { Command } from "@commander-js/extra-typings";
import { DECLARATION_FIELD_NAMES } from "../../domain/declarations.js";
import { TradectlError } from "../../errors.js";
import { checkedFields, fieldsOption } from "../../output/fields-option.js";
import { defineVerb } from "../verb.js";
import type { WatchOptions } from "./watch.js";

export const DEFAULT_INTERVAL_S = 30;
export const MIN_INTERVAL_S = 1;
/** A day: a longer pause is a typo, not a watch. */
export const MAX_INTERVAL_S = 86_400;

const watchCommand = () =>
  new Command("watch")
    .description("Print each pending declaration once: those pending now, then each new one")
    .option("--interval <SECONDS>", "seconds between polls, at least 1 (default: 30)")
    .option("--new-only", "skip the declarations already pending at the start", false)
    .option("--once", "exit 0 after the first poll that printed something", false)
    .option(
      "--auto",
      "confirm each one a saved rule exactly describes (`tradectl rules list`), printed with its outcome",
    )
    .option(
      "--exec <CMD>",
      "run CMD through the shell for each one left to you (no rule, or its rules disagree): the record as one JSON line on stdin, TRADECTL_DECLARATION_ID set",
    )
    .addOption(fieldsOption(DECLARATION_FIELD_NAMES))
    .addHelpText(
      "after",
      `
A deposit is not credited until it is declared, and the service sends no notification.
The watch reads every pending declaration at the start (one walk of the list), then polls
page 1 of the pending ones every --interval seconds: one request per poll while nothing
new arrived. Each declaration is printed once, however the pages shift. A failed poll
(network, 5xx, 429) is reported once on stderr and the watch goes on; an auth failure
(401) ends it with exit 4; Ctrl-C ends it with exit 130.

Output: on a terminal, a line per declaration with the time it was seen; piped, tsv;
-o csv (header once), -o ndjson (one object per line). -o json is refused (it never ends).

Examples:
  $ tradectl declarations watch
  $ tradectl declarations watch -o ndjson | while read -r line; do
      notify-send "Deposit to declare" "$(echo "$line" | jq -r '"\\(.amount) \\(.symbol)"')"
    done
  $ tradectl declarations watch --new-only --once && tradectl declarations confirm
  $ tradectl --sandbox declarations watch --interval 5
  $ tradectl declarations watch -o csv --fields cryptoDepositDeclarationId,amount,symbol

Declaring by rules (CLI-CONTRACT.md): with --auto, each one a saved rule exactly describes is
confirmed as it appears, by the confirm's send path, and printed with its rule and outcome
(ndjson adds rule, outcome, verifiedBy, byThisRequest, message). One no rule covers is printed
as it is; one whose rules disagree is printed with them and never sent. --exec CMD runs for
each of those (without --auto, for every new one); a failing CMD is reported on stderr and the
watch goes on; a slow one never holds up the polling. With --once, the exit code is a batch's
over what was confirmed.
  $ tradectl rules add expected-xrp --symbol XRP --amount 250.5 --sender me-kraken --once
  $ tradectl declarations watch --auto --new-only --exec 'notify-send "Deposit to declare"'`,
    );

/** The flags of `declarations watch`, as commander parses them (inferred from the spec). */
export type WatchFlags = ReturnType<ReturnType<typeof watchCommand>["opts"]>;

function parseInterval(text: string | undefined): number {
  if (text === undefined) return DEFAULT_INTERVAL_S * 1000;
  const trimmed = text.trim().replace(/s$/i, "");
  const seconds = Number(trimmed);
  if (
    !/^[0-9]+(\.[0-9]+)?$/.test(trimmed) ||
    seconds < MIN_INTERVAL_S ||
    seconds > MAX_INTERVAL_S
  ) {
    throw new TradectlError(
      "usage",
      `--interval must be a number of seconds from ${MIN_INTERVAL_S} to ${MAX_INTERVAL_S}, got '${text}'`,
      { hint: "see `tradectl declarations watch --help`" },
    );
  }
  return Math.round(seconds * 1000);
}

function execCommand(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (text.trim() === "") {
    throw new TradectlError("usage", "--exec needs a command, e.g. --exec 'notify-send deposit'", {
      hint: "see `tradectl declarations watch --help`",
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
