import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textWidth } from "../../src/output/narrowing.js";
import { DEMO_CREDENTIALS, type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { tempHome } from "../helpers/cli.js";
import { runInProcess } from "../helpers/run.js";
import { SEED_CONFIRM, SEED_LIST } from "../helpers/seed-text.js";

/**
 * The language changes only what people read: the whole program (main(), in process) is run against one sandbox
 * under an English and a Turkish locale, and everything a script reads must be the same.
 */
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ statePath: null });
}, 60_000);
afterAll(async () => {
  await sandbox.close();
});

const ENGLISH = { LANG: "C" };
const TURKISH = { LANG: "tr_TR.UTF-8" };

/**
 * One user on one machine: the runs share a state directory (where tradectl keeps the stamps
 * it used per key, so processes racing on one key never sign with the same millisecond), each
 * with its own config. Runs with separate state directories compared side by side collided on a
 * stamp in lockstep, twice, and read as a clock error.
 */
const machineState = tempHome().XDG_STATE_HOME;
const run = (args: string[], locale: NodeJS.ProcessEnv, home = tempHome()) =>
  runInProcess(args, {
    env: {
      ...home,
      XDG_STATE_HOME: machineState,
      TRADECTL_BASE_URL: sandbox.url,
      TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
      TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
      ...locale,
    },
  });

/** The JSON error line of stderr (the last line that parses as one), or null. */
const jsonErrorLine = (stderr: string) =>
  stderr
    .split("\n")
    .filter((line) => line.startsWith('{"error":'))
    .at(-1) ?? null;

/** `auth doctor` measures a round trip and a clock offset: real times, different in each run. */
const timeless = (text: string) =>
  text.replace(/\b\d+(\.\d+)? m?s\b/g, "T").replace(/\b(ahead of|behind)\b/g, "off");

describe("machine output does not change with the language", () => {
  const commands: string[][] = [
    ["exchanges", "list"],
    ["order", "get", "21545488"],
    ["order", "get", "21545488", "21545490"],
    ["order", "get", "21545488", "--fills"],
    ["order", "trades", "21545488"],
    ["order", "get", "1"],
    ["receipts", "list"],
    ["senders", "list"],
    ["declarations", "list", "--status", "PENDING"],
    ["declarations", "list", "--page", "0"],
    ["declarations", "list", "--limit", "0"],
    ["declarations", "list", "--fields", "Amount,,amount"],
    ["declarations", "list", "--all", "--page-size", "20"],
    ["declarations", "watch", "--once"],
    ["declarations", "watch", "--interval", "0"],
    ["auth", "doctor"],
  ];
  for (const args of commands) {
    for (const format of ["json", "ndjson", "csv", "tsv"]) {
      it(`${args.join(" ")} -o ${format}`, async () => {
        const [en, tr] = await Promise.all([
          run([...args, "-o", format], ENGLISH),
          run([...args, "-o", format], TURKISH),
        ]);
        expect(timeless(tr.stdout)).toBe(timeless(en.stdout));
        expect(tr.code).toBe(en.code);
        expect(jsonErrorLine(tr.stderr)).toBe(jsonErrorLine(en.stderr));
      });
    }
  }

  it("the JSON error line keeps the seed's English message", async () => {
    const tr = await run(["declarations", "list", "--page", "0", "-o", "json"], TURKISH);
    expect(tr.code).toBe(2);
    expect(JSON.parse(jsonErrorLine(tr.stderr)!).error).toEqual({
      kind: "validation",
      status: null,
      code: null,
      message: SEED_LIST.pageTooSmall,
    });
  });
});

describe("case-insensitive flags fold without the locale", () => {
  it.each([{ LANG: "tr_TR.UTF-8" }, { LC_ALL: "tr_TR.UTF-8" }])(
    "--status PENDING under %o is Pending",
    async (locale) => {
      const [en, tr] = await Promise.all([
        run(["declarations", "list", "--status", "pending", "-o", "tsv"], ENGLISH),
        run(["declarations", "list", "--status", "PENDING", "-o", "tsv"], locale),
      ]);
      expect(tr.code).toBe(0);
      expect(tr.stdout).not.toBe("");
      expect(tr.stdout).toBe(en.stdout);
      for (const line of tr.stdout.trim().split("\n"))
        expect(line.split("\t")).toContain("Pending");
    },
  );
});

describe("people read Turkish", () => {
  it("--lang tr --help is Turkish; --lang en --help is the English help, under any locale", async () => {
    const [tr, en, plain, enUnderTr] = await Promise.all([
      run(["--lang", "tr", "--help"], ENGLISH),
      run(["--lang", "en", "--help"], ENGLISH),
      run(["--help"], ENGLISH),
      run(["--lang", "en", "--help"], TURKISH),
    ]);
    expect(tr.code).toBe(0);
    expect(tr.stdout).toMatch(/^Kullanım: tradectl \[options\] \[command\]/);
    expect(tr.stdout).toContain("Seçenekler:");
    expect(tr.stdout).toContain("Komutlar:");
    expect(tr.stdout).toContain("yatırma beyanları");
    expect(en.stdout).toBe(plain.stdout);
    expect(enUnderTr.stdout).toBe(plain.stdout);
    expect(plain.stdout).toMatch(/^Usage: tradectl \[options\] \[command\]/);
  });

  it("the locale chooses Turkish; LC_ALL wins over LANG; TRADECTL_LANG over both", async () => {
    const [fromLang, lcAll, own] = await Promise.all([
      run(["senders", "list"], { LANG: "tr_TR.UTF-8" }),
      run(["senders", "list"], { LC_ALL: "C", LANG: "tr_TR.UTF-8" }),
      run(["senders", "list"], { TRADECTL_LANG: "tr", LC_ALL: "C" }),
    ]);
    expect(fromLang.stderr).toMatch(/^Kayıtlı gönderen yok/);
    expect(lcAll.stderr).toMatch(/^No saved senders/);
    expect(own.stderr).toMatch(/^Kayıtlı gönderen yok/);
  });

  it("a seed rule broken locally: the Turkish sentence, then the service's English message", async () => {
    const result = await run(["declarations", "list", "--page", "0"], TURKISH);
    expect(result.code).toBe(2);
    expect(result.stderr.split("\n")[0]).toBe(
      `hata: Sayfa numarası 0'dan büyük olmalı (${SEED_LIST.pageTooSmall})`,
    );
    const home = tempHome();
    const short = await run(
      [
        "senders",
        "add",
        "me",
        "--self",
        "--address-type",
        "individual-wallet",
        "--description",
        "kısa",
      ],
      TURKISH,
      home,
    );
    expect(short.code).toBe(2);
    expect(short.stderr).toContain(
      `hata: Açıklama 20 ile 100 karakter arasında olmalı (${SEED_CONFIRM.description})`,
    );
    expect(short.stderr).toContain("ipucu: hiçbir şey kaydedilmedi");
  });

  it("commander's own errors are Turkish, their JSON line English; an unknown --lang names en and tr", async () => {
    const [unknown, json, badLang] = await Promise.all([
      run(["--lang", "tr", "exchanges", "list", "--nope"], ENGLISH),
      run(["exchanges", "list", "--nope", "-o", "json"], TURKISH),
      run(["--lang", "de", "exchanges", "list"], ENGLISH),
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("hata: bilinmeyen seçenek '--nope'");
    expect(unknown.stderr).toContain("(kullanım ve örnekler için --help ekleyin)");
    expect(json.code).toBe(2);
    expect(JSON.parse(jsonErrorLine(json.stderr)!).error.message).toBe("unknown option '--nope'");
    expect(badLang.code).toBe(2);
    expect(badLang.stderr).toContain("--lang must be en or tr, not 'de'");
  });

  it("the server's own words are shown as sent, after a Turkish line", async () => {
    const result = await run(["declarations", "list", "--retries", "0"], {
      ...TURKISH,
      TRADECTL_API_SECRET: "d3Jvbmctc2VjcmV0LWtleS1mb3ItdGhlLXNhbmRib3g=",
    });
    expect(result.code).toBe(4);
    const lines = result.stderr.split("\n");
    expect(lines[0]).toBe("hata: Hizmet isteği reddetti (kimlik doğrulama). Hizmetin yanıtı:");
    expect(lines[1]).toBe("  Unauthorized");
    // hintFor's hint, said in Turkish
    expect(lines[2]).toMatch(/^ipucu: borsanın API ayarlarında anahtarın etkin olduğunu/);
  });

  it("--description-preset saves the preset's text in the run's language", async () => {
    const home = tempHome();
    const args = ["senders", "add", "me", "--self", "--address-type", "individual-wallet"];
    const saved = await run([...args, "--description-preset", "arbitrage"], TURKISH, home);
    expect(saved.code).toBe(0);
    const list = await run(["senders", "list", "-o", "json"], ENGLISH, home);
    expect(JSON.parse(list.stdout)[0].description).toBe("Fiyat farklılıklarından yararlanmak");
    const unknown = await run([...args, "--description-preset", "nope"], ENGLISH, home);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("own-accounts, arbitrage, family-gift");
  });

  it("Turkish tables fit 80 columns, dates day first", async () => {
    const wide = { ...TURKISH, COLUMNS: "80" };
    const results = await Promise.all([
      run(["order", "get", "21545488", "21545490", "-o", "table"], wide),
      run(["order", "trades", "21545488", "-o", "table"], wide),
      run(["exchanges", "list", "-o", "table"], wide),
      run(["order", "get", "21545488", "-o", "table"], wide),
    ]);
    for (const result of results) {
      for (const line of result.stdout.split("\n"))
        expect([...line].length).toBeLessThanOrEqual(80);
    }
    expect(results[0]!.stdout).toMatch(/^NO +PARİTE +YÖN +DURUM +FİYAT/);
    expect(results[3]!.stdout).toMatch(/Oluşturma +\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}/);
  });

  it("--lang tr declarations list --help and watch --help are Turkish", async () => {
    const [list, watch] = await Promise.all([
      run(["--lang", "tr", "declarations", "list", "--help"], ENGLISH),
      run(["--lang", "tr", "declarations", "watch", "--help"], ENGLISH),
    ]);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain("Yatırma beyanlarınızı listele, en yenisi başta");
    expect(list.stdout).toContain("sayfa başına kayıt, 1 ile 100 arası");
    expect(list.stdout).toContain("Örnekler:");
    expect(watch.stdout).toContain("Her bekleyen beyanı bir kez yaz");
    expect(watch.stdout).toContain("Kurallarla beyan");
  });

  it("declarations list and watch: Turkish headings within 80 columns, dates day first, Turkish footers", async () => {
    const wide = { ...TURKISH, COLUMNS: "80" };
    const [list, watch, none, wider] = await Promise.all([
      run(["declarations", "list", "-o", "table"], wide),
      run(["declarations", "watch", "--once", "-o", "table"], wide),
      run(["declarations", "list", "--status", "confirmed", "--page", "9", "-o", "table"], wide),
      run(["declarations", "list", "-o", "table"], { ...TURKISH, COLUMNS: "120" }),
    ]);
    for (const result of [list, watch]) {
      expect(result.code).toBe(0);
      for (const line of result.stdout.split("\n"))
        expect(textWidth(line), line).toBeLessThanOrEqual(80);
    }
    // At 80 columns the creation time goes, as in English.
    expect(list.stdout).toMatch(/^NO +DURUM +MİKTAR +ADRES/);
    expect(wider.stdout).toMatch(/^NO +OLUŞTURMA +DURUM +MİKTAR +ADRES +MEMO\/LN/);
    expect(wider.stdout).toMatch(/^\d+ +\d{2}\.\d{2}\.\d{4} \d{2}:\d{2} +Pending/m);
    expect(watch.stdout).toMatch(/^GÖRÜLDÜ +NO +(OLUŞTURMA +)?MİKTAR +ADRES/);
    expect(none.stderr).toBe(
      "Beyan bulunamadı (durum: Confirmed, 9. sayfa, sayfa başına 20 kayıt)\n",
    );
  });

  it("declarations list and watch refusals: Turkish for people, the JSON line English", async () => {
    const [limit, interval, json] = await Promise.all([
      run(["declarations", "list", "--limit", "0"], TURKISH),
      run(["declarations", "watch", "--interval", "0"], TURKISH),
      run(["declarations", "list", "--limit", "0", "-o", "json"], TURKISH),
    ]);
    expect(limit.code).toBe(2);
    expect(limit.stderr).toContain("hata: --limit en az 1 olan bir tam sayı olmalı; verilen: '0'");
    expect(limit.stderr).toContain("ipucu: seçenekler ve geçerli aralıkları için");
    expect(interval.stderr).toContain(
      "hata: --interval 1 ile 86400 saniye arasında bir saniye sayısı",
    );
    expect(JSON.parse(jsonErrorLine(json.stderr)!).error.message).toBe(
      "--limit must be a whole number of at least 1, got '0'",
    );
    const fields = await run(["declarations", "list", "--fields", "Amount"], TURKISH);
    expect(fields.code).toBe(2);
    expect(fields.stderr).toContain(
      "hata: --fields içinde bilinmeyen alan: 'Amount' (amount mi demek istediniz?",
    );
    expect(fields.stderr).toContain("ipucu: geçerli alanlar (virgülle ayrılmış, istenen sırada)");
  });
});

describe("auth doctor in Turkish", () => {
  it("deny=trades: the table is Turkish and fits 80 columns; -o json keeps the English", async () => {
    const faulty = await startSandbox({ statePath: null, faults: "deny=trades" });
    try {
      const env = { ...TURKISH, COLUMNS: "80", TRADECTL_BASE_URL: faulty.url };
      const [table, json, english] = await Promise.all([
        run(["auth", "doctor", "-o", "table"], env),
        run(["auth", "doctor", "-o", "json"], env),
        run(["auth", "doctor", "-o", "json"], { ...env, ...ENGLISH }),
      ]);
      expect(table.code).toBe(4);
      const lines = table.stdout.trimEnd().split("\n");
      for (const line of lines) expect(textWidth(line), line).toBeLessThanOrEqual(80);
      expect(lines[0]).toMatch(/^✓ credentials {3}sand…-key, kaynak: ortam değişkenleri/);
      // Each check names the local address and family it left from, in the run's language.
      expect(table.stdout).toMatch(
        /^✗ trades {8}reddedildi: Unauthorized \(127\.0\.0\.1 adresinden, IPv4\)$/m,
      );
      expect(table.stdout).toMatch(/^ {16}çözüm: borsanın API Erişimi sayfasında/m);
      expect(table.stdout).toMatch(/^✗ verdict {7}declarations ve orders yanıt verirken trades/m);
      expect(table.stdout).toContain("anahtarda trades izni yok");
      expect(json.code).toBe(4);
      expect(timeless(json.stdout)).toBe(timeless(english.stdout));
      const verdict = JSON.parse(json.stdout).at(-1);
      expect(verdict.detail).toBe(
        "trades refused while declarations and orders answered: the key lacks the trades permission",
      );
    } finally {
      await faulty.close();
    }
  });
});

describe("credentials in Turkish", () => {
  it("no credentials: auth doctor's table and a command's error are Turkish, the JSON line English", async () => {
    const none = { ...TURKISH, COLUMNS: "80", TRADECTL_API_KEY: "", TRADECTL_API_SECRET: "" };
    const [doctor, list, json] = await Promise.all([
      run(["auth", "doctor", "-o", "table"], none),
      run(["declarations", "list"], none),
      run(["declarations", "list", "-o", "json"], none),
    ]);
    expect(doctor.code).toBe(4);
    expect(doctor.stdout).toMatch(
      /^✗ credentials {3}API kimlik bilgisi bulunamadı \('default' profili\)$/m,
    );
    expect(doctor.stdout).toMatch(/^ {16}çözüm: `tradectl auth login` çalıştırın/m);
    expect(doctor.stdout).toMatch(/^✗ verdict {7}anahtar denenmedi: önce credentials sorununu/m);
    expect(list.code).toBe(4);
    expect(list.stderr).toMatch(/^hata: API kimlik bilgisi bulunamadı \('default' profili\)/);
    expect(JSON.parse(jsonErrorLine(json.stderr)!).error.message).toBe(
      "no API credentials found (profile 'default')",
    );
  });
});

describe("rules in Turkish", () => {
  const add = (name: string, symbol: string, extra: string[] = []) => [
    "rules",
    "add",
    name,
    "--symbol",
    symbol,
    "--self",
    "--address-type",
    "individual-wallet",
    ...extra,
  ];

  it("rules add/list/remove: the same rules file and machine output under either locale", async () => {
    const homes = [tempHome(), tempHome()];
    const locales = [ENGLISH, TURKISH];
    const saved = await Promise.all(
      locales.map((locale, i) =>
        run(
          add("xrp", "XRP", ["--description", "My own XRP from my Kraken account"]),
          locale,
          homes[i],
        ),
      ),
    );
    expect(saved.map((r) => r.code)).toEqual([0, 0]);
    expect(saved[0]!.stderr).toMatch(/^Rule 'xrp' saved: `tradectl declarations confirm/);
    expect(saved[1]!.stderr).toMatch(/^'xrp' kuralı kaydedildi: neyle eşleştiğini/);
    for (const format of ["json", "ndjson", "csv", "tsv"]) {
      const [en, tr] = await Promise.all(
        locales.map((locale, i) => run(["rules", "list", "-o", format], locale, homes[i])),
      );
      expect(tr!.stdout).toBe(en!.stdout);
      expect(tr!.code).toBe(en!.code);
    }
    const table = await run(
      ["rules", "list", "-o", "table"],
      { ...TURKISH, COLUMNS: "80" },
      homes[1],
    );
    // One rule is shown as its labelled lines.
    expect(table.stdout).toMatch(/^AD +xrp\nDURUM +active\nSEMBOL +XRP\n/);
    for (const line of table.stdout.split("\n")) expect(textWidth(line)).toBeLessThanOrEqual(80);
    const removed = await run(["rules", "rm", "xrp"], TURKISH, homes[1]);
    expect(removed.stderr).toBe("'xrp' kuralı silindi\n");
    const none = await run(["rules", "list"], TURKISH, homes[1]);
    expect(none.stderr).toMatch(/^Kural yok: /);
  });

  it("rules add --description-preset: the preset's text in the run's language; an unknown name exits 2 with the names", async () => {
    const home = tempHome();
    const [tr, en] = await Promise.all([
      run(add("gift", "ETH", ["--description-preset", "family-gift"]), TURKISH, home),
      run(add("gift", "ETH", ["--description-preset", "family-gift"]), ENGLISH),
    ]);
    expect([tr.code, en.code]).toEqual([0, 0]);
    const [list] = await Promise.all([run(["rules", "list", "-o", "json"], ENGLISH, home)]);
    expect(JSON.parse(list.stdout)[0].description).toMatch(/aile/i);
    const [unknown, unknownJson, both] = await Promise.all([
      run(add("x", "ETH", ["--description-preset", "nope"]), TURKISH),
      run(add("x", "ETH", ["--description-preset", "nope", "-o", "json"]), TURKISH),
      run(add("x", "ETH", ["--description-preset", "arbitrage", "--description", "x"]), ENGLISH),
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("own-accounts, arbitrage, family-gift");
    expect(unknownJson.code).toBe(2);
    expect(JSON.parse(jsonErrorLine(unknownJson.stderr)!).error.kind).toBe("usage");
    expect(both.code).toBe(2);
  });

  it("rule symbols fold without the locale: lınk and LINK under tr_TR are saved as typed, matched alike", async () => {
    const homes = [tempHome(), tempHome()];
    const [dotless, plain] = await Promise.all([
      run(add("l", "lınk", ["--description-preset", "own-accounts"]), TURKISH, homes[0]),
      run(add("l", "LINK", ["--description-preset", "own-accounts"]), TURKISH, homes[1]),
    ]);
    expect([dotless.code, plain.code]).toEqual([0, 0]);
    const [a, b] = await Promise.all(
      homes.map((home) => run(["rules", "list", "-o", "json"], TURKISH, home)),
    );
    expect(JSON.parse(a!.stdout)[0].symbol).toBe("lınk");
    expect(JSON.parse(b!.stdout)[0].symbol).toBe("LINK");
  });

  it("--lang tr rules add --help is Turkish and lists the presets", async () => {
    const help = await run(["--lang", "tr", "rules", "add", "--help"], ENGLISH);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Bir kural kaydet");
    expect(help.stdout).toContain("--description-preset");
    expect(help.stdout).toContain("family-gift");
  });
});
