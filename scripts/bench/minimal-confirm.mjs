// The floor for a batch confirmation: read every page of the Pending list, then send one
// confirm POST per declaration, one after another, printing each answer.
import { signed } from "./minimal-client.mjs";

const [base] = process.argv.slice(2);
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
  const answer = await signed(base, "POST", "/api/v1/crypto-deposit-declarations/confirm", {
    cryptoDepositDeclarationId: id,
    isSelfSender: true,
    description: "Own wallet at another exchange, moved to BtcTurk",
    AddressType: "Exchange",
    exchangeId: 1,
  });
  process.stdout.write(`${answer}\n`);
}
