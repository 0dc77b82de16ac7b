// string-width (the measure of cli-table3 and output/narrowing.ts) with a fast path, swapped in
// for it by scripts/build.js. string-width runs emoji-regex, a regular expression so large that
// compiling it on first use cost --help several ms for a four-row table of plain text. Plain
// printable ASCII and `…`, bare or inside SGR colour codes (`ESC [ 1;31 m`), is as wide as it
// is long; anything else goes to string-width itself, loaded on first need.
// test/output/lean-shims.test.ts checks both give the same width.
"use strict";

let slow;

/** The width when `text` is printable ASCII, `…` and SGR codes only; -1 for anything else. */
function fastWidth(text) {
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 0x20 && c <= 0x7e) || c === 0x2026) {
      // Printable ASCII, and the ellipsis cli-table3 measures for every cell it might cut.
      width++;
    } else if (c === 0x1b && text.charCodeAt(i + 1) === 0x5b) {
      // ESC [ then numbers of at most 4 digits, separated by ';', then 'm'.
      let j = i + 2;
      let digits = 0;
      for (;;) {
        const d = text.charCodeAt(j);
        if (d >= 0x30 && d <= 0x39) {
          if (++digits > 4) return -1;
        } else if (d === 0x3b) {
          digits = 0;
        } else if (d === 0x6d) {
          break;
        } else {
          return -1;
        }
        j++;
      }
      i = j;
    } else {
      return -1;
    }
  }
  return width;
}

function stringWidth(text) {
  if (typeof text === "string") {
    const width = fastWidth(text);
    if (width >= 0) return width;
  }
  slow ??= require("string-width");
  return slow(text);
}

module.exports = stringWidth;
module.exports.default = stringWidth;
