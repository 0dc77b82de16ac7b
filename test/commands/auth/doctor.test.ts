import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clockFinding,
  explainSignedReads,
  type SignedRead,
} from "../../../src/api/key-diagnosis.js";
import { errorForResponse } from "../../../src/api/response-errors.js";
import {
  doctorExitCode,
  type Finding as Found,
  secretFinding,
} from "../../../src/domain/doctor.js";
import { TradectlError } from "../../../src/errors.js";
import { asIs, inEnglish } from "../../../src/i18n/index.js";
import { startTestServer, type TestServer } from "../../helpers/http-server.js";
import { runMain } from "../../helpers/run.js";

/** A finding with its detail and fix in English, as the machine formats show them. */
const inWords = (f: Found) => ({
  ...f,
  detail: inEnglish(f.detail),
  fix: f.fix === null ? null : inEnglish(f.fix),
});

/**
 * The oracle for "standard padded base64", written apart from the signer's regex: a multiple
 * of four characters from the RFC 4648 alphabet, with at most two `=` and only at the end.
 */
function isPaddedBase64(text: string): boolean {
  if (text.length === 0 || text.length % 4 !== 0) return false;
  const body = text.replace(/={1,2}$/, "");
  if (text.length - body.length > 2) return false;
  for (const ch of body) {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    if (!alphabet.includes(ch)) return false;
  }
  return true;
}

/** Secrets close to real ones and far from them: base64 with one character spoiled, any text. */
const spoiledBase64 = fc
  .tuple(fc.base64String({ minLength: 4 }), fc.nat(), fc.string({ minLength: 1, maxLength: 1 }))
  .map(([text, at, ch]) => {
    const i = at % text.length;
    return `${text.slice(0, i)}${ch}${text.slice(i + 1)}`;
  });
const anySecret = fc.oneof(
  spoiledBase64,
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.base64String().map((s) => `${s} `),
  fc.base64String().map((s) => s.replace(/=+$/, "")),
);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((_req, res) => {
    res.end("{}");
  });
});
afterAll(() => server.close());

interface Finding {
  check: string;
  status: string;
}

describe("auth doctor's local checks", () => {
  it("any secret that is not base64 is caught with no request on the wire", async () => {
    await fc.assert(
      fc.asyncProperty(
        // The environment's values are trimmed before use (config/credentials.ts).
        anySecret.filter((s) => !isPaddedBase64(s.trim()) && !s.includes("\0")),
        async (secret) => {
          const before = server.requests.length;
          const run = await runMain(["auth", "doctor", "-o", "json"], {
            env: {
              TRADECTL_BASE_URL: server.url,
              TRADECTL_API_KEY: "doctor-public-key",
              TRADECTL_API_SECRET: secret,
            },
          });
          expect(run.code, run.stderr).toBe(4);
          expect(server.requests.length).toBe(before);
          const findings = JSON.parse(run.stdout) as Finding[];
          const status = Object.fromEntries(findings.map((f) => [f.check, f.status]));
          // A secret of blanks is no secret at all: the credentials check says so.
          expect(secret.trim() === "" ? status.credentials : status.secret).toBe("fail");
          for (const check of ["reachability", "clock", "declarations", "orders", "trades"]) {
            expect(status[check]).toBe("skipped");
          }
          expect(run.stdout + run.stderr).not.toContain("    at ");
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);

  it("a base64 secret passes, and one of an implausible length only warns", () => {
    expect(inWords(secretFinding("c2FuZGJveC1wcml2YXRlLWtleQ==", asIs("x")))).toMatchObject({
      status: "ok",
      detail: "base64 of 19 bytes",
    });
    expect(inWords(secretFinding("YQ==", asIs("x")))).toMatchObject({
      status: "warn",
      detail: /1 bytes/,
    });
    expect(inWords(secretFinding("YQ", asIs("TRADECTL_API_SECRET")))).toMatchObject({
      status: "fail",
      failure: "credentials",
      detail: expect.stringMatching(/not base64.*nothing was sent/),
    });
  });
});

const refusal = (message: string) => errorForResponse(401, JSON.stringify({ message, code: 401 }));
const read = (family: SignedRead["family"], error: TradectlError | null): SignedRead => ({
  family,
  error,
  answered: asIs("answered"),
});

describe("what the signed reads mean together", () => {
  it('"Invalid Nonce" with a large offset → the clock, by how much', () => {
    const findings = explainSignedReads(
      [read("declarations", refusal("Invalid Nonce")), read("orders", null), read("trades", null)],
      -12_300,
    ).map(inWords);
    expect(findings.at(-1)).toMatchObject({
      check: "verdict",
      status: "fail",
      detail: expect.stringMatching(/"Invalid Nonce".*12\.3 s off the server's.*the clock$/),
      fix: expect.stringMatching(/NTP/),
    });
  });

  it('"Invalid Nonce" with no server time → the clock, uncorrected', () => {
    const [, verdict] = explainSignedReads(
      [read("declarations", refusal("Invalid Nonce"))],
      null,
    ).map(inWords);
    expect(verdict!.detail).toMatch(/could not be read to correct it/);
  });

  it("a refusal beside a family that failed in transit: not called a permission", () => {
    const network = new TradectlError("network", asIs("connection reset"), {
      hint: asIs("try again"),
    });
    const findings = explainSignedReads(
      [read("declarations", refusal("Unauthorized")), read("orders", network)],
      0,
    ).map(inWords);
    expect(findings.map((f) => f.status)).toEqual(["fail", "fail", "fail"]);
    expect(findings[1]).toMatchObject({ failure: "network", fix: "try again" });
    expect(findings[2]!.detail).toMatch(/cannot be told apart/);
    expect(doctorExitCode(findings)).toBe(4);
  });

  it("no refusal but a 5xx: the service, exit 1", () => {
    const failed = errorForResponse(503, "");
    const findings = explainSignedReads(
      [read("declarations", null), read("trades", failed)],
      0,
    ).map(inWords);
    expect(findings.at(-1)).toMatchObject({ status: "fail", failure: "network" });
    expect(doctorExitCode(findings)).toBe(1);
  });

  it("the clock: in step up to 1 s; a warning past it, and louder past the 5 s window", () => {
    expect(clockFinding(-900).status).toBe("ok");
    expect(inWords(clockFinding(2_500))).toMatchObject({
      status: "warn",
      detail:
        "the server is 2.5 s ahead of this machine, tradectl corrects it; other tools on this machine are refused past 5 s",
    });
    expect(inWords(clockFinding(-7_000)).detail).toMatch(/past the 5 s the service allows/);
  });
});

describe("issue 33, item 10: the doctor names the cause it can see", () => {
  it('"Invalid Nonce" with the clock measured 2 ms off: not "sync your clock"', () => {
    const findings = explainSignedReads(
      [read("declarations", refusal("Invalid Nonce")), read("orders", null), read("trades", null)],
      2,
    ).map(inWords);
    const verdict = findings.at(-1)!;
    expect(verdict).toMatchObject({ check: "verdict", status: "fail" });
    expect(verdict.detail).toMatch(/clock in step \(2 ms off the server's\): not the clock/);
    expect(verdict.fix).not.toMatch(/NTP|sync this machine's clock/);
  });

  it.each([
    [
      "IP not whitelisted",
      /does not allow this machine's IP address/,
      /add this machine's public IP/,
    ],
    ["API key revoked", /the key was revoked or disabled/, /create a key/],
  ])('every family refused with "%s": the verdict leads with those words', (said, detail, fix) => {
    const families = ["declarations", "orders", "trades"] as const;
    const findings = explainSignedReads(
      families.map((f) => read(f, refusal(said))),
      3,
    ).map(inWords);
    const verdict = findings.at(-1)!;
    expect(
      verdict.detail.startsWith(
        `every family was refused with the clock in step (3 ms off), the service saying "${said}"`,
      ),
    ).toBe(true);
    expect(verdict.detail).toMatch(detail);
    expect(verdict.detail).not.toMatch(/key pair is wrong/);
    expect(verdict.fix).toMatch(fix);
    expect(doctorExitCode(findings)).toBe(4);
  });

  it('a bare "Unauthorized" still says the key pair or an IP binding', () => {
    const findings = explainSignedReads([read("declarations", refusal("Unauthorized"))], 0).map(
      inWords,
    );
    expect(findings.at(-1)!.detail).toMatch(
      /a wrong key pair .*, a key bound to other IP addresses and a key allowed none of these reads all look the same/,
    );
  });

  it("a server time 56 years off (seconds, not milliseconds) is flagged, not used to correct the stamps", async () => {
    const stamps: number[] = [];
    const skewed = await startTestServer((req, res) => {
      if (req.url.startsWith("/api/v2/server/time")) {
        res.end(JSON.stringify({ serverTime: Math.floor(Date.now() / 1000) }));
        return;
      }
      stamps.push(Number(req.headers["x-stamp"]));
      res.statusCode = 401;
      res.end(JSON.stringify({ message: "Unauthorized", code: 401 }));
    });
    try {
      const run = await runMain(["auth", "doctor", "-o", "json"], {
        env: {
          TRADECTL_BASE_URL: skewed.url,
          TRADECTL_API_KEY: "doctor-public-key",
          TRADECTL_API_SECRET: "c2FuZGJveC1wcml2YXRlLWtleQ==",
        },
      });
      const findings = JSON.parse(run.stdout) as (Finding & { detail: string })[];
      const by = Object.fromEntries(findings.map((f) => [f.check, f]));
      expect(by.reachability!.status).toBe("ok");
      expect(by.clock).toMatchObject({ status: "warn" });
      expect(by.clock!.detail).toMatch(
        /1970-01-.* is no time the service would send: not used to correct/,
      );
      expect(by.clock!.detail).not.toMatch(/corrects it|ahead|behind/);
      // Every stamp went out by this machine's own clock, not 56 years back.
      expect(stamps.length).toBeGreaterThan(0);
      for (const stamp of stamps) expect(Math.abs(stamp - Date.now())).toBeLessThan(60_000);
    } finally {
      await skewed.close();
    }
  });
});
