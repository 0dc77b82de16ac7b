// The durable floor for a batch confirmation: minimal-confirm.mjs with the least record a
// receipt needs. Each request is appended to a file and flushed (fsync) before it is sent, and
// its answer appended after (not flushed: the next request's flush takes it to disk). No claims
// across processes, no chain, no stamp ledger. The file is the last argument.
import { closeSync, fsyncSync, openSync, writeSync } from "node:fs";
import { signed } from "./minimal-client.mjs";

const [base, file] = process.argv.slice(2);
const fd = openSync(file, "a", 0o600);
const ids = [];
for (let page = 1; ; page++) {
  const records = JSON.parse(
    await signed(
      base,
      "GET",
      `/api/v1/crypto-deposit-declarations?status=Pending&page=${page}&pageSize=100`,
    ),
  );
  for (const r of records) ids.push(r.cryptoDepositDeclarationId);
  if (records.length < 100) break;
}
for (const id of ids) {
  const body = {
    cryptoDepositDeclarationId: id,
    isSelfSender: true,
    description: "Own wallet at another exchange, moved to BtcTurk",
    AddressType: "Exchange",
    exchangeId: 1,
  };
  writeSync(fd, `${JSON.stringify({ type: "request", time: new Date().toISOString(), body })}\n`);
  fsyncSync(fd);
  const answer = await signed(base, "POST", "/api/v1/crypto-deposit-declarations/confirm", body);
  writeSync(fd, `${JSON.stringify({ type: "answer", id, answer })}\n`);
  process.stdout.write(`${answer}\n`);
}
closeSync(fd);
