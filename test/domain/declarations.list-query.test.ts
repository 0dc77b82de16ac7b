import { describe, expect, it } from "vitest";
import { isSeedListRule, parseListQuery } from "../../src/domain/declarations.js";
import { SEED_LIST } from "../helpers/seed-text.js";

describe("parseListQuery: structured violations, the seed's words for the seed's rules", () => {
  it("each broken rule names its rule and field; the seed's rules carry the seed's text", () => {
    const result = parseListQuery({ status: ["unknown", "weird"], page: "0", pageSize: "101" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map(({ rule, field }) => [rule, field])).toEqual([
      ["pageTooSmall", "page"],
      ["pageSizeOutOfRange", "pageSize"],
      ["statusUnknown", "status"],
      ["statusNotAllowed", "status"],
    ]);
    expect(result.errors.slice(0, 3).map((v) => v.message)).toEqual([
      SEED_LIST.pageTooSmall,
      SEED_LIST.pageSizeOutOfRange,
      SEED_LIST.statusUnknown,
    ]);
    expect(result.errors.map(isSeedListRule)).toEqual([true, true, true, false]);
  });

  it("a page that is not a whole number is our rule, not the seed's", () => {
    const result = parseListQuery({ page: "two" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      {
        rule: "notWholeNumber",
        field: "page",
        message: "page must be a whole number, got 'two'",
        value: "two",
      },
    ]);
    expect(isSeedListRule(result.errors[0]!)).toBe(false);
  });

  it("signs read alike everywhere: -3 is a page below 1, +2 is page 2", () => {
    const below = parseListQuery({ page: "-3" });
    expect(below.ok ? null : below.errors.map((v) => v.rule)).toEqual(["pageTooSmall"]);
    const plus = parseListQuery({ page: "+2" });
    expect(plus.ok && plus.query.page).toBe(2);
  });
});
