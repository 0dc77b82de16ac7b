import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { isLosslessNumber } from "../../src/wire/json.js";
import { confirm, GOOD_DESCRIPTION, send } from "../helpers/sandbox.js";
import { SEED_CONFIRM, SEED_CONFIRM_ANSWERS } from "../helpers/seed-text.js";

type Body = { [key: string]: unknown };

const PENDING = "734001026";
const ALREADY_CONFIRMED = "734001017";

let sandbox: RunningSandbox;
beforeEach(async () => {
  sandbox = await startSandbox({ statePath: null });
});
afterEach(() => sandbox.close());

const post = (body: unknown) => confirm(sandbox.url, body);

async function declaration(id: string): Promise<Body> {
  const res = await send(sandbox.url, "/api/v1/crypto-deposit-declarations?pageSize=100");
  const found = (res.json as Body[]).find(
    (r) =>
      isLosslessNumber(r.cryptoDepositDeclarationId) && r.cryptoDepositDeclarationId.value === id,
  );
  if (!found) throw new Error(`declaration ${id} not listed`);
  return found;
}

const valid = (extra: Body = {}): Body => ({
  cryptoDepositDeclarationId: Number(PENDING),
  isSelfSender: true,
  description: GOOD_DESCRIPTION,
  AddressType: "Exchange",
  exchangeId: 1,
  ...extra,
});

function expectError(res: { status: number; json: unknown }, status: number, message: string) {
  expect(res.status).toBe(status);
  const body = res.json as Body;
  expect(body.success).toBe(false);
  expect(body.message).toBe(message);
  expect((body.code as { value: string }).value).toBe(String(status));
  expect((body.httpStatusCode as { value: string }).value).toBe(String(status));
  expect(body.data).toBeNull();
}

describe("seed 7.2 and 3.1: success and state transitions", () => {
  test("self sender: 200 with the seed's body; Pending → Confirmed with the demo user's name", async () => {
    const before = Date.now();
    const res = await post(valid({ firstName: "Ignored", lastName: "Names" }));
    expect(res.status).toBe(200);
    expect(res.text).toBe('{"success":true,"message":"","code":0}');
    const record = await declaration(PENDING);
    expect(record).toMatchObject({
      status: "Confirmed",
      confirmedBy: "Deniz Demir",
      firstName: "Deniz",
      lastName: "Demir",
    });
    const at = Date.parse(record.confirmedAt as string);
    expect(record.confirmedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(at).toBeGreaterThanOrEqual(before - 1);
    // Everything else is unchanged, digits included.
    expect((record.amount as { value: string }).value).toBe("0.8000000000000000");
  });

  test("other sender: the names come from the request, trimmed", async () => {
    const res = await post(
      valid({
        isSelfSender: false,
        firstName: " Ayşe ",
        lastName: "Yılmaz",
        exchangeId: undefined,
        exchangeOtherName: "Some Local Exchange",
      }),
    );
    expect(res.status).toBe(200);
    expect(await declaration(PENDING)).toMatchObject({
      firstName: "Ayşe",
      lastName: "Yılmaz",
      status: "Confirmed",
    });
  });

  test("individual wallet variant", async () => {
    const res = await post(valid({ AddressType: "IndividualWallet", exchangeId: undefined }));
    expect(res.status).toBe(200);
  });

  test("confirming a Confirmed declaration: 422, and it stays as it was", async () => {
    const before = await declaration(ALREADY_CONFIRMED);
    const res = await post(valid({ cryptoDepositDeclarationId: Number(ALREADY_CONFIRMED) }));
    expectError(res, 422, SEED_CONFIRM_ANSWERS.alreadyConfirmed);
    expect(await declaration(ALREADY_CONFIRMED)).toEqual(before);
    expect((await post(valid())).status).toBe(200);
    expectError(await post(valid()), 422, SEED_CONFIRM_ANSWERS.alreadyConfirmed);
  });

  test("an unknown declaration: 404 Not Found", async () => {
    expectError(
      await post(valid({ cryptoDepositDeclarationId: 1 })),
      404,
      SEED_CONFIRM_ANSWERS.notFound,
    );
  });

  test("no authorization: 401 Unauthorized, nothing changes", async () => {
    expectError(await confirm(sandbox.url, valid(), null), 401, SEED_CONFIRM_ANSWERS.unauthorized);
    expect((await declaration(PENDING)).status).toBe("Pending");
  });

  test("ids beyond 2^53 are looked up exactly", async () => {
    const body = (id: string) =>
      `{"cryptoDepositDeclarationId":${id},"isSelfSender":true,"description":"${GOOD_DESCRIPTION}","AddressType":"IndividualWallet"}`;
    // 9223372036854775806 would be the same double as ...807: only exact lookup says 404.
    expectError(await post(body("9223372036854775806")), 404, SEED_CONFIRM_ANSWERS.notFound);
    expect((await post(body("9223372036854775807"))).status).toBe(200);
    expect((await declaration("9223372036854775807")).status).toBe("Confirmed");
    const tooBig = await post(body("9223372036854775808"));
    expect(tooBig.status).toBe(400);
    expect((tooBig.json as Body).message).toMatch(/cryptoDepositDeclarationId is out of range/);
  });
});

describe("seed 7.2: each validation row, exact message, 400", () => {
  test.each<[string, Body, string]>([
    ["names missing", { isSelfSender: false, firstName: "Ayşe" }, SEED_CONFIRM.names],
    ["names missing (isSelfSender absent)", { isSelfSender: undefined }, SEED_CONFIRM.names],
    ["description 19 chars", { description: "x".repeat(19) }, SEED_CONFIRM.description],
    ["description 101 chars", { description: "x".repeat(101) }, SEED_CONFIRM.description],
    ["description missing", { description: undefined }, SEED_CONFIRM.description],
    [
      "AddressType missing",
      { AddressType: undefined, exchangeId: undefined },
      SEED_CONFIRM.addressType,
    ],
    ["no exchange given", { exchangeId: undefined }, SEED_CONFIRM.either],
    ["wallet with exchange", { AddressType: "IndividualWallet" }, SEED_CONFIRM.wallet],
    ["both exchange fields", { exchangeOtherName: "Other" }, SEED_CONFIRM.onlyOne],
    ["unsupported exchangeId", { exchangeId: 999 }, SEED_CONFIRM.notSupported],
    ["exchangeId beyond int32", { exchangeId: 4294967297 }, SEED_CONFIRM.notSupported],
    [
      "exchangeOtherName 201 chars",
      { exchangeId: undefined, exchangeOtherName: "e".repeat(201) },
      SEED_CONFIRM.tooLong,
    ],
  ])("%s", async (_name, change, message) => {
    const res = await post(valid(change));
    expectError(res, 400, message);
    expect((await declaration(PENDING)).status).toBe("Pending");
  });

  test("limits are inclusive and count characters, not UTF-16 units", async () => {
    expect((await post(valid({ description: "🙂".repeat(20) }))).status).toBe(200);
    const other = valid({
      cryptoDepositDeclarationId: 734001025,
      description: "d".repeat(100),
      exchangeId: undefined,
      exchangeOtherName: "ü".repeat(200),
    });
    expect((await post(other)).status).toBe(200);
  });

  test("several broken rules: the first as message, every one in errors, in the seed's order", async () => {
    const res = await post({
      cryptoDepositDeclarationId: Number(PENDING),
      isSelfSender: false,
      description: "short",
      AddressType: "Exchange",
      exchangeId: 77,
      exchangeOtherName: "x".repeat(250),
    });
    expect(res.status).toBe(400);
    const body = res.json as Body;
    expect(body.message).toBe(SEED_CONFIRM.names);
    expect(body.errors).toEqual([
      SEED_CONFIRM.names,
      SEED_CONFIRM.description,
      SEED_CONFIRM.onlyOne,
      SEED_CONFIRM.notSupported,
      SEED_CONFIRM.tooLong,
    ]);
  });

  test("the rules come before the lookup: an invalid request for an unknown id is 400", async () => {
    expectError(
      await post(valid({ cryptoDepositDeclarationId: 1, description: "short" })),
      400,
      SEED_CONFIRM.description,
    );
  });
});

describe("model binding: names in any case, wrong types are 400, never 500", () => {
  test("property names match case-insensitively", async () => {
    const res = await post({
      CRYPTODEPOSITDECLARATIONID: Number(PENDING),
      IsSelfSender: false,
      firstname: "Mehmet",
      LASTNAME: "Kaya",
      Description: GOOD_DESCRIPTION,
      addresstype: "exchange",
      ExchangeOtherName: "Local OTC desk",
    });
    expect(res.status).toBe(200);
    expect(await declaration(PENDING)).toMatchObject({ firstName: "Mehmet", lastName: "Kaya" });
  });

  test("addressType spelled addressType is the same field as AddressType", async () => {
    const body = valid({
      AddressType: undefined,
      addressType: "IndividualWallet",
      exchangeId: undefined,
    });
    expect((await post(body)).status).toBe(200);
  });

  test("null is the same as absent", async () => {
    expect((await post(valid({ exchangeOtherName: null, firstName: null }))).status).toBe(200);
  });

  test.each<[string, string, RegExp]>([
    ["malformed JSON", '{"cryptoDepositDeclarationId": 734001026,', /not valid JSON/],
    ["empty body", "", /empty/],
    ["an array", "[1,2]", /must be a JSON object/],
    ["a bare number", "42", /must be a JSON object/],
    [
      "isSelfSender 'yes'",
      JSON.stringify(valid({ isSelfSender: "yes" })),
      /isSelfSender must be true or false/,
    ],
    [
      "exchangeId 'abc'",
      JSON.stringify(valid({ exchangeId: "abc" })),
      /exchangeId must be an integer/,
    ],
    ["exchangeId 1.5", JSON.stringify(valid({ exchangeId: 1.5 })), /exchangeId must be an integer/],
    [
      "id missing",
      JSON.stringify(valid({ cryptoDepositDeclarationId: undefined })),
      /cryptoDepositDeclarationId is required/,
    ],
    [
      "id as a string",
      JSON.stringify(valid({ cryptoDepositDeclarationId: PENDING })),
      /cryptoDepositDeclarationId must be an integer/,
    ],
    [
      "description a number",
      JSON.stringify(valid({ description: 12345 })),
      /description must be a string/,
    ],
    [
      "AddressType unknown",
      JSON.stringify(valid({ AddressType: "Bank" })),
      /AddressType must be one of Exchange, IndividualWallet/,
    ],
    [
      "AddressType a number",
      JSON.stringify(valid({ AddressType: 1 })),
      /AddressType must be one of/,
    ],
  ])("%s → 400 with a clear message", async (_name, body, message) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect((res.json as Body).message).toMatch(message);
    expect((await declaration(PENDING)).status).toBe("Pending");
  });

  test.each([
    ["arrays", "[".repeat(20_000) + "]".repeat(20_000)],
    ["objects", '{"a":'.repeat(5_000) + "1" + "}".repeat(5_000)],
    ["a field", `{"cryptoDepositDeclarationId":734001026,"x":${"[".repeat(33)}${"]".repeat(33)}}`],
  ])("a body of deeply nested %s → a clean 400, not V8's stack message", async (_name, body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect((res.json as Body).message).toBe("request body nests deeper than 32 levels");
    expect(res.text).not.toMatch(/call stack/i);
    expect((await declaration(PENDING)).status).toBe("Pending");
  });

  test("brackets inside strings do not count as nesting", async () => {
    const res = await post(valid({ firstName: "[[[[".repeat(20), isSelfSender: true }));
    expect(res.status).toBe(200);
  });

  test("every wrong type is listed at once", async () => {
    const res = await post({ isSelfSender: "yes", exchangeId: "abc" });
    expect((res.json as Body).errors).toEqual([
      "cryptoDepositDeclarationId is required",
      'isSelfSender must be true or false, got the string "yes"',
      'exchangeId must be an integer, got the string "abc"',
    ]);
  });
});

describe("lengths as the service counts them (UTF-16 units), trimmed", () => {
  test("ten emoji (20 units) are a valid description; sixty (120 units) are refused", async () => {
    expectError(await post(valid({ description: "😀".repeat(60) })), 400, SEED_CONFIRM.description);
    expectError(await post(valid({ description: " ".repeat(30) })), 400, SEED_CONFIRM.description);
    const res = await post(valid({ description: "😀".repeat(10) }));
    expect(res.status).toBe(200);
  });
});
