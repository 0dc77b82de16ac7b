import { describe, expect, it } from "vitest";
import { createLineTable, type LineColumn } from "../../src/output/line-table.js";
import { memoryIO } from "../helpers/memory-io.js";

interface Row {
  id: string;
  address: string;
  memo: string;
}

const COLUMNS: LineColumn<Row>[] = [
  { header: "ID", text: (r) => r.id, width: 9 },
  { header: "ADDRESS", text: (r) => r.address, width: 40, shrinkable: true },
  { header: "MEMO", text: (r) => r.memo, width: 8 },
];

const ADDRESS = "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh";

describe("createLineTable: a table printed a line at a time", () => {
  it("writes the header once, then aligned rows as they come", async () => {
    const io = memoryIO({ tty: true, columns: 80, noColor: true });
    const table = createLineTable(COLUMNS, io);
    await table.row({ id: "4711", address: "short", memo: "1" });
    await table.row({ id: "4712", address: "other", memo: "" });
    expect(io.stdoutText()).toBe(
      [
        "ID         ADDRESS                                   MEMO",
        "4711       short                                     1",
        "4712       other",
        "",
      ].join("\n"),
    );
  });

  it("a value wider than its column widens it, and the address gives up the room: no line passes the width", async () => {
    const io = memoryIO({ tty: true, columns: 60, noColor: true });
    const table = createLineTable(COLUMNS, io);
    await table.row({ id: "4711", address: ADDRESS, memo: "1048576" });
    await table.row({ id: "9223372036854775807", address: ADDRESS, memo: "1048576" });
    await table.row({ id: "4713", address: ADDRESS, memo: "1048576" });
    const lines = io.stdoutText().trimEnd().split("\n");
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(60);
    expect(lines[2]).toMatch(/^9223372036854775807 {2}bc1qxy2.*…/);
    // Every digit of the id stays; later rows keep the widened column.
    expect(lines[3]!.indexOf("bc1q")).toBe(lines[2]!.indexOf("bc1q"));
  });

  it("server text is neutralised", async () => {
    const io = memoryIO({ tty: true, columns: 80, noColor: true });
    await createLineTable(COLUMNS, io).row({ id: "1", address: "\u001b[2Jx", memo: "" });
    expect(io.stdoutText()).toContain("\\x1b[2Jx");
  });
});
