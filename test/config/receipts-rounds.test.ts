// The receipts' appends in rounds: what comes while a round is written goes in the next, whole, with one flush.
import { expect, it } from "vitest";
import { appendRounds } from "../../src/config/receipts-rounds.js";
import { turn } from "../helpers/turns.js";

/** A write that records each round and waits, each time, for the test to end it. */
function heldWrites() {
  const rounds: { entries: string[]; flush: boolean }[] = [];
  const ends: ((error?: Error) => void)[] = [];
  const write = (entries: string[], flush: boolean) => {
    rounds.push({ entries: [...entries], flush });
    return new Promise<void>((resolve, reject) => {
      ends.push((error) => (error ? reject(error) : resolve()));
    });
  };
  return { rounds, ends, write };
}

/** One turn of the event loop: every promise that can settle has. */

it("the requests that come while one is flushed are written after it, together, with one flush; each settles when its round is on disk", async () => {
  const { rounds, ends, write } = heldWrites();
  const append = appendRounds(write);
  const settled: string[] = [];
  const first = append("request 1", true).then(() => settled.push("request 1"));
  await turn();
  // Round 1 is being flushed: requests 2 and 3 come meanwhile, and wait for it.
  const second = append("request 2", true).then(() => settled.push("request 2"));
  const third = append("request 3", true).then(() => settled.push("request 3"));
  await turn();
  expect(rounds).toEqual([{ entries: ["request 1"], flush: true }]);

  ends[0]!();
  await first;
  await turn();
  // Not settled before their own round is on disk: what is sent waits for its flush.
  expect(settled).toEqual(["request 1"]);
  expect(rounds).toEqual([
    { entries: ["request 1"], flush: true },
    { entries: ["request 2", "request 3"], flush: true },
  ]);
  ends[1]!();
  await Promise.all([second, third]);
  expect(settled).toEqual(["request 1", "request 2", "request 3"]);
});

it("a round keeps the order the appends came in, and is flushed when any of its entries asks for it", async () => {
  const { rounds, ends, write } = heldWrites();
  const append = appendRounds(write);
  const first = append("outcome 1", false);
  await turn();
  const rest = [append("outcome 2", false), append("request 3", true), append(null, false)];
  ends[0]!();
  await first;
  await turn();
  ends[1]!();
  await Promise.all(rest);
  expect(rounds).toEqual([
    { entries: ["outcome 1"], flush: false },
    // An append of nothing (the waiting outcomes written) joins the round and adds no entry.
    { entries: ["outcome 2", "request 3"], flush: true },
  ]);
});

it("a round that fails fails each of its appends (none of them on record, so none is sent), and the next round is written as ever", async () => {
  const { rounds, ends, write } = heldWrites();
  const append = appendRounds(write);
  const first = append("request 1", true);
  await turn();
  const second = append("request 2", true);
  const third = append("request 3", true);
  ends[0]!(Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" }));
  await expect(first).rejects.toMatchObject({ code: "ENOSPC" });
  await turn();
  ends[1]!(Object.assign(new Error("EIO: i/o error, fsync"), { code: "EIO" }));
  await expect(second).rejects.toMatchObject({ code: "EIO" });
  await expect(third).rejects.toMatchObject({ code: "EIO" });

  const fourth = append("request 4", true);
  await turn();
  ends[2]!();
  await fourth;
  expect(rounds.map((r) => r.entries)).toEqual([
    ["request 1"],
    ["request 2", "request 3"],
    ["request 4"],
  ]);
});

it("with nothing being written, an append begins its round at once, and appends made in the same turn share it", async () => {
  const { rounds, ends, write } = heldWrites();
  const append = appendRounds(write);
  const both = [append("request 1", true), append("request 2", true)];
  await turn();
  expect(rounds).toEqual([{ entries: ["request 1", "request 2"], flush: true }]);
  ends[0]!();
  await Promise.all(both);
});
