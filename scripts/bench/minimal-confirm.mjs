// The floor for a batch confirmation: read every page of the Pending list, then send one
// confirm POST per declaration, one after another, printing each answer.
import { confirmBody, pendingIds, signed } from "./minimal-client.mjs";

const [base] = process.argv.slice(2);
for (const id of await pendingIds(base)) {
  const answer = await signed(
    base,
    "POST",
    "/api/v1/crypto-deposit-declarations/confirm",
    confirmBody(id),
  );
  process.stdout.write(`${answer}\n`);
}
