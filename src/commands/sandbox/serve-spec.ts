import { Command } from "@commander-js/extra-typings";
import { isLoopbackHost } from "../../config/base-url.js";
import { parseWholeNumber } from "../../domain/numbers.js";
import { TradectlError } from "../../errors.js";
import { defineVerb } from "../verb.js";
import type { ServeOptions } from "./serve.js";

export const STATE_FLAG_HELP = "state file (default: $XDG_STATE_HOME/tradectl/sandbox.json)";

const FAULTS_HELP = `
Demo credentials: key sandbox-public-key, secret c2FuZGJveC1wcml2YXRlLWtleQ==
The URL is printed on stdout as one line; everything else (and a line per request) on stderr.

--faults SPEC is a comma-separated list of name=value:
  latency=MS or MIN-MAX  delay every answer
  5xx=P                  share P (0..1) answered 500/502/503, half of them with an HTML page
  429=P[:S]              share P answered 429 with Retry-After S seconds (default 1)
  retry-after=S          Retry-After of injected 429s
  reset=P                share P whose connection is reset mid-response (after the request
                         was handled: a confirm is kept)
  truncate=P             share P whose body is cut in half (short Content-Length, or the
                         connection closed early)
  skew=MS                the sandbox clock runs MS ms ahead (negative: behind)
  seed=N                 repeatable random choices
  quota=CLASS:N/PERIOD   answer 429 (the service's body: details, limit, period) past N
                         requests per PERIOD (1s, 1m, 1h) of one rate-limit class:
                         declarations, confirm, exchanges, order, trades, serverTime;
                         may be repeated, e.g. quota=declarations:5/1s
  key=unknown            the demo key is unknown (deleted, or a key from the old site)
  key=wrong-secret       the demo key is known with another private key
  key=other-ip           the demo key is bound to another IP address (203.0.113.7)
  deny=PERMISSION        the demo key lacks a permission: declarations, orders or trades;
                         may be repeated
  401=empty, 401=html    every private request refused 401 with an empty body, or with a
                         gateway's HTML page instead of the service's JSON
Refusals read "Unauthorized", as the service's do; the request log says which rule refused.
\`tradectl auth doctor\` names the cause of each (with the demo credentials and --base-url).
Example: tradectl sandbox serve --port 8080 --faults 'latency=20-80,5xx=0.1,skew=-7000,seed=42'

--arrivals SPEC makes deposits arrive (new Pending declarations, newest first), for trying
\`declarations watch\`; a comma-separated list of name=value:
  every=T or MIN-MAX     a deposit arrives every T: 500ms, 5s, 2m (a bare number is seconds),
                         or after a random time from MIN to MAX (every=2-8s)
  count=N                deposits per arrival (default 1)
  max=N                  stop after N deposits in all
  seed=N                 repeatable random times
  symbol=SYM address=ADDR amount=N memo=MEMO
                         what each deposit is: the deposit a rule expects (\`rules add\`);
                         fields not given are made up
Each arrival is logged on stderr: "<time> arrival <id> <amount> <symbol> Pending".
A deposit also arrives on request (loopback only, no credentials, never faulted):
  curl -X POST http://127.0.0.1:PORT/__sandbox/deposits [-d '{"count":3}']
  curl -X POST http://127.0.0.1:PORT/__sandbox/deposits \\
    -d '{"symbol":"XRP","address":"rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh","amount":"250.5","memo":"1048576"}'
It answers 201 with the new declarations. \`tradectl sandbox reset\` removes arrived deposits.
`;

const serveCommand = () =>
  new Command("serve")
    .description("Run the sandbox as a server for scripts and other clients")
    .option("--host <HOST>", "address to listen on (loopback only)", "127.0.0.1")
    .option("--port <N>", "port (default: a free one)")
    .option("--state <FILE>", STATE_FLAG_HELP)
    .option(
      "--faults <SPEC>",
      "inject failures, e.g. 'latency=50,5xx=0.2,429=0.1:2,reset=0.05' (syntax below)",
    )
    .option(
      "--arrivals <SPEC>",
      "simulate arriving deposits, e.g. 'every=5s' or 'every=2-8s,count=2,max=100' (below)",
    )
    .addHelpText("after", FAULTS_HELP)
    .addHelpText(
      "after",
      `Examples:
  $ tradectl sandbox serve
  $ tradectl sandbox serve --port 8080 --state ./sandbox.json
  $ tradectl sandbox serve --faults 'latency=20-80,5xx=0.1,429=0.05:2,seed=42'
  $ tradectl sandbox serve --faults 'deny=orders'
  $ tradectl sandbox serve --arrivals 'every=2-8s' --faults '5xx=0.1,reset=0.05'`,
    );

/** The flags of `sandbox serve`, as commander parses them (inferred from the spec). */
export type ServeFlags = ReturnType<ReturnType<typeof serveCommand>["opts"]>;

function portNumber(text: string | undefined): number {
  if (text === undefined) return 0;
  const port = parseWholeNumber(text, 0, 65_535);
  if (port === null) {
    throw new TradectlError(
      "usage",
      `--port must be a whole number from 0 to 65535, got '${text}'`,
    );
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
    throw new TradectlError("usage", `refusing to serve the sandbox on '${host}'`, {
      hint: "the sandbox's credentials are public: use a loopback --host (127.0.0.1, localhost, ::1)",
    });
  }
  return {
    host,
    port: portNumber(flags.port),
    state: flags.state,
    faults: flags.faults,
    arrivals: flags.arrivals,
  };
}

export const serveVerb = defineVerb({
  command: serveCommand,
  options: (_args, flags) => serveOptions(flags),
  run: async () => (await import("./serve.js")).runServe,
});
