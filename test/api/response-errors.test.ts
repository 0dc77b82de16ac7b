import { describe, expect, it } from "vitest";
import {
  errorForResponse,
  kindForStatus,
  readErrorBody,
  statusLine,
} from "../../src/api/response-errors.js";
import { EXIT_CODES } from "../../src/errors.js";

describe("readErrorBody", () => {
  it("reads the service's JSON error shape", () => {
    expect(readErrorBody('{"success":false,"message":"Order not found","code":1152}')).toEqual({
      message: "Order not found",
      code: 1152,
    });
    expect(
      readErrorBody(
        '{"data":null,"success":false,"message":"Unauthorized","code":401,"httpStatusCode":401}',
      ),
    ).toEqual({ message: "Unauthorized", code: 401 });
  });

  it("keeps a code sent as a string", () => {
    expect(readErrorBody('{"success":false,"message":"x","code":"1152"}')).toEqual({
      message: "x",
      code: "1152",
    });
  });

  it("gives nothing for HTML, text, empty and truncated bodies, and never throws", () => {
    for (const body of [
      "<html><body><h1>502 Bad Gateway</h1></body></html>",
      "Service Unavailable",
      "",
      "   ",
      '{"success":false,"message":"Order not fo',
      "{",
      "[1,2]",
    ]) {
      expect(readErrorBody(body)).toEqual({ message: null, code: null });
    }
  });

  it("ignores fields of the wrong type rather than inventing a code", () => {
    expect(readErrorBody('{"message":42,"code":true}')).toEqual({ message: null, code: null });
    expect(readErrorBody('{"message":"","code":{"x":1}}')).toEqual({ message: null, code: null });
  });
});

describe("kindForStatus", () => {
  it.each([
    [400, "page must be greater than 0", "validation"],
    [400, "Order not found", "not_found"],
    [400, "order NOT FOUND", "not_found"],
    [401, "Unauthorized", "auth"],
    [403, null, "auth"],
    [404, "Not Found", "not_found"],
    [405, null, "server"],
    [422, "Crypto deposit declaration already confirmed", "conflict"],
    [429, "TOO_MANY_REQUESTS", "rate_limited"],
    [500, "An error occurred", "server"],
    [503, null, "server"],
  ] as const)("HTTP %i %s → %s", (status, message, kind) => {
    expect(kindForStatus(status, message)).toBe(kind);
  });
});

describe("errorForResponse", () => {
  it('400 "Order not found" is not_found (exit 3), with status and API code', () => {
    const error = errorForResponse(
      400,
      '{"success":false,"message":"Order not found","code":1152}',
    );
    expect(error.kind).toBe("not_found");
    expect(error.exitCode).toBe(3);
    expect(error.message).toBe("Order not found");
    expect(error.status).toBe(400);
    expect(error.code).toBe(1152);
  });

  it("an HTML 500 gives a clean server error naming the status", () => {
    const error = errorForResponse(500, "<!DOCTYPE html><html><body>Oops</body></html>");
    expect(error.kind).toBe("server");
    expect(error.exitCode).toBe(EXIT_CODES.server);
    expect(error.message).toBe("HTTP 500 Internal Server Error: the server's answer is not JSON");
    expect(error.message).not.toContain("<");
    expect(error.code).toBeNull();
  });

  it("an empty body says so", () => {
    expect(errorForResponse(502, "").message).toBe("HTTP 502 Bad Gateway with an empty body");
    expect(errorForResponse(401, "").kind).toBe("auth");
  });

  it("a truncated JSON body still names the status, with no parser text", () => {
    const error = errorForResponse(503, '{"success":false,"message":"mainten');
    expect(error.message).toMatch(/^HTTP 503 Service Unavailable/);
    expect(error.message).not.toMatch(/Unexpected|position|SyntaxError/i);
  });

  it("never trusts success over the status: a 401 saying success:true is still auth", () => {
    const error = errorForResponse(401, '{"success":true,"message":"Invalid Nonce","code":0}');
    expect(error.kind).toBe("auth");
    expect(error.exitCode).toBe(4);
    expect(error.message).toBe("Invalid Nonce");
  });

  it("statusLine names a failure's status as HTTP does, and numbers the rest", () => {
    expect(statusLine(429)).toBe("HTTP 429 Too Many Requests");
    expect(statusLine(503)).toBe("HTTP 503 Service Unavailable");
    expect(statusLine(409)).toBe("HTTP 409 Conflict");
    expect(statusLine(499)).toBe("HTTP 499");
    expect(statusLine(200)).toBe("HTTP 200");
  });
});
