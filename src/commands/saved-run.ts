import type { SavedEntries, UnreadableEntry } from "../config/saved-entries.js";
import type { Text } from "../i18n/index.js";
import { selectFields } from "../output/fields.js";
import { createRecordWriter, type RecordView } from "../output/records.js";
import type { CommandContext } from "./context.js";
import type { SavedListOptions } from "./saved-spec.js";

/**
 * A named collection of the config file (saved senders, rules) as `list` and `remove` show it.
 * Both nouns run the one list and the one remove below, so an entry that cannot be read is
 * handled alike: a warning each on stderr (its name, why, and how to be rid of it), never a
 * record, exit 0; "none saved" only when the file holds neither; `remove` removes it too.
 */
export interface SavedCollection<T extends { name: string }, Row> {
  read(env: NodeJS.ProcessEnv): SavedEntries<T>;
  /** Removes `name`, readable or not; an unknown name is a usage error listing the held ones. */
  remove(env: NodeJS.ProcessEnv, name: string): Promise<void>;
  rows(items: readonly T[], ctx: CommandContext): Row[] | Promise<Row[]>;
  view: RecordView<Row>;
  /** The warning for an entry that cannot be read. */
  unreadable(entry: UnreadableEntry, env: NodeJS.ProcessEnv): Text;
  /** Said when nothing is listed and nothing is unreadable. */
  none: Text;
  removed(name: string): Text;
}

/** How one listing narrows the collection: another view, only some entries (`rules --source`). */
interface Narrowing<T, Row> {
  view?: RecordView<Row> | undefined;
  keep?: ((item: T) => boolean) | undefined;
}

/** `NOUN list`: the entries that can be read, in every format; a warning for each other one. */
export async function listSaved<T extends { name: string }, Row>(
  collection: SavedCollection<T, Row>,
  options: SavedListOptions & Narrowing<T, Row>,
  ctx: CommandContext,
): Promise<number> {
  // --fields was checked by the spec (an unknown name is refused before the file is read).
  const view = selectFields(options.view ?? collection.view, options.fields);
  const { items, unreadable } = collection.read(ctx.env);
  for (const entry of unreadable) {
    const warning = ctx.io.err.yellow(ctx.io.t("declarations.warning"));
    ctx.io.warn(`${warning} ${ctx.io.t.text(collection.unreadable(entry, ctx.env))}`);
  }
  const listed = options.keep ? items.filter(options.keep) : items;
  const rows = await collection.rows(listed, ctx);
  const writer = createRecordWriter(ctx.globals.output, view, ctx.io);
  await writer.write(rows);
  await writer.end();
  if (listed.length === 0 && unreadable.length === 0) ctx.io.info(ctx.io.t.text(collection.none));
  return 0;
}

/** `NOUN remove NAME`. */
export async function removeSaved<T extends { name: string }, Row>(
  collection: SavedCollection<T, Row>,
  name: string,
  ctx: CommandContext,
): Promise<number> {
  await collection.remove(ctx.env, name);
  ctx.io.info(ctx.io.t.text(collection.removed(name)));
  return 0;
}
