import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendJson, startTestServer, type TestServer } from "../helpers/http-server.js";
import { runMain, STACK_FRAME, TEST_CREDENTIALS } from "../helpers/run.js";

/**
 * The plan accepts exactly the rows the seed's rules allow. The oracle below is typed from the
 * seed (sections 2.2 and 7.2), not imported from src/domain: it is what the code is checked
 * against. Each run writes one --from row and asks for a dry run; no run may POST.
 */

/** Seed 2.2 and 7.2, written out. */
function seedAllows(row: Row): boolean {
  const blank = (s: string | undefined) => s === undefined || s.trim() === "";
  const self = row.isSelfSender === true || row.isSelfSender === "true";
  if (!self && (blank(row.firstName) || blank(row.lastName))) return false;
  const description = (row.description ?? "").trim();
  if (description.length < 20 || description.length > 100) return false;
  if (row.AddressType === undefined) return false;
  const exchange = /^exchange$/i.test(row.AddressType);
  const hasId = !blank(row.exchangeId);
  const hasName = !blank(row.exchangeOtherName);
  if (exchange && hasId === hasName) return false;
  if (!exchange && (hasId || hasName)) return false;
  if (hasId && !["1", "2", "3"].includes(row.exchangeId!.trim())) return false;
  if (hasName && row.exchangeOtherName!.trim().length > 200) return false;
  return true;
}

interface Row {
  cryptoDepositDeclarationId: string;
  isSelfSender?: boolean | string;
  firstName?: string;
  lastName?: string;
  description?: string;
  AddressType?: string;
  exchangeId?: string;
  exchangeOtherName?: string;
}

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const rowArb: fc.Arbitrary<Row> = fc.record(
  {
    cryptoDepositDeclarationId: fc.constantFrom("1", "2", "3"),
    isSelfSender: maybe(fc.constantFrom<boolean | string>(true, false, "true", "false")),
    firstName: maybe(fc.constantFrom("", " ", "Ayşe", "Deniz")),
    lastName: maybe(fc.constantFrom("", "  ", "Yılmaz")),
    description: maybe(
      fc
        .tuple(fc.integer({ min: 0, max: 110 }), fc.constantFrom("a", " ", "ş", "😀"))
        .map(([n, ch]) => `${ch.repeat(n)}`),
    ),
    AddressType: maybe(
      fc.constantFrom("Exchange", "exchange", "IndividualWallet", "individual-wallet"),
    ),
    exchangeId: maybe(fc.constantFrom("1", "3", "9", " ")),
    exchangeOtherName: maybe(
      fc.constantFrom("Mt Gox", " ", "x".repeat(201), ` ${"y".repeat(200)} `),
    ),
  },
  { requiredKeys: ["cryptoDepositDeclarationId"] },
);

const pending = (id: number) =>
  `{"cryptoDepositDeclarationId":${id},"createdAt":"2025-06-14T09:21:07.412Z","status":"Pending","confirmedAt":null,"confirmedBy":null,"firstName":null,"lastName":null,"amount":1.0,"symbol":"XRP","address":"rX","memoTag":null,"lightningInvoice":null}`;

let server: TestServer;
const dir = mkdtempSync(join(tmpdir(), "tradectl-plan-"));

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    if (req.method !== "GET") return sendJson(res, 500, '{"message":"no POST expected"}');
    if (req.url.startsWith("/api/v1/exchanges")) {
      return sendJson(
        res,
        200,
        '{"data":[{"id":1,"name":"A"},{"id":2,"name":"B"},{"id":3,"name":"C"}]}',
      );
    }
    return sendJson(res, 200, `[${[1, 2, 3].map(pending).join(",")}]`);
  });
});
afterAll(() => server.close());

describe("the plan accepts exactly the rows the rules allow", () => {
  it("one --from row, any mix of answers", async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(rowArb, async (row) => {
        const file = join(dir, `row-${n++}.ndjson`);
        writeFileSync(file, `${JSON.stringify(row)}\n`);
        const r = await runMain(
          [
            "--base-url",
            server.url,
            "-o",
            "ndjson",
            "declarations",
            "confirm",
            "--from",
            file,
            "--dry-run",
          ],
          { env: TEST_CREDENTIALS },
        );
        expect(r.stderr).not.toMatch(STACK_FRAME);
        if (seedAllows(row)) {
          expect(r.code, r.stderr).toBe(0);
          expect(JSON.parse(r.stdout).cryptoDepositDeclarationId).toBe(
            Number(row.cryptoDepositDeclarationId),
          );
        } else {
          expect(r.code, `${JSON.stringify(row)}: ${r.stdout}`).toBe(2);
          expect(r.stdout).toBe("");
          expect(r.stderr).toContain(
            `error: row 1, declaration ${row.cryptoDepositDeclarationId}: `,
          );
        }
      }),
      { numRuns: 150 },
    );
    expect(server.requests.filter((q) => q.method === "POST")).toHaveLength(0);
  }, 120_000);
});
