/**
 * Help text (commander's, and the notes and examples our commands add) fitted to `width`: a
 * line of prose that is too long is broken at spaces, its indentation kept. Lines that are to
 * be copied stay whole: an example command (`$ …`, and the lines that go on from one ending in
 * `\`) and a line of JSON. No width library: help is loaded at every start, and its text is
 * ASCII but for a few symbols one cell wide (…, •), so code points are cells here.
 */
export function wrapHelpText(text: string, width: number): string {
  const out: string[] = [];
  let continued = false;
  for (const line of text.split("\n")) {
    const indent = /^ */.exec(line)![0];
    const body = line.slice(indent.length);
    const verbatim: boolean = continued || body.startsWith("$ ") || /^[{["]/.test(body);
    continued = verbatim && line.endsWith("\\");
    const room = width - indent.length;
    if (verbatim || cells(line) <= width || room < 20) {
      out.push(line);
      continue;
    }
    let current = "";
    for (const word of body.split(/ +/)) {
      if (current !== "" && cells(current) + 1 + cells(word) > room) {
        out.push(indent + current);
        current = word;
      } else current = current === "" ? word : `${current} ${word}`;
    }
    out.push(indent + current);
  }
  return out.join("\n");
}

const cells = (text: string) => [...text].length;
