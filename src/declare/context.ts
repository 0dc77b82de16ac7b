// What the declare core takes of a command's run: a command's context is one, structurally.
import type { TradeClient } from "../api/client.js";
import type { Sleep } from "../api/sleep.js";
import type { IOStreams } from "../output/io.js";

/**
 * The part of the command context the declare core works with: the streams, the environment,
 * the clock, Ctrl-C and the run's one client. No prompter and no argv: asking and flags stay
 * with the commands above, which hand in what was asked.
 */
export interface DeclareContext {
  io: IOStreams;
  env: NodeJS.ProcessEnv;
  globals: {
    /** `--sandbox`: the sandbox's own receipts. */
    sandbox: boolean;
    /** `--timeout`: how long to wait for another process's request for the same declaration. */
    timeoutMs: number;
  };
  signal: AbortSignal;
  now: () => number;
  sleep: Sleep;
  client(): Promise<TradeClient>;
  /** Declarations written and not yet on record (a second Ctrl-C names them). */
  inFlight?: Set<string>;
}
