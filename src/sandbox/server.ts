// The sandbox server's lifecycle: started on loopback with its state, faults, limits and arrivals; its request log; closed.
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { isLoopbackHost } from "../config/base-url.js";
import { TradectlError } from "../errors.js";
import { msg } from "../i18n/index.js";
import type { Credentials } from "../wire/credentials.js";
import { parseArrivals, scheduleArrivals } from "./arrivals.js";
import { Authenticator, type SandboxKey } from "./auth.js";
import type { StoredDeclaration } from "./data.js";
import { FaultPlan, type FaultSpec, parseFaults } from "./faults.js";
import type { ArrivalShape } from "./generate.js";
import { handle, type Outcome, send, serverError } from "./handle-request.js";
import { RateLimits } from "./rate-limits.js";
import type { SandboxContext } from "./replies.js";
import { StateStore } from "./store.js";

/**
 * The sandbox's programmatic surface. Tests, the embedded mode (`--sandbox`), `sandbox serve`
 * and the benchmark all start it through `startSandbox`.
 *
 * Built on node:http with no framework: the routes are six, a framework would add dependencies
 * and start-up time to every `tradectl --sandbox` run, and the faults need the raw socket.
 */
export const DEMO_CREDENTIALS: Credentials = {
  publicKey: "sandbox-public-key",
  secret: "c2FuZGJveC1wcml2YXRlLWtleQ==",
};

export interface SandboxOptions {
  /**
   * Loopback address to listen on. Default 127.0.0.1. `localhost`: both 127.0.0.1 and ::1 on
   * one port, so a client's address family decides which one it reaches.
   */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** State file (JSON, atomic writes, safe across processes). null (the default) keeps state in memory. */
  statePath?: string | null;
  /** Extra generated declarations added to the seed data when the state is created. */
  extraDeclarations?: number;
  /** Fault injection, the `--faults SPEC` syntax (see faults.ts). */
  faults?: string;
  /**
   * Enforce the published per-endpoint rate limits (domain/limits.ts) with the service's 429.
   * Default false. Quotas given in `faults` (`quota=CLASS:N/PERIOD`) are enforced either way.
   */
  enforceRateLimits?: boolean;
  /** One line per request (method, path, status, ms). */
  log?: (line: string) => void;
  /** The server's clock (Unix ms); tests move it to simulate skew. */
  now?: () => number;
  /** Simulated arriving deposits, the `--arrivals SPEC` syntax (see arrivals.ts). */
  arrivals?: string;
  /**
   * Deposits to arrive one by one, in order, on the `arrivals` schedule (every 3 s without
   * one): the withdrawals of an imported file (`sandbox serve --arrivals-from`).
   */
  arrivalScript?: readonly ArrivalShape[];
  /**
   * More API keys of the same account, beside the demo key: what a second device or the
   * exchange's web session is to the service (each key has its own stamps).
   */
  extraCredentials?: readonly Credentials[];
  /** Told each deposit that arrived (from `arrivals` or `POST /__sandbox/deposits`). */
  onArrival?: (declaration: StoredDeclaration) => void;
}

export interface SandboxRequestRecord {
  method: string;
  path: string;
  status: number;
  /** Fault injected into this exchange, if any (e.g. "5xx", "reset", "truncate", "429"). */
  fault?: string;
  /** Path and query as received. */
  url: string;
  /** Why a request was refused, for the log (e.g. "signature does not match"). */
  reason?: string;
}

export interface RunningSandbox {
  url: string;
  port: number;
  /** Every request received, in arrival order (tests assert "nothing was sent"). */
  readonly requests: readonly SandboxRequestRecord[];
  /** Restores the seed data (what `tradectl sandbox reset` does to a state file). */
  reset(): Promise<void>;
  /**
   * Makes `count` new Pending deposits arrive now (what `POST /__sandbox/deposits` does), each
   * with the fields `shape` gives (the deposit a rule expects).
   */
  arrive(count?: number, shape?: ArrivalShape): Promise<StoredDeclaration[]>;
  close(): Promise<void>;
}

/** The request log keeps the most recent entries of a long-running server. */
const MAX_RECORDS = 200_000;

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? "127.0.0.1";
  if (!isLoopbackHost(host.replace(/^\[|\]$/g, "")) && host !== "::1") {
    throw new TradectlError("usage", msg("sandboxState.loopbackOnly", { host }), {
      hint: msg("sandboxState.loopbackHint"),
    });
  }
  const faults = new FaultPlan(parseFaults(options.faults));
  const arrivalSpec = options.arrivals
    ? parseArrivals(options.arrivals)
    : options.arrivalScript
      ? parseArrivals("every=3s")
      : null;
  const realNow = options.now ?? Date.now;
  const clock = () => realNow() + faults.spec.skewMs;
  const store = await StateStore.open({
    path: options.statePath ?? null,
    extraDeclarations: options.extraDeclarations,
  });
  const context: SandboxContext = {
    store,
    clock,
    auth: new Authenticator([...demoKey(faults.spec), ...(options.extraCredentials ?? [])], clock),
    limits: rateLimits(realNow, options.enforceRateLimits ?? false, faults.spec.quotas),
    refusal401: faults.spec.refusal401,
  };
  const requests: SandboxRequestRecord[] = [];
  const arrive = async (count = 1, shape?: ArrivalShape) => {
    const added = await store.arrive(count, realNow(), shape);
    for (const d of added) options.onArrival?.(d);
    return added;
  };

  const onRequest: RequestListener = (req, res) => {
    const started = performance.now();
    handle(req, context, faults, arrive)
      .catch((error: unknown): Outcome => {
        options.log?.(`sandbox: internal error: ${error instanceof Error ? error.message : error}`);
        return { reply: serverError(), after: null };
      })
      .then(({ reply, after, fault }) => {
        send(res, reply, after);
        const url = req.url ?? "";
        const record: SandboxRequestRecord = {
          method: req.method ?? "",
          path: url.split("?")[0]!,
          url,
          status: reply.status,
        };
        const faultName = fault ?? after?.kind;
        if (faultName) record.fault = faultName;
        if (reply.reason) record.reason = reply.reason;
        requests.push(record);
        if (requests.length > MAX_RECORDS) requests.splice(0, requests.length - MAX_RECORDS / 2);
        if (options.log) {
          const ms = (performance.now() - started).toFixed(1);
          const extra = [faultName && `fault=${faultName}`, reply.reason].filter(Boolean);
          options.log(
            `${new Date(realNow()).toISOString()} ${record.method} ${url} ${reply.status} ${ms}ms${extra.length ? ` (${extra.join("; ")})` : ""}`,
          );
        }
      });
  };
  const servers = await listenOn(
    host === "localhost" ? ["127.0.0.1", "::1"] : [host],
    options.port ?? 0,
    onRequest,
  );
  const schedule = arrivalSpec
    ? scheduleArrivals(
        arrivalSpec,
        async (count, shape) => {
          await arrive(count, shape).catch((error: unknown) => {
            options.log?.(`sandbox: no arrival: ${error instanceof Error ? error.message : error}`);
          });
        },
        options.arrivalScript,
      )
    : null;
  const { port, address, family } = servers[0]!.address() as AddressInfo;
  const hostText = servers.length > 1 ? "localhost" : family === "IPv6" ? `[${address}]` : address;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${hostText}:${port}`,
    port,
    requests,
    reset: () => store.reset(),
    arrive,
    close: () => {
      schedule?.stop();
      closing ??= Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      ).then(() => {});
      return closing;
    },
  };
}

/**
 * One server per address, all on one port (the first's, when `port` is 0: a free one). A port
 * free on 127.0.0.1 may be taken on ::1; then all are closed and another free one is tried.
 */
async function listenOn(
  hosts: readonly string[],
  port: number,
  onRequest: RequestListener,
): Promise<Server[]> {
  for (let attempt = 1; ; attempt++) {
    const servers: Server[] = [];
    try {
      let chosen = port;
      for (const host of hosts) {
        const server = createServer(onRequest);
        server.keepAliveTimeout = 5_000;
        servers.push(server);
        await new Promise<void>((resolve, reject) => {
          server.once("error", reject);
          server.listen(chosen, host, () => {
            server.off("error", reject);
            resolve();
          });
        });
        chosen = (server.address() as AddressInfo).port;
      }
      return servers;
    } catch (error) {
      for (const server of servers) server.close();
      const taken = (error as NodeJS.ErrnoException).code === "EADDRINUSE";
      if (!taken || port !== 0 || attempt >= 5) throw error;
    }
  }
}

/** An address of TEST-NET-3 (RFC 5737): never this machine's, so `key=other-ip` always refuses. */
export const OTHER_IP = "203.0.113.7";
/** Another private key for the demo key (`key=wrong-secret`): valid base64, not the one clients sign with. */
const OTHER_SECRET = "b3RoZXItcHJpdmF0ZS1rZXktYnl0ZXM=";

/** The demo key as the key faults make it: unknown, with another secret or IP, or fewer permissions. */
function demoKey(spec: FaultSpec): SandboxKey[] {
  if (spec.key === "unknown") return [];
  return [
    {
      ...DEMO_CREDENTIALS,
      ...(spec.key === "wrong-secret" ? { secret: OTHER_SECRET } : {}),
      ...(spec.key === "other-ip" ? { boundTo: [OTHER_IP] } : {}),
      ...(spec.key === "ipv4-only" ? { boundTo: ["127.0.0.1"] } : {}),
      ...(spec.key === "ipv6-only" ? { boundTo: ["::1"] } : {}),
      denied: spec.denied,
    },
  ];
}

function rateLimits(
  clock: () => number,
  published: boolean,
  quotas: FaultSpec["quotas"],
): RateLimits | null {
  const limits = new RateLimits(clock, { published, quotas });
  return limits.active ? limits : null;
}
