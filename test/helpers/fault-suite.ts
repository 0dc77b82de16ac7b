import { readFileSync } from "node:fs";
import { afterEach, expect } from "vitest";
import { FaultPlan, parseFaults } from "../../src/sandbox/faults.js";
import { DEMO_SECRET_FORMS, leaks } from "../reliability/sandbox-log.js";
import type { CliResult } from "./cli.js";
import { GOOD_DESCRIPTION, type ServeProcess, spawnServe, tempStatePath } from "./sandbox.js";

/**
 * The fault suite's pieces (test/flows/faults.test.ts, test/e2e/parallel-confirms.test.ts and the
 * soak, test/soak/list-faults.test.ts): the CLI against `tradectl sandbox serve --faults …` spawned as a process, on loopback.
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

/** A confirm of one declaration with every answer given, as the fault scenarios send it. */
export const confirmArgs = (id: string) => [
  "declarations",
  "confirm",
  id,
  "--self",
  "--description",
  GOOD_DESCRIPTION,
  "--address-type",
  "individual-wallet",
  "--yes",
];

/** The sandbox state file's confirmations, by declaration id. */
export function confirmations(state: string): Record<string, unknown> {
  return JSON.parse(readFileSync(state, "utf8")).confirmations;
}

/** The first seed (from 1) whose first draws are those `wanted` says. */
export function seedWhere(spec: string, wanted: (plan: FaultPlan) => boolean): number {
  for (let seed = 1; seed < 10_000; seed++) {
    if (wanted(new FaultPlan(parseFaults(`${spec},seed=${seed}`)))) return seed;
  }
  throw new Error(`no seed for ${spec}`);
}
