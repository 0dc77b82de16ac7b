import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { configFile } from "../../../src/config/paths.js";
import { tempHome } from "../../helpers/cli.js";
import { runMain, STACK_FRAME } from "../../helpers/run.js";
import { SEED_CONFIRM } from "../../helpers/seed-text.js";

const NOW = Date.parse("2026-11-24T12:00:00Z");
const DESCRIPTION = "My own XRP from my Binance account";
const SELF_BINANCE = [
  "--self",
  "--address-type",
  "exchange",
  "--exchange-id",
  "3",
  "--description",
  DESCRIPTION,
];

function cli(home: NodeJS.ProcessEnv, now = NOW) {
  return (...argv: string[]) => runMain(["--sandbox", ...argv], { home, now: () => now });
}

const rulesOnDisk = (home: NodeJS.ProcessEnv) =>
  JSON.parse(readFileSync(configFile(home), "utf8")).rules ?? {};

describe("rules add", () => {
  it("saves a checked rule and says so", async () => {
    const home = tempHome();
    const r = await cli(home)(
      "rules",
      "add",
      "binance-xrp",
      "--symbol",
      "xrp",
      "--amount",
      "250.50",
      "--memo",
      "1048576",
      ...SELF_BINANCE,
      "--once",
      "--until",
      "24h",
    );
    expect(r.stderr).toContain("Rule 'binance-xrp' saved");
    expect(r.code).toBe(0);
    expect(rulesOnDisk(home)["binance-xrp"]).toEqual({
      match: { symbol: "xrp", memo: "1048576", amount: "250.50" },
      answers: {
        isSelfSender: true,
        AddressType: "Exchange",
        exchangeId: "3",
        description: DESCRIPTION,
      },
      once: true,
      until: "2026-11-25T12:00:00.000Z",
    });
  });

  it("keeps a listed --exchange-name as its id", async () => {
    const home = tempHome();
    const r = await cli(home)(
      "rules",
      "add",
      "k",
      "--symbol",
      "BTC",
      "--self",
      "--address-type",
      "exchange",
      "--exchange-name",
      "KRAKEN",
      "--description",
      DESCRIPTION,
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("sent as exchangeId 2");
    expect(rulesOnDisk(home).k.answers.exchangeId).toBe("2");
  });

  it("refuses answers that break a confirm rule, in the seed's words, and saves nothing", async () => {
    const home = tempHome();
    const run = cli(home);
    const unlisted = await run(
      "rules",
      "add",
      "x",
      "--symbol",
      "BTC",
      "--self",
      "--address-type",
      "exchange",
      "--exchange-id",
      "99",
      "--description",
      DESCRIPTION,
    );
    expect(unlisted.code).toBe(2);
    expect(unlisted.stderr).toContain(SEED_CONFIRM.notSupported);
    const short = await run(
      "rules",
      "add",
      "x",
      "--symbol",
      "BTC",
      "--self",
      "--address-type",
      "individual-wallet",
      "--description",
      "too short",
    );
    expect(short.code).toBe(2);
    expect(short.stderr).toContain(SEED_CONFIRM.description);
    const noDescription = await run(
      "rules",
      "add",
      "x",
      "--symbol",
      "BTC",
      "--self",
      "--address-type",
      "individual-wallet",
    );
    expect(noDescription.code).toBe(2);
    expect(noDescription.stderr).toContain("missing the description");
    expect(noDescription.stderr).toContain("nothing was saved");
    for (const r of [unlisted, short, noDescription]) expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(() => readFileSync(configFile(home))).toThrow();
  });

  it("refuses a signed --amount when it is given, and a --until no date can hold, as usage errors (issue 33, items 4 and 11)", async () => {
    const signed = await cli(tempHome())(
      "rules",
      "add",
      "u",
      "--symbol",
      "SOL",
      "--amount",
      "+25",
      ...SELF_BINANCE,
    );
    expect(signed.code).toBe(2);
    expect(signed.stderr).toContain("--amount must be a decimal number such as 0.5, got '+25'");
    const far = await cli(tempHome())(
      "rules",
      "add",
      "u",
      "--symbol",
      "SOL",
      "--until",
      "100000000d",
      ...SELF_BINANCE,
    );
    expect(far.stderr).not.toContain("unexpected failure");
    expect(far.stderr).toContain("--until: '100000000d' is more than 100 years from now");
    expect(far.code).toBe(2);
    const pending = await cli(tempHome())(
      "declarations",
      "confirm",
      "--pending",
      "--amount",
      "+25",
      ...SELF_BINANCE,
      "--yes",
    );
    expect(pending.stderr).not.toMatch(STACK_FRAME);
    expect(pending.stderr).not.toContain("big.js");
    expect(pending.code).toBe(2);
  });

  it("refuses a match that cannot be one, every problem at once", async () => {
    const r = await cli(tempHome())(
      "rules",
      "add",
      "x",
      "--amount",
      "1,5",
      "--until",
      "soon",
      ...SELF_BINANCE,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--symbol is required");
    expect(r.stderr).toContain("--amount must be a decimal number");
    expect(r.stderr).toContain("--until: 'soon' is neither");
    const past = await cli(tempHome())(
      "rules",
      "add",
      "x",
      "--symbol",
      "BTC",
      "--until",
      "2026-01-01",
      ...SELF_BINANCE,
    );
    expect(past.code).toBe(2);
    expect(past.stderr).toContain("already past");
    const name = await cli(tempHome())(
      "rules",
      "add",
      "two words",
      "--symbol",
      "BTC",
      ...SELF_BINANCE,
    );
    expect(name.code).toBe(2);
    expect(name.stderr).toContain("a rule's name is 1 to 64");
  });

  it("takes a saved sender's answers, read again when the rule is used", async () => {
    const home = tempHome();
    const run = cli(home);
    expect(
      (
        await run(
          "senders",
          "add",
          "sis",
          "--first-name",
          "Ayşe",
          "--last-name",
          "Yılmaz",
          "--address-type",
          "individual-wallet",
        )
      ).code,
    ).toBe(0);
    const missing = await run("rules", "add", "gift", "--symbol", "ETH", "--sender", "sis");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("the sender 'sis' does not give these");
    const ok = await run(
      "rules",
      "add",
      "gift",
      "--symbol",
      "ETH",
      "--sender",
      "sis",
      "--description",
      "Gift from my sister's wallet",
    );
    expect(ok.code).toBe(0);
    expect(rulesOnDisk(home).gift).toEqual({
      match: { symbol: "ETH" },
      sender: "sis",
      answers: { description: "Gift from my sister's wallet" },
      once: false,
    });
    const unknown = await run(
      "rules",
      "add",
      "g2",
      "--symbol",
      "ETH",
      "--sender",
      "nobody",
      "--description",
      DESCRIPTION,
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("no saved sender is called 'nobody'");
  });
});

describe("rules list and remove", () => {
  async function threeRules(home: NodeJS.ProcessEnv) {
    const run = cli(home);
    await run("rules", "add", "standing", "--symbol", "XRP", ...SELF_BINANCE);
    await run("rules", "add", "soon", "--symbol", "BTC", "--until", "1h", ...SELF_BINANCE);
    await run(
      "rules",
      "add",
      "expected",
      "--symbol",
      "ETH",
      "--amount",
      "1",
      "--once",
      ...SELF_BINANCE,
    );
    // The expected deposit came and was declared (what --auto writes).
    const path = configFile(home);
    const config = JSON.parse(readFileSync(path, "utf8"));
    config.rules.expected.spent = { declarationId: "734001005", at: "2026-11-24T12:30:00.000Z" };
    writeFileSync(path, JSON.stringify(config));
    chmodSync(path, 0o600);
  }

  it("shows spent and expired rules as such, in every format", async () => {
    const home = tempHome();
    await threeRules(home);
    const later = cli(home, NOW + 2 * 3_600_000);
    const json = await later("-o", "json", "rules", "list");
    expect(json.code).toBe(0);
    const rows = JSON.parse(json.stdout) as Record<string, unknown>[];
    expect(rows.map((r) => [r.name, r.state])).toEqual([
      ["expected", "spent"],
      ["soon", "expired"],
      ["standing", "active"],
    ]);
    expect(rows[0]).toMatchObject({
      once: true,
      spentBy: "734001005",
      spentAt: "2026-11-24T12:30:00.000Z",
    });
    expect(rows[1]).toMatchObject({ until: "2026-11-24T13:00:00.000Z", spentBy: null });
    const csv = await later("-o", "csv", "rules", "list", "--fields", "name,state,until");
    expect(csv.stdout).toBe(
      "name,state,until\r\nexpected,spent,\r\nsoon,expired,2026-11-24T13:00:00.000Z\r\nstanding,active,\r\n",
    );
    const tsv = await later("-o", "tsv", "rules", "list", "--fields", "state,name");
    expect(tsv.stdout).toBe("spent\texpected\nexpired\tsoon\nactive\tstanding\n");
    const table = await later("-o", "table", "rules", "list");
    expect(table.stdout).toContain("STATE");
    expect(table.stdout).toContain("expired");
    const badField = await later("rules", "list", "--fields", "name,colour");
    expect(badField.code).toBe(2);
    expect(badField.stderr).toContain("spentAt");
  });

  it("warns about an entry it cannot read, and removes it on request", async () => {
    const home = tempHome();
    await threeRules(home);
    const path = configFile(home);
    const config = JSON.parse(readFileSync(path, "utf8"));
    config.rules.broken = { match: { amount: "5" } };
    writeFileSync(path, JSON.stringify(config));
    chmodSync(path, 0o600);
    const list = await cli(home)("-o", "json", "rules", "list");
    expect(list.code).toBe(0);
    expect(list.stderr).toContain(
      "the rule 'broken' in the config file cannot be read (match.symbol is missing)",
    );
    expect((JSON.parse(list.stdout) as unknown[]).length).toBe(3);
    expect((await cli(home)("rules", "remove", "broken")).code).toBe(0);
    expect((await cli(home)("rules", "list")).stderr).not.toContain("broken");
  });

  it("refuses to remove an unknown name, listing the saved ones", async () => {
    const home = tempHome();
    await threeRules(home);
    const r = await cli(home)("rules", "rm", "nope");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("no rule is called 'nope'");
    expect(r.stderr).toContain("saved rules: expected, soon, standing");
    expect((await cli(home)("rules", "remove", "soon")).code).toBe(0);
    expect(Object.keys(rulesOnDisk(home)).sort()).toEqual(["expected", "standing"]);
  });

  it("completes rule names for the shell scripts", async () => {
    const home = tempHome();
    await threeRules(home);
    const r = await runMain(["__complete", "rules"], { home });
    expect(r.stdout).toBe("expected\nsoon\nstanding\n");
  });
});
