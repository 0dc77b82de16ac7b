import {
  removeEntry,
  type SavedEntries,
  type SavedKind,
  type UnreadableEntry,
} from "../config/saved-entries.js";
import type { ANSWER_FIELD_NAMES, SenderAnswers } from "../config/senders.js";
import type { Text } from "../i18n/index.js";
import { cellText, sameText, selectFields } from "../output/fields.js";
import { GIVE } from "../output/narrowing.js";
import { type Column, createRecordWriter, type RecordView } from "../output/records.js";
import type { CommandContext } from "./context.js";
import type { SavedListOptions } from "./saved-spec.js";

/**
 * A named collection of the config file (saved senders, rules) as `list` and `remove` show it.
 * Both nouns run the one list and the one remove below, so an entry that cannot be read is
 * handled alike: a warning each on stderr (its name, why, and how to be rid of it), never a
 * record, exit 0; "none saved" only when the file holds neither; `remove` removes it too.
 */
export interface SavedCollection<T extends { name: string }, Row> {
  /** Where the config file keeps it. */
  kind: SavedKind;
  read(env: NodeJS.ProcessEnv): SavedEntries<T>;
  rows(items: readonly T[], ctx: CommandContext): Row[] | Promise<Row[]>;
  view: RecordView<Row>;
  /** The warning for an entry that cannot be read. */
  unreadable(entry: UnreadableEntry, env: NodeJS.ProcessEnv): Text;
  /** Shown when nothing is listed and nothing is unreadable. */
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
    ctx.io.warning(ctx.io.t.text(collection.unreadable(entry, ctx.env)));
  }
  const listed = options.keep ? items.filter(options.keep) : items;
  const rows = await collection.rows(listed, ctx);
  const writer = createRecordWriter(ctx.globals.output, view, ctx.io);
  await writer.write(rows);
  await writer.end();
  if (listed.length === 0 && unreadable.length === 0) ctx.io.info(ctx.io.t.text(collection.none));
  return 0;
}

/** A sender's or a rule's answers as printed, with the confirm body's field names. */
export interface AnswerCells {
  isSelfSender: boolean | null;
  firstName: string | null;
  lastName: string | null;
  AddressType: string | null;
  exchangeId: string | null;
  exchangeOtherName: string | null;
  description: string | null;
}

export const answerCells = (a: SenderAnswers): AnswerCells => ({
  isSelfSender: a.isSelfSender ?? null,
  firstName: a.firstName ?? null,
  lastName: a.lastName ?? null,
  AddressType: a.addressType ?? null,
  exchangeId: a.exchangeId ?? null,
  exchangeOtherName: a.exchangeOtherName ?? null,
  description: a.description ?? null,
});

/** The answers' columns, as `senders list` and `rules list` print them. */
export const answerColumns = <R extends AnswerCells>(): Record<
  (typeof ANSWER_FIELD_NAMES)[number],
  Omit<Column<R>, "header">
> => ({
  isSelfSender: sameText("label.self", cellText<R>("isSelfSender")),
  firstName: sameText("label.firstName", cellText<R>("firstName"), { give: GIVE.name }),
  lastName: sameText("label.lastName", cellText<R>("lastName"), { give: GIVE.name }),
  AddressType: sameText("label.addressType", cellText<R>("AddressType")),
  exchangeId: sameText("label.exchangeId", cellText<R>("exchangeId"), { numeric: true }),
  exchangeOtherName: sameText("label.exchangeName", cellText<R>("exchangeOtherName"), {
    give: GIVE.text,
  }),
  description: sameText("label.description", cellText<R>("description"), { give: GIVE.text }),
});

/** `NOUN remove NAME`. */
export async function removeSaved<T extends { name: string }, Row>(
  collection: SavedCollection<T, Row>,
  name: string,
  ctx: CommandContext,
): Promise<number> {
  // Readable or not; an unknown name is a usage error that lists every name held.
  await removeEntry(ctx.env, collection.kind, name);
  ctx.io.info(ctx.io.t.text(collection.removed(name)));
  return 0;
}
