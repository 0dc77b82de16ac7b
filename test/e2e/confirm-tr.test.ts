import { execFileSync } from "node:child_process";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_CREDENTIALS, type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { ROOT } from "../helpers/cli.js";
import { startPty } from "../helpers/pty.js";

const DOWN = "\x1b[B";
const ENTER = "\r";
let sandbox: RunningSandbox;
beforeAll(() => {
  execFileSync(process.execPath, ["scripts/build.js", "--no-types"], { cwd: ROOT });
}, 60_000);
beforeEach(async () => {
  sandbox = await startSandbox({ statePath: null });
});
afterEach(async () => {
  await sandbox.close();
});
describe("try", () => {
  it("runs", async () => {
    const s = startPty(["--base-url", sandbox.url, "--no-color", "declarations", "confirm"], {
      env: {
        LANG: "tr_TR.UTF-8",
        TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
        TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
      },
    });
    await s.expect("Hangi yatırmayı beyan etmek istiyorsunuz?");
    s.write(ENTER);
    await s.expect("Bu yatırmayı kim gönderdi?");
    s.write(ENTER);
    await s.expect("Nereden gönderildi?");
    s.write(ENTER);
    await s.expect(/Hangi borsa\?[^\n]*\n❯ Binance/);
    s.write("kra");
    await s.expect(/❯ Kraken/);
    s.write(ENTER);
    await s.expect("Açıklama Seçiniz");
    s.write(DOWN);
    await s.expect("❯ Fiyat farklılıklarından yararlanmak");
    s.write(ENTER);
    await s.expect("Gönder?");
    s.write(`y${ENTER}`);
    await s.expect("onaylandı");
    await s.expect("kaydedilsin mi?");
    s.write(ENTER);
    await s.expect("hatırlansın mı?");
    s.write(ENTER);
    await s.expect("beyan edilsin mi?");
    s.write(ENTER);
    console.log(await s.exit);
    require("node:fs").writeFileSync("/tmp/trtry/raw.txt", s.raw());
    require("node:fs").writeFileSync("/tmp/trtry/text.txt", s.text());
  });
});
