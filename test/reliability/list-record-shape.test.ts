import { afterEach, describe, expect, it } from "vitest";
import { checkPaths } from "../../src/api/read-response.js";
import { sendJson, startTestServer, type TestServer } from "../helpers/http-server.js";
import { runMain, STACK_FRAME, TEST_CREDENTIALS } from "../helpers/run.js";

/**
 * A page of the declarations list with one record spoiled, through the whole CLI against a
 * loopback server: the list's check takes a quick path for records that pass, and every
 * spoiled record must still be reported word for word as before it (the wording below is what
 * the CLI printed then), with exit 1 and nothing on stdout.
 */
const FIELDS: [string, string][] = [
  ["cryptoDepositDeclarationId", "734001026"],
  ["createdAt", '"2025-06-14T09:21:07.412Z"'],
  ["status", '"Pending"'],
  ["confirmedAt", "null"],
  ["confirmedBy", "null"],
  ["firstName", '"Ada"'],
  ["lastName", "null"],
  ["amount", "0.8000000000000000"],
  ["symbol", '"BTC"'],
  ["address", '"bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh"'],
  ["memoTag", "null"],
  ["lightningInvoice", "null"],
];
/** A record in the service's field order, with `changes` applied (undefined: left out). */
const record = (changes: Record<string, string | undefined> = {}) =>
  `{${FIELDS.filter(([k]) => !(k in changes) || changes[k] !== undefined)
    .map(([k, value]) => `"${k}":${changes[k] ?? value}`)
    .join(",")}}`;

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function listing(body: string, args: string[]) {
  server = await startTestServer((_req, res) => sendJson(res, 200, body));
  const r = await runMain(["--base-url", server.url, ...args], { env: TEST_CREDENTIALS });
  expect(r.stdout + r.stderr).not.toMatch(STACK_FRAME);
  return r;
}

const SPOILED: [string, Record<string, string | undefined>, string][] = [
  ["a field left out", { createdAt: undefined }, "2.createdAt: missing"],
  ["null for a text", { status: "null" }, "2.status: expected string, got null"],
  ["a number for a text", { symbol: "5" }, "2.symbol: expected string, got a number"],
  ["a text for a number", { amount: '"0.8"' }, '2.amount: expected a number, got "0.8"'],
  [
    "an id that is not whole",
    { cryptoDepositDeclarationId: "1.5" },
    "2.cryptoDepositDeclarationId: expected an integer, got a number",
  ],
  [
    "an id sent as text",
    { cryptoDepositDeclarationId: '"734001026"' },
    '2.cryptoDepositDeclarationId: expected an integer, got "734001026"',
  ],
  [
    "a number where a text or null may be",
    { firstName: "5" },
    "2.firstName: expected string, got a number",
  ],
  ["an object for a text", { address: "{}" }, "2.address: expected string, got Object"],
];

describe("a spoiled record in the declarations list is named as before", () => {
  for (const [name, changes, issue] of SPOILED) {
    for (const args of [
      ["declarations", "list"],
      ["-o", "ndjson", "declarations", "list", "--all"],
    ]) {
      it(`${name}: ${args.join(" ")}`, async () => {
        const body = `[${record()},${record()},${record(changes)},${record()}]`;
        const valibotRuns = checkPaths.valibot;
        const r = await listing(body, args);
        expect(checkPaths.valibot).toBeGreaterThan(valibotRuns);
        expect(r.code).toBe(1);
        expect(r.stdout).toBe("");
        expect(r.stderr.split("\n")[0]).toBe(
          `error: unexpected response from the server (HTTP 200): ${issue}`,
        );
      });
    }
  }

  it("the first spoiled field of the first spoiled record is the one named", async () => {
    const body = `[${record()},${record({ address: "5", symbol: "null" })},${record({ createdAt: undefined })}]`;
    const r = await listing(body, ["declarations", "list"]);
    expect(r.code).toBe(1);
    expect(r.stderr.split("\n")[0]).toBe(
      "error: unexpected response from the server (HTTP 200): 1.symbol: expected string, got null",
    );
  });

  it("a record that is not an object", async () => {
    const r = await listing(`[${record()},"x"]`, ["declarations", "list"]);
    expect(r.code).toBe(1);
    expect(r.stderr.split("\n")[0]).toBe(
      'error: unexpected response from the server (HTTP 200): 1: expected Object, got "x"',
    );
  });
});

describe("records that pass are printed as before", () => {
  it("the service's records take the quick check (no valibot run) and print as sent", async () => {
    const extra = record().replace(/}$/, ',"network":"bitcoin"}');
    const before = { ...checkPaths };
    const r = await listing(`[${record()},${extra}]`, ["-o", "ndjson", "declarations", "list"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${record()}\n${extra}\n`);
    expect(checkPaths.quick - before.quick).toBe(1);
    expect(checkPaths.valibot - before.valibot).toBe(0);
  });

  it("fields in another order come out in the service's order, others after them", async () => {
    const shuffled = `{"note":"kept","symbol":"BTC","cryptoDepositDeclarationId":734001026,"createdAt":"2025-06-14T09:21:07.412Z","status":"Pending","amount":0.8000000000000000,"address":"bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh"}`;
    const r = await listing(`[${record()},${shuffled}]`, ["-o", "ndjson", "declarations", "list"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `${record()}\n{"cryptoDepositDeclarationId":734001026,"createdAt":"2025-06-14T09:21:07.412Z","status":"Pending","amount":0.8000000000000000,"symbol":"BTC","address":"bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh","note":"kept"}\n`,
    );
  });

  it("a field named __proto__ is left out, as before", async () => {
    const odd = record().replace("{", '{"__proto__":{"x":1},');
    const r = await listing(`[${odd}]`, ["-o", "ndjson", "declarations", "list"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${record()}\n`);
  });
});
