// This process's receipts appends one round at a time: what comes while a round is written goes in the next, with one lock, one write and one flush (group commit).

/**
 * Writes a round's entries (all of them, in order, or none: it throws), flushed when `flush`.
 * The receipts' own append: under the append lock, the waiting outcomes first.
 */
export type WriteRound<E> = (entries: E[], flush: boolean) => Promise<void>;

/** Appends gathered to be written together, and when they are. */
interface Round<E> {
  entries: E[];
  /** Whether any of them asked to be on disk before it settles. */
  flush: boolean;
  written: Promise<void>;
}

/**
 * Appends in rounds. An append joins the round that has not begun writing, and settles when its
 * round is written (and flushed, when any of the round's entries asked for it); rounds are
 * written one after another, in the order appends came.
 *
 * Why: a batch prepares the next items while a POST is in flight (declare/send-ahead.ts), and
 * each request must be on disk before it is sent. The flush is a confirmation's longest wait
 * (on ext4 it commits the journal, with every directory change made since: the claims, the
 * locks), so the requests that come while one is flushed go to disk together with one flush
 * after it, instead of one flush each. The guarantee per request is the same: its append
 * settles only once its line is on disk. One round at a time also keeps this process's appends
 * from waiting on their own lock file.
 */
export function appendRounds<E>(
  write: WriteRound<E>,
): (entry: E | null, flush: boolean) => Promise<void> {
  /** The round still gathering: its write begins when the one before it has ended. */
  let gathering: Round<E> | null = null;
  /** The last round queued (settled or not): the next one begins after it. */
  let last: Promise<unknown> = Promise.resolve();

  return (entry, flush) => {
    if (!gathering) {
      const entries: E[] = [];
      const round: Round<E> = {
        entries,
        flush: false,
        // A round that failed fails its own appends, not the next round.
        written: last
          .catch(() => {})
          .then(() => {
            if (gathering === round) gathering = null;
            return write(entries, round.flush);
          }),
      };
      last = round.written;
      gathering = round;
    }
    if (entry !== null) gathering.entries.push(entry);
    gathering.flush ||= flush;
    return gathering.written;
  };
}
