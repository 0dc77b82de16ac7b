import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { errorForResponse } from "../../src/api/response-errors.js";
import { outcomeError } from "../../src/commands/declarations/confirm/output.js";
import { reportError } from "../../src/commands/report.js";
import { judgeAnswer } from "../../src/domain/outcome-answer.js";
import { judgeReadBack } from "../../src/domain/outcome-read-back.js";
import { TradectlError } from "../../src/errors.js";
import { asIs, createTranslator, english, inEnglish, joined, msg } from "../../src/i18n/index.js";
import { createIO } from "../../src/output/io.js";
import { seedText } from "../../src/output/seed-text.js";
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
  msg("domain.id.digits", { subject: msg("domain.id.order", { id }) });

describe("an error's detail lines in the user's language (each a message value)", () => {
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

  it("a seed rule in Turkish then the service's English, a line of no catalog as it is", () => {
    const mixed = new TradectlError("validation", msg("confirm.in.notJson"), {
      details: [
        seedText("descriptionLength"),
        asIs("something new"),
        msg("confirm.in.row", { row: 2 }),
      ],
    });
    expect(report(mixed, "en").slice(1)).toEqual([
      `error: ${SEED_CONFIRM.description}`,
      "error: something new",
      "error: row 2",
    ]);
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

  it("a server's refusal: its words as sent, a detail line the catalog knows in Turkish", () => {
    const server = errorForResponse(500, '{"message":"An error occurred"}', "declarations", null);
    const stopped = msg("declarations.list.x.incomplete", {
      records: 250,
      pages: msg("declarations.list.pages", { count: 3 }),
    });
    const cut = TradectlError.with(server, { details: [...server.details, stopped] });
    const tr = report(cut, "tr", "json");
    expect(tr.slice(0, 3)).toEqual([
      "hata: Hizmet kendi tarafında hata verdi. Hizmetin yanıtı:",
      "  An error occurred",
      "  3 sayfa okunup 250 kayıt yazdırıldıktan sonra durdu; çıktı eksik",
    ]);
    expect(tr.at(-1)).toContain(
      '"message":"An error occurred; stopped after 250 records from 3 pages; the output is incomplete"',
    );
  });

  it("TradectlError.with keeps every line's words, wherever new lines go", () => {
    const longer = TradectlError.with(error, {
      details: [...error.details, asIs("stopped early")],
    });
    expect(report(longer, "tr").slice(1)).toEqual([
      "hata: emir numarası '2y' yalnızca rakamlardan oluşmalı",
      "hata: emir numarası '3z' yalnızca rakamlardan oluşmalı",
      "hata: stopped early",
    ]);
    const other = TradectlError.with(error, { details: [asIs("another line"), ...error.details] });
    expect(report(other, "tr").slice(1, 3)).toEqual([
      "hata: another line",
      "hata: emir numarası '2y' yalnızca rakamlardan oluşmalı",
    ]);
    expect(other.message).toBe("order id '1x' must contain decimal digits only");
  });
});

describe("a confirmation's ending, reported in the user's language", () => {
  it("a 404 answer: Turkish, the server's words as sent; the JSON line the record's English", () => {
    const verdict = judgeAnswer("7", {
      written: true,
      status: 404,
      body: { success: null, message: "Not Found", code: 44 },
    });
    if (verdict.verdict !== "settled") throw new Error("a 404 is an answer");
    const error = outcomeError({ id: "7", judgement: verdict.judgement, written: true });
    const [first, hint, json] = report(error, "tr", "json");
    expect(first).toBe("hata: 7 numaralı beyan bulunamadı (HTTP 404): Not Found, kod 44");
    expect(hint).toMatch(/^ipucu: bu numarayla bekleyen bir beyan yok/);
    expect(json).toBe(
      JSON.stringify({
        error: {
          kind: "not_found",
          status: null,
          code: null,
          message: "declaration 7: not found (HTTP 404): Not Found, code 44",
        },
      }),
    );
  });

  it("a lost answer still Pending: unknown, said in Turkish, the reason as the system gave it", () => {
    const judgement = judgeReadBack(asIs("socket hang up"), {
      declarationId: "7",
      sent: { isSelfSender: true },
      readBack: { state: "Pending" },
      others: [],
      writtenAtMs: 0,
    });
    const error = outcomeError({ id: "7", judgement, written: true });
    expect(report(error, "tr")[0]).toBe(
      "hata: 7 numaralı beyan gönderildi ama yanıt kayboldu (socket hang up) ve liste onu hâlâ Pending gösteriyor: istek yine de uygulanabilir; aynı komutu yeniden çalıştırmak güvenlidir: önce kayıtları ve listeyi okur",
    );
    expect(inEnglish(judgement.message)).toBe(
      "declaration 7: sent, but the answer was lost (socket hang up) and the list still shows it Pending: the request may yet be applied; running the same command again is safe: it reads the receipts and the list first",
    );
  });
});

describe("several problems as one (joined)", () => {
  it("joins the problems with '; ', each said in the run's language", () => {
    const problems = joined([
      msg("fields.none"),
      msg("fields.unknown", { name: "pricee" }),
      asIs("a line the catalog does not know"),
    ]);
    expect(inEnglish(problems)).toBe(
      "--fields needs at least one field name; unknown field 'pricee' in --fields; a line the catalog does not know",
    );
    expect(createTranslator("tr").text(problems)).toBe(
      "--fields en az bir alan adı ister; --fields içinde bilinmeyen alan: 'pricee'; a line the catalog does not know",
    );
    expect(english.text(problems)).toBe(inEnglish(problems));
    expect(inEnglish(joined([]))).toBe("");
  });
});
