import { describe, expect, it } from "vitest";
import { checkBaseUrl, isLoopbackHost } from "../../src/config/base-url.js";
import { TradectlError } from "../../src/errors.js";
import { inEnglish } from "../../src/i18n/index.js";

describe("checkBaseUrl", () => {
  it.each([
    "http://localhost:8080",
    "http://LOCALHOST",
    "http://127.0.0.1:1234",
    "http://127.5.6.7",
    "http://[::1]:9000",
  ])("allows plain http for loopback %s", (url) => {
    expect(() => checkBaseUrl(url)).not.toThrow();
  });

  it.each([
    "http://api.btcturk.com",
    "http://192.168.1.10:8080",
    "http://10.0.0.1",
    "http://127.0.0.1.evil.example",
    "http://localhost.evil.example",
    "http://[::2]",
    "http://0.0.0.0",
    // The contract's loopback is localhost, 127.0.0.0/8 and [::1]; a *.localhost name may be
    // handed to DNS by some resolvers.
    "http://sandbox.localhost",
  ])("refuses plain http for %s with a usage error (exit 2) and a hint", (url) => {
    let error: unknown;
    try {
      checkBaseUrl(url);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TradectlError);
    expect((error as TradectlError).exitCode).toBe(2);
    expect((error as TradectlError).message).toMatch(/refusing plain http/);
    expect(inEnglish((error as TradectlError).hint!)).toMatch(/https/);
  });

  it("accepts https anywhere and keeps a path prefix without a trailing slash", () => {
    expect(checkBaseUrl("https://api.btcturk.com")).toBe("https://api.btcturk.com");
    expect(checkBaseUrl("https://proxy.example/btcturk/")).toBe("https://proxy.example/btcturk");
  });

  it("refuses other schemes and non-URLs", () => {
    expect(() => checkBaseUrl("ftp://example.com")).toThrowError(/must be http/);
    expect(() => checkBaseUrl("not a url")).toThrowError(/not a valid URL/);
  });

  it("normalised spellings of 127.0.0.1 count as loopback", () => {
    expect(() => checkBaseUrl("http://127.1:80")).not.toThrow();
    expect(isLoopbackHost("127.0.0.1")).toBe(true);
    expect(isLoopbackHost("128.0.0.1")).toBe(false);
  });
});
