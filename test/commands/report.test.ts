import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { errorForResponse } from "../../src/api/response-errors.js";
import { reportError } from "../../src/commands/report.js";
import { TradectlError } from "../../src/errors.js";
import { asIs, msg } from "../../src/i18n/index.js";
import { createIO } from "../../src/output/io.js";
import { seedText } from "../../src/output/seed-text.js";
import { Sink } from "../helpers/memory-io.js";
import { SEED_CONFIRM } from "../helpers/seed-text.js";

/** The error report over memory streams, in a language. */
function report(error: TradectlError, lang: "en" | "tr", format?: "json") {
  const stdout = new Sink();
  const stderr = new Sink();
  const io = createIO({ stdout, stderr, stdin: new PassThrough(), env: {}, lang });
  reportError(error, io, format);
  return stderr.text.split("\n").filter((line) => line !== "");
}

describe("the error report in Turkish", () => {
  it("a 429: the service's words as sent after a Turkish line, hintFor's wait in Turkish units", () => {
    const error = errorForResponse(429, '{"message":"Too many"}', "declarations", 53_000);
    expect(report(error, "en")).toEqual([
      "error: Too many",
      "hint: the service asks to wait 53 s before the next request; try again after that",
    ]);
    expect(report(error, "tr", "json")).toEqual([
      "hata: Hizmetin istek sınırı aşıldı. Hizmetin yanıtı:",
      "  Too many",
      "ipucu: hizmet bir sonraki istekten önce 53 sn beklenmesini istiyor; sonra yeniden deneyin",
      '{"error":{"kind":"rate_limited","status":429,"code":null,"message":"Too many"}}',
    ]);
  });

  it("several seed rules: each line in Turkish with the service's English after it", () => {
    const error = new TradectlError("validation", seedText("descriptionLength"), {
      details: [seedText("bothExchanges")],
      hint: msg("hint.nothingSent"),
    });
    expect(report(error, "tr", "json")).toEqual([
      `hata: Açıklama 20 ile 100 karakter arasında olmalı (${SEED_CONFIRM.description})`,
      `hata: Borsayı tek bir yoldan belirtin: listeden bir borsa ya da adı, ikisi birden değil (${SEED_CONFIRM.onlyOne})`,
      "ipucu: hiçbir şey gönderilmedi",
      JSON.stringify({
        error: {
          kind: "validation",
          status: null,
          code: null,
          message: `${SEED_CONFIRM.description}; ${SEED_CONFIRM.onlyOne}`,
        },
      }),
    ]);
  });

  it("a message the catalog knows is said in Turkish; a line of no catalog stays as it is", () => {
    const known = new TradectlError("usage", msg("cli.sandboxAndBaseUrl"));
    expect(known.message).toBe("--sandbox and --base-url cannot be used together");
    expect(report(known, "tr")).toEqual(["hata: --sandbox ve --base-url birlikte kullanılamaz"]);
    const unknown = new TradectlError("usage", asIs("something new"), { hint: asIs("a new hint") });
    expect(report(unknown, "tr")).toEqual(["hata: something new", "ipucu: a new hint"]);
  });

  it("TradectlError.with keeps the message value unless given another", () => {
    const known = new TradectlError("usage", msg("cli.sandboxAndBaseUrl"));
    expect(TradectlError.with(known, { kind: "validation" }).text).toEqual(known.text);
    const other = TradectlError.with(known, { text: asIs("other") });
    expect(other.message).toBe("other");
    expect(report(other, "tr")).toEqual(["hata: other"]);
  });
});
