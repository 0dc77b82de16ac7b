import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLOCK_HINT, errorForResponse, KEY_REFUSED_HINT } from "../../src/api/response-errors.js";
import { inEnglish } from "../../src/i18n/index.js";
import { sendJson, startTestServer, type TestServer } from "../helpers/http-server.js";
import { runMain } from "../helpers/run.js";
import { NOTES_ORDER_NOT_FOUND, SEED_CONFIRM, SEED_CONFIRM_ANSWERS } from "../helpers/seed-text.js";

const body = (message: string, code: number) => JSON.stringify({ success: false, message, code });

/** Errors that guide: each common failure ends with the next step. */
describe("hints on HTTP failures", () => {
  it.each([
    [401, body("Invalid Nonce", 401), "auth", /clock.*5 seconds.*auth doctor/],
    [
      401,
      body(SEED_CONFIRM_ANSWERS.unauthorized, 401),
      "auth",
      /permissions.*IP addresses.*`tradectl auth doctor` finds which/,
    ],
    [403, "", "auth", /IP addresses/],
    [
      404,
      body(SEED_CONFIRM_ANSWERS.notFound, 404),
      "not_found",
      /declarations list --status pending/,
    ],
    [400, body(NOTES_ORDER_NOT_FOUND, 1152), "not_found", /order get.*numeric id/],
    [
      422,
      body(SEED_CONFIRM_ANSWERS.alreadyConfirmed, 422),
      "conflict",
      /declarations list --status confirmed/,
    ],
    [429, body("TOO_MANY_REQUESTS", 429), "rate_limited", /wait a minute/],
    [503, "<html>down</html>", "server", /try again later/],
  ])("HTTP %i %s → %s with the next step", (status, text, kind, hint) => {
    const error = errorForResponse(status, text);
    expect(error.kind).toBe(kind);
    expect(inEnglish(error.hint!)).toMatch(hint);
  });

  it("a plain validation failure needs no hint: its message is the rule", () => {
    expect(errorForResponse(400, body(SEED_CONFIRM.description, 400)).hint).toBeUndefined();
  });
});

describe("the hints reach the user of a command", () => {
  let server: TestServer;
  let answer = body("Invalid Nonce", 401);
  beforeAll(async () => {
    server = await startTestServer((req, res) => {
      if (req.url === "/api/v2/server/time") {
        sendJson(res, 200, JSON.stringify({ serverTime: Date.now() }));
        return;
      }
      sendJson(res, 401, answer);
    });
  });
  afterAll(() => server.close());

  const orderGet = () =>
    runMain(["order", "get", "1"], {
      env: {
        TRADECTL_BASE_URL: server.url,
        TRADECTL_API_KEY: "k",
        TRADECTL_API_SECRET: "c2VjcmV0",
      },
    });

  it("a refused stamp, still refused after the clock sync, points at the clock", async () => {
    answer = body("Invalid Nonce", 401);
    const run = await orderGet();
    expect(run.code).toBe(4);
    expect(run.stderr).toContain(`hint: ${inEnglish(CLOCK_HINT)}`);
  });

  it("a refused key points at its permissions and IP binding", async () => {
    answer = body("Unauthorized", 401);
    const run = await orderGet();
    expect(run.code).toBe(4);
    expect(run.stderr).toContain(`hint: ${inEnglish(KEY_REFUSED_HINT)}`);
  });
});
