import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_CREDENTIALS, type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { runCli, tempHome } from "../helpers/cli.js";
import { type PtySession, startPty } from "../helpers/pty.js";
import { findDeclaration } from "../helpers/sandbox.js";
import { SEED_CONFIRM } from "../helpers/seed-text.js";

/**
 * `declarations confirm` in Turkish (issue 26): the whole wizard through a real terminal under
 * LANG=tr_TR.UTF-8, the seed's rules said in Turkish with the service's English after them,
 * and what scripts read (records, exit codes) the same in every language.
 */

const DOWN = "\x1b[B";
const UP = "\x1b[A";
const ENTER = "\r";
const CTRL_C = "\x03";
const TR = { LANG: "tr_TR.UTF-8" };
const CREDENTIALS = {
  TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
  TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
};

let sandbox: RunningSandbox;
const posts = () => sandbox.requests.filter((r) => r.method === "POST");

function startTurkish(args: string[], cols?: number): PtySession {
  return startPty(["--base-url", sandbox.url, "--no-color", ...args], {
    env: { ...TR, ...CREDENTIALS },
    cols,
  });
}

/**
 * What stays on the screen of a finished run: each answered prompt (inquirer redraws it as
 * `✔ question answer`), the summary block, and the sentence that says it was confirmed. The
 * redraws in between (a list moving, a search narrowing) are left out.
 */
function transcript(text: string): string[] {
  const kept: string[] = [];
  let inSummary = false;
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith("Gönderilecek istek")) inSummary = true;
    if (line.startsWith("? ")) inSummary = false;
    if (inSummary) {
      kept.push(line);
      continue;
    }
    const done = line.lastIndexOf("✔ ");
    if (done !== -1) kept.push(line.slice(done));
    else if (line.includes("numaralı beyan onaylandı")) kept.push(line);
  }
  return kept;
}

describe("the confirm wizard in Turkish, in a real terminal", () => {
  beforeEach(async () => {
    sandbox = await startSandbox({ statePath: null });
  });
  afterEach(async () => {
    await sandbox.close();
  });

  it("a pending deposit, Gönderen kişi benim, Borsa, an exchange, a preset, Gönder? → confirmed", async () => {
    const s = startTurkish(["declarations", "confirm"]);
    await s.expect("Hangi yatırmayı beyan etmek istiyorsunuz?");
    // Day first, as dates read in Turkish.
    await s.expect(/❯ 734001026\s+0\.8000000000000000 BTC\s+oluşturma 14\.06\.2025 \d\d:\d\d/);
    await s.expect("bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh adresine");
    await s.expect("↑↓ gezin • ⏎ seçin");
    s.write(ENTER);
    await s.expect(/Bu yatırmayı kim gönderdi\?\r?\n❯ Gönderen kişi benim\r?\n {2}Diğer/);
    s.write(ENTER);
    await s.expect(/Nereden gönderildi\?\r?\n❯ Borsa\r?\n {2}Kişisel cüzdan/);
    s.write(ENTER);
    await s.expect(/Hangi borsa\? \(aramak için yazın\)\r?\n❯ Binance/);
    s.write("kra");
    await s.expect(/❯ Kraken\s+Listede yok — adını yazacağım/);
    s.write(ENTER);
    // The presets, like the exchange's own form, "type my own" last.
    await s.expect(
      /Açıklama Seçiniz\r?\n❯ Farklı platformlardaki kendi hesaplarım arasında transfer\r?\n {2}Fiyat farklılıklarından yararlanmak\r?\n(?: {2}[^\n]+\n){5} {2}Kendim yazacağım/,
    );
    s.write(DOWN);
    await s.expect("❯ Fiyat farklılıklarından yararlanmak");
    await s.expect("--description-preset arbitrage");
    s.write(ENTER);
    await s.expect("Gönder? (e/H)");
    expect(posts()).toEqual([]);
    s.write(`e${ENTER}`);
    await s.expect("734001026 numaralı beyan onaylandı");
    await s.expect("Bu yanıtlar bir dahaki sefer için gönderen olarak kaydedilsin mi? (e/H)");
    s.write(ENTER);
    await s.expect("Bu yanıtlar benzer yatırmalar için kural olarak hatırlansın mı? (e/H)");
    s.write(ENTER);
    await s.expect(/Bekleyen diğer \d+ yatırma da aynı şekilde beyan edilsin mi\? \(e\/H\)/);
    s.write(ENTER);
    expect(await s.exit).toBe(0);

    expect(transcript(s.text())).toEqual([
      "✔ Hangi yatırmayı beyan etmek istiyorsunuz? 734001026",
      "✔ Bu yatırmayı kim gönderdi? Gönderen kişi benim",
      "✔ Nereden gönderildi? Borsa",
      "✔ Hangi borsa? (aramak için yazın) Kraken",
      "✔ Açıklama Seçiniz Fiyat farklılıklarından yararlanmak",
      "Gönderilecek istek (POST /api/v1/crypto-deposit-declarations/confirm):",
      "  cryptoDepositDeclarationId  734001026",
      "  isSelfSender                true  (hesaptaki kendi adınız kullanılır)",
      '  description                 "Fiyat farklılıklarından yararlanmak"',
      '  AddressType                 "Exchange"',
      "  exchangeId                  2  (Kraken)",
      "✔ Gönder? Evet",
      "734001026 numaralı beyan onaylandı: yatırma cüzdanınıza aktarılacak",
      "✔ Bu yanıtlar bir dahaki sefer için gönderen olarak kaydedilsin mi? Hayır",
      "✔ Bu yanıtlar benzer yatırmalar için kural olarak hatırlansın mı? Hayır",
      "✔ Bekleyen diğer 20 yatırma da aynı şekilde beyan edilsin mi? Hayır",
    ]);
    // --no-color: not one SGR sequence; and none of the wizard's English is left.
    expect(s.raw()).not.toMatch(/\x1b\[[0-9;]*m/);
    for (const english of ["Who sent", "Where was", "Which", "navigate", "(y/N)", "Send?"]) {
      expect(s.text()).not.toContain(english);
    }
    // The summary is the body sent (the preset's Turkish text); the sandbox took it.
    expect((await findDeclaration(sandbox.url, "734001026"))?.status).toBe("Confirmed");
    expect(posts().map((r) => r.status)).toEqual([200]);
  });

  it("a seed rule broken in the wizard: the Turkish sentence, then the seed's English", async () => {
    // Wide enough that the sentence and the seed's English after it stay on one line.
    const s = startTurkish(["declarations", "confirm", "734001025"], 160);
    await s.expect("Bu yatırmayı kim gönderdi?");
    s.write(DOWN);
    await s.expect("❯ Diğer");
    s.write(ENTER);
    await s.expect("Gönderenin adı:");
    s.write(ENTER);
    await s.expect(
      `Gönderen siz değilseniz gönderenin adı ve soyadı gerekli (${SEED_CONFIRM.names})`,
    );
    s.write(`Ayşe${ENTER}`);
    await s.expect("Gönderenin soyadı:");
    s.write(`Yılmaz${ENTER}`);
    await s.expect("Nereden gönderildi?");
    s.write(DOWN);
    await s.expect("❯ Kişisel cüzdan");
    s.write(ENTER);
    await s.expect("Açıklama Seçiniz");
    s.write(UP);
    await s.expect("❯ Kendim yazacağım");
    s.write(ENTER);
    await s.expect("Yatırmayı açıklayın (20 ile 100 karakter arası):");
    s.write("Kısa açıklama");
    await s.expect("(13/100)");
    s.write(ENTER);
    await s.expect(`Açıklama 20 ile 100 karakter arasında olmalı (${SEED_CONFIRM.description})`);
    s.write(CTRL_C);
    expect(await s.exit).toBe(130);
    expect(posts()).toEqual([]);
  });

  it("--description-preset: the plan table in Turkish fits 80 columns; Hayır sends nothing", async () => {
    const s = startTurkish(
      [
        "declarations",
        "confirm",
        "--pending",
        "--symbol",
        "XRP",
        "--self",
        "--address-type",
        "exchange",
        "--exchange-id",
        "3",
        "--description-preset",
        "own-accounts",
      ],
      80,
    );
    await s.expect("6 onay gönderilsin mi? (e/H)");
    const text = s.text();
    const table = text.slice(0, text.indexOf("? 6 onay")).split(/\r?\n/);
    expect(table[0]).toMatch(/^NO\s+MİKTAR\s+ADRES/);
    expect(text).toMatch(/GÖNDEREN\s+NEREDEN\s+AÇIKLAMA\s+İŞLEM/);
    expect(text).toContain("borsa 3");
    expect(text).toContain("gönder");
    for (const line of table) expect([...line].length, line).toBeLessThanOrEqual(80);
    s.write(ENTER);
    expect(await s.exit).toBe(130);
    expect(s.text()).toContain("iptal edildi; hiçbir şey gönderilmedi");
    expect(posts()).toEqual([]);
  });
});

describe("what scripts read does not change with the language", () => {
  afterEach(async () => {
    await sandbox?.close();
  });

  /** A batch against a fresh sandbox: one to confirm, one already confirmed, one unknown id. */
  async function batch(format: string, lang: string) {
    sandbox = await startSandbox({ statePath: null });
    try {
      return await runCli(
        [
          "--base-url",
          sandbox.url,
          "declarations",
          "confirm",
          "734001023",
          "734001017",
          "734001008",
          "--self",
          "--address-type",
          "exchange",
          "--exchange-id",
          "3",
          "--description",
          "My own XRP from my Kraken account",
          "--yes",
          "-o",
          format,
        ],
        { env: { ...tempHome(), ...CREDENTIALS, LANG: lang }, timeoutMs: 30_000 },
      );
    } finally {
      await sandbox.close();
    }
  }

  for (const format of ["json", "ndjson", "csv", "tsv"]) {
    it(`-o ${format}: byte-identical under tr_TR.UTF-8 and C, the same exit code`, async () => {
      const english = await batch(format, "C");
      const turkish = await batch(format, "tr_TR.UTF-8");
      expect(english.stdout).toContain("already_confirmed");
      expect(turkish.stdout).toBe(english.stdout);
      expect(turkish.code).toBe(english.code);
      // The people's lines on stderr did change: the language really was Turkish.
      expect(turkish.stderr).toContain("onaylandı");
      expect(english.stderr).toContain("confirmed");
    });
  }

  it("a refusal: the same exit code and the same JSON error line", async () => {
    sandbox = await startSandbox({ statePath: null });
    const run = (lang: string) =>
      runCli(
        [
          "--base-url",
          sandbox.url,
          "-o",
          "json",
          "declarations",
          "confirm",
          "734001023",
          "--self",
          "--address-type",
          "individual-wallet",
          "--description",
          "short",
        ],
        { env: { ...tempHome(), ...CREDENTIALS, LANG: lang }, timeoutMs: 30_000 },
      );
    const [english, turkish] = [await run("C"), await run("tr_TR.UTF-8")];
    expect(turkish.code).toBe(english.code);
    expect(turkish.stdout).toBe(english.stdout);
    const jsonLine = (stderr: string) => stderr.split("\n").find((l) => l.startsWith("{"));
    expect(jsonLine(turkish.stderr)).toBe(jsonLine(english.stderr));
  });
});
