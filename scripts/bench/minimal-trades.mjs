// The floor for `order trades ID...`: one signed GET of the trades of each order, one after
// another, printed as they come.
import { signed } from "./minimal-client.mjs";

const [base, ...ids] = process.argv.slice(2);
for (const id of ids) {
  process.stdout.write(
    `${await signed(base, "GET", `/api/v1/users/transactions/trade?orderId=${id}`)}\n`,
  );
}
