import { TradectlError } from "../../errors.js";
import { msg } from "../../i18n/index.js";
import { keyValue } from "../../output/table.js";
import { defaultStatePath } from "../../sandbox/embedded.js";
import { DEMO_CREDENTIALS, startSandbox } from "../../sandbox/server.js";
import type { CommandContext } from "../context.js";

/** What `sandbox serve`'s flags ask for, checked (by the spec, serve-spec.ts): the run's options. */
export interface ServeOptions {
  /** A loopback address, trimmed. */
  host: string;
  /** 0 for a free one. */
  port: number;
  /** `--state`: the state file; the default one (from the environment) when undefined. */
  state: string | undefined;
  /** `--faults`: the sandbox's fault syntax, parsed when the server starts. */
  faults: string | undefined;
  /** `--arrivals`: the sandbox's arrivals syntax, parsed when the server starts. */
  arrivals: string | undefined;
  /** `--arrivals-from`: an export's withdrawals arrive one by one (`off`: with another amount). */
  arrivalsFrom?:
    | { file: string; source: "binance" | "okx" | "bybit" | "kraken"; off: ReadonlySet<number> }
    | undefined;
}

/**
 * `tradectl sandbox serve`: the sandbox as a standalone server. The URL goes to stdout as one
 * line (for scripts: `url=$(tradectl sandbox serve | head -1)`), everything for people to
 * stderr, one log line per request. Runs until Ctrl-C or SIGTERM, then closes and returns 0:
 * stopping a server on request is its normal end, not a cancellation.
 */
export async function runServe(options: ServeOptions, ctx: CommandContext): Promise<number> {
  const { host, port, faults, arrivals } = options;
  const statePath = options.state ?? defaultStatePath(ctx.env);
  const { io } = ctx;
  const from = options.arrivalsFrom;
  const arrivalScript = from
    ? await (await import("./arrivals.js")).arrivalScript(from.file, from.source, from.off, ctx)
    : undefined;
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  try {
    sandbox = await startSandbox({
      host,
      port,
      statePath,
      faults,
      arrivals,
      arrivalScript,
      log: (line) => io.info(io.err.dim(line)),
      // Not dimmed: these are the events a person running the sandbox is waiting for.
      onArrival: (d) =>
        io.info(`${new Date().toISOString()} arrival ${d.id} ${d.amount} ${d.symbol} Pending`),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE") {
      throw new TradectlError("usage", msg("sandbox.serve.inUse", { port, host }), {
        hint: msg("sandbox.serve.inUseHint"),
      });
    }
    throw error;
  }
  try {
    const c = io.err;
    const { t } = io;
    io.info(
      [
        t("sandbox.serve.listening", {
          name: c.bold("tradectl sandbox"),
          url: c.cyan(sandbox.url),
        }),
        ...keyValue(
          [
            [t("sandboxServe.key"), DEMO_CREDENTIALS.publicKey],
            [t("sandboxServe.secret"), DEMO_CREDENTIALS.secret],
            [t("sandboxServe.state"), statePath],
            ...(faults ? [[t("sandboxServe.faults"), faults] as const] : []),
            ...(arrivals ? [[t("sandboxServe.arrivals"), arrivals] as const] : []),
            ...(from
              ? [[t("sandboxServe.arrivals"), `${from.file} (${from.source})`] as const]
              : []),
          ],
          c,
          { indent: "  " },
        ),
        "",
        t("sandbox.serve.useIt"),
        `  export TRADECTL_BASE_URL=${sandbox.url} TRADECTL_API_KEY=${DEMO_CREDENTIALS.publicKey} TRADECTL_API_SECRET=${DEMO_CREDENTIALS.secret}`,
        "  tradectl declarations list",
        `  curl -X POST ${sandbox.url}/__sandbox/deposits   ${t("sandbox.serve.arrivesNow")}`,
        "",
        t("sandbox.serve.stopWith"),
      ].join("\n"),
    );
    // Last, so that a script that has read the URL line also has the banner on stderr.
    await io.write(`${sandbox.url}\n`);
    await new Promise<void>((resolve) => {
      if (ctx.signal.aborted) resolve();
      else ctx.signal.addEventListener("abort", () => resolve(), { once: true });
    });
    io.info(t("sandbox.serve.stopped"));
  } finally {
    await sandbox.close();
  }
  return 0;
}
