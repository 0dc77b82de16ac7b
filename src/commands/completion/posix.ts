import { allNodes, type CommandNode, flagNames } from "./model.js";

/** A word inside double quotes in a `case` pattern or a string (bash and zsh alike). */
export const dq = (text: string) => `"${text.replace(/["\\$`]/g, "\\$&")}"`;

/** `"PATH|NAME"` patterns of a flag at one command path, joined for a `case` branch. */
export const flagPatterns = (path: string, names: readonly string[]) =>
  names.map((name) => dq(`${path}|${name}`)).join("|");

/**
 * The two shell functions bash and zsh share to walk the words before the cursor the way
 * commander parses them: which command a word leads to (names and aliases), and which flags
 * swallow the next word. Both shells run the same text, so it is written once.
 */
export function walkFunctions(root: CommandNode): string {
  const nodes = allNodes(root);
  const children: string[] = [];
  const valueFlags: string[] = [];
  for (const node of nodes) {
    for (const child of node.children) {
      const patterns = [child.name, ...child.aliases].map((w) => dq(`${node.path}|${w}`));
      children.push(`    ${patterns.join("|")}) REPLY=${dq(child.path)} ;;`);
    }
    if (node === root) continue;
    for (const flag of node.flags.filter((f) => f.values !== null)) {
      valueFlags.push(`    ${flagPatterns(node.path, flagNames(flag))}) return 0 ;;`);
    }
  }
  const globalNames = root.flags.filter((f) => f.values !== null).flatMap(flagNames);

  return `# _tradectl_child PATH WORD: the command path WORD leads to from PATH, in REPLY.
_tradectl_child() {
  case "$1|$2" in
${children.join("\n")}
    *) return 1 ;;
  esac
}

# _tradectl_value_flag PATH FLAG: succeeds when FLAG takes a value at PATH.
_tradectl_value_flag() {
  case "$2" in
    ${globalNames.map(dq).join("|")}) return 0 ;;
  esac
  case "$1|$2" in
${valueFlags.join("\n")}
  esac
  return 1
}`;
}
