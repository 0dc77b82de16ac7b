import { TradectlError } from "../errors.js";
import { type MessageKey, msg, type ParamArgs, type Text } from "../i18n/index.js";
import { configFile } from "./paths.js";
import { type ConfigFile, updateConfig } from "./store.js";

/**
 * The config file's named collections, `senders` and `rules`: an object of entries by name. One
 * rule for both, here once:
 * - an entry tradectl cannot use (hand edited, or written by another version) is kept with its
 *   reason and reported, never dropped in silence, and never rewritten by a save of another;
 * - an unknown name is answered with every name the file holds, readable or not;
 * - removing works for an unreadable entry too (that is how one is got rid of), and is decided
 *   under the file's lock, against the file as it is then.
 */
export type SavedKind = "senders" | "rules";

/** An entry that is not a sender or rule this version can use: its name and why. */
export interface UnreadableEntry {
  name: string;
  /** Why, as a text for people (a warning's, an error's parameter). */
  why: Text;
}

/** The entry `name` as unreadable, for the reason `key` says. */
export function unreadableEntry<K extends MessageKey>(
  name: string,
  key: K,
  ...params: ParamArgs<K>
): UnreadableEntry {
  return { name, why: msg(key, ...params) };
}

/** A collection as read: the entries that could be read and those that could not, by name. */
export interface SavedEntries<T> {
  items: T[];
  unreadable: UnreadableEntry[];
}

/** The collection's entries by name; none when the file has no such object. */
export function entriesIn(config: ConfigFile, kind: SavedKind): Record<string, unknown> {
  const entries = config[kind];
  return typeof entries === "object" && entries !== null && !Array.isArray(entries)
    ? (entries as Record<string, unknown>)
    : {};
}

/** A copy with no prototype, so an entry may be called `__proto__` and stay an entry. */
export function ownCopy(record: Record<string, unknown>): Record<string, unknown> {
  return Object.assign(Object.create(null) as Record<string, unknown>, record);
}

const byName = (a: { name: string }, b: { name: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

const isUnreadable = (read: object): read is UnreadableEntry => "why" in read;

/** Every entry of the collection read by `read` (an item, or why it is none), each by name. */
export function readEntries<T extends { name: string }>(
  config: ConfigFile,
  kind: SavedKind,
  read: (name: string, entry: unknown) => T | UnreadableEntry,
): SavedEntries<T> {
  const items: T[] = [];
  const unreadable: UnreadableEntry[] = [];
  for (const [name, entry] of Object.entries(entriesIn(config, kind))) {
    const one = read(name, entry);
    if (isUnreadable(one)) unreadable.push(one);
    else items.push(one);
  }
  return { items: items.sort(byName), unreadable: unreadable.sort(byName) };
}

/** The names the collection holds, readable or not (for an unknown name's error). */
export function savedNames(saved: SavedEntries<{ name: string }>): string[] {
  return [...saved.items, ...saved.unreadable].map((e) => e.name).sort();
}

/** How an unknown name is answered, by collection. */
const UNKNOWN = {
  senders: { unknown: "savedSender.unknown", known: "savedSender.known", none: "savedSender.none" },
  rules: { unknown: "savedRule.unknown", known: "savedRule.known", none: "savedRule.none" },
} as const;

/** No entry `name`: the usage error lists the names the file holds, readable or not. */
function unknownEntry(kind: SavedKind, name: string, held: readonly string[]): TradectlError {
  const texts = UNKNOWN[kind];
  const hint = held.length > 0 ? msg(texts.known, { names: held.join(", ") }) : msg(texts.none);
  return new TradectlError("usage", msg(texts.unknown, { name }), { hint });
}

/**
 * The entry `name` of the collection as read; one that cannot be read is refused with
 * `unreadable`'s error, an unknown name with every name the file holds.
 */
export function findEntry<T extends { name: string }>(
  saved: SavedEntries<T>,
  kind: SavedKind,
  name: string,
  unreadable: (entry: UnreadableEntry) => TradectlError,
): T {
  const found = saved.items.find((e) => e.name === name);
  if (found) return found;
  const broken = saved.unreadable.find((e) => e.name === name);
  if (broken) throw unreadable(broken);
  throw unknownEntry(kind, name, savedNames(saved));
}

/** Saves (or replaces) the entry `name` under the lock; true when one of that name was replaced. */
export function saveEntry(
  env: NodeJS.ProcessEnv,
  kind: SavedKind,
  name: string,
  entry: unknown,
): Promise<boolean> {
  return updateConfig(configFile(env), (config) => {
    const entries = ownCopy(entriesIn(config, kind));
    const replaced = Object.hasOwn(entries, name);
    entries[name] = entry;
    config[kind] = entries;
    return replaced;
  });
}

/**
 * Removes the entry `name`, readable or not, under the lock; when the file holds no such entry,
 * a usage error that lists the names it does hold.
 */
export async function removeEntry(
  env: NodeJS.ProcessEnv,
  kind: SavedKind,
  name: string,
): Promise<void> {
  const held = await updateConfig(configFile(env), (config) => {
    const entries = ownCopy(entriesIn(config, kind));
    if (!Object.hasOwn(entries, name)) return Object.keys(entries).sort();
    delete entries[name];
    config[kind] = entries;
    return null;
  });
  if (held !== null) throw unknownEntry(kind, name, held);
}
