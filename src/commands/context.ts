import type { TradeClient } from "../api/client.js";
import type { OutputFormat } from "../output/formats.js";
import type { IOStreams } from "../output/io.js";

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
  quiet: boolean;
}

/**
 * What every command receives: its streams, the environment, the global options and a lazily
 * built client. Tests build one over buffers and a test server; nothing here touches `process`.
 */
export interface CommandContext {
  io: IOStreams;
  env: NodeJS.ProcessEnv;
  globals: GlobalOptions;
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
  now: () => number;
  /** The API client, built on first use (so `--help` never loads undici or the sandbox). */
  client(): Promise<TradeClient>;
  /** Runs when the command ends, whatever the outcome (closing sockets, the sandbox). */
  onCleanup(fn: () => Promise<void> | void): void;
}
