import { LosslessNumber } from "lossless-json";
import { describe, expect, it } from "vitest";
import { type ExchangeListing, supportedIds, violationsOf } from "../../src/declare/answers.js";

const listing = (...ids: string[]): ExchangeListing => ({
  exchanges: ids.map((id) => ({ id: new LosslessNumber(id), name: `Exchange ${id}` })),
  why: "",
});

describe("supportedIds", () => {
  it("the ids a listing supports, as text; none without a listing", () => {
    expect([...supportedIds(listing("1", "2", "12"))!]).toEqual(["1", "2", "12"]);
    expect(supportedIds(null)).toBeNull();
    expect(supportedIds({ exchanges: null, why: "no listing" })).toBeNull();
  });

  it("made once per listing read: a batch checks each of its items against the same set", async () => {
    const read = listing("1", "2");
    expect(supportedIds(read)).toBe(supportedIds(read));
    // Another listing (another run's) has its own.
    expect(supportedIds(listing("1", "2"))).not.toBe(supportedIds(read));
    // Every item of a plan is still checked against it.
    const listings = { get: async () => read, ifRead: async () => read };
    const answers = {
      cryptoDepositDeclarationId: "7",
      isSelfSender: true,
      addressType: "Exchange",
      description: "Own wallet at another exchange, moved to BtcTurk",
    } as const;
    expect(await violationsOf({ ...answers, exchangeId: "2" }, listings)).toEqual([]);
    expect(
      (await violationsOf({ ...answers, exchangeId: "3" }, listings)).map((v) => v.rule),
    ).toEqual(["exchangeIdNotSupported"]);
  });
});
