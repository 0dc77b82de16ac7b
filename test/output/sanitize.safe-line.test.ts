import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { createIO } from "../../src/output/io.js";
import { safeChoice, safeLine } from "../../src/output/sanitize.js";
import { memoryIO, Sink } from "../helpers/memory-io.js";

const HOSTILE = "a\u001b]52;c;cm0=\u0007b\u009b2J\u202e";
const SHOWN = "a\\x1b]52;c;cm0=\\x07b\\x9b2J\\u{202e}";

describe("safeLine", () => {
  it("escapes what a terminal acts on; keeps line breaks only when asked", () => {
    expect(safeLine(`${HOSTILE}\nnext`, { styles: false, breaks: true })).toBe(`${SHOWN}\nnext`);
    expect(safeLine(`${HOSTILE}\nnext`, { styles: false, breaks: false })).toBe(
      `${SHOWN}\\x0anext`,
    );
  });

  it("keeps colour sequences only when the stream has colour on", () => {
    const red = "\u001b[31merror:\u001b[39m";
    expect(safeLine(`${red} ${HOSTILE}`, { styles: true, breaks: false })).toBe(`${red} ${SHOWN}`);
    expect(safeLine(red, { styles: false, breaks: false })).toBe("\\x1b[31merror:\\x1b[39m");
    // Anything but a colour (a clear screen) is escaped even with colour on.
    expect(safeLine("\u001b[2J", { styles: true, breaks: false })).toBe("\\x1b[2J");
  });
});

describe("the output edge neutralises", () => {
  it("io.info and io.warn make server text safe; io.error is one line", () => {
    const io = memoryIO();
    io.info(`status ${HOSTILE}`);
    io.warn(`warning ${HOSTILE}\nsecond line`);
    io.error(`the server said ${HOSTILE}\nforged`);
    expect(io.stderrText()).toBe(
      `status ${SHOWN}\nwarning ${SHOWN}\nsecond line\nerror: the server said ${SHOWN}\\x0aforged\n`,
    );
  });

  it("io.debug writes one line, escaped, behind [debug]", () => {
    const io = memoryIO();
    io.debug(`< {"message":"${HOSTILE}"}\n`);
    expect(io.stderrText()).toBe(`[debug] < {"message":"${SHOWN}"}\\x0a\n`);
  });

  it("a prompt's choice is made safe; its value is left as it is", () => {
    expect(safeChoice({ name: HOSTILE, value: HOSTILE, description: "\u0007" })).toEqual({
      name: SHOWN,
      value: HOSTILE,
      description: "\\x07",
    });
  });
});

describe("io.interactive", () => {
  const io = (stdoutTTY: boolean, stdinTTY: boolean, noInput = false) =>
    createIO({
      stdout: new Sink(stdoutTTY),
      stderr: new Sink(true),
      stdin: Object.assign(new PassThrough(), { isTTY: stdinTTY }),
      env: {},
      noInput,
    });

  it("needs a person at stdin, stdout and stderr, and no --no-input", () => {
    expect(io(true, true).interactive()).toBe(true);
    expect(io(false, true).interactive()).toBe(false);
    expect(io(false, true).canPrompt()).toBe(true);
    expect(io(true, false).interactive()).toBe(false);
    expect(io(true, true, true).interactive()).toBe(false);
  });
});
