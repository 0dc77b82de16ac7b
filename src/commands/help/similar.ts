import { foldCase } from "../../domain/text.js";
import { msg, type Text } from "../../i18n/index.js";

/** Edit distance with adjacent swaps counted as one edit ("lsit" is one step from "list"). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The candidates nearest to a mistyped word, in the spirit of commander's own suggestions: at
 * most a third of the word may differ, so a wild guess gets no suggestion rather than a bad one.
 */
export function similar(word: string, candidates: readonly string[]): string[] {
  const typed = foldCase(word);
  let best = Number.POSITIVE_INFINITY;
  let found: string[] = [];
  for (const candidate of new Set(candidates)) {
    const distance = editDistance(typed, foldCase(candidate));
    if (distance > Math.max(1, Math.floor(candidate.length / 3))) continue;
    if (distance < best) {
      best = distance;
      found = [candidate];
    } else if (distance === best) {
      found.push(candidate);
    }
  }
  return found.sort();
}

/** " (Did you mean X?)" as commander words it, or "" when nothing is near. */
export function suggestion(word: string, candidates: readonly string[]): Text | "" {
  const found = similar(word, candidates);
  if (found.length === 0) return "";
  return found.length === 1
    ? msg("help.didYouMean", { word: found[0]! })
    : msg("help.didYouMeanOneOf", { words: found.join(", ") });
}
