/**
 * A count with its noun, "1 page" and "3 pages": the one way text for people says how many.
 * `many` for nouns whose plural is not `one` + "s".
 */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
