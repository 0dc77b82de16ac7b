import { afterEach, expect } from "vitest";
import { TradeClient } from "../../src/api/client.js";
import type { TradeClientOptions } from "../../src/api/client-options.js";
import { TradectlError } from "../../src/errors.js";
import { type Handler, startTestServer, type TestServer } from "./http-server.js";

export const TEST_KEY = "public-key-0123456789";
export const TEST_SECRET = "dGVzdC1wcml2YXRlLWtleS1ieXRlcw==";

export interface Harness {
  client: TradeClient;
  server: TestServer;
  /** Waits the client asked for, recorded instead of waited. */
  delays: number[];
  trace: string[];
}

/**
 * A TradeClient against a small local server answering with `handler`: back-off is recorded
 * instead of waited and jitter taken out (random 0.5). Both are closed after each test.
 */
export function useClientHarness(
  defaults: () => TradeClientOptions = () => ({}),
): (handler: Handler, options?: TradeClientOptions) => Promise<Harness> {
  const open: { client: TradeClient; server: TestServer }[] = [];
  afterEach(async () => {
    for (const { client, server } of open.splice(0)) {
      await client.close();
      await server.close();
    }
  });
  return async (handler, options = {}) => {
    const server = await startTestServer(handler);
    const delays: number[] = [];
    const trace: string[] = [];
    const client = new TradeClient({
      baseUrl: server.url,
      credentials: { publicKey: TEST_KEY, secret: TEST_SECRET },
      sleep: async (ms) => {
        delays.push(ms);
      },
      random: () => 0.5,
      trace: (line) => trace.push(line),
      ...defaults(),
      ...options,
    });
    open.push({ client, server });
    return { client, server, delays, trace };
  };
}

/** The TradectlError a call fails with (the test fails if it succeeds or throws anything else). */
export async function failure(promise: Promise<unknown>): Promise<TradectlError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(TradectlError);
    return error as TradectlError;
  }
  throw new Error("expected the call to fail");
}
