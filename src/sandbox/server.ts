import type { Credentials } from "../api/client.js";
import { TradectlError } from "../errors.js";

/**
 * The sandbox's programmatic surface. Tests, the embedded mode (`--sandbox`), `sandbox serve`
 * and the benchmark all start it through `startSandbox`.
 */
export const DEMO_CREDENTIALS: Credentials = {
  publicKey: "sandbox-public-key",
  secret: "c2FuZGJveC1wcml2YXRlLWtleQ==",
};

export interface SandboxOptions {
  /** Loopback address to listen on. Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** State file (JSON, atomic writes, safe across processes). null keeps state in memory. */
  statePath?: string | null;
  /** Extra generated declarations added to the seed data when the state is created. */
  extraDeclarations?: number;
  /** Fault injection, the `--faults SPEC` syntax. */
  faults?: string;
  /** Enforce the documented per-endpoint rate limits with 429 + Retry-After. Default false. */
  enforceRateLimits?: boolean;
  /** One line per request (method, path, status, ms). */
  log?: (line: string) => void;
  /** The server's clock (Unix ms); tests move it to simulate skew. */
  now?: () => number;
}

export interface SandboxRequestRecord {
  method: string;
  path: string;
  status: number;
  /** Fault injected into this exchange, if any (e.g. "5xx", "reset", "truncate", "429"). */
  fault?: string;
}

export interface RunningSandbox {
  url: string;
  port: number;
  /** Every request received, in arrival order (tests assert "nothing was sent"). */
  readonly requests: readonly SandboxRequestRecord[];
  close(): Promise<void>;
}

export async function startSandbox(_options: SandboxOptions = {}): Promise<RunningSandbox> {
  throw new TradectlError("usage", "the sandbox is not built yet");
}
