/**
 * Text from the server is untrusted: a memo tag holding `ESC ] 52 ;…` could write the user's
 * clipboard, `ESC [ 2 J` clear the screen, a bidi override reorder what is shown. Every C0 and
 * C1 control character, DEL, the bidi embedding/override/isolate marks and the line and paragraph
 * separators (U+2028/U+2029, which end a line for some readers) are replaced by a
 * visible `\xHH` / `\u{HHHH}` escape, so the bytes that would start a sequence never reach the
 * terminal and the user can still see that something odd was there.
 */
export const UNSAFE_CHARACTERS =
  /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u2028\u2029]/g;

export function sanitize(text: string): string {
  return text.replace(UNSAFE_CHARACTERS, (ch) => {
    const code = ch.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;
  });
}
