import { beforeAll, describe, expect, it } from "vitest";
import { parseLossless } from "../../src/api/json.js";
import {
  DECLARATION_VIEW,
  describeDeclaration,
  fitColumns,
  localDate,
  localMinute,
  renderDeclarationTable,
} from "../../src/commands/declarations/view.js";
import type { Declaration } from "../../src/domain/declarations.js";
import { displayWidth } from "../../src/output/records.js";
import { memoryIO } from "../helpers/memory-io.js";
import { SEED_DECLARATION_FIELDS } from "../helpers/seed-text.js";
import { FIXTURE_PAGE, generatedDeclaration } from "./declarations-list.fixtures.js";

beforeAll(() => {
  process.env.TZ = "UTC";
});

const fixture = parseLossless(FIXTURE_PAGE) as Declaration[];
const headers = (records: readonly Declaration[], width: number) =>
  fitColumns(records, width).map((c) => c.header);

describe("describeDeclaration", () => {
  it("names a declaration in one line: id, exact amount and symbol, local creation minute", () => {
    expect(describeDeclaration(fixture[0]!)).toBe(
      "9223372036854775807  0.8000000000000000 BTC  created 2026-11-20 14:05",
    );
    expect(
      describeDeclaration(
        parseLossless(
          '{"cryptoDepositDeclarationId":4711,"createdAt":"2026-11-20T14:05:59Z","status":"Pending","amount":0.8000000000000000,"symbol":"BTC","address":"a"}',
        ) as Declaration,
      ),
    ).toBe("4711  0.8000000000000000 BTC  created 2026-11-20 14:05");
  });

  it("neutralises escape sequences in server text", () => {
    const hostile = { ...fixture[0]!, symbol: "BTC\u001b[2J" } as Declaration;
    expect(describeDeclaration(hostile)).toBe(
      "9223372036854775807  0.8000000000000000 BTC\\x1b[2J  created 2026-11-20 14:05",
    );
  });
});

describe("local times", () => {
  it("shows the minute, or the date alone; unreadable text as sent", () => {
    expect(localMinute("2026-11-21T09:30:00+03:00")).toBe("2026-11-21 06:30");
    expect(localDate("2026-11-21T09:30:00+03:00")).toBe("2026-11-21");
    expect(localMinute("yesterday")).toBe("yesterday");
    expect(localDate("yesterday")).toBe("yesterday");
    expect(localMinute(null)).toBe("");
  });
});

describe("fitColumns", () => {
  const everyday = parseLossless(
    `[${[0, 1, 2].map((i) => generatedDeclaration(i)).join(",")}]`,
  ) as Declaration[];

  it("keeps every column when they fit", () => {
    expect(headers(fixture, 500)).toEqual([
      "ID",
      "CREATED",
      "STATUS",
      "AMOUNT",
      "ADDRESS",
      "MEMO/LN",
      "SENDER",
      "CONFIRMED",
    ]);
  });

  it("narrows step by step: confirmed, sender, memo, then the time, then the date", () => {
    // The fixture's floors: 19 + 16 + 9 + 32 + 17 + 10 + 10 + 16 cells, and 2 between columns.
    const all = ["ID", "CREATED", "STATUS", "AMOUNT", "ADDRESS", "MEMO/LN", "SENDER", "CONFIRMED"];
    expect(headers(fixture, 143)).toEqual(all);
    expect(headers(fixture, 142)).toEqual(all.slice(0, 7));
    expect(headers(fixture, 124)).toEqual(all.slice(0, 6));
    expect(headers(fixture, 112)).toEqual(all.slice(0, 5));
    const dateOnly = fitColumns(fixture, 100);
    expect(dateOnly.map((c) => c.header)).toEqual(all.slice(0, 5));
    expect(dateOnly[1]!.text(fixture[0]!)).toBe("2026-11-20");
    expect(headers(fixture, 94)).toEqual(["ID", "STATUS", "AMOUNT", "ADDRESS"]);
    // Never below what identifies a deposit, however narrow.
    expect(headers(fixture, 20)).toEqual(["ID", "STATUS", "AMOUNT", "ADDRESS"]);
  });

  it("drops empty optional columns first, once anything has to give", () => {
    // No memo and no lightning in these records: MEMO/LN goes before the sender does.
    expect(headers(everyday, 110)).toEqual([
      "ID",
      "CREATED",
      "STATUS",
      "AMOUNT",
      "ADDRESS",
      "SENDER",
      "CONFIRMED",
    ]);
    expect(headers(everyday, 500)).toContain("MEMO/LN");
  });

  it("never makes a line wider than the terminal", () => {
    // 76 is the narrowest that holds a 19-digit id, a 32-character amount and a 10-cell address.
    for (const width of [76, 80, 96, 120, 132, 160, 200]) {
      const io = memoryIO({ tty: true, columns: width, noColor: true });
      for (const records of [fixture, everyday]) {
        const lines = renderDeclarationTable(records, io).trimEnd().split("\n");
        expect(lines).toHaveLength(records.length + 1);
        for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(width);
      }
    }
  });
});

describe("DECLARATION_VIEW", () => {
  it("has the seed's fields in the seed's order for tsv and csv", () => {
    expect(DECLARATION_VIEW.columns.map((c) => c.header)).toEqual([...SEED_DECLARATION_FIELDS]);
  });
});
