import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { reportError } from "../../src/commands/report.js";
import { TradectlError } from "../../src/errors.js";
import { phrase, said } from "../../src/i18n/index.js";
import { createIO } from "../../src/output/io.js";
import { Sink } from "../helpers/memory-io.js";
import { SEED_CONFIRM } from "../helpers/seed-text.js";

/** The error report over memory streams, in a language: stderr's lines. */
function report(error: TradectlError, lang: "en" | "tr", format?: "json") {
  const stderr = new Sink();
  const io = createIO({
    stdout: new Sink(),
    stderr,
    stdin: new PassThrough(),
    env: {},
    lang,
  });
  reportError(error, io, format);
  return stderr.text.split("\n").filter((line) => line !== "");
}

const idProblem = (id: string) =>
  phrase("domain.id.digits", { subject: phrase("domain.id.order", { id }) });

describe("an error's detail lines in the user's language (detailsSaid)", () => {
  const error = TradectlError.listing("usage", [idProblem("1x"), idProblem("2y"), idProblem("3z")]);

  it("each detail line is said in Turkish; the JSON line keeps every line's English", () => {
    expect(report(error, "tr", "json")).toEqual([
      "hata: emir numarası '1x' yalnızca rakamlardan oluşmalı",
      "hata: emir numarası '2y' yalnızca rakamlardan oluşmalı",
      "hata: emir numarası '3z' yalnızca rakamlardan oluşmalı",
      JSON.stringify({
        error: {
          kind: "usage",
          status: null,
          code: null,
          message:
            "order id '1x' must contain decimal digits only; order id '2y' must contain decimal digits only; order id '3z' must contain decimal digits only",
        },
      }),
    ]);
    expect(report(error, "en")).toEqual([
      "error: order id '1x' must contain decimal digits only",
      "error: order id '2y' must contain decimal digits only",
      "error: order id '3z' must contain decimal digits only",
    ]);
  });

  it("a detail line with no entry: a seed rule in Turkish then English, anything else as it is", () => {
    const mixed = new TradectlError("validation", "first", {
      said: said("confirm.in.notJson"),
      details: [SEED_CONFIRM.description, "something new", "row 2"],
      detailsSaid: [undefined, undefined, said("confirm.in.row", { row: 2 })],
    });
    expect(report(mixed, "tr")).toEqual([
      "hata: geçerli bir JSON değil",
      `hata: Açıklama 20 ile 100 karakter arasında olmalı (${SEED_CONFIRM.description})`,
      "hata: something new",
      "hata: 2. satır",
    ]);
  });

  it("a long list is cut at 50 lines, then 'and N more' in the run's language", () => {
    const many = TradectlError.listing(
      "usage",
      Array.from({ length: 53 }, (_, i) => idProblem(`${i}x`)),
    );
    const tr = report(many, "tr", "json");
    expect(tr).toHaveLength(52);
    expect(tr[50]).toBe("hata: ve 3 sorun daha");
    expect(tr[51]).toMatch(/; and 3 more"\}\}$/);
    expect(report(many, "en").at(-1)).toBe("error: and 3 more");
  });

  it("TradectlError.with keeps the words of old lines when new lines follow them, else drops them", () => {
    const longer = TradectlError.with(error, { details: [...error.details, "stopped early"] });
    expect(report(longer, "tr").slice(1)).toEqual([
      "hata: emir numarası '2y' yalnızca rakamlardan oluşmalı",
      "hata: emir numarası '3z' yalnızca rakamlardan oluşmalı",
      "hata: stopped early",
    ]);
    const other = TradectlError.with(error, { details: ["another line", ...error.details] });
    expect(other.detailsSaid).toEqual([]);
    expect(report(other, "tr").slice(1, 3)).toEqual([
      "hata: another line",
      "hata: order id '2y' must contain decimal digits only",
    ]);
    // Nothing changed: everything kept.
    expect(TradectlError.with(error).detailsSaid).toEqual(error.detailsSaid);
  });
});
