import { describe, expect, it } from "vitest";
import { plain, toolError } from "../../../src/commands/mcp/results.js";
import { TradectlError } from "../../../src/errors.js";
import { asIs } from "../../../src/i18n/index.js";
import { parseLossless } from "../../../src/wire/json.js";

/** What the agent server's tools answer (the contract's "The agent server (MCP)"). */
describe("tool results", () => {
  it("carry ids and amounts as strings with every digit", () => {
    const record = parseLossless(
      '{"cryptoDepositDeclarationId":9223372036854775807,"amount":0.8000000000000000}',
    );
    expect(plain(record, true)).toEqual({
      cryptoDepositDeclarationId: "9223372036854775807",
      amount: "0.8000000000000000",
    });
  });

  it("leave sender names out, in records and in the bodies they hold, unless names are allowed", () => {
    const receipt = {
      firstName: "Ayşe",
      lastName: "Yılmaz",
      body: '{"cryptoDepositDeclarationId":7,"firstName":"Ayşe","lastName":"Yılmaz"}',
    };
    expect(plain(receipt, false)).toEqual({ body: '{"cryptoDepositDeclarationId":7}' });
    expect(plain(receipt, true)).toEqual(receipt);
  });

  it("report an error with its kind, exit code, status, code, message and hint", () => {
    const refused = new TradectlError("auth", asIs("the service refused the key"), {
      status: 401,
      code: 401,
    });
    expect(toolError(refused)).toMatchObject({
      isError: true,
      structuredContent: {
        error: {
          kind: "auth",
          exitCode: 4,
          status: "401",
          code: "401",
          message: "the service refused the key",
          // A refused key points at auth doctor.
          hint: expect.stringContaining("tradectl auth doctor"),
        },
      },
    });
  });
});
