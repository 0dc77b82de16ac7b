/** A key goes into an HTTP header as is: printable ASCII without spaces, nothing else. */
export function keyProblem(key: string): string | null {
  if (key === "") return "the public key is empty";
  if (!/^[\x21-\x7e]+$/.test(key)) {
    return "the public key contains spaces or characters that cannot be sent in a header";
  }
  return null;
}
