import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createExecHook } from "../../../src/commands/declarations/watch-exec.js";
import type { Declaration } from "../../../src/domain/declarations.js";
import { asIs } from "../../../src/i18n/index.js";
import { LosslessNumber } from "../../../src/wire/json.js";
import { tempHome } from "../../helpers/cli.js";
import { memoryIO } from "../../helpers/memory-io.js";

function record(id: string): Declaration {
  return {
    cryptoDepositDeclarationId: new LosslessNumber(id),
    createdAt: "2026-11-24T12:00:00.000Z",
    status: "Pending",
    confirmedAt: null,
    confirmedBy: null,
    firstName: null,
    lastName: null,
    amount: new LosslessNumber("0.8000000000000000"),
    symbol: "BTC",
    address: "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
    memoTag: null,
    lightningInvoice: null,
  };
}

const dir = () => tempHome().HOME;

describe("watch --exec", () => {
  it("runs CMD through the shell with the record on stdin and its id in the environment", async () => {
    const out = dir();
    const io = memoryIO();
    const hook = createExecHook(
      `cat > "${out}/$TRADECTL_DECLARATION_ID.json"; echo seen $TRADECTL_DECLARATION_ID`,
      {
        env: { PATH: process.env.PATH },
        io,
      },
    );
    hook.run(record("9223372036854775807"));
    await hook.settled();
    expect(readFileSync(join(out, "9223372036854775807.json"), "utf8")).toBe(
      '{"cryptoDepositDeclarationId":9223372036854775807,"createdAt":"2026-11-24T12:00:00.000Z","status":"Pending","confirmedAt":null,"confirmedBy":null,"firstName":null,"lastName":null,"amount":0.8000000000000000,"symbol":"BTC","address":"bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh","memoTag":null,"lightningInvoice":null}\n',
    );
    // CMD's output goes to stderr: stdout stays the watch's records.
    expect(io.stdoutText()).toBe("");
    expect(io.stderrText()).toBe("seen 9223372036854775807\n");
  });

  it("reports a failing CMD and goes on with the next", async () => {
    const out = dir();
    const io = memoryIO();
    const hook = createExecHook(
      `if [ "$TRADECTL_DECLARATION_ID" = 1 ]; then exit 3; fi; touch "${out}/$TRADECTL_DECLARATION_ID"`,
      { env: { PATH: process.env.PATH }, io },
    );
    hook.run(record("1"));
    hook.run(record("2"));
    await hook.settled();
    expect(io.stderrText()).toContain("--exec failed for declaration 1: exit 3; the watch goes on");
    expect(io.stderrText()).not.toContain("declaration 2");
    expect(existsSync(join(out, "2"))).toBe(true);
  });

  it("reports a CMD that does not read its stdin only when it fails", async () => {
    const io = memoryIO();
    const hook = createExecHook("true", { env: { PATH: process.env.PATH }, io });
    for (let i = 0; i < 5; i++) hook.run(record(String(i)));
    await hook.settled();
    expect(io.stderrText()).toBe("");
  });

  it("never makes the watch wait for a slow CMD", async () => {
    const out = dir();
    const io = memoryIO();
    // Each CMD waits until the test lets it go: the watch must not.
    const hook = createExecHook(
      `while [ ! -f "${out}/go" ]; do sleep 0.01; done; touch "${out}/done-$TRADECTL_DECLARATION_ID"`,
      { env: { PATH: process.env.PATH }, io, concurrency: 2 },
    );
    for (const id of ["1", "2", "3"]) hook.run(record(id));
    // run() returned for all three while none has finished: two run, one waits its turn.
    expect(hook.running).toBe(2);
    expect(hook.waiting).toBe(1);
    let settled = false;
    const all = hook.settled().then(() => {
      settled = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    writeFileSync(join(out, "go"), "");
    await all;
    for (const id of ["1", "2", "3"]) expect(existsSync(join(out, `done-${id}`))).toBe(true);
    expect(io.stderrText()).toBe("");
  });
});

describe("a watch a signal ended", () => {
  it("exits 143 after SIGTERM (cli.ts aborts with 'terminated') and 130 after Ctrl-C (issue 33, item 5)", async () => {
    const { signalExitCode } = await import("../../../src/commands/declarations/signal-exit.js");
    const { TradectlError } = await import("../../../src/errors.js");
    const term = new AbortController();
    term.abort(new TradectlError("cancelled", asIs("terminated")));
    expect(signalExitCode(term.signal)).toBe(143);
    const int = new AbortController();
    int.abort(new TradectlError("cancelled", asIs("cancelled")));
    expect(signalExitCode(int.signal)).toBe(130);
  });
});
