import { describe, expect, it } from "vitest";
import { confirmRuleViolations } from "../../src/domain/confirm.js";
import {
  answersNeedListing,
  missingAnswers,
  violationsOfGivenAnswers,
} from "../../src/domain/confirm-answers.js";

describe("missingAnswers", () => {
  it("lists the unanswered questions in the wizard's order", () => {
    expect(missingAnswers({})).toEqual(["declaration", "sender", "description", "addressType"]);
    expect(missingAnswers({ isSelfSender: false, lastName: "" })).toEqual([
      "declaration",
      "firstName",
      "description",
      "addressType",
    ]);
    expect(
      missingAnswers({
        cryptoDepositDeclarationId: "1",
        isSelfSender: true,
        description: "",
        addressType: "Exchange",
      }),
    ).toEqual(["exchange"]);
  });

  it("counts an empty answer as given: the rule, not the question, catches it", () => {
    expect(
      missingAnswers({
        cryptoDepositDeclarationId: "1",
        isSelfSender: true,
        description: "",
        addressType: "Exchange",
        exchangeOtherName: "",
      }),
    ).toEqual([]);
    // An individual wallet needs no exchange.
    expect(
      missingAnswers({
        cryptoDepositDeclarationId: "1",
        isSelfSender: true,
        description: "x",
        addressType: "IndividualWallet",
      }),
    ).toEqual([]);
  });
});

describe("violationsOfGivenAnswers", () => {
  it("leaves out the violations of questions still to be asked, by field", () => {
    const answers = { isSelfSender: true, description: "short" };
    const all = confirmRuleViolations(answers, { supportedExchangeIds: null });
    expect(all.map((v) => v.rule)).toEqual(["descriptionLength", "addressTypeRequired"]);
    expect(violationsOfGivenAnswers(all, missingAnswers(answers))).toEqual([
      {
        rule: "descriptionLength",
        field: "description",
        message: "description field must be between 20 and 100 characters long",
      },
    ]);
  });

  it("a name given blank breaks the rule now; the other, still to be asked, does not", () => {
    const named = { isSelfSender: false, firstName: " " };
    const broken = confirmRuleViolations(named, { supportedExchangeIds: null });
    expect(violationsOfGivenAnswers(broken, ["lastName"]).map((v) => v.field)).toEqual([
      "firstName",
      "description",
      "AddressType",
    ]);
  });

  it("an exchange still to be asked hides both exchange fields' violations", () => {
    const violations = [
      { rule: "exchangeRequired", field: "exchangeId", message: "m1" },
      { rule: "bothExchanges", field: "exchangeOtherName", message: "m2" },
      { rule: "descriptionLength", field: "description", message: "m3" },
    ] as const;
    expect(violationsOfGivenAnswers(violations, ["exchange"]).map((v) => v.message)).toEqual([
      "m3",
    ]);
  });
});

describe("answersNeedListing", () => {
  it("a well-formed exchange id needs the listing (is it supported?); a malformed one does not", () => {
    expect(answersNeedListing({ exchangeId: "3" })).toBe(true);
    expect(answersNeedListing({ exchangeId: "3x" })).toBe(false);
    expect(answersNeedListing({ exchangeId: "99999999999" })).toBe(false);
  });

  it("a name that could be a listed exchange's needs it; a blank, too long or wallet one does not", () => {
    expect(answersNeedListing({ exchangeOtherName: "binance" })).toBe(true);
    expect(answersNeedListing({ exchangeOtherName: "  " })).toBe(false);
    expect(answersNeedListing({ exchangeOtherName: "x".repeat(201) })).toBe(false);
    expect(
      answersNeedListing({ exchangeOtherName: "binance", addressType: "IndividualWallet" }),
    ).toBe(false);
    expect(answersNeedListing({})).toBe(false);
  });
});
