/**
 * A key goes into an HTTP header as is: printable ASCII without spaces, nothing else. The
 * problem is a catalog entry: the spec's error and the prompt's validation say it in the run's
 * language (English: `msg(problem)`).
 */
export function keyProblem(key: string): "auth.keyEmpty" | "auth.keyBadCharacters" | null {
  if (key === "") return "auth.keyEmpty";
  if (!/^[\x21-\x7e]+$/.test(key)) return "auth.keyBadCharacters";
  return null;
}
