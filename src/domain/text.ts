/**
 * Case folding for matching what a person typed against a fixed word (a status, an address
 * type, an exchange's name), never for display. Plain `toLowerCase` keeps Turkish apart: `İ`
 * lowers to `i̇` (i + U+0307) and `ı` stays `ı`, so `PENDİNG` or `parıbu` would match nothing.
 * Here the four i's (I, i, İ, ı) meet as `i`, in any locale and in either normalisation form.
 */
export function foldCase(text: string): string {
  // İ and ı escaped: esbuild escapes non-ASCII in strings but not in a regex, and one such
  // character makes V8 hold the whole of dist/cli.cjs two bytes a character (build-fences).
  return text
    .normalize("NFC")
    .replace(/[I\u0130\u0131]/g, "i")
    .toLowerCase()
    .replace(/i\u0307/g, "i");
}

/** Whether two words are the same for a person: folded as above, blanks around ignored. */
export function sameWord(a: string, b: string): boolean {
  return foldCase(a.trim()) === foldCase(b.trim());
}

/**
 * A length as the service counts it: the service is ASP.NET, whose `string.Length` counts
 * UTF-16 code units, so an emoji outside the BMP counts 2 (JavaScript's `length` counts the same).
 */
export function serviceLength(text: string): number {
  return text.length;
}
