import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkBaseUrl } from "../../src/config/base-url.js";
import { fileError } from "../../src/config/files.js";
import { openReceipts } from "../../src/config/receipts.js";
import {
  readSenderFile,
  savedNameProblem,
  unreadableSenderLine,
} from "../../src/config/senders.js";
import { readConfig } from "../../src/config/store.js";
import { isTradectlError, type TradectlError } from "../../src/errors.js";
import { createTranslator, inEnglish } from "../../src/i18n/index.js";

/**
 * The local files' failures said in Turkish for people (their message and hint are catalog
 * texts), their English messages, the JSON error line's, unchanged.
 */
const tr = createTranslator("tr");
const turkish = (error: TradectlError) => tr.text(error.text);
const turkishHint = (error: TradectlError) => (error.hint ? tr.text(error.hint) : null);
const errno = (code: string) => Object.assign(new Error(`${code}: failed`), { code });
const thrown = (fn: () => unknown): TradectlError => {
  try {
    fn();
  } catch (error) {
    if (isTradectlError(error)) return error;
    throw error;
  }
  throw new Error("expected a TradectlError");
};

describe("a file that cannot be read or written", () => {
  it("says the action and the reason in one sentence, with the fix for permissions", () => {
    const error = fileError("write", "/x/state/tradectl/clock.json", errno("EROFS"));
    expect(error.message).toBe(
      "cannot write /x/state/tradectl/clock.json: read-only file system (EROFS)",
    );
    expect(turkish(error)).toBe(
      "/x/state/tradectl/clock.json yazılamadı: dosya sistemi salt okunur (EROFS)",
    );
    expect(turkishHint(error)).toBe(
      "bu kullanıcının yazabileceği hale getirin ya da XDG_CONFIG_HOME / XDG_STATE_HOME'u (veya --state'i) yazılabilir bir dizine yöneltin",
    );
  });

  it("each action has its own words", () => {
    expect(turkish(fileError("read", "/r", errno("EACCES")))).toBe(
      "/r okunamadı: erişim izni yok (EACCES)",
    );
    expect(turkish(fileError("write in", "/d", errno("ENOSPC")))).toBe(
      "/d dizinine yazılamıyor: aygıtta yer kalmadı (ENOSPC)",
    );
    expect(turkish(fileError("create the lock file", "/l.lock", errno("EISDIR")))).toBe(
      "/l.lock kilit dosyası oluşturulamadı: bu bir dizin (EISDIR)",
    );
  });

  it("a code it has no words for is shown as it is", () => {
    const error = fileError("read", "/r", errno("EMFILE"));
    expect(error.message).toBe("cannot read /r: EMFILE");
    expect(turkish(error)).toBe("/r okunamadı: EMFILE");
    expect(error.hint).toBeUndefined();
  });
});

describe("the config file and the base URL", () => {
  it("a config file that is not JSON", () => {
    const dir = mkdtempSync(join(tmpdir(), "tradectl-said-"));
    const path = join(dir, "config.json");
    writeFileSync(path, "not json", { mode: 0o600 });
    const error = thrown(() => readConfig(path));
    expect(error.message).toBe(`the config file ${path} is not valid JSON`);
    expect(turkish(error)).toBe(`${path} yapılandırma dosyası geçerli bir JSON değil`);
    expect(turkishHint(error)).toBe(
      "dosyayı düzeltin ya da silin, sonra `tradectl auth login` çalıştırın",
    );
  });

  it("a base URL of a profile names where it comes from", () => {
    const error = thrown(() => checkBaseUrl("gopher://x", "profile 'work' in /c.json"));
    expect(error.message).toBe(
      "the base URL 'gopher://x' of profile 'work' in /c.json must be http(s), got 'gopher:'",
    );
    expect(turkish(error)).toBe(
      "'gopher://x' temel adresi (profile 'work' in /c.json) http(s) olmalı, verilen: 'gopher:'",
    );
  });

  it("a sender's name that cannot be one, in the prompt's language", () => {
    expect(inEnglish(savedNameProblem("sender", "ali veli")!)).toBe(
      "a sender's name is 1 to 64 of a-z, A-Z, 0-9 and _ . @ + - (no spaces), got 'ali veli'",
    );
    expect(tr.text(savedNameProblem("sender", "ali veli")!)).toBe(
      "gönderen adı 1 ile 64 karakter arası olmalı ve yalnızca a-z, A-Z, 0-9 ile _ . @ + - içermeli (boşluk olmaz); verilen: 'ali veli'",
    );
  });
});

describe("a saved entry that cannot be read", () => {
  it("a sender's warning line in the user's language, its reason too", () => {
    const home = mkdtempSync(join(tmpdir(), "tradectl-said-"));
    const env = { XDG_CONFIG_HOME: home };
    mkdirSync(join(home, "tradectl"), { mode: 0o700 });
    const path = join(home, "tradectl", "config.json");
    writeFileSync(path, '{"senders": {"odd": 7}}', { mode: 0o600 });
    const [entry] = readSenderFile(env).unreadable;
    expect(inEnglish(unreadableSenderLine(env, entry!))).toBe(
      `saved sender 'odd' cannot be read: it is not an object of answers (fix it in ${path}, or \`tradectl senders remove odd\`)`,
    );
    expect(tr.text(unreadableSenderLine(env, entry!))).toBe(
      `kayıtlı 'odd' göndereni okunamıyor: yanıtlardan oluşan bir nesne değil (${path} içinde düzeltin ya da \`tradectl senders remove odd\` ile silin)`,
    );
  });
});

describe("a declaration another tradectl is confirming", () => {
  it("says who holds it and that nothing was sent (fake clock)", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "tradectl-said-")), "r.ndjson");
    const receipts = openReceipts(path);
    const file = `${path}.claims/7.claim`;
    const held = await receipts.claim("7", {
      timeoutMs: 1000,
      now: () => Date.UTC(2026, 10, 24, 19, 0),
      sleep: async () => {},
    });
    let clock = 0;
    const error = await receipts
      .claim("7", {
        timeoutMs: 1000,
        now: () => clock,
        sleep: async () => {
          clock += 600;
        },
      })
      .then(
        () => null,
        (e: unknown) => e as TradectlError,
      );
    await held.release();
    if (error === null) throw new Error("expected the second claim to wait and give up");
    expect(error.kind).toBe("unknown");
    expect(error.message).toBe(
      `declaration 7: another tradectl (pid ${process.pid}) has a request for it in flight since 2026-11-24T19:00:00.000Z, and its outcome did not come within 1000 ms (its claim: ${file})`,
    );
    expect(turkish(error)).toBe(
      `7 numaralı beyan: başka bir tradectl (pid ${process.pid}) 2026-11-24T19:00:00.000Z itibarıyla bu beyan için bir istek gönderdi ve sonucu 1000 ms içinde gelmedi (talep dosyası: ${file})`,
    );
    expect(turkishHint(error)).toBe(
      `bu beyan için hiçbir şey gönderilmedi; kayıtlı olanı \`tradectl receipts show 7\` gösterir; öteki çalışma bittiğinde komutu yeniden çalıştırmak güvenlidir; başka bir tradectl çalışmıyorsa bu talep çökmüş bir çalışmanındır: ${file} dosyasını silin`,
    );
  });
});
