import type { Rule } from "../domain/rules.js";
import { configFile } from "./paths.js";
import { ruleEntry, rulesIn, rulesOf } from "./rules.js";
import { ownCopy, type SavedEntries } from "./saved-entries.js";
import { updateConfig } from "./store.js";

/** The rules `rules import` saves, beside the others in the config file (config/rules.ts). */

/** `source key` of every imported rule the config holds (spent and expired ones too). */
export function importedKeys(saved: SavedEntries<Rule>, source: string): Set<string> {
  return new Set(saved.items.filter((r) => r.origin?.source === source).map((r) => r.origin!.key));
}

/**
 * Saves the rules of one import together, under one lock: all of them or, when the file cannot
 * be written, none. A rule whose withdrawal another import saved meanwhile is left out (the
 * same withdrawal imported twice adds nothing), and a name taken meanwhile gets a suffix.
 * Returns the rules saved.
 */
export function saveImported(env: NodeJS.ProcessEnv, incoming: readonly Rule[]): Promise<Rule[]> {
  return updateConfig(configFile(env), (config) => {
    const rules = ownCopy(rulesIn(config));
    const present = rulesOf(config).items;
    const keys = new Set(
      present.map((r) => (r.origin ? `${r.origin.source} ${r.origin.key}` : "")),
    );
    const saved: Rule[] = [];
    for (const rule of incoming) {
      const key = rule.origin ? `${rule.origin.source} ${rule.origin.key}` : "";
      if (key !== "" && keys.has(key)) continue;
      keys.add(key);
      let name = rule.name;
      for (let n = 2; Object.hasOwn(rules, name); n++) name = `${rule.name}-${n}`;
      const named = { ...rule, name };
      rules[name] = ruleEntry(named);
      saved.push(named);
    }
    config.rules = rules;
    return saved;
  });
}
