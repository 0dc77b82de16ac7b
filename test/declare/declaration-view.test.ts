import { Chalk } from "chalk";
import { beforeAll, describe, expect, it } from "vitest";
import {
  DECLARATION_TABLE,
  DECLARATION_VIEW,
  localDate,
  localMinute,
} from "../../src/declare/declaration-view.js";
import type { Declaration } from "../../src/domain/declarations.js";
import { textWidth } from "../../src/output/narrowing.js";
import { renderRecords } from "../../src/output/table.js";
import { parseLossless } from "../../src/wire/json.js";
import { FIXTURE_PAGE, generatedDeclaration } from "../fixtures/declarations-list.js";
import { SEED_DECLARATION_FIELDS } from "../helpers/seed-text.js";

beforeAll(() => {
  process.env.TZ = "UTC";
});

const fixture = parseLossless(FIXTURE_PAGE) as Declaration[];
/** The table's lines at `width` columns, no colour. */
const table = (records: readonly Declaration[], width: number) =>
  renderRecords(DECLARATION_TABLE, records, { out: new Chalk({ level: 0 }), columns: width })
    .trimEnd()
    .split("\n");
const headers = (records: readonly Declaration[], width: number) =>
  table(records, width)[0]!.split(/ {2,}/);

describe("local times", () => {
  it("shows the minute, or the date alone; unreadable text as sent", () => {
    expect(localMinute("2026-11-21T09:30:00+03:00")).toBe("2026-11-21 06:30");
    expect(localDate("2026-11-21T09:30:00+03:00")).toBe("2026-11-21");
    expect(localMinute("yesterday")).toBe("yesterday");
    expect(localDate("yesterday")).toBe("yesterday");
    expect(localMinute(null)).toBe("");
  });
});

describe("the declarations table's narrowing", () => {
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
    // The fixture's narrowest: 19 + 16 + 9 + 32 cells, the address at its least (11), the memo
    // at its least (9), the sender (16, never cut while a column can go) and 16, and 2 between.
    const all = ["ID", "CREATED", "STATUS", "AMOUNT", "ADDRESS", "MEMO/LN", "SENDER", "CONFIRMED"];
    expect(headers(fixture, 142)).toEqual(all);
    expect(headers(fixture, 141)).toEqual(all.slice(0, 7));
    expect(headers(fixture, 124)).toEqual(all.slice(0, 7));
    expect(headers(fixture, 123)).toEqual(all.slice(0, 6));
    expect(headers(fixture, 105)).toEqual(all.slice(0, 5));
    expect(table(fixture, 95)[1]).toMatch(/^9223372036854775807 {2}2026-11-20 14:05 {2}Pending/);
    expect(table(fixture, 94)[1]).toMatch(/^9223372036854775807 {2}2026-11-20 {2}Pending/);
    expect(headers(fixture, 89)).toEqual(all.slice(0, 5));
    expect(headers(fixture, 88)).toEqual(["ID", "STATUS", "AMOUNT", "ADDRESS"]);
    expect(headers(fixture, 77)).toEqual(["ID", "STATUS", "AMOUNT", "ADDRESS"]);
    // Narrower still, each declaration is a block of lines.
    expect(table(fixture, 76)[0]).toBe("ID         9223372036854775807");
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
    for (const width of [60, 76, 80, 96, 100, 120, 132, 160, 200]) {
      for (const records of [fixture, everyday]) {
        for (const line of table(records, width)) {
          expect(textWidth(line)).toBeLessThanOrEqual(width);
        }
      }
    }
  });
});

describe("DECLARATION_VIEW", () => {
  it("has the seed's fields in the seed's order for tsv and csv", () => {
    expect(DECLARATION_VIEW.columns.map((c) => c.header)).toEqual([...SEED_DECLARATION_FIELDS]);
  });
});
