// The durable floor for a batch confirmation: minimal-confirm.mjs with the least record a
// receipt needs. Each request is appended to a file and flushed (fsync) before it is sent, and
// its answer appended after (not flushed: the next request's flush takes it to disk). No claims
// across processes, no chain, no stamp ledger. The file is the last argument.
import { closeSync, fsyncSync, openSync, writeSync } from "node:fs";
import { confirmBody, pendingIds, signed } from "./minimal-client.mjs";

const [base, file] = process.argv.slice(2);
const fd = openSync(file, "a", 0o600);
for (const id of await pendingIds(base)) {
  const body = confirmBody(id);
  writeSync(fd, `${JSON.stringify({ type: "request", time: new Date().toISOString(), body })}\n`);
  fsyncSync(fd);
  const answer = await signed(base, "POST", "/api/v1/crypto-deposit-declarations/confirm", body);
  writeSync(fd, `${JSON.stringify({ type: "answer", id, answer })}\n`);
  process.stdout.write(`${answer}\n`);
}
closeSync(fd);
