import { describe, expect, it } from "vitest";
import { runInProcess } from "../helpers/run.js";

/**
 * The "done means", as a user tries it: `tradectl --sandbox order get <a filled order>
 * --fills` shows the true average next to the first-trade price, digit-exact, and `order trades`
 * lists the trades behind it. The figures are the sandbox's seeded trades worked out by hand:
 * order 21545488 bought 0.02 @ 2412000.00, 0.0175 @ 2411874.50 and 0.0125 @ 2411650.25, so
 * notional = 48240 + 42207.80375 + 30145.628125 = 120593.431875 and average = notional / 0.05.
 */
const sandbox = (args: string[]) =>
  runInProcess(["--sandbox", ...args], { env: { TZ: "UTC", COLUMNS: "200" } });

describe.concurrent("fills in the sandbox", () => {
  it("order get --fills: first-trade price and the true average, side by side", async () => {
    const r = await sandbox(["order", "get", "21545488", "--fills", "-o", "table"]);
    // The note saying which price is which is for people: stderr, one line at 200 columns.
    expect(r.stderr).toBe(
      "The price is the order endpoint's: once the order has traded, that of its first partial trade. The average price is over all its trades: Σ size×price ÷ Σ size, size = |amount|.\n",
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Price (1st trade)  2412000.00\nAverage price      2411868.6375\n");
    expect(r.stdout).toContain(
      "Trades             3\nFilled             0.05000000\nNotional           120593.4318750000\nFee                -108.5340886875\nTax                -5.4267044344\n",
    );
  });

  it("an order that has not traded: its own price, no average, 0 trades", async () => {
    const r = await sandbox(["order", "get", "21546458", "--fills", "-o", "table"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Price {10}34\.1200\nAverage price {2}-\n/m);
    expect(r.stdout).toMatch(/^Trades {9}0\nFilled {9}-\n/m);
    expect(r.stdout).not.toContain("1st trade");
  });

  it("order trades: the three trades behind it, ids beyond 2^53, and the same summary", async () => {
    const r = await sandbox(["order", "trades", "21545488", "-o", "table"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        "Order 21545488  BTC_TRY  3 trades",
        "TRADE ID             TIME                 SIDE  AMOUNT      PRICE       FEE             TAX",
        "1181163798924649598  2025-06-13 10:59:05  buy   0.02000000  2412000.00  -43.4160000000  -2.1708000000",
        "1181163798924649611  2025-06-13 10:59:31  buy   0.01750000  2411874.50  -37.9870233750  -1.8993511688",
        "1181163798924649630  2025-06-13 10:59:58  buy   0.01250000  2411650.25  -27.1310653125  -1.3565532656",
        "filled 0.05000000 BTC · average price 2411868.6375 TRY · fee -108.5340886875 · tax -5.4267044344",
        "",
      ].join("\n"),
    );
  });

  it("a sell's negative amounts, a rounded average, and an order without trades, as json", async () => {
    const r = await sandbox([
      "order",
      "get",
      "21546344",
      "21545601",
      "21546458",
      "--fills",
      "-o",
      "ndjson",
    ]);
    expect(r.code).toBe(0);
    const fills = r.stdout
      .trimEnd()
      .split("\n")
      .map((line) => line.slice(line.indexOf('"fills":')));
    expect(fills).toEqual([
      // (20×5890.10 + 15.5×5889.75 + 6.5×5888.00) / 42 = 247365.125 / 42 = 5889.645833…
      '"fills":{"count":3,"filledAmount":"42.000000","averagePrice":"5889.64583333333333333333","notional":"247365.12500000","fee":"-222.6286125000","tax":"-11.1314306250"}}',
      // (0.5×131500.50 + 0.2679×131480.25) / 0.7679 = 100973.808975 / 0.7679, rounded at 2+18 places
      '"fills":{"count":2,"filledAmount":"0.76790000","averagePrice":"131493.43531058731605677823","notional":"100973.8089750000","fee":"-90.8764280775","tax":"-4.5438214039"}}',
      '"fills":{"count":0,"filledAmount":null,"averagePrice":null,"notional":null,"fee":null,"tax":null}}',
    ]);
  });

  it("order trades -o tsv keeps preciseAmount's long digits and the negative sell amounts", async () => {
    const r = await sandbox(["order", "trades", "21546344"]);
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe(
      "1181163798924651003\t2025-06-14T00:13:20.010Z\t-20.000000\t-20.00000000000000000000\t-106.0218000000\t-5.3010900000\t5890.10\tSOL\tTRY\tsell\t21546344\t",
    );
  });
});
