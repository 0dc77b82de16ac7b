import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Credentials, TradeClient } from "../../src/api/client.js";
import type { Declaration } from "../../src/domain/declarations.js";
import {
  DEMO_CREDENTIALS,
  type RunningSandbox,
  type SandboxOptions,
  startSandbox,
} from "../../src/sandbox/server.js";
import { numberText, parseLossless } from "../../src/wire/json.js";
import { signV1 } from "../../src/wire/signer.js";
import { BIN, tempHome } from "./cli.js";
import { inTurkishLocale } from "./locale.js";

export { DEMO_CREDENTIALS };

/** A fresh temporary file path for a sandbox state (the directory is removed by `cleanup`). */
export function tempStatePath(): { path: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), "tradectl-sandbox-"));
  return {
    path: join(dir, "sandbox.json"),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Starts a sandbox (state in a temp file unless `statePath` is given), runs `fn`, and always
 * closes it and removes the temp state.
 */
export async function withSandbox<T>(
  fn: (sandbox: RunningSandbox, statePath: string | null) => Promise<T>,
  options: SandboxOptions = {},
): Promise<T> {
  const temp = options.statePath === undefined ? tempStatePath() : null;
  const statePath = options.statePath === undefined ? temp!.path : options.statePath;
  const sandbox = await startSandbox({ ...options, statePath });
  try {
    return await fn(sandbox, statePath);
  } finally {
    await sandbox.close();
    temp?.cleanup();
  }
}

let lastStamp = 0;
/** Unique, increasing stamps for this test process, as a well-behaved client makes them. */
export function nextStamp(now = Date.now()): string {
  lastStamp = Math.max(now, lastStamp + 1);
  return String(lastStamp);
}

export function signedHeaders(
  options: { credentials?: Credentials; stamp?: string; signature?: string } = {},
): Record<string, string> {
  const { publicKey, secret } = options.credentials ?? DEMO_CREDENTIALS;
  const stamp = options.stamp ?? nextStamp();
  return {
    "X-PCK": publicKey,
    "X-Stamp": stamp,
    "X-Signature": options.signature ?? signV1(publicKey, secret, stamp),
    "Content-Type": "application/json",
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body parsed losslessly (numbers are LosslessNumber), or undefined when not JSON. */
  json: unknown;
}

export interface SendOptions {
  method?: string;
  body?: string;
  /** Headers to send; default: correctly signed demo headers. null: no auth headers at all. */
  headers?: Record<string, string> | null;
}

/**
 * One HTTP request over a fresh connection (node:http, no keep-alive pooling), so tests see
 * exactly what the sandbox sent, faults included. Rejects when the connection fails.
 */
export function send(
  baseUrl: string,
  path: string,
  options: SendOptions = {},
): Promise<RawResponse> {
  const url = new URL(path, baseUrl);
  const headers = options.headers === null ? {} : (options.headers ?? signedHeaders());
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: options.method ?? "GET", headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("aborted", () => reject(new Error("response aborted")));
        res.on("end", () => {
          if (!res.complete) {
            reject(new Error("response incomplete"));
            return;
          }
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown;
          try {
            json = parseLossless(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** POST a confirm body (an object is serialised with JSON.stringify; a string is sent as is). */
export function confirm(
  baseUrl: string,
  body: unknown,
  headers?: Record<string, string> | null,
): Promise<RawResponse> {
  return send(baseUrl, "/api/v1/crypto-deposit-declarations/confirm", {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers,
  });
}

/**
 * Declaration `id` as the sandbox at `baseUrl` lists it (either status), read with the real
 * client: what a test compares a command's report with. Undefined when it is not listed.
 */
export async function findDeclaration(
  baseUrl: string,
  id: string,
): Promise<Declaration | undefined> {
  const client = new TradeClient({ baseUrl, credentials: DEMO_CREDENTIALS });
  try {
    for await (const page of client.walkDeclarations({
      statuses: ["Pending", "Confirmed"],
      page: 1,
      pageSize: 100,
    })) {
      const found = page.find((d) => numberText(d.cryptoDepositDeclarationId) === id);
      if (found) return found;
    }
    return undefined;
  } finally {
    await client.close();
  }
}

/** A description the seed's 20..100 rule accepts. */
export const GOOD_DESCRIPTION = "Transfer from my own Binance account";

export interface ServeProcess {
  url: string;
  child: ChildProcessWithoutNullStreams;
  stderr(): string;
  /** Sends `signal` and resolves with the exit code once the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Spawns the BUILT binary as `tradectl sandbox serve …` (test/setup/built.ts builds it when
 * stale) and resolves once its URL line is on stdout.
 */
export function spawnServe(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, "sandbox", "serve", ...args], {
    env: inTurkishLocale({ PATH: process.env.PATH, ...tempHome(), ...env }),
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const exited = new Promise<number | null>((resolve) =>
    child.on("close", (code) => resolve(code)),
  );
  child.stderr.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    exited.then((code) => reject(new Error(`sandbox serve exited ${code}: ${stderr}`)));
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
      const line = stdout.split("\n")[0];
      if (stdout.includes("\n") && line) {
        resolve({
          url: line.trim(),
          child,
          stderr: () => stderr,
          stop: (signal = "SIGTERM") => {
            child.kill(signal);
            return exited;
          },
        });
      }
    });
  });
}

/** The environment of a user pointed at the sandbox at `url` with the demo credentials. */
/** A run against `url` with the sandbox's demo key, in `home` (a fresh one unless given). */
export const demoEnv = (url: string, home: NodeJS.ProcessEnv = tempHome()): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  ...home,
  TRADECTL_BASE_URL: url,
  TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
  TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
});
