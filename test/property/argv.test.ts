import { createServer } from "node:net";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { tempHome } from "../helpers/cli.js";
import { runMain, STACK_FRAME, TEST_CREDENTIALS } from "../helpers/run.js";

/**
 * Random command lines through main() in-process, with no network: the base URL is a closed
 * loopback port (connections are refused at once). Whatever the words, the CLI answers with a
 * documented exit code and never a stack trace. `sandbox serve` is left out of the vocabulary:
 * it is a server that runs until stopped.
 */
const DOCUMENTED_EXIT_CODES = [0, 1, 2, 3, 4, 5, 6, 130];

const COMMANDS = [
  "declarations",
  "list",
  "ls",
  "confirm",
  "order",
  "get",
  "exchanges",
  "auth",
  "login",
  "status",
  "logout",
  "sandbox",
  "reset",
  "completion",
  "bash",
  "zsh",
  "fish",
  "help",
  "exit-codes",
  "environment",
  "formats",
];
const FLAGS = [
  "--status",
  "--page",
  "--page-size",
  "--all",
  "--limit",
  "--self",
  "--first-name",
  "--last-name",
  "--description",
  "--address-type",
  "--exchange-id",
  "--exchange-name",
  "--yes",
  "-y",
  "--dry-run",
  "--key",
  "--with-secret-stdin",
  "--profile",
  "--sandbox",
  "-o",
  "--output",
  "--json",
  "--no-color",
  "--no-input",
  "--debug",
  "--timeout",
  "--retries",
  "-q",
  "--quiet",
  "--help",
  "-h",
  "-V",
  "--version",
  "--host",
  "--port",
  "--state",
  "--",
  "-",
  "--output=json",
  "--page=0",
  "-ojson",
];
const VALUES = [
  "pending",
  "Confirmed",
  "Unknown",
  "0",
  "1",
  "-1",
  "100",
  "101",
  "1.5",
  "1e3",
  "9223372036854775807",
  "99999999999999999999999",
  "734001026",
  "json",
  "ndjson",
  "csv",
  "tsv",
  "table",
  "exchange",
  "individual-wallet",
  "IndividualWallet",
  "Binance",
  "Transfer from my own Binance account",
  "",
  " ",
  "\u001b[2J",
  "Ödeme 東京 🚀",
  "x".repeat(300),
];

const word = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...COMMANDS) },
  { weight: 3, arbitrary: fc.constantFrom(...FLAGS) },
  { weight: 3, arbitrary: fc.constantFrom(...VALUES) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 8 }) },
);
/** Mostly a real command first, so the run gets past parsing often. */
const argv = fc.oneof(
  fc.tuple(
    fc.constantFrom(
      ["declarations", "list"],
      ["declarations", "confirm"],
      ["order", "get"],
      ["exchanges", "list"],
      ["auth", "status"],
      ["auth", "login"],
      ["help"],
    ),
    fc.array(word, { maxLength: 8 }),
  ),
  fc.tuple(fc.constant([] as string[]), fc.array(word, { maxLength: 10 })),
);

const value = fc.oneof(fc.constantFrom(...VALUES), fc.string({ maxLength: 30 }));
/** `[flag, value]` pairs and bare flags of one command, in random order and number. */
const flagsOf = (withValue: string[], bare: string[]) =>
  fc
    .tuple(
      fc
        .subarray(withValue)
        .chain((names) => fc.tuple(...names.map((name) => fc.tuple(fc.constant(name), value)))),
      fc.subarray(bare),
    )
    .map(([pairs, flags]) => [...pairs.flat(), ...flags]);

/** Well-formed command lines of every command, with random values: these reach the commands. */
const commandLine = fc.oneof(
  fc
    .tuple(
      flagsOf(["--status", "--page", "--page-size", "--limit", "-o"], ["--all", "--json", "-q"]),
      fc.subarray(["--status", "pending", "--status", "confirmed"]),
    )
    .map(([flags, more]) => ["declarations", "list", ...flags, ...more]),
  fc
    .tuple(
      fc.option(value, { nil: undefined }),
      flagsOf(
        [
          "--first-name",
          "--last-name",
          "--description",
          "--address-type",
          "--exchange-id",
          "--exchange-name",
          "-o",
        ],
        ["--self", "--yes", "--dry-run", "--no-input"],
      ),
    )
    .map(([id, flags]) => ["declarations", "confirm", ...(id === undefined ? [] : [id]), ...flags]),
  fc
    .tuple(fc.array(value, { minLength: 1, maxLength: 4 }), flagsOf(["-o"], ["--json"]))
    .map(([ids, flags]) => ["order", "get", ...ids, ...flags]),
  flagsOf(["-o"], ["--json"]).map((flags) => ["exchanges", "list", ...flags]),
  flagsOf(["-o", "--key"], ["--with-secret-stdin"]).map((flags) => ["auth", "login", ...flags]),
  flagsOf(["-o"], []).map((flags) => ["auth", "status", ...flags]),
);

let baseUrl: string;
beforeAll(async () => {
  // A port that was free a moment ago and is closed now: every connection is refused.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  baseUrl = `http://127.0.0.1:${port}`;
});

async function check(args: string[], home: NodeJS.ProcessEnv, withCredentials: boolean) {
  // --base-url (here) and --sandbox together are a usage error: nothing ever leaves loopback.
  const r = await runMain(["--base-url", baseUrl, "--timeout", "2000", ...args], {
    home,
    env: withCredentials ? TEST_CREDENTIALS : {},
  });
  expect(DOCUMENTED_EXIT_CODES).toContain(r.code);
  expect(r.stdout).not.toMatch(STACK_FRAME);
  expect(r.stderr).not.toMatch(STACK_FRAME);
  expect(r.stderr).not.toContain("[object Object]");
  // A failure always says what went wrong.
  if (r.code !== 0) expect(r.stderr.trim()).not.toBe("");
  return r.code;
}

describe("random argv", () => {
  it("words from the vocabulary and random strings: a documented exit code, no stack trace", async () => {
    const home = tempHome();
    await fc.assert(
      fc.asyncProperty(argv, fc.boolean(), async ([head, rest], withCredentials) => {
        await check([...head, ...rest], home, withCredentials);
      }),
      { numRuns: 250, seed: 20250614 },
    );
  }, 60_000);

  it("well-formed command lines with random values reach the commands, and end the same way", async () => {
    const home = tempHome();
    const codes = new Set<number>();
    await fc.assert(
      fc.asyncProperty(commandLine, fc.boolean(), async (args, withCredentials) => {
        codes.add(await check(args, home, withCredentials));
      }),
      { numRuns: 250, seed: 20250614 },
    );
    // The runs got past parsing: validation (2), missing credentials (4) and the refused
    // connection (1) were all seen.
    expect([...codes]).toEqual(expect.arrayContaining([1, 2, 4]));
  }, 60_000);
});
