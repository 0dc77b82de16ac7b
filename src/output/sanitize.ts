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

/** A colour or style of our own (chalk's SGR `ESC [ … m`): the one escape a styled line keeps. */
const SGR = /\u001b\[[0-9;]*m/g;

/**
 * Text for people on a terminal (stderr's status, warnings, errors and hints), safe whatever
 * server text it quotes: colour sequences are kept when the stream has colour on (ours, from
 * chalk; at worst server text could recolour its own line), and line breaks when `breaks` (a
 * plan or a summary spans lines); everything else a terminal acts on is escaped as `sanitize`
 * escapes it.
 */
export function safeLine(
  text: string,
  { styles, breaks }: { styles: boolean; breaks: boolean },
): string {
  const clean = (part: string) =>
    breaks ? part.split("\n").map(sanitize).join("\n") : sanitize(part);
  if (!styles) return clean(text);
  let out = "";
  let at = 0;
  for (const match of text.matchAll(SGR)) {
    out += clean(text.slice(at, match.index)) + match[0];
    at = match.index + match[0].length;
  }
  return out + clean(text.slice(at));
}

/**
 * A prompt's choice made safe to show (its name, short form and description may be server
 * text: an exchange's name, a deposit's address); its value is left as it is.
 */
export function safeChoice<C>(choice: C): C {
  if (typeof choice !== "object" || choice === null) return choice;
  const out: Record<string, unknown> = { ...(choice as Record<string, unknown>) };
  for (const key of ["name", "short", "description"]) {
    if (typeof out[key] === "string") out[key] = sanitize(out[key] as string);
  }
  return out as C;
}
