/**
 * Help text (commander's, and the notes and examples our commands add) fitted to `width`: a
 * line of prose that is too long is broken at spaces, its indentation kept; a row of a
 * two-column list (`  term   what it does`) keeps its columns, its text going on under the
 * text. An example command (`$ …`, and the lines it goes on over with `\`) too long is broken
 * where the shell allows (breakCommand), so it still runs when pasted. A line of JSON stays
 * whole. No width library: help is loaded at every
 * start, and its text is ASCII but for a few symbols one cell wide (…, •), so code points are
 * cells here.
 */
export function wrapHelpText(text: string, width: number): string {
  const lines = text.split("\n");
  // Every line fits: each branch below keeps a line that fits as it is, so the text is done
  // (the usual case: commander already wrapped its part at this width).
  // (A line no longer in UTF-16 units than `width` holds no more code points than that.)
  if (lines.every((line) => line.length <= width || cells(line) <= width)) return text;
  const out: string[] = [];
  let continued = false;
  // The indentation of the command a continued line belongs to, or null (not a command).
  let command: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const indent = /^ */.exec(line)![0];
    const body = line.slice(indent.length);
    if (body.startsWith("$ ")) command = indent;
    else if (!continued) command = null;
    // A blank line parts paragraphs; it never starts one.
    const verbatim: boolean =
      body === "" ||
      continued ||
      body.startsWith("$ ") ||
      /^[{["]/.test(body) ||
      line.endsWith("\\");
    continued = line.endsWith("\\");
    if (verbatim) {
      if (command !== null && cells(line) > width) {
        const under = body.startsWith("$ ") ? `${indent}    ` : indent;
        out.push(...breakCommand(line, width, under));
      } else out.push(line);
      continue;
    }
    // A list row: the text starts after the term and a gap of two or more spaces, and the
    // lines under that text go on with it.
    const row = /^(\S(?:.*?\S)?)( {2,})(\S.*)$/.exec(body);
    const hanging = row ? indent.length + cells(row[1]!) + row[2]!.length : 0;
    if (row && width - hanging >= 20) {
      let end = i + 1;
      while (end < lines.length && isUnder(lines[end]!, hanging)) end++;
      const group = lines.slice(i, end);
      if (group.every((l) => cells(l) <= width)) out.push(...group);
      else {
        const words = [row[3]!, ...group.slice(1).map((l) => l.trim())].join(" ");
        const [first, ...rest] = fill(words, width - hanging);
        out.push(indent + row[1]! + row[2]! + first);
        for (const next of rest) out.push(" ".repeat(hanging) + next);
      }
      i = end - 1;
    } else if (width - indent.length >= 20) {
      // A paragraph of prose: this line and those that go on with it (at its indentation, or
      // hanging under its first line). Kept as written where every line fits; else filled
      // again as one, so a line broken near the width leaves no short stub before the next.
      const on = i + 1 < lines.length ? /^ */.exec(lines[i + 1]!)![0].length : 0;
      // A line ending in ':' heads what is under it; it is not a paragraph's first line.
      const hanging = on > indent.length && !body.endsWith(":") ? on : indent.length;
      let end = i + 1;
      while (end < lines.length && goesOn(lines[end]!, hanging)) end++;
      const group = lines.slice(i, end);
      if (group.every((l) => cells(l) <= width)) out.push(line);
      else {
        const words = [body, ...group.slice(1).map((l) => l.trim())].join(" ");
        const [first, ...rest] = fill(words, width - hanging);
        out.push(indent + first);
        for (const next of rest) out.push(" ".repeat(hanging) + next);
        i = end - 1;
      }
    } else out.push(line);
  }
  return out.join("\n");
}

/**
 * An example command longer than `width`, broken where the shell allows: at a space outside
 * quotes, each line but the last ending in ` \\`, the lines after the first indented by
 * `under`. A flag stays with its value and a `# comment` stays whole. Pasted, it runs as the
 * one line did. A line with a quote left open (a string going on over lines) stays whole.
 */
function breakCommand(line: string, width: number, under: string): string[] {
  const indent = /^ */.exec(line)![0];
  let body = line.slice(indent.length);
  const goesOn = body.endsWith("\\");
  if (goesOn) body = body.slice(0, -1).trimEnd();
  const words = shellWords(body);
  if (words === null) return [line];
  const units: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const next = words[i + 1];
    if (word.startsWith("#")) {
      units.push(words.slice(i).join(" "));
      break;
    }
    const takesNext = /^--?[A-Za-z]/.test(word) && next !== undefined && !/^[-#|&;<>]/.test(next);
    units.push(takesNext ? `${word} ${next}` : word);
    if (takesNext) i++;
  }
  const lines: string[] = [];
  let current = indent + units[0]!;
  for (const unit of units.slice(1)) {
    // Room for the unit, and for the " \\" that would end the line if another follows.
    if (cells(current) + 1 + cells(unit) + 2 > width && current.trim() !== "$") {
      lines.push(`${current} \\`);
      current = under + unit;
    } else current = `${current} ${unit}`;
  }
  lines.push(goesOn ? `${current} \\` : current);
  return lines;
}

/** A shell line's words, split at spaces outside quotes (quotes kept); null if one is left open. */
function shellWords(text: string): string[] | null {
  const words: string[] = [];
  let word = "";
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === null && c === " ") {
      if (word !== "") words.push(word);
      word = "";
      continue;
    }
    word += c;
    if (c === "\\" && quote !== "'" && i + 1 < text.length) word += text[++i];
    else if (quote === null && (c === "'" || c === '"')) quote = c;
    else if (c === quote) quote = null;
  }
  if (word !== "") words.push(word);
  return quote === null ? words : null;
}

/** A line of prose that goes on with the paragraph above: indented to `hanging`, not copied. */
function goesOn(line: string, hanging: number): boolean {
  const body = line.slice(hanging);
  return (
    /^ */.exec(line)![0].length === hanging &&
    body !== "" &&
    !body.startsWith("$ ") &&
    !/^[{["]/.test(body) &&
    !line.endsWith("\\") &&
    !/^\S(?:.*?\S)? {2,}\S/.test(body)
  );
}

/** A line that goes on with a list row's text: indented exactly to it, and not to be copied. */
function isUnder(line: string, hanging: number): boolean {
  const indent = /^ */.exec(line)![0].length;
  const body = line.slice(indent);
  return indent === hanging && body !== "" && !body.startsWith("$ ") && !/^[{["]/.test(body);
}

/** Words of `text` in lines of at most `room` cells (a longer word stands alone). */
function fill(text: string, room: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/ +/)) {
    if (current !== "" && cells(current) + 1 + cells(word) > room) {
      lines.push(current);
      current = word;
    } else current = current === "" ? word : `${current} ${word}`;
  }
  lines.push(current);
  return lines;
}

/**
 * A list in help text: each term padded to the widest, two spaces, its text (as commander lists
 * commands), the rows wrapHelpText keeps in their columns. Help's own lists only: a table of
 * data is output/table.ts's (cli-table3, which no `--help` loads).
 */
export function helpList(
  rows: readonly (readonly [term: string, text: string])[],
  indent = "  ",
): string {
  const width = Math.max(0, ...rows.map(([term]) => cells(term)));
  return rows
    .map(([term, text]) => `${indent}${term}${" ".repeat(width - cells(term))}  ${text}`)
    .join("\n");
}

/** Code points, counted without making an array of them (this runs over every help line). */
function cells(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
