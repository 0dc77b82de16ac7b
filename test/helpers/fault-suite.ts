import { afterEach, expect } from "vitest";
import { DEMO_SECRET_FORMS, leaks } from "../reliability/sandbox-log.js";
import type { CliResult } from "./cli.js";
import { type ServeProcess, spawnServe, tempStatePath } from "./sandbox.js";

/**
 * The fault suite's pieces (test/e2e/faults.test.ts and its soak, test/soak/list-faults.test.ts):
 * the built CLI against `tradectl sandbox serve --faults …` spawned as a process, on loopback.
 * What a test file starts here is stopped after each of its tests.
 */

export const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

export async function serve(state: string, faults?: string): Promise<ServeProcess> {
  const args = ["--state", state, ...(faults ? ["--faults", faults] : [])];
  const server = await spawnServe(args);
  cleanups.push(() => server.stop());
  return server;
}

export function tempState(): string {
  const temp = tempStatePath();
  cleanups.push(() => temp.cleanup());
  return temp.path;
}

/** Output of a CLI run checked for stack traces and for the demo secret in any form. */
export function checked(result: CliResult): { secretsLeaked: number } {
  const all = result.stdout + result.stderr;
  expect(all).not.toMatch(/^\s+at\s/m);
  const secretsLeaked = leaks(all, DEMO_SECRET_FORMS);
  expect(secretsLeaked).toBe(0);
  return { secretsLeaked };
}

export const summary = (scenario: string, figures: Record<string, number | string>) =>
  console.log(
    `[faults] ${scenario}: ${Object.entries(figures)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
  );
