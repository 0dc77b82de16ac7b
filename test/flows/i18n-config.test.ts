import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CREDENTIALS, type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { type CliResult, tempHome } from "../helpers/cli.js";
import { runInProcess } from "../helpers/run.js";

/**
 * The local files', the API client's and the sandbox's own words in Turkish (docs/OUTPUT.md,
 * "Language"): each failure is run in English and in Turkish (by --lang tr and by
 * LANG=tr_TR.UTF-8) with -o json; people read the Turkish, typed out here, while the JSON error
 * line and the exit code stay byte-identical to the English run. The server's own words are
 * shown as sent, after a Turkish line that says what kind of refusal they are.
 */
let refusing: RunningSandbox;
let emptyRefusals: RunningSandbox;

beforeAll(async () => {
  [refusing, emptyRefusals] = await Promise.all([
    startSandbox({ statePath: null, faults: "key=unknown" }),
    startSandbox({ statePath: null, faults: "401=empty" }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([refusing?.close(), emptyRefusals?.close()]);
});

const CREDENTIALS = {
  TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
  TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
};

/** The two ways of asking for Turkish: the flag, and the locale. */
const TURKISH_WAYS = [
  { name: "--lang tr", args: ["--lang", "tr"], env: { LANG: "C" } },
  { name: "LANG=tr_TR.UTF-8", args: [], env: { LANG: "tr_TR.UTF-8" } },
] as const;

const jsonErrorLine = (stderr: string) =>
  stderr
    .split("\n")
    .filter((line) => line.startsWith('{"error":'))
    .at(-1) ?? null;

interface Case {
  name: string;
  /** The arguments, or a function of the run's home for those that name a file in it. */
  args: string[] | ((home: ReturnType<typeof tempHome>) => string[]);
  env?: (home: ReturnType<typeof tempHome>) => NodeJS.ProcessEnv;
  /** Prepares the home (a config file) before each run. */
  setUp?: (home: ReturnType<typeof tempHome>) => void;
  input?: string;
  exitCode: number;
  /** The lines people read in Turkish, each as it must appear on stderr. */
  turkish: (home: ReturnType<typeof tempHome>) => string[];
}

async function runIn(
  c: Case,
  lang: { args: readonly string[]; env: NodeJS.ProcessEnv },
): Promise<{ result: CliResult; home: ReturnType<typeof tempHome> }> {
  const home = tempHome();
  c.setUp?.(home);
  const args = typeof c.args === "function" ? c.args(home) : c.args;
  const result = await runInProcess([...lang.args, ...args, "-o", "json"], {
    env: { ...home, ...(c.env?.(home) ?? {}), ...lang.env },
    ...(c.input === undefined ? {} : { input: c.input }),
  });
  return { result, home };
}

const configPath = (home: ReturnType<typeof tempHome>) =>
  join(home.XDG_CONFIG_HOME, "tradectl", "config.json");

function writeConfig(home: ReturnType<typeof tempHome>, text: string, mode = 0o600): void {
  mkdirSync(join(home.XDG_CONFIG_HOME, "tradectl"), { recursive: true, mode: 0o700 });
  writeFileSync(configPath(home), text);
  chmodSync(configPath(home), mode);
}

/** Where the config below fails to parse, as said: Node 22 and later name the line and column. */
const WHERE_PARSE_FAILED = (() => {
  try {
    JSON.parse('{"profiles": {');
  } catch (error) {
    if (/line \d+ column \d+/.test((error as Error).message))
      return "14. konumda: satır 1, sütun 15";
  }
  return "14. konumda";
})();

const CASES: Case[] = [
  {
    name: "a refused connection",
    args: ["declarations", "list"],
    env: () => ({ ...CREDENTIALS, TRADECTL_BASE_URL: "http://127.0.0.1:1" }),
    exitCode: 1,
    turkish: () => ["hata: hizmete ulaşılamadı: 127.0.0.1:1 bağlantıyı reddetti"],
  },
  {
    name: "plain http to a host that is not this machine",
    args: ["declarations", "list"],
    env: () => ({ ...CREDENTIALS, TRADECTL_BASE_URL: "http://api.example.com" }),
    exitCode: 2,
    turkish: () => [
      "hata: api.example.com için düz http:// kullanılmıyor: kimlik bilgileri ve imzalar ağda şifrelenmeden dolaşırdı",
      "ipucu: https:// kullanın; http:// yalnızca bu makinenin kendi adresi için olur (localhost, 127.0.0.0/8, [::1])",
    ],
  },
  {
    name: "a base URL that is not http(s)",
    args: ["declarations", "list"],
    env: () => ({ ...CREDENTIALS, TRADECTL_BASE_URL: "ftp://files.example.com" }),
    exitCode: 2,
    turkish: () => [
      "hata: TRADECTL_BASE_URL 'ftp://files.example.com' http(s) olmalı, verilen: 'ftp:'",
    ],
  },
  {
    name: "a config file that is not JSON",
    args: ["senders", "list"],
    setUp: (home) => writeConfig(home, '{"profiles": {'),
    exitCode: 4,
    turkish: (home) => [
      `hata: ${configPath(home)} yapılandırma dosyası geçerli bir JSON değil (${WHERE_PARSE_FAILED})`,
      "ipucu: dosyayı düzeltin ya da silin, sonra `tradectl auth login` çalıştırın",
    ],
  },
  ...(process.platform === "win32"
    ? []
    : [
        {
          name: "a config file others can read",
          args: ["declarations", "list"],
          setUp: (home) => writeConfig(home, "{}\n", 0o644),
          exitCode: 4,
          turkish: (home) => [
            `hata: ${configPath(home)} kimlik bilgisi dosyasını başka kullanıcılar da okuyabiliyor (izinler 644); bu yüzden kullanılmıyor`,
            `ipucu: şunu çalıştırın: chmod 600 '${configPath(home)}'`,
          ],
        } satisfies Case,
      ]),
  {
    name: "an unknown saved sender",
    args: ["declarations", "confirm", "734001026", "--sender", "annem"],
    env: () => ({ ...CREDENTIALS, TRADECTL_BASE_URL: refusing.url }),
    setUp: (home) => writeConfig(home, '{"senders": {"babam": {"isSelfSender": true}}}\n'),
    exitCode: 2,
    turkish: () => [
      "hata: 'annem' adında kayıtlı bir gönderen yok",
      "ipucu: kayıtlı gönderenler: babam; hiçbir şey gönderilmedi",
    ],
  },
  {
    name: "the service's refusal, shown as sent after a Turkish line",
    args: ["declarations", "list"],
    env: () => ({ ...CREDENTIALS, TRADECTL_BASE_URL: refusing.url }),
    exitCode: 4,
    turkish: () => [
      "hata: Hizmet isteği reddetti (kimlik doğrulama). Hizmetin yanıtı:",
      "  Unauthorized",
    ],
  },
  {
    name: "a refusal with an empty body (no words of the service to show)",
    args: ["declarations", "list"],
    env: () => ({ ...CREDENTIALS, TRADECTL_BASE_URL: emptyRefusals.url }),
    exitCode: 4,
    turkish: () => ["hata: hizmet HTTP 401 Unauthorized ile yanıt verdi; yanıtın gövdesi boş"],
  },
  {
    name: "auth login that cannot reach the service",
    args: ["auth", "login", "--key", "abc", "--with-secret-stdin"],
    env: () => ({ TRADECTL_BASE_URL: "http://127.0.0.1:1" }),
    input: `${DEMO_CREDENTIALS.secret}\n`,
    exitCode: 1,
    turkish: () => [
      "hata: anahtar çifti denenemedi: hizmete ulaşılamadı: 127.0.0.1:1 bağlantıyı reddetti",
      "ipucu: hiçbir şey kaydedilmedi, yeniden deneyin",
    ],
  },
  {
    name: "sandbox serve with an unknown fault",
    args: ["sandbox", "serve", "--faults", "latency=10,bogus=1"],
    exitCode: 2,
    turkish: () => [
      "hata: --faults: bilinmeyen hata türü 'bogus'; bilinenler: latency, 5xx, 429, retry-after, reset, truncate, skew, seed, quota, key, deny, 401",
      "ipucu: örneğin --faults 'latency=50,5xx=0.2,429=0.1:2,reset=0.05,truncate=0.05,skew=-7000,seed=42,quota=declarations:5/1s' ya da 'key=other-ip' ya da 'deny=orders'",
    ],
  },
  {
    name: "sandbox serve with arrivals that never come",
    args: ["sandbox", "serve", "--arrivals", "count=2"],
    exitCode: 2,
    turkish: () => [
      "hata: --arrivals: every=T gerekli (yatırmaların ne sıklıkla geleceği)",
      "ipucu: örneğin --arrivals 'every=5s' ya da --arrivals 'every=2-8s,count=2,max=100,seed=7'",
    ],
  },
  {
    name: "sandbox serve on a file that is not its state",
    args: (home) => ["sandbox", "serve", "--state", join(home.HOME, "notes.txt")],
    setUp: (home) => {
      mkdirSync(home.HOME, { recursive: true });
      writeFileSync(join(home.HOME, "notes.txt"), "alışveriş listesi\n");
    },
    exitCode: 2,
    turkish: (home) => [
      `hata: ${join(home.HOME, "notes.txt")} bir tradectl deneme sunucusu durum dosyası değil; kullanılmıyor ve üzerine yazılmıyor`,
      "ipucu: --state'e yeni bir dosya (oluşturulur) ya da var olan bir deneme sunucusu durum dosyası verin",
    ],
  },
];

describe("the local files, the API client and the sandbox speak Turkish", () => {
  for (const c of CASES) {
    for (const way of TURKISH_WAYS) {
      it(`${c.name} (${way.name})`, async () => {
        const english = await runIn(c, { args: [], env: { LANG: "C" } });
        const turkish = await runIn(c, way);
        expect(english.result.code).toBe(c.exitCode);
        expect(turkish.result.code).toBe(c.exitCode);
        const line = jsonErrorLine(english.result.stderr);
        expect(line).not.toBeNull();
        // The JSON error line is the same, byte for byte, but for the paths of each run's home.
        expect(inHome(jsonErrorLine(turkish.result.stderr), turkish.home)).toBe(
          inHome(line, english.home),
        );
        const lines = turkish.result.stderr.split("\n");
        for (const expected of c.turkish(turkish.home)) expect(lines).toContain(expected);
        // Nothing of the English people lines is left in the Turkish run.
        expect(turkish.result.stderr).not.toMatch(/^(error|hint):/m);
      }, 30_000);
    }
  }
});

/** A run's home in a line, as `HOME`, so two runs in two homes compare. */
function inHome(line: string | null, home: ReturnType<typeof tempHome>): string | null {
  return line === null ? null : line.split(home.HOME).join("HOME");
}
