import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_CREDENTIALS, type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { tempHome } from "../helpers/cli.js";
import { sendJson, startTestServer, type TestServer } from "../helpers/http-server.js";
import { type PtySession, startPty } from "../helpers/pty.js";
import { findDeclaration } from "../helpers/sandbox.js";

const DOWN = "\x1b[B";
const UP = "\x1b[A";
const ENTER = "\r";
const CTRL_C = "\x03";
const CTRL_D = "\x04";
const SHORT_RULE = "description field must be between 20 and 100 characters long";

type Session = PtySession;

/**
 * tradectl in a real pseudo-terminal (stdin, stdout and stderr a TTY, as for a person), pointed
 * at `baseUrl` with the demo key pair. Keys are only sent once the prompt they answer is on
 * screen, and a step waits on what the screen shows, never on a timer: a busy machine makes the
 * wizard slower, not failed.
 */
function startSession(baseUrl: string, args: string[], env: NodeJS.ProcessEnv = {}): Session {
  return startPty(["--base-url", baseUrl, ...args], {
    env: {
      TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
      TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
      ...env,
    },
  });
}

/** From the start of a wizard with the id given, to the first name of "Another person". */
async function toFirstName(s: Session): Promise<void> {
  await s.expect("Who sent this deposit?");
  s.write(DOWN);
  await s.expect("❯ Another person");
  s.write(ENTER);
  await s.expect("Sender's first name:");
}

/**
 * After a wizard's confirmation: no to "Save these answers as a sender?", no to "Remember
 * these answers as a rule…?", and, when other deposits are pending, no to "Declare the other
 * N … the same way?".
 */
async function declineFollowUps(s: Session, otherPending: boolean): Promise<void> {
  await s.expect("Save these answers as a sender for next time? (y/N)");
  s.write(ENTER);
  await s.expect(REMEMBER_RULE);
  s.write(ENTER);
  if (otherPending) {
    await s.expect(/Declare the other \d+ pending deposits the same way\? \(y\/N\)/);
    s.write(ENTER);
  }
}

/**
 * The presets come before the free text ("Choose a description:"): "Type my own" is the last
 * choice, one up from the first.
 */
async function typeMyOwn(s: Session): Promise<void> {
  await s.expect("Choose a description:");
  s.write(UP);
  await s.expect("❯ Type my own");
  s.write(ENTER);
}

const REMEMBER_RULE = "Remember these answers as a rule for deposits like it? (y/N)";

let sandbox: RunningSandbox;
const posts = () => sandbox.requests.filter((r) => r.method === "POST");

const declaration = (id: string) => findDeclaration(sandbox.url, id);

/** The sandbox lists the declaration Confirmed with these sender names. */
async function expectConfirmedAs(id: string, firstName: string, lastName: string): Promise<void> {
  const after = await declaration(id);
  expect([after?.status, after?.firstName, after?.lastName]).toEqual([
    "Confirmed",
    firstName,
    lastName,
  ]);
}

describe("the confirm wizard in a real terminal, against the sandbox", () => {
  beforeEach(async () => {
    sandbox = await startSandbox({ statePath: null });
  });
  afterEach(async () => {
    await sandbox.close();
  });

  it("me, from an exchange picked from the listing by searching", async () => {
    const s = startSession(sandbox.url, ["declarations", "confirm"]);
    await s.expect("Which deposit do you want to declare?");
    await s.expect(/❯ 734001026\s+0\.8000000000000000 BTC\s+created /);
    s.write(ENTER);
    await s.expect("Who sent this deposit?");
    s.write(ENTER);
    await s.expect("Where was it sent from?");
    s.write(ENTER);
    await s.expect(/Which exchange\?[^\n]*\n❯ Binance/);
    s.write("kra");
    await s.expect(/❯ Kraken\s+Not listed — type its name/);
    s.write(ENTER);
    await typeMyOwn(s);
    await s.expect("Describe the deposit");
    s.write("Transfer from my own Kraken account");
    await s.expect("(35/100)");
    s.write(ENTER);
    await s.expect(/exchangeId\s+2 {2}\(Kraken\)/);
    await s.expect("Send? (y/N)");
    expect(posts()).toEqual([]);
    s.write(`y${ENTER}`);
    await s.expect("Declaration 734001026 confirmed: the deposit will be credited to your wallet");
    await declineFollowUps(s, true);
    expect(await s.exit).toBe(0);
    expect(s.text()).toMatch(/cryptoDepositDeclarationId\s+734001026/);
    expect(s.text()).toMatch(/isSelfSender\s+true/);
    expect(posts().map((r) => r.status)).toEqual([200]);
    await expectConfirmedAs("734001026", "Deniz", "Demir");
  });

  it("another person, from an individual wallet, the id given as an argument", async () => {
    const s = startSession(sandbox.url, ["declarations", "confirm", "734001025"]);
    await toFirstName(s);
    s.write(ENTER);
    // An empty name is refused on the spot, with the seed's rule.
    await s.expect("firstName and lastName required when isSelfSender is false");
    s.write(`Ayşe${ENTER}`);
    await s.expect("Sender's last name:");
    s.write(`Yılmaz${ENTER}`);
    await s.expect("Where was it sent from?");
    s.write(DOWN);
    await s.expect("❯ An individual wallet");
    s.write(ENTER);
    await typeMyOwn(s);
    await s.expect("Describe the deposit");
    s.write(`Gift from my sister's own wallet${ENTER}`);
    await s.expect(/AddressType\s+"IndividualWallet"/);
    await s.expect("Send? (y/N)");
    s.write(`y${ENTER}`);
    await s.expect("Declaration 734001025 confirmed");
    await declineFollowUps(s, true);
    expect(await s.exit).toBe(0);
    // Wallet: no exchange question was asked and no exchange field sent.
    expect(s.text()).not.toContain("Which exchange?");
    expect(s.text()).not.toMatch(/exchangeId|exchangeOtherName/);
    await expectConfirmedAs("734001025", "Ayşe", "Yılmaz");
  });

  it("a description too short gets the seed's message, then is fixed; flags skip their steps", async () => {
    const s = startSession(sandbox.url, [
      "declarations",
      "confirm",
      "734001024",
      "--self",
      "--address-type",
      "individual-wallet",
    ]);
    await typeMyOwn(s);
    await s.expect("Describe the deposit (20 to 100 characters):");
    s.write("Too short");
    await s.expect("(9/100)");
    s.write(ENTER);
    await s.expect(SHORT_RULE);
    expect(posts()).toEqual([]);
    s.write(" but now long enough");
    await s.expect("(29/100)");
    s.write(ENTER);
    await s.expect(/description\s+"Too short but now long enough"/);
    await s.expect("Send? (y/N)");
    s.write(`y${ENTER}`);
    await s.expect("Declaration 734001024 confirmed");
    await declineFollowUps(s, true);
    expect(await s.exit).toBe(0);
    expect(s.text()).not.toContain("Who sent this deposit?");
    expect(s.text()).not.toContain("Where was it sent from?");
    expect((await declaration("734001024"))?.status).toBe("Confirmed");
  });

  it("Ctrl-C mid-way: exit 130, nothing sent, the declaration still Pending", async () => {
    const s = startSession(sandbox.url, ["declarations", "confirm"]);
    await s.expect("Which deposit do you want to declare?");
    s.write(ENTER);
    await s.expect("Who sent this deposit?");
    s.write(ENTER);
    await s.expect("Where was it sent from?");
    s.write(CTRL_C);
    await s.expect("cancelled; nothing was sent");
    expect(await s.exit).toBe(130);
    expect(posts()).toEqual([]);
    expect((await declaration("734001026"))?.status).toBe("Pending");
  });

  it('"no" at "Send?": exit 130, nothing sent', async () => {
    const s = startSession(sandbox.url, [
      "declarations",
      "confirm",
      "734001023",
      "--self",
      "--address-type",
      "exchange",
      "--exchange-id",
      "3",
      "--description",
      "Transfer from my own Binance account",
    ]);
    // Every answer was a flag: only the summary and the last question remain on a terminal.
    await s.expect(/exchangeId\s+3 {2}\(Binance\)/);
    await s.expect("Send? (y/N)");
    s.write(`n${ENTER}`);
    await s.expect("cancelled; nothing was sent");
    expect(await s.exit).toBe(130);
    // A choice, not a failure: no "error:" line.
    expect(s.text()).not.toContain("error:");
    expect(posts()).toEqual([]);
    expect((await declaration("734001023"))?.status).toBe("Pending");
  });

  it("--no-color: a whole wizard run carries no colour (no SGR sequence at all)", async () => {
    const s = startSession(sandbox.url, ["--no-color", "declarations", "confirm"]);
    await s.expect("Which deposit do you want to declare?");
    s.write(ENTER);
    await s.expect("Who sent this deposit?");
    s.write(ENTER);
    await s.expect("Where was it sent from?");
    s.write(ENTER);
    await s.expect(/Which exchange\?/);
    s.write("bin");
    await s.expect(/❯ Binance\s+Binance TR\s+Not listed — type its name/);
    s.write(ENTER);
    await typeMyOwn(s);
    await s.expect("Describe the deposit");
    s.write("Too short");
    await s.expect("(9/100)");
    s.write(ENTER);
    await s.expect(SHORT_RULE);
    s.write(" but now long enough");
    s.write(ENTER);
    await s.expect("Send? (y/N)");
    s.write(`n${ENTER}`);
    expect(await s.exit).toBe(130);
    expect(s.raw()).not.toMatch(/\x1b\[[0-9;]*m/);
  });

  it("NO_COLOR does the same, and without either the wizard is coloured (so the check can fail)", async () => {
    const plain = startSession(sandbox.url, ["declarations", "confirm", "734001026"], {
      NO_COLOR: "1",
    });
    await plain.expect("Who sent this deposit?");
    plain.write(CTRL_C);
    expect(await plain.exit).toBe(130);
    expect(plain.raw()).not.toMatch(/\x1b\[[0-9;]*m/);
    const coloured = startSession(sandbox.url, ["declarations", "confirm", "734001026"]);
    await coloured.expect("Who sent this deposit?");
    coloured.write(CTRL_C);
    expect(await coloured.exit).toBe(130);
    expect(coloured.raw()).toMatch(/\x1b\[[0-9;]*m/);
  });

  it("Ctrl-D at a typed prompt (a name): exit 130, nothing sent", async () => {
    const s = startSession(sandbox.url, ["declarations", "confirm", "734001025"]);
    await toFirstName(s);
    s.write(CTRL_D);
    await s.expect("cancelled; nothing was sent");
    expect(await s.exit).toBe(130);
    expect(posts()).toEqual([]);
  });

  it("Ctrl-D at the description and at Send?: exit 130, nothing sent", async () => {
    const args = ["declarations", "confirm", "734001024", "--self"];
    const wallet = ["--address-type", "individual-wallet"];
    const atDescription = startSession(sandbox.url, [...args, ...wallet]);
    await typeMyOwn(atDescription);
    await atDescription.expect("Describe the deposit");
    atDescription.write(CTRL_D);
    await atDescription.expect("cancelled; nothing was sent");
    expect(await atDescription.exit).toBe(130);
    const atSend = startSession(sandbox.url, [
      ...args,
      ...wallet,
      "--description",
      "Moved from my own hardware wallet",
    ]);
    await atSend.expect("Send? (y/N)");
    atSend.write(CTRL_D);
    await atSend.expect("cancelled; nothing was sent");
    expect(await atSend.exit).toBe(130);
    expect(posts()).toEqual([]);
    expect((await declaration("734001024"))?.status).toBe("Pending");
  });

  it("an id that does not exist: said at once, before any question, exit 3", async () => {
    const s = startSession(sandbox.url, ["declarations", "confirm", "123456789"]);
    await s.expect("declaration 123456789 was not found among your declarations");
    expect(await s.exit).toBe(3);
    expect(s.text()).not.toContain("Who sent this deposit?");
    expect(posts()).toEqual([]);
  });

  it("an id already confirmed: said at once, with when and by whom, exit 5", async () => {
    const s = startSession(sandbox.url, ["declarations", "confirm", "734001017"]);
    await s.expect(
      "declaration 734001017 is already confirmed at 2025-06-11T10:03:27.000Z by Deniz Demir",
    );
    expect(await s.exit).toBe(5);
    expect(s.text()).not.toContain("Who sent this deposit?");
    expect(posts()).toEqual([]);
  });

  it("the exchange search folds Turkish capitals: BİTSTAMP and parıbu find their exchanges", async () => {
    const s = startSession(sandbox.url, [
      "declarations",
      "confirm",
      "734001023",
      "--self",
      "--address-type",
      "exchange",
      "--description",
      "Transfer from my own exchange account",
    ]);
    await s.expect(/Which exchange\?/);
    s.write("BİTSTAMP");
    await s.expect(/❯ Bitstamp\s+Not listed — type its name/);
    s.write("\x7f".repeat(8));
    s.write("parıbu");
    await s.expect(/❯ Paribu\s+Not listed — type its name/);
    s.write(ENTER);
    await s.expect(/exchangeId\s+7 {2}\(Paribu\)/);
    await s.expect("Send? (y/N)");
    s.write(`n${ENTER}`);
    expect(await s.exit).toBe(130);
  });

  it("--exchange-name binance is sent as Binance's id, and the summary says so", async () => {
    const s = startSession(sandbox.url, [
      "declarations",
      "confirm",
      "734001023",
      "--self",
      "--address-type",
      "exchange",
      "--exchange-name",
      "BİNANCE",
      "--description",
      "Transfer from my own Binance account",
    ]);
    await s.expect(
      "--exchange-name 'BİNANCE' is the listed exchange Binance: sent as exchangeId 3",
    );
    await s.expect(/exchangeId\s+3 {2}\(Binance\)/);
    await s.expect("Send? (y/N)");
    s.write(`y${ENTER}`);
    await s.expect("Declaration 734001023 confirmed");
    expect(await s.exit).toBe(0);
    expect(posts().map((r) => r.status)).toEqual([200]);
    expect(s.text()).not.toContain("exchangeOtherName");
  });

  // Saved senders, and the same answers for the other pending deposits.
  it("offers saved senders before Me and Another person; one picked fills its answers, not offered to save again", async () => {
    const home = tempHome();
    mkdirSync(join(home.XDG_CONFIG_HOME, "tradectl"), { recursive: true, mode: 0o700 });
    writeFileSync(
      join(home.XDG_CONFIG_HOME, "tradectl", "config.json"),
      JSON.stringify({
        profiles: {},
        senders: {
          sis: {
            isSelfSender: false,
            firstName: "Ayşe",
            lastName: "Yılmaz",
            AddressType: "IndividualWallet",
          },
        },
      }),
      { mode: 0o600 },
    );
    const s = startSession(sandbox.url, ["declarations", "confirm", "734001025"], home);
    await s.expect("Who sent this deposit?");
    await s.expect(
      /❯ sis {2}\(Ayşe Yılmaz, individual wallet\)[^\n]*\n\s*Me\s*\n\s*Another person/,
    );
    s.write(ENTER);
    // The sender answered who and where: only the description is left.
    await typeMyOwn(s);
    await s.expect("Describe the deposit");
    s.write(`Gift from my sister's own wallet${ENTER}`);
    await s.expect(/lastName\s+"Yılmaz"/);
    await s.expect("Send? (y/N)");
    s.write(`y${ENTER}`);
    await s.expect("Declaration 734001025 confirmed");
    await s.expect(REMEMBER_RULE);
    s.write(ENTER);
    await s.expect(/Declare the other \d+ pending deposits the same way\? \(y\/N\)/);
    s.write(ENTER);
    expect(await s.exit).toBe(0);
    expect(s.text()).not.toContain("Where was it sent from?");
    expect(s.text()).not.toContain("Save these answers");
    await expectConfirmedAs("734001025", "Ayşe", "Yılmaz");
  });

  it("remembers the answers as a rule for deposits like it: symbol, address and memo prefilled, amount optional", async () => {
    const home = tempHome();
    const s = startSession(
      sandbox.url,
      [
        "declarations",
        "confirm",
        "734001023",
        "--self",
        "--address-type",
        "exchange",
        "--exchange-id",
        "2",
      ],
      home,
    );
    await typeMyOwn(s);
    await s.expect("Describe the deposit");
    s.write(`My own XRP from my Kraken account${ENTER}`);
    await s.expect("Send? (y/N)");
    s.write(`y${ENTER}`);
    await s.expect("Declaration 734001023 confirmed");
    await s.expect("Save these answers as a sender for next time? (y/N)");
    s.write(ENTER);
    await s.expect(REMEMBER_RULE);
    s.write(`y${ENTER}`);
    // Prefilled from the declaration: Enter keeps each.
    await s.expect("Symbol: (XRP)");
    s.write(ENTER);
    await s.expect("Deposit address (empty: any): (rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh)");
    s.write(ENTER);
    await s.expect("Memo or tag (empty: any): (1048576)");
    s.write(ENTER);
    await s.expect("Amount, exactly (empty: any amount):");
    s.write(`lots${ENTER}`);
    await s.expect("must be a decimal number");
    s.write(`${"\x7f".repeat(4)}${ENTER}`);
    await s.expect("Name for this rule:");
    s.write(`kraken-xrp${ENTER}`);
    await s.expect("Rule 'kraken-xrp' saved");
    await s.expect(/Declare the other \d+ pending deposits the same way\? \(y\/N\)/);
    s.write(ENTER);
    expect(await s.exit).toBe(0);
    expect(posts()).toHaveLength(1);
    const file = join(home.XDG_CONFIG_HOME, "tradectl", "config.json");
    expect(JSON.parse(readFileSync(file, "utf8")).rules["kraken-xrp"]).toEqual({
      match: { symbol: "XRP", address: "rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh", memo: "1048576" },
      answers: {
        isSelfSender: true,
        description: "My own XRP from my Kraken account",
        AddressType: "Exchange",
        exchangeId: "2",
      },
      once: false,
    });
  }, 60_000);

  it("new answers saved as a sender, then the other pending deposits declared the same way: plan, Send N?, each once", async () => {
    const home = tempHome();
    const s = startSession(
      sandbox.url,
      [
        "declarations",
        "confirm",
        "734001023",
        "--self",
        "--address-type",
        "exchange",
        "--exchange-id",
        "2",
      ],
      home,
    );
    await typeMyOwn(s);
    await s.expect("Describe the deposit");
    s.write(`My own XRP from my Kraken account${ENTER}`);
    await s.expect("Send? (y/N)");
    s.write(`y${ENTER}`);
    await s.expect("Declaration 734001023 confirmed");
    await s.expect("Save these answers as a sender for next time? (y/N)");
    s.write(`y${ENTER}`);
    await s.expect("Name for this sender:");
    s.write(`me kraken${ENTER}`);
    await s.expect("a sender's name is 1 to 64");
    s.write(`${"\x7f".repeat(7)}-kraken${ENTER}`);
    await s.expect("Sender 'me-kraken' saved");
    await s.expect(REMEMBER_RULE);
    s.write(ENTER);
    await s.expect("Declare the other 20 pending deposits the same way? (y/N)");
    expect(posts()).toHaveLength(1);
    s.write(`y${ENTER}`);
    // The plan, then one question before anything more is sent.
    await s.expect(/ID\s+AMOUNT\s+ADDRESS\s+SENDER\s+FROM/);
    await s.expect(/734001026\s+0\.8000000000000000 BTC/);
    await s.expect("Send 20 confirmations? (y/N)");
    expect(posts()).toHaveLength(1);
    s.write(`y${ENTER}`);
    await s.expect("20 confirmed (20 confirmations sent)");
    expect(await s.exit).toBe(0);
    expect(posts().map((r) => r.status)).toEqual(Array(21).fill(200));
    const file = join(home.XDG_CONFIG_HOME, "tradectl", "config.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8")).senders["me-kraken"]).toEqual({
      isSelfSender: true,
      description: "My own XRP from my Kraken account",
      AddressType: "Exchange",
      exchangeId: "2",
    });
    expect((await declaration("9223372036854775807"))?.status).toBe("Confirmed");
  }, 60_000);

  it("declining the others after one confirmation: exit 0 with what was confirmed, never 'nothing was sent'", async () => {
    const home = tempHome();
    const s = startSession(
      sandbox.url,
      [
        "declarations",
        "confirm",
        "734001023",
        "--self",
        "--address-type",
        "exchange",
        "--exchange-id",
        "2",
      ],
      home,
    );
    await typeMyOwn(s);
    await s.expect("Describe the deposit");
    s.write(`My own XRP from my Kraken account${ENTER}`);
    await s.expect("Send? (y/N)");
    s.write(`y${ENTER}`);
    await s.expect("Save these answers as a sender for next time? (y/N)");
    s.write(`n${ENTER}`);
    await s.expect(REMEMBER_RULE);
    s.write(ENTER);
    await s.expect(/Declare the other \d+ pending deposits the same way\? \(y\/N\)/);
    s.write(`y${ENTER}`);
    await s.expect(/Send \d+ confirmations\? \(y\/N\)/);
    s.write(`n${ENTER}`);
    await s.expect(/declaration 734001023 was confirmed; the other \d+ declarations were not sent/);
    expect(await s.exit).toBe(0);
    expect(s.text()).not.toContain("nothing was sent");
    expect(posts()).toHaveLength(1);
  }, 60_000);

  it("the other pending deposits declared the same way on the run's one client (one clock offset read, --debug)", async () => {
    const s = startSession(sandbox.url, [
      "--debug",
      "declarations",
      "confirm",
      "734001023",
      "--self",
      "--address-type",
      "individual-wallet",
    ]);
    await typeMyOwn(s);
    await s.expect("Describe the deposit");
    s.write(`Moved from my own hardware wallet${ENTER}`);
    await s.expect("Send? (y/N)");
    s.write(`y${ENTER}`);
    await s.expect("Save these answers as a sender for next time? (y/N)");
    s.write(ENTER);
    await s.expect(REMEMBER_RULE);
    s.write(ENTER);
    await s.expect("Declare the other 20 pending deposits the same way? (y/N)");
    s.write(`y${ENTER}`);
    await s.expect("Send 20 confirmations? (y/N)");
    s.write(`y${ENTER}`);
    await s.expect("20 confirmed (20 confirmations sent)");
    expect(await s.exit).toBe(0);
    // Each client built reads the remembered clock offset once and says so under --debug.
    expect(s.text().match(/\[debug\] clock offset in use/g)).toHaveLength(1);
    expect(posts()).toHaveLength(21);
  }, 60_000);
});

describe("the wizard with --yes and --dry-run", () => {
  beforeEach(async () => {
    sandbox = await startSandbox({ statePath: null });
  });
  afterEach(async () => {
    await sandbox.close();
  });

  it("--yes: the questions still come, the last one does not", async () => {
    const s = startSession(sandbox.url, ["declarations", "confirm", "734001022", "--yes"]);
    await s.expect("Who sent this deposit?");
    s.write(ENTER);
    await s.expect("Where was it sent from?");
    s.write(`${DOWN}`);
    await s.expect("❯ An individual wallet");
    s.write(ENTER);
    await typeMyOwn(s);
    await s.expect("Describe the deposit");
    s.write(`Moved from my own hardware wallet${ENTER}`);
    await s.expect("Declaration 734001022 confirmed");
    expect(await s.exit).toBe(0);
    expect(s.text()).not.toContain("Send?");
    expect(posts().map((r) => r.status)).toEqual([200]);
  });

  it("--dry-run: the answers become the body on stdout, nothing is sent", async () => {
    const s = startSession(sandbox.url, [
      "declarations",
      "confirm",
      "734001022",
      "--self",
      "--address-type",
      "individual-wallet",
      "--dry-run",
      "-o",
      "json",
    ]);
    await typeMyOwn(s);
    await s.expect("Describe the deposit");
    s.write(`Moved from my own hardware wallet${ENTER}`);
    await s.expect(
      '{"cryptoDepositDeclarationId":734001022,"isSelfSender":true,"description":"Moved from my own hardware wallet","AddressType":"IndividualWallet"}',
    );
    expect(await s.exit).toBe(0);
    expect(s.text()).not.toContain("Send?");
    // Only the lookup of the declaration before the first question; nothing sent.
    expect(sandbox.requests.map((r) => r.method)).toEqual(["GET"]);
  });
});

/** A server whose exchanges listing is down; declaration 42 is pending; a confirm succeeds. */
function maintenanceListing(req: { method: string; url: string }, res: ServerResponse) {
  if (req.url.startsWith("/api/v1/exchanges")) {
    return sendJson(res, 503, '{"success":false,"message":"maintenance","code":503}');
  }
  if (req.method === "GET") return sendJson(res, 200, `[${pendingRecord("42")}]`);
  return sendJson(res, 200, '{"success":true,"message":"","code":0}');
}

const pendingRecord = (id: string, status = "Pending", confirmedAt: string | null = null) =>
  `{"cryptoDepositDeclarationId":${id},"createdAt":"2025-06-14T09:21:07Z","status":"${status}","confirmedAt":${confirmedAt === null ? "null" : `"${confirmedAt}"`},"confirmedBy":null,"firstName":null,"lastName":null,"amount":0.8000000000000000,"symbol":"BTC","address":"bc1q","memoTag":null,"lightningInvoice":null}`;

describe("the wizard when the service gives less", () => {
  let server: TestServer;
  afterEach(async () => {
    await server.close();
  });

  it("no pending declarations: says so and exits 0", async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, "[]"));
    const s = startSession(server.url, ["declarations", "confirm"]);
    await s.expect("There are no pending declarations: nothing to confirm.");
    expect(await s.exit).toBe(0);
    expect(server.requests.map((r) => r.method)).toEqual(["GET"]);
  });

  it("the exchanges listing unavailable: an id can be typed; the server decides, one warning", async () => {
    server = await startTestServer(maintenanceListing);
    const s = startSession(server.url, [
      "--retries",
      "0",
      "declarations",
      "confirm",
      "42",
      "--self",
      "--address-type",
      "exchange",
      "--description",
      "Savings moved from my own exchange account",
      "--yes",
    ]);
    await s.expect("How do you want to name the exchange?");
    s.write(DOWN);
    await s.expect("❯ Type its id");
    s.write(ENTER);
    await s.expect("Exchange id:");
    s.write(`abc${ENTER}`);
    await s.expect("an exchange id is a whole number, e.g. 1");
    s.write("\x7f\x7f\x7f7");
    await s.expect(/Exchange id: 7/);
    s.write(ENTER);
    await s.expect("Declaration 42 confirmed");
    expect(await s.exit).toBe(0);
    expect(s.text().match(/listing is unavailable|could not read the exchanges listing/g)).toEqual([
      "listing is unavailable",
    ]);
    const post = server.requests.find((r) => r.method === "POST");
    expect(post?.body).toBe(
      '{"cryptoDepositDeclarationId":42,"isSelfSender":true,"description":"Savings moved from my own exchange account","AddressType":"Exchange","exchangeId":7}',
    );
  });

  it("the exchanges listing unavailable: the name is typed, and sent as exchangeOtherName", async () => {
    server = await startTestServer(maintenanceListing);
    const s = startSession(server.url, [
      "--retries",
      "0",
      "declarations",
      "confirm",
      "42",
      "--self",
      "--address-type",
      "exchange",
    ]);
    await s.expect("the exchanges listing is unavailable (maintenance)");
    await s.expect("How do you want to name the exchange?");
    s.write(ENTER);
    await s.expect("Exchange name:");
    s.write(`My local exchange${ENTER}`);
    await typeMyOwn(s);
    await s.expect("Describe the deposit");
    s.write(`Savings moved from my local exchange${ENTER}`);
    await s.expect("Send? (y/N)");
    s.write(`y${ENTER}`);
    await s.expect("Declaration 42 confirmed");
    await declineFollowUps(s, false);
    expect(await s.exit).toBe(0);
    const post = server.requests.find((r) => r.method === "POST");
    expect(post?.body).toBe(
      '{"cryptoDepositDeclarationId":42,"isSelfSender":true,"description":"Savings moved from my local exchange","AddressType":"Exchange","exchangeOtherName":"My local exchange"}',
    );
  });
});
