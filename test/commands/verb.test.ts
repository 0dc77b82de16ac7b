import { CommanderError } from "commander";
import { describe, expect, it } from "vitest";
import { confirmVerb } from "../../src/commands/declarations/confirm/spec.js";
import { listVerb } from "../../src/commands/declarations/list-spec.js";
import { optionsFromArgv } from "../../src/commands/verb.js";
import { TradectlError } from "../../src/errors.js";

// A spec turns argv into the run's options with no I/O: these run without a server or a context.
describe("verb specs: argv → options, nothing run", () => {
  it("declarations list: statuses folded, pages checked, --all reads pages of 100", () => {
    expect(optionsFromArgv(listVerb, ["--status", "pending", "--all", "--limit", "5"])).toEqual({
      query: { statuses: ["Pending"], page: 1, pageSize: 100 },
      all: true,
      limit: 5,
      statusGiven: true,
    });
    let refused: unknown;
    try {
      optionsFromArgv(listVerb, ["--page", "0"]);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(TradectlError);
    expect((refused as TradectlError).kind).toBe("validation");
    expect((refused as TradectlError).message).toBe("page must be greater than 0");
  });

  it("declarations list: --fields is checked in the spec and carried as names", () => {
    expect(
      optionsFromArgv(listVerb, ["--fields", "amount, symbol,cryptoDepositDeclarationId"]).fields,
    ).toEqual(["amount", "symbol", "cryptoDepositDeclarationId"]);
    expect(() => optionsFromArgv(listVerb, ["--fields", "Amount"])).toThrow(
      "unknown field 'Amount' in --fields (did you mean amount? names are case-sensitive)",
    );
  });

  it("declarations confirm: the flags become the draft, the switches stay apart", () => {
    expect(
      optionsFromArgv(confirmVerb, [
        "0042",
        "--first-name",
        "Ayşe",
        "--last-name",
        "Yılmaz",
        "--address-type",
        "individual-wallet",
        "--yes",
      ]),
    ).toEqual({
      answers: {
        cryptoDepositDeclarationId: "42",
        isSelfSender: false,
        firstName: "Ayşe",
        lastName: "Yılmaz",
        description: undefined,
        addressType: "IndividualWallet",
        exchangeId: undefined,
        exchangeOtherName: undefined,
      },
      yes: true,
      dryRun: false,
    });
  });

  it("commander's own refusals stay commander's (exit 2 in the CLI)", () => {
    expect(() => optionsFromArgv(confirmVerb, ["1", "--self", "--first-name", "A"])).toThrow(
      CommanderError,
    );
  });

  it("Turkish capitals are folded: --status PENDİNG, --address-type İNDİVİDUAL-WALLET", () => {
    expect(optionsFromArgv(listVerb, ["--status", "PENDİNG"]).query.statuses).toEqual(["Pending"]);
    expect(
      optionsFromArgv(confirmVerb, ["1", "--address-type", "İNDİVİDUAL-WALLET"]).answers
        .addressType,
    ).toBe("IndividualWallet");
  });
});
