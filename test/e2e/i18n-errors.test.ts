import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CREDENTIALS, type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { runCli, tempHome } from "../helpers/cli.js";
import { SEED_CONFIRM } from "../helpers/seed-text.js";

/**
 * Refusals said in Turkish, line by line (several broken rules, each on its own line), under
 * `--lang tr` and under a Turkish locale; the JSON error line and the exit code byte for byte
 * those of the English run. The Turkish is typed out here, not read from the catalog.
 */
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ statePath: null });
}, 60_000);
afterAll(async () => {
  await sandbox.close();
});

const machineState = tempHome().XDG_STATE_HOME;
const run = (args: string[], locale: NodeJS.ProcessEnv, input?: string) =>
  runCli(args, {
    input,
    env: {
      ...tempHome(),
      XDG_STATE_HOME: machineState,
      TRADECTL_BASE_URL: sandbox.url,
      TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
      TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
      ...locale,
    },
  });

const isJsonError = (line: string) => line.startsWith('{"error":');
const lines = (stderr: string) => stderr.split("\n").filter((line) => line !== "");

/**
 * The English run, `--lang tr` and LANG=tr_TR.UTF-8, each with -o json: the people lines of the
 * two Turkish runs are `turkish`; the JSON line and exit code are the English run's.
 */
async function saysInTurkish(args: string[], turkish: string[], input?: string) {
  const [en, flag, locale] = await Promise.all([
    run([...args, "-o", "json"], { LANG: "C" }, input),
    run(["--lang", "tr", ...args, "-o", "json"], { LANG: "C" }, input),
    run([...args, "-o", "json"], { LANG: "tr_TR.UTF-8" }, input),
  ]);
  const englishJson = lines(en.stderr).filter(isJsonError);
  expect(englishJson).toHaveLength(1);
  for (const tr of [flag, locale]) {
    expect(tr.code).toBe(en.code);
    expect(tr.stdout).toBe(en.stdout);
    expect(lines(tr.stderr).filter(isJsonError)).toEqual(englishJson);
    expect(lines(tr.stderr).filter((line) => !isJsonError(line))).toEqual(turkish);
  }
  return { code: en.code, json: englishJson[0]! };
}

describe("declarations confirm refuses in Turkish", () => {
  it("--auto with selecting and answering flags", async () => {
    const { code, json } = await saysInTurkish(
      ["declarations", "confirm", "734001026", "--auto", "--self"],
      [
        "hata: --auto şunlarla birlikte kullanılamaz: beyan numaraları, --self; beyanları kayıtlı kurallar seçer, yanıtları da onlar verir",
        "ipucu: kuralları `tradectl rules list` gösterir; --auto olmadan beyanları seçenekler seçer ve yanıtlar; hiçbir şey gönderilmedi",
      ],
    );
    expect(code).toBe(2);
    expect(json).toContain(
      '"message":"--auto cannot be used with declaration ids, --self: the saved rules choose the declarations and give the answers"',
    );
  });

  it("a selection's problems, every one on its own line", async () => {
    const { code, json } = await saysInTurkish(
      ["declarations", "confirm", "abc", "7x", "--pending", "--amount", "x", "--symbol", " "],
      [
        "hata: birden çok numara, --pending seçeneklerinden yalnızca birini kullanın: beyanları farklı yollarla seçerler",
        "hata: --amount 0.5 gibi ondalık bir sayı olmalı, verilen: 'x'",
        "hata: --symbol bir varlık simgesi ister, ör. XRP",
        "hata: beyan numarası 'abc' yalnızca rakamlardan oluşmalı",
        "hata: beyan numarası '7x' yalnızca rakamlardan oluşmalı",
        "ipucu: `tradectl declarations confirm --help` komutuna bakın; hiçbir şey gönderilmedi",
      ],
    );
    expect(code).toBe(2);
    expect(json).toContain(
      "\"message\":\"choose one of several ids, --pending: they select declarations in different ways; --amount must be a decimal number such as 0.5, got 'x'; --symbol needs an asset symbol, e.g. XRP; declaration id 'abc' must contain decimal digits only; declaration id '7x' must contain decimal digits only\"",
    );
  });

  it("an unknown --address-type", async () => {
    await saysInTurkish(
      ["declarations", "confirm", "734001026", "--address-type", "foo"],
      [
        "hata: --address-type exchange ya da individual-wallet olmalı, verilen: 'foo'",
        "ipucu: `tradectl declarations confirm --help` komutuna bakın",
      ],
    );
  });

  it("missing answers without a terminal: what is missing, the flag, the seed's rule", async () => {
    const { json } = await saysInTurkish(
      ["declarations", "confirm", "734001026", "--description", "x"],
      [
        `hata: gönderen eksik: --self ya da --first-name ve --last-name verin; kural: Gönderen siz değilseniz gönderenin adı ve soyadı gerekli (${SEED_CONFIRM.names})`,
        `hata: adres türü eksik: --address-type exchange ya da --address-type individual-wallet verin; kural: Adres türünü belirtin (borsa ya da kişisel cüzdan) (${SEED_CONFIRM.addressType})`,
        `hata: Açıklama 20 ile 100 karakter arasında olmalı (${SEED_CONFIRM.description})`,
        "ipucu: hiçbir şey gönderilmedi; terminal yokken (ya da --no-input ile) her yanıt bir seçenekle verilmeli (ya da --sender NAME'den gelmeli); terminalde tradectl eksik olanı sorar",
      ],
    );
    expect(json).toContain(
      `missing the sender: pass --self, or --first-name and --last-name (${SEED_CONFIRM.names}); missing the address type: pass --address-type exchange or --address-type individual-wallet (${SEED_CONFIRM.addressType}); ${SEED_CONFIRM.description}"`,
    );
  });

  it("--from: each row's problems named by its row, seed rules in Turkish then English", async () => {
    const file = join(tempHome().HOME, "rows.csv");
    writeFileSync(
      file,
      [
        "cryptoDepositDeclarationId,isSelfSender,description,AddressType",
        "x1,maybe,short,Exchange",
        "734001026,true,short,IndividualWallet",
        "999,true,my own coins from my other wallet,IndividualWallet",
        "734001026,true,my own coins from my other wallet,IndividualWallet",
        "",
      ].join("\n"),
    );
    const { code, json } = await saysInTurkish(
      ["declarations", "confirm", "--from", file],
      [
        "hata: 1. satır (2. dosya satırı): cryptoDepositDeclarationId yalnızca rakamlardan oluşmalı",
        "hata: 1. satır (2. dosya satırı): isSelfSender true ya da false olmalı, verilen: 'maybe'",
        "hata: 4. satır (5. dosya satırı): 734001026 numaralı beyan zaten şurada var: 2. satır (3. dosya satırı)",
        "hata: 3. satır (4. dosya satırı), 999 numaralı beyan: beyanlarınız arasında bulunamadı",
        `hata: 2. satır (3. dosya satırı), 734001026 numaralı beyan: Açıklama 20 ile 100 karakter arasında olmalı (${SEED_CONFIRM.description})`,
        "ipucu: hiçbir şey gönderilmedi: 5 sorunun hepsini düzeltip komutu yeniden çalıştırın",
      ],
    );
    expect(code).toBe(2);
    expect(json).toContain(
      `"message":"row 1 (line 2): cryptoDepositDeclarationId must contain decimal digits only; row 1 (line 2): isSelfSender must be true or false, got 'maybe'; row 4 (line 5): declaration 734001026 is already in row 2 (line 3); row 3 (line 4), declaration 999: not found among your declarations; row 2 (line 3), declaration 734001026: ${SEED_CONFIRM.description}"`,
    );
  });

  it("--from a file that is not there, and stdin that is not JSON", async () => {
    await saysInTurkish(
      ["declarations", "confirm", "--from", "/nonexistent/rows.csv"],
      [
        "hata: --from /nonexistent/rows.csv okunamıyor: böyle bir dosya yok",
        "ipucu: bir CSV ya da NDJSON dosyası verin, stdin'den okumak için -; hiçbir şey gönderilmedi",
      ],
    );
    await saysInTurkish(
      ["declarations", "confirm", "--from", "-"],
      [
        "hata: --from -: 2. satır geçerli bir JSON değil",
        "ipucu: onay gövdesinin alan adlarından oluşan başlık satırlı bir CSV ya da NDJSON (`--dry-run -o ndjson`'ın yazdırdığı gibi satır başına bir JSON nesnesi); hiçbir şey gönderilmedi",
      ],
      '{"cryptoDepositDeclarationId":734001026}\n{oops\n',
    );
  });
});

describe("other commands refuse in Turkish", () => {
  it("order ids: every bad one, and '-' not alone", async () => {
    const { json } = await saysInTurkish(
      ["order", "get", "1x", "99999999999999999999"],
      [
        "hata: emir numarası '1x' yalnızca rakamlardan oluşmalı",
        "hata: emir numarası '99999999999999999999' en büyük değer olan 9223372036854775807 sayısını aşıyor",
      ],
    );
    expect(json).toContain(
      "\"message\":\"order id '1x' must contain decimal digits only; order id '99999999999999999999' is larger than the maximum 9223372036854775807\"",
    );
    await saysInTurkish(
      ["order", "get", "1", "-"],
      [
        "hata: '-' emir numaralarını stdin'den okur: onu tek başına verin",
        "ipucu: stdin'de satır başına bir numara, ör. `cut -d, -f1 orders.csv | tradectl order get -`",
      ],
    );
  });

  it("receipts: a time that is none, an id that is none", async () => {
    await saysInTurkish(
      ["receipts", "list", "--since", "soon"],
      [
        "hata: --since: 'soon' ne ISO-8601 biçiminde bir zaman (2026-12-01T09:00:00Z) ne de bir süre (24h, 7d, 30m)",
        "ipucu: --since bir zaman (2026-11-01, 2026-11-01T09:00:00Z) ya da şimdiden geriye bir süre (24h, 7d, 2w) alır",
      ],
    );
    await saysInTurkish(
      ["receipts", "list", "--id", ""],
      [
        "hata: --id '' boş",
        "ipucu: beyan numarası, `tradectl declarations list`'in gösterdiği gibi yalnızca rakamlardır",
      ],
    );
  });

  it("rules add: an amount and a time that are none, each on its own line", async () => {
    const { code } = await saysInTurkish(
      ["rules", "add", "r", "--symbol", "XRP", "--amount", "q", "--until", "soon"],
      [
        "hata: --amount 0.5 gibi ondalık bir sayı olmalı, verilen: 'q'",
        "hata: --until: 'soon' ne ISO-8601 biçiminde bir zaman (2026-12-01T09:00:00Z) ne de bir süre (24h, 7d, 30m)",
        "ipucu: bkz. `tradectl rules add --help`; hiçbir şey kaydedilmedi",
      ],
    );
    expect(code).toBe(2);
  });

  it("declarations watch refuses -o json", async () => {
    const { code } = await saysInTurkish(
      ["declarations", "watch"],
      [
        "hata: -o json, declarations watch ile kullanılamaz: bir JSON dizisi ancak izleme bittiğinde tamamlanır",
        "ipucu: -o ndjson kullanın: her beyan görüldükçe yazdırılan, satır başına bir JSON nesnesi",
      ],
    );
    expect(code).toBe(2);
  });
});
