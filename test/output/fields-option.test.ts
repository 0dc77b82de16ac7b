import { describe, expect, it } from "vitest";
import { TradectlError } from "../../src/errors.js";
import { checkedFields } from "../../src/output/fields-option.js";
import { runMain } from "../helpers/run.js";

const VALID = ["id", "price", "amount"];

describe("--fields with an empty name (issue 25 item 6)", () => {
  it.each(["id,,price", "id,price,", ",id", " , "])("'%s' is a usage error", (list) => {
    let error: unknown;
    try {
      checkedFields(list, VALID);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(TradectlError);
    expect((error as TradectlError).exitCode).toBe(2);
    expect((error as TradectlError).message).toMatch(/empty name|at least one field name/);
  });

  it("names separated by single commas, blanks around them, are fine", () => {
    expect(checkedFields(" id , price", VALID)).toEqual(["id", "price"]);
  });

  it("order get --fields 'id,,price' exits 2 before anything is sent", async () => {
    const r = await runMain(["--sandbox", "order", "get", "21545488", "--fields", "id,,price"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("error: --fields has an empty name ('id,,price')");
    expect(r.stdout).toBe("");
  });
});
