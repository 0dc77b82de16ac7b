import { Command } from "@commander-js/extra-typings";
import { isLoopbackHost } from "../../config/base-url.js";
import { parseWholeNumber } from "../../domain/numbers.js";
import { TradectlError } from "../../errors.js";
import { english, msg, type Translator } from "../../i18n/index.js";
import { defineVerb } from "../verb.js";
import type { ServeOptions } from "./serve.js";

/** `--state`'s help, shared by serve and reset. */
export const stateFlagHelp = (t: Translator) => t("sandbox.stateFlag");

const serveCommand = (t: Translator = english) =>
  new Command("serve")
    .description(t("sandbox.serve.description"))
    .option("--host <HOST>", t("sandbox.serve.host"), "127.0.0.1")
    .option("--port <N>", t("sandbox.serve.port"))
    .option("--state <FILE>", stateFlagHelp(t))
    .option("--faults <SPEC>", t("sandbox.serve.faults"))
    .option("--arrivals <SPEC>", t("sandbox.serve.arrivals"))
    .option("--arrivals-from <FILE>", t("sandbox.serve.arrivalsFrom"))
    .option("--arrivals-source <SOURCE>", t("sandbox.serve.arrivalsSource"))
    .option("--arrivals-off <LIST>", t("sandbox.serve.arrivalsOff"))
    .addHelpText("after", t("sandbox.serve.faultsHelp"))
    .addHelpText("after", t("sandbox.serve.examples"));

/** The flags of `sandbox serve`, as commander parses them (inferred from the spec). */
export type ServeFlags = ReturnType<ReturnType<typeof serveCommand>["opts"]>;

/** `--arrivals-from FILE --arrivals-source SOURCE [--arrivals-off 2,3]`, checked; no I/O. */
function arrivalsFrom(flags: ServeFlags): ServeOptions["arrivalsFrom"] {
  const source = flags.arrivalsSource?.trim().toLowerCase();
  const named = ["binance", "okx", "bybit", "kraken"] as const;
  const problem = (): never => {
    throw new TradectlError("usage", msg("sandbox.serve.arrivalsFromBad"), {});
  };
  if (flags.arrivalsFrom === undefined) {
    if (source !== undefined || flags.arrivalsOff !== undefined) problem();
    return undefined;
  }
  const known = named.find((n) => n === source) ?? problem();
  const off = new Set<number>();
  for (const item of (flags.arrivalsOff ?? "").split(",").filter((x) => x.trim() !== "")) {
    off.add(parseWholeNumber(item.trim(), 1, 1_000_000) ?? problem());
  }
  return { file: flags.arrivalsFrom, source: known, off };
}

function portNumber(text: string | undefined): number {
  if (text === undefined) return 0;
  const port = parseWholeNumber(text, 0, 65_535);
  if (port === null) {
    throw new TradectlError("usage", msg("sandbox.serve.badPort", { port: text }), {});
  }
  return port;
}

/**
 * The host (loopback only: the sandbox's credentials are public) and the port, checked before
 * anything listens. `--faults` and `--arrivals` are the sandbox's own syntax, parsed (and
 * refused) by the run before the server starts, so that their parsers are not loaded by every
 * start of the CLI.
 */
function serveOptions(flags: ServeFlags): ServeOptions {
  const host = flags.host.trim();
  if (!isLoopbackHost(host.replace(/^\[|\]$/g, ""))) {
    throw new TradectlError("usage", msg("sandbox.serve.notLoopback", { host }), {
      hint: msg("sandbox.serve.loopbackHint"),
    });
  }
  return {
    host,
    port: portNumber(flags.port),
    state: flags.state,
    faults: flags.faults,
    arrivals: flags.arrivals,
    arrivalsFrom: arrivalsFrom(flags),
  };
}

export const serveVerb = defineVerb({
  command: serveCommand,
  options: (_args, flags) => serveOptions(flags),
  run: async () => (await import("./serve.js")).runServe,
});
