import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  confirmBody,
  confirmRuleViolations,
  type DeclarationAnswers,
  descriptionProblem,
  exchangeOtherNameProblem,
  normalizeAddressType,
  type Violation,
} from "../../src/domain/confirm.js";
import { stringifyLossless } from "../../src/wire/json.js";
import { SEED_CONFIRM } from "../helpers/seed-text.js";

const SEED = SEED_CONFIRM;

/** The messages of the broken rules, in order: what the seed's error table can be compared with. */
const ruleMessages = (...args: Parameters<typeof confirmRuleViolations>) =>
  confirmRuleViolations(...args).map((v: Violation) => v.message);

const LISTED = new Set(["1", "2", "17"]);
const ctx = { supportedExchangeIds: LISTED };
const DESCRIPTION = "Transfer from my own Binance account";

const valid: DeclarationAnswers = {
  cryptoDepositDeclarationId: "4711",
  isSelfSender: true,
  description: DESCRIPTION,
  addressType: "Exchange",
  exchangeId: "1",
};

describe("confirmRuleViolations: one rule at a time", () => {
  it("accepts the seed's three request variants", () => {
    expect(ruleMessages(valid, ctx)).toEqual([]);
    expect(
      ruleMessages(
        {
          cryptoDepositDeclarationId: "1",
          isSelfSender: false,
          firstName: "Ayşe",
          lastName: "Yılmaz",
          description: DESCRIPTION,
          addressType: "Exchange",
          exchangeOtherName: "Some local exchange",
        },
        ctx,
      ),
    ).toEqual([]);
    expect(
      ruleMessages(
        {
          cryptoDepositDeclarationId: "1",
          isSelfSender: true,
          description: DESCRIPTION,
          addressType: "IndividualWallet",
        },
        ctx,
      ),
    ).toEqual([]);
  });

  it.each([
    ["no names", {}],
    ["first name only", { firstName: "Ayşe" }],
    ["last name only", { lastName: "Yılmaz" }],
    ["blank first name", { firstName: "  ", lastName: "Yılmaz" }],
    ["empty last name", { firstName: "Ayşe", lastName: "" }],
  ])("isSelfSender false with %s: the names message", (_, names) => {
    const draft = { ...valid, isSelfSender: false, ...names };
    expect(ruleMessages(draft, ctx)).toEqual([SEED.names]);
  });

  it("an absent isSelfSender is false, as the service binds it", () => {
    const { isSelfSender: _, ...draft } = valid;
    expect(ruleMessages(draft, ctx)).toEqual([SEED.names]);
    expect(ruleMessages({ ...draft, firstName: "A", lastName: "B" }, ctx)).toEqual([]);
  });

  it("names sent with a self sender are allowed (the service ignores them)", () => {
    expect(ruleMessages({ ...valid, firstName: "X" }, ctx)).toEqual([]);
  });

  it.each([
    [undefined, false],
    ["", false],
    ["a".repeat(19), false],
    ["a".repeat(20), true],
    ["a".repeat(100), true],
    ["a".repeat(101), false],
    // The service (ASP.NET) counts UTF-16 units: an emoji outside the BMP counts 2.
    ["😀".repeat(10), true],
    ["😀".repeat(9), false],
    ["😀".repeat(50), true],
    ["😀".repeat(51), false],
    ["😀".repeat(60), false],
    ["ş".repeat(19), false],
    // Trimmed like the names: blanks neither fill the minimum nor reach the service.
    [" ".repeat(25), false],
    [`   ${"a".repeat(19)}   `, false],
    [`  ${"a".repeat(20)}  `, true],
  ])("description %j valid: %s", (description, ok) => {
    const expected = ok ? [] : [SEED.description];
    expect(ruleMessages({ ...valid, description }, ctx)).toEqual(expected);
    expect(descriptionProblem(description)).toBe(ok ? null : SEED.description);
  });

  it("a missing AddressType", () => {
    const { addressType: _, exchangeId: __, ...draft } = valid;
    expect(ruleMessages(draft, ctx)).toEqual([SEED.addressType]);
  });

  it("Exchange with neither exchange field, or only blank ones", () => {
    const { exchangeId: _, ...draft } = valid;
    expect(ruleMessages(draft, ctx)).toEqual([SEED.either]);
    expect(ruleMessages({ ...draft, exchangeId: " ", exchangeOtherName: "" }, ctx)).toEqual([
      SEED.either,
    ]);
  });

  it("Exchange with both exchange fields", () => {
    expect(ruleMessages({ ...valid, exchangeOtherName: "Other" }, ctx)).toEqual([SEED.onlyOne]);
  });

  it("IndividualWallet with an exchange id or an exchange name", () => {
    const wallet = { ...valid, addressType: "IndividualWallet" as const };
    expect(ruleMessages(wallet, ctx)).toEqual([SEED.wallet]);
    const { exchangeId: _, ...bare } = wallet;
    expect(ruleMessages({ ...bare, exchangeOtherName: "Other" }, ctx)).toEqual([SEED.wallet]);
  });

  it.each(["3", "abc", "-1", "1.0", "2147483648"])("exchangeId %j is not supported", (id) => {
    expect(ruleMessages({ ...valid, exchangeId: id }, ctx)).toEqual([SEED.notSupported]);
  });

  it("exchangeId in canonical or padded form is matched against the listing", () => {
    expect(ruleMessages({ ...valid, exchangeId: "017" }, ctx)).toEqual([]);
  });

  it("without a listing, a well-formed exchangeId is left to the server", () => {
    const unknown = { supportedExchangeIds: null };
    expect(ruleMessages({ ...valid, exchangeId: "999" }, unknown)).toEqual([]);
    expect(ruleMessages({ ...valid, exchangeId: "x" }, unknown)).toEqual([SEED.notSupported]);
  });

  it("exchangeOtherName of 200 characters passes, 201 does not", () => {
    const { exchangeId: _, ...draft } = valid;
    expect(ruleMessages({ ...draft, exchangeOtherName: "é".repeat(200) }, ctx)).toEqual([]);
    expect(ruleMessages({ ...draft, exchangeOtherName: "e".repeat(201) }, ctx)).toEqual([
      SEED.tooLong,
    ]);
    // Surrounding blanks are trimmed before sending, so they do not count.
    expect(exchangeOtherNameProblem(`  ${"e".repeat(200)}  `)).toBeNull();
    expect(exchangeOtherNameProblem("😀".repeat(201))).toBe(SEED.tooLong);
    expect(exchangeOtherNameProblem("😀".repeat(101))).toBe(SEED.tooLong);
    expect(exchangeOtherNameProblem("😀".repeat(100))).toBeNull();
  });
});

describe("confirmRuleViolations: several broken rules", () => {
  it("reports every broken rule, in the seed's order", () => {
    const draft: DeclarationAnswers = {
      cryptoDepositDeclarationId: "1",
      isSelfSender: false,
      description: "short",
      addressType: "Exchange",
      exchangeId: "99",
      exchangeOtherName: "x".repeat(201),
    };
    expect(ruleMessages(draft, ctx)).toEqual([
      SEED.names,
      SEED.description,
      SEED.onlyOne,
      SEED.notSupported,
      SEED.tooLong,
    ]);
  });

  it("a bare draft breaks the names, description and AddressType rules", () => {
    expect(ruleMessages({ cryptoDepositDeclarationId: "1" }, ctx)).toEqual([
      SEED.names,
      SEED.description,
      SEED.addressType,
    ]);
  });

  it("wallet with an unsupported id and a too-long name", () => {
    const draft: DeclarationAnswers = {
      ...valid,
      addressType: "IndividualWallet",
      exchangeId: "5",
      exchangeOtherName: "y".repeat(300),
    };
    expect(ruleMessages(draft, ctx)).toEqual([SEED.wallet, SEED.notSupported, SEED.tooLong]);
  });
});

describe("confirmRuleViolations: structured", () => {
  it("each broken rule names itself and the field it is about", () => {
    const draft: DeclarationAnswers = {
      cryptoDepositDeclarationId: "1",
      isSelfSender: false,
      firstName: "Ayşe",
      description: "short",
      addressType: "IndividualWallet",
      exchangeOtherName: "Somewhere",
    };
    expect(confirmRuleViolations(draft, ctx)).toEqual([
      { rule: "namesRequired", field: "lastName", message: SEED.names },
      { rule: "descriptionLength", field: "description", message: SEED.description },
      { rule: "walletWithExchange", field: "exchangeOtherName", message: SEED.wallet },
    ]);
    expect(confirmRuleViolations({ cryptoDepositDeclarationId: "1" }, ctx)).toEqual([
      { rule: "namesRequired", field: "isSelfSender", message: SEED.names },
      { rule: "descriptionLength", field: "description", message: SEED.description },
      { rule: "addressTypeRequired", field: "AddressType", message: SEED.addressType },
    ]);
  });
});

describe("normalizeAddressType", () => {
  it.each([
    ["exchange", "Exchange"],
    ["Exchange", "Exchange"],
    [" EXCHANGE ", "Exchange"],
    ["individual-wallet", "IndividualWallet"],
    ["IndividualWallet", "IndividualWallet"],
    ["individual_wallet", "IndividualWallet"],
    // Turkish capitals and dotless i meet their Latin letters.
    ["İNDİVİDUAL-WALLET", "IndividualWallet"],
    ["ındıvıdual-wallet", "IndividualWallet"],
    ["EXCHANGE", "Exchange"],
    ["wallet", null],
    ["", null],
  ])("%j → %j", (input, expected) => {
    expect(normalizeAddressType(input)).toBe(expected);
  });
});

describe("confirmBody", () => {
  it("keeps the id's exact digits and the seed's field names and order", () => {
    const body = confirmBody({
      cryptoDepositDeclarationId: "9223372036854775807",
      isSelfSender: false,
      firstName: " Ayşe ",
      lastName: "Yılmaz",
      description: DESCRIPTION,
      addressType: "Exchange",
      exchangeId: "017",
    });
    expect(stringifyLossless(body)).toBe(
      `{"cryptoDepositDeclarationId":9223372036854775807,"isSelfSender":false,"firstName":"Ayşe","lastName":"Yılmaz","description":"${DESCRIPTION}","AddressType":"Exchange","exchangeId":17}`,
    );
  });

  it("a self sender's body carries no names; a wallet's no exchange", () => {
    const body = confirmBody({
      cryptoDepositDeclarationId: "5",
      isSelfSender: true,
      firstName: "ignored",
      lastName: "ignored",
      description: DESCRIPTION,
      addressType: "IndividualWallet",
    });
    expect(stringifyLossless(body)).toBe(
      `{"cryptoDepositDeclarationId":5,"isSelfSender":true,"description":"${DESCRIPTION}","AddressType":"IndividualWallet"}`,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Properties. The oracle below is written from the seed's wording (2.2 and 7.2), independently
// of the module: "required"/"provided" means present and not blank; lengths are what ASP.NET
// counts (UTF-16 units) of the trimmed text, as sent;
// an exchangeId is an integer from the listing (any well-formed Int when there is no listing).

function oracle(draft: DeclarationAnswers, listing: ReadonlySet<string> | null): string[] {
  const given = (s: string | undefined) => typeof s === "string" && /\S/u.test(s);
  const units = (s: string) => s.trim().length;
  const out: string[] = [];
  const self = draft.isSelfSender ?? false;
  if (!self && !(given(draft.firstName) && given(draft.lastName))) out.push(SEED.names);
  const d = units(draft.description ?? "");
  if (d < 20 || d > 100) out.push(SEED.description);
  if (!draft.addressType) out.push(SEED.addressType);
  const id = given(draft.exchangeId);
  const name = given(draft.exchangeOtherName);
  if (draft.addressType === "Exchange" && !id && !name) out.push(SEED.either);
  if (draft.addressType === "IndividualWallet" && (id || name)) out.push(SEED.wallet);
  if (draft.addressType === "Exchange" && id && name) out.push(SEED.onlyOne);
  if (id) {
    const text = draft.exchangeId!.trim();
    const isInt = /^\d+$/.test(text) && BigInt(text) <= 2147483647n;
    const known = listing === null || (isInt && listing.has(BigInt(text).toString()));
    if (!isInt || !known) out.push(SEED.notSupported);
  }
  if (name && units(draft.exchangeOtherName!) > 200) out.push(SEED.tooLong);
  return out;
}

const textOfLength = (lengths: number[]) =>
  fc
    .tuple(fc.constantFrom(...lengths), fc.constantFrom("a", "ş", "😀", " ", "字"))
    .map(([n, ch]) => ch.repeat(n));

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

const nameArb = maybe(fc.constantFrom("", "  ", "Ayşe", "Yılmaz", "李"));
const draftArb: fc.Arbitrary<DeclarationAnswers> = fc.record({
  cryptoDepositDeclarationId: fc.bigInt({ min: 0n, max: 9223372036854775807n }).map(String),
  isSelfSender: maybe(fc.boolean()),
  firstName: nameArb,
  lastName: nameArb,
  description: maybe(fc.oneof(textOfLength([0, 1, 19, 20, 21, 99, 100, 101, 150]), fc.string())),
  addressType: maybe(fc.constantFrom("Exchange" as const, "IndividualWallet" as const)),
  exchangeId: maybe(
    fc.oneof(
      fc.constantFrom("", " ", "1", "2", "17", "017", "3", "abc", "-1", "2147483648", "1.5"),
      fc.nat().map(String),
    ),
  ),
  exchangeOtherName: maybe(
    fc.oneof(
      textOfLength([0, 1, 199, 200, 201, 300]),
      // Blanks around a name are trimmed before sending: they must not count towards 200.
      fc
        .tuple(textOfLength([199, 200, 201]), fc.constantFrom(" ", "   "))
        .map(([text, pad]) => `${pad}${text}${pad}`),
      fc.string(),
    ),
  ),
});

/** Drafts built to satisfy every rule, so the body property needs no filtering. */
const acceptedArb: fc.Arbitrary<DeclarationAnswers> = fc
  .record({
    id: fc.bigInt({ min: 0n, max: 9223372036854775807n }).map(String),
    self: fc.boolean(),
    firstName: fc.constantFrom("Ayşe", " Li ", "O'Brien"),
    lastName: fc.constantFrom("Yılmaz", "Ng", "字字"),
    description: textOfLength([10, 20, 57, 100]).filter(
      (d) => d.trim().length >= 20 && d.trim().length <= 100,
    ),
    source: fc.constantFrom("listed", "other", "wallet"),
    exchangeId: fc.constantFrom("1", "2", "17", "017"),
    otherName: fc.constantFrom("Local exchange", " Padded ", "x".repeat(200)),
  })
  .map((r) => ({
    cryptoDepositDeclarationId: r.id,
    isSelfSender: r.self,
    // Names are given even with a self sender: the body must still leave them out.
    firstName: r.firstName,
    lastName: r.lastName,
    description: r.description,
    addressType: r.source === "wallet" ? ("IndividualWallet" as const) : ("Exchange" as const),
    ...(r.source === "listed" ? { exchangeId: r.exchangeId } : {}),
    ...(r.source === "other" ? { exchangeOtherName: r.otherName } : {}),
  }));
const listingArb = fc.option(fc.constantFrom(LISTED, new Set<string>(), new Set(["3"])), {
  nil: null,
});

describe("confirmRuleViolations: properties", () => {
  it("reports exactly the rules the seed says are broken, in the seed's order", () => {
    fc.assert(
      fc.property(draftArb, listingArb, (draft, listing) => {
        expect(ruleMessages(draft, { supportedExchangeIds: listing })).toEqual(
          oracle(draft, listing),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it("accepts exactly the drafts the rules allow", () => {
    fc.assert(
      fc.property(draftArb, listingArb, (draft, listing) => {
        const accepted = ruleMessages(draft, { supportedExchangeIds: listing }).length;
        expect(accepted === 0).toBe(oracle(draft, listing).length === 0);
      }),
      { numRuns: 3000 },
    );
  });

  it("the body of an accepted draft has no names for a self sender and no exchange for a wallet", () => {
    fc.assert(
      fc.property(acceptedArb, (draft) => {
        expect(ruleMessages(draft, ctx)).toEqual([]);
        const body = confirmBody(draft) as unknown as Record<string, unknown>;
        if (draft.isSelfSender === true) {
          expect(body).not.toHaveProperty("firstName");
          expect(body).not.toHaveProperty("lastName");
        }
        if (draft.addressType === "IndividualWallet") {
          expect(body).not.toHaveProperty("exchangeId");
          expect(body).not.toHaveProperty("exchangeOtherName");
        } else {
          // Exactly one exchange field, never both.
          expect(("exchangeId" in body ? 1 : 0) + ("exchangeOtherName" in body ? 1 : 0)).toBe(1);
        }
        expect(String(body.cryptoDepositDeclarationId)).toBe(draft.cryptoDepositDeclarationId);
        if (draft.isSelfSender === false) {
          expect(body.firstName).toBe(draft.firstName?.trim());
          expect(body.lastName).toBe(draft.lastName?.trim());
        }
        expect(body.AddressType).toBe(draft.addressType);
      }),
      { numRuns: 2000 },
    );
  });

  it("a self sender's body never carries names, whatever the draft", () => {
    fc.assert(
      fc.property(draftArb, (draft) => {
        // confirmBody is for drafts that passed the rules; only a malformed id could not be sent.
        fc.pre(draft.exchangeId === undefined || /^\s*\d+\s*$/.test(draft.exchangeId));
        const body = confirmBody({ ...draft, isSelfSender: true }) as unknown as Record<
          string,
          unknown
        >;
        expect(Object.keys(body)).not.toContain("firstName");
        expect(Object.keys(body)).not.toContain("lastName");
        const wallet = confirmBody({
          ...draft,
          addressType: "IndividualWallet",
        }) as unknown as Record<string, unknown>;
        expect(Object.keys(wallet)).not.toContain("exchangeId");
        expect(Object.keys(wallet)).not.toContain("exchangeOtherName");
      }),
    );
  });
});
