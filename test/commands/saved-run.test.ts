import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configFile } from "../../src/config/paths.js";
import { tempHome } from "../helpers/cli.js";
import { runMain } from "../helpers/run.js";

/**
 * `senders list|remove` and `rules list|remove` are one run each (commands/saved-run.ts): an
 * entry of the config file that cannot be read is a warning of its own on stderr, never a
 * record, exit 0; "none saved" only when the file holds neither; and `remove` gets rid of it.
 * Checked for both nouns on one hand-edited file, the warnings typed out.
 */
function hand(): NodeJS.ProcessEnv {
  const home = tempHome();
  const file = configFile(home);
  mkdirSync(join(file, ".."), { recursive: true });
  const sender = { isSelfSender: true, AddressType: "Exchange", exchangeId: "3" };
  writeFileSync(
    file,
    JSON.stringify({
      senders: { me: sender, broken: "not an object" },
      rules: {
        eth: { match: { symbol: "ETH" }, sender: "me", answers: { description: "mine" } },
        "bad-rule": { match: { amount: "5" } },
      },
    }),
    { mode: 0o600 },
  );
  return home;
}

const WARNED = {
  senders: (home: NodeJS.ProcessEnv) =>
    `warning: saved sender 'broken' cannot be read: it is not an object of answers (fix it in ${configFile(home)}, or \`tradectl senders remove broken\`)\n`,
  rules: () =>
    "warning: the rule 'bad-rule' in the config file cannot be read (match.symbol is missing); it matches nothing. `tradectl rules remove bad-rule` deletes it\n",
};

describe.each([
  ["senders", "me", "broken", "Sender 'broken' removed\n"],
  ["rules", "eth", "bad-rule", "Rule 'bad-rule' removed\n"],
] as const)("%s list and remove: an entry that cannot be read", (noun, good, bad, removed) => {
  it("is warned about once, left out of the records, and exit is 0", async () => {
    const home = hand();
    const r = await runMain([noun, "list", "-o", "csv", "--fields", "name"], { home });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`name\r\n${good}\r\n`);
    expect(r.stderr).toBe(WARNED[noun](home));
  });

  it("is removed by name, and then nothing is warned", async () => {
    const home = hand();
    const rm = await runMain([noun, "remove", bad], { home });
    expect(rm.code).toBe(0);
    expect(rm.stderr).toBe(removed);
    expect(Object.keys(JSON.parse(readFileSync(configFile(home), "utf8"))[noun])).toEqual([good]);
    const list = await runMain([noun, "list", "-o", "json"], { home });
    expect(list.stderr).toBe("");
    expect(JSON.parse(list.stdout).map((e: { name: string }) => e.name)).toEqual([good]);
  });

  it("is completed by Tab with the others, so `remove` can name it", async () => {
    const r = await runMain(["__complete", noun], { home: hand() });
    expect(r.stdout.split("\n").filter(Boolean).sort()).toEqual([bad, good].sort());
  });

  it("keeps 'none saved' unsaid while one is held", async () => {
    const home = hand();
    expect((await runMain([noun, "rm", good], { home })).code).toBe(0);
    const list = await runMain([noun, "list"], { home });
    expect(list.stdout).toBe("");
    expect(list.stderr).toBe(WARNED[noun](home));
  });
});
