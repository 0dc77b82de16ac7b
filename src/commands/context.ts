import type { TradeClient } from "../api/client.js";
import type { Sleep } from "../api/sleep.js";
import type { Keyring } from "../config/keyring.js";
import type { OutputFormat } from "../output/formats.js";
import type { IOStreams } from "../output/io.js";
import type { Prompter } from "./prompter.js";

/** The contract's global options, after parsing and checking. */
export interface GlobalOptions {
  /** `--base-url` as typed (checked when a request is built); undefined when not given. */
  baseUrl: string | undefined;
  profile: string;
  /** `--profile` was typed: that profile's key pair and settings win over the environment's. */
  profileFromFlag?: boolean;
  sandbox: boolean;
  output: OutputFormat;
  debug: boolean;
  timeoutMs: number;
  retries: number;
  /** `--ip-family` as typed (4 or 6); undefined when not given. */
  ipFamily?: string | undefined;
}

/**
 * What every command receives: its streams, the environment, the global options, the trace, the
 * prompter and a lazily built client. Tests build one over buffers and a test server; nothing here touches `process`.
 */
export interface CommandContext {
  io: IOStreams;
  env: NodeJS.ProcessEnv;
  globals: GlobalOptions;
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
  /** The clock (Unix ms): when a request was sent, for reading its outcome back. */
  now: () => number;
  /**
   * The one way a command waits (watch between polls; the client's retry waits and pacing):
   * rejects when the signal it is given aborts. A fake clock's in tests, so no test waits.
   */
  sleep: Sleep;
  /** The --debug trace: one line per call, server text sanitised; undefined without --debug. */
  trace: ((line: string) => void) | undefined;
  /** The one way to ask the user something (stderr, the signal, the colour rules). */
  prompter: Prompter;
  /** The API client, built on first use (so `--help` never loads undici or the sandbox). */
  client(): Promise<TradeClient>;
  /**
   * Declarations whose confirmation is written and whose outcome is not on record yet: a second
   * Ctrl-C names them on stderr before the process leaves (they may have been applied).
   */
  inFlight?: Set<string>;
  /** A test's keyring in place of the system's (see client-factory.ts `keyringOf`). */
  keyring?: Keyring;
  /** Runs when the command ends, whatever the outcome (closing sockets, the sandbox). */
  onCleanup(fn: () => Promise<void> | void): void;
}
