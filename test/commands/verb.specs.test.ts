import type { OptionValues } from "@commander-js/extra-typings";
import { Command, CommanderError } from "commander";
import { describe, expect, it } from "vitest";
import { doctorVerb } from "../../src/commands/auth/doctor-spec.js";
import { loginVerb } from "../../src/commands/auth/login-spec.js";
import { logoutVerb } from "../../src/commands/auth/logout-spec.js";
import { statusVerb } from "../../src/commands/auth/status-spec.js";
import { completeVerb, completionVerb } from "../../src/commands/completion/completion-spec.js";
import type { CommandContext } from "../../src/commands/context.js";
import { watchVerb } from "../../src/commands/declarations/watch-spec.js";
import { exchangesListVerb } from "../../src/commands/exchanges/list-spec.js";
import { helpVerb } from "../../src/commands/help/help-spec.js";
import { orderGetVerb } from "../../src/commands/order/get-spec.js";
import { orderTradesVerb } from "../../src/commands/order/trades-spec.js";
import { resetVerb } from "../../src/commands/sandbox/reset-spec.js";
import { serveVerb } from "../../src/commands/sandbox/serve-spec.js";
import { addVerb, optionsFromArgv, type Verb } from "../../src/commands/verb.js";
import { TradectlError } from "../../src/errors.js";
import { inEnglish } from "../../src/i18n/index.js";

/**
 * The error `argv` gets from the verb's spec when run through the CLI's wiring (addVerb), and
 * whether the run was imported: a bad flag must be refused before the run is even loaded.
 */
async function refusal<A extends unknown[], F extends OptionValues, O>(
  verb: Verb<A, F, O>,
  argv: readonly string[],
): Promise<{ error: TradectlError; runLoaded: boolean }> {
  let runLoaded = false;
  const parent = new Command("parent").exitOverride();
  const spied: Verb<A, F, O> = {
    ...verb,
    run: () => {
      runLoaded = true;
      return verb.run();
    },
  };
  // No streams, no client: a run that got this far would fail on the empty context.
  addVerb(parent, spied, async (_command, action) => {
    await action({} as CommandContext);
  });
  const command = verb.command().name();
  try {
    await parent.parseAsync([command, ...argv], { from: "user" });
  } catch (error) {
    expect(error).toBeInstanceOf(TradectlError);
    return { error: error as TradectlError, runLoaded };
  }
  throw new Error(`${command} ${argv.join(" ")} was not refused`);
}

// Each spec turns argv into its run's options with no I/O: no server, no context.
describe("order get: spec", () => {
  it("ids canonical, in the order given; --fills a boolean; --fields as names", () => {
    expect(optionsFromArgv(orderGetVerb, ["0021545488", "9223372036854775807"])).toEqual({
      ids: { fromStdin: false, ids: ["21545488", "9223372036854775807"] },
      fills: false,
      fields: undefined,
    });
    expect(
      optionsFromArgv(orderGetVerb, ["7", "--fills", "--fields", "id,fills.averagePrice"]),
    ).toEqual({
      ids: { fromStdin: false, ids: ["7"] },
      fills: true,
      fields: ["id", "fills.averagePrice"],
    });
    // `-` alone: the ids are stdin's lines, read by the run; with other ids it is refused.
    expect(optionsFromArgv(orderGetVerb, ["-"])).toMatchObject({ ids: { fromStdin: true } });
  });

  it("'-' with other ids is refused before the run is loaded", async () => {
    const { error, runLoaded } = await refusal(orderGetVerb, ["12", "-"]);
    expect(runLoaded).toBe(false);
    expect(error.message).toBe("'-' reads the order ids from stdin: give it alone");
  });

  it("every bad id is named at once, before the run is loaded", async () => {
    const { error, runLoaded } = await refusal(orderGetVerb, ["12", "abc", "-3"]);
    expect(runLoaded).toBe(false);
    expect(error.kind).toBe("usage");
    expect(error.message).toMatch(/^order id 'abc' /);
    expect(error.details).toHaveLength(1);
    expect(inEnglish(error.details[0]!)).toMatch(/^order id '-3' /);
  });

  it("fills.* names only with --fills, refused by name without it", async () => {
    const { error, runLoaded } = await refusal(orderGetVerb, ["7", "--fields", "fills.count"]);
    expect(runLoaded).toBe(false);
    expect(error.message).toBe("unknown field 'fills.count' in --fields");
    expect(
      optionsFromArgv(orderGetVerb, ["7", "--fills", "--fields", "fills.count"]).fields,
    ).toEqual(["fills.count"]);
  });
});

describe("order trades: spec", () => {
  it("ids canonical; --fields as names", () => {
    expect(optionsFromArgv(orderTradesVerb, ["0012", " 34", "--fields", "price, amount"])).toEqual({
      ids: { fromStdin: false, ids: ["12", "34"] },
      fields: ["price", "amount"],
    });
  });

  it("a bad id or field is refused before the run is loaded", async () => {
    const id = await refusal(orderTradesVerb, ["1.5"]);
    expect(id.runLoaded).toBe(false);
    expect(id.error.message).toMatch(/^order id '1\.5' /);
    const field = await refusal(orderTradesVerb, ["1", "--fields", "price,price"]);
    expect(field.runLoaded).toBe(false);
    expect(field.error.message).toBe("--fields names 'price' twice");
  });
});

describe("exchanges list: spec", () => {
  it("--fields as names, or all fields", () => {
    expect(optionsFromArgv(exchangesListVerb, [])).toEqual({ fields: undefined });
    expect(optionsFromArgv(exchangesListVerb, ["--fields", "name,id"])).toEqual({
      fields: ["name", "id"],
    });
  });

  it("an unknown field is refused before the run is loaded, with the valid names", async () => {
    const { error, runLoaded } = await refusal(exchangesListVerb, ["--fields", "NAME"]);
    expect(runLoaded).toBe(false);
    expect(error.message).toBe(
      "unknown field 'NAME' in --fields (did you mean name? names are case-sensitive)",
    );
    expect(inEnglish(error.hint!)).toBe(
      "valid fields (comma-separated, in the order wanted): id, name",
    );
  });
});

describe("auth login: spec", () => {
  it("--key trimmed; --with-secret-stdin a boolean; no --key means ask; the keyring unless --insecure-storage", () => {
    expect(optionsFromArgv(loginVerb, ["--key", "  AbC-123_x  ", "--with-secret-stdin"])).toEqual({
      key: "AbC-123_x",
      withSecretStdin: true,
      insecureStorage: false,
    });
    expect(optionsFromArgv(loginVerb, ["--insecure-storage"])).toEqual({
      key: undefined,
      withSecretStdin: false,
      insecureStorage: true,
    });
  });

  it("a --key that cannot go into a header is refused before the run is loaded", async () => {
    const spaced = await refusal(loginVerb, ["--key", "abc def"]);
    expect(spaced.runLoaded).toBe(false);
    expect(spaced.error.kind).toBe("usage");
    expect(spaced.error.message).toBe(
      "the public key contains spaces or characters that cannot be sent in a header",
    );
    const empty = await refusal(loginVerb, ["--key", "   "]);
    expect(empty.runLoaded).toBe(false);
    expect(empty.error.message).toBe("the public key is empty");
  });
});

describe("auth status, auth logout and auth doctor: specs", () => {
  it("take no flags of their own: empty options, and a stray word is commander's refusal", () => {
    for (const verb of [statusVerb, logoutVerb, doctorVerb]) {
      expect(optionsFromArgv(verb, [])).toEqual({});
      expect(() => optionsFromArgv(verb, ["default"])).toThrow(CommanderError);
      expect(() => optionsFromArgv(verb, ["--key", "x"])).toThrow(CommanderError);
    }
  });
});

describe("sandbox serve and sandbox reset: specs", () => {
  it("serve: loopback host trimmed, port a number (0: a free one), state and faults as given", () => {
    expect(optionsFromArgv(serveVerb, [])).toEqual({
      host: "127.0.0.1",
      port: 0,
      state: undefined,
      faults: undefined,
      arrivals: undefined,
    });
    expect(
      optionsFromArgv(serveVerb, [
        "--host",
        " [::1] ",
        "--port",
        "8080",
        "--state",
        "./s.json",
        "--faults",
        "latency=5",
        "--arrivals",
        "every=5s",
      ]),
    ).toEqual({
      host: "[::1]",
      port: 8080,
      state: "./s.json",
      faults: "latency=5",
      arrivals: "every=5s",
    });
  });

  it("serve: a host off this machine or a bad port is refused before the run is loaded", async () => {
    const host = await refusal(serveVerb, ["--host", "0.0.0.0"]);
    expect(host.runLoaded).toBe(false);
    expect(host.error.message).toBe("refusing to serve the sandbox on '0.0.0.0'");
    const port = await refusal(serveVerb, ["--port", "65536"]);
    expect(port.runLoaded).toBe(false);
    expect(port.error.message).toBe("--port must be a whole number from 0 to 65535, got '65536'");
  });

  it("reset: --state as given, or undefined for the default file", () => {
    expect(optionsFromArgv(resetVerb, [])).toEqual({ state: undefined });
    expect(optionsFromArgv(resetVerb, ["--state", "x.json"])).toEqual({ state: "x.json" });
  });
});

describe("completion and __complete: specs", () => {
  const program = new Command("tradectl");

  it("completion: the shell folded to lower case, with the program to cut the script from", () => {
    const options = optionsFromArgv(completionVerb(program), ["ZSH"]);
    expect(options.shell).toBe("zsh");
    expect(options.program).toBe(program);
  });

  it("completion: an unknown shell is refused before the run is loaded", async () => {
    const { error, runLoaded } = await refusal(completionVerb(program), ["powershell"]);
    expect(runLoaded).toBe(false);
    expect(error.message).toBe("no completion for shell 'powershell'");
    expect(inEnglish(error.hint!)).toBe(
      "choose one of bash, zsh, fish: e.g. source <(tradectl completion bash)",
    );
  });

  it("__complete: only profiles or senders, and hidden", async () => {
    expect(optionsFromArgv(completeVerb, ["profiles"])).toEqual({ source: "profiles" });
    expect(optionsFromArgv(completeVerb, ["senders"])).toEqual({ source: "senders" });
    const { error, runLoaded } = await refusal(completeVerb, ["secrets"]);
    expect(runLoaded).toBe(false);
    expect(error.message).toBe("cannot complete 'secrets'");
    const parent = new Command("parent");
    addVerb(parent, completeVerb, async () => {});
    expect(
      parent
        .createHelp()
        .visibleCommands(parent)
        .map((c) => c.name()),
    ).not.toContain("__complete");
  });
});

describe("help: spec", () => {
  it("the words as typed, with the program to look them up in", () => {
    const program = new Command("tradectl");
    expect(optionsFromArgv(helpVerb(program), ["declarations", "list"])).toEqual({
      words: ["declarations", "list"],
      program,
    });
    expect(optionsFromArgv(helpVerb(program), []).words).toEqual([]);
  });
});

describe("declarations watch: spec", () => {
  it("--fields is checked in the spec and carried as names", async () => {
    expect(optionsFromArgv(watchVerb, ["--fields", "amount,symbol"]).fields).toEqual([
      "amount",
      "symbol",
    ]);
    const { error, runLoaded } = await refusal(watchVerb, ["--fields", "amount,nope"]);
    expect(runLoaded).toBe(false);
    expect(error.message).toBe("unknown field 'nope' in --fields");
  });
});
