import { expect, it } from "vitest";
import { readCapped } from "../../src/api/read-response.js";
import { jsonPaths, parseScanned, scanBody, stringifyLossless } from "../../src/wire/json.js";

async function* chunks(...parts: Buffer[]) {
  yield* parts;
}

/**
 * The transport tells the parse that a body's text was decoded from bytes (scanBody's
 * `decoded`), which spares it a check for lone surrogates over the whole text: a record's own
 * text is its compact form only without one. The premise, checked here: decoding never yields
 * a lone surrogate, even from bytes that encode one (or half of a pair, cut across chunks).
 */
it("a body read from bytes holds no lone surrogate, whatever the bytes", async () => {
  const encodedSurrogate = Buffer.from([0xed, 0xa0, 0x80]);
  const emoji = Buffer.from("😀", "utf8");
  const text = await readCapped(
    chunks(Buffer.from('["a'), encodedSurrogate, emoji.subarray(0, 2), Buffer.from('"]')),
    undefined,
  );
  expect((text as unknown as { isWellFormed(): boolean }).isWellFormed()).toBe(true);
  expect(JSON.parse(text)).toEqual(["a\ufffd\ufffd\ufffd\ufffd"]);
});

it("a scan marked decoded is trusted: the page's records keep their own text without the check", () => {
  // Such a text cannot come from bytes (above); given anyway, the check is visibly skipped.
  const text = '[{"b":"\ud800"}]';
  const before = jsonPaths.stringifyOwn;
  const [unchecked] = parseScanned(text, scanBody(text, 256, true)) as object[];
  expect(stringifyLossless(unchecked)).toBe('{"b":"\ud800"}');
  expect(jsonPaths.stringifyOwn - before).toBe(1);
  const [checked] = parseScanned(text, scanBody(text, 256)) as object[];
  expect(stringifyLossless(checked)).toBe('{"b":"\\ud800"}');
  expect(jsonPaths.stringifyOwn - before).toBe(1);
});
