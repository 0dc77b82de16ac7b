// The floor for `order get ID... --fills`: the order, then its trades, for each id in turn.
import { signed } from "./minimal-client.mjs";

const [base, ...ids] = process.argv.slice(2);
for (const id of ids) {
  const order = await signed(base, "GET", `/api/v1/order/${id}`);
  const trades = await signed(base, "GET", `/api/v1/users/transactions/trade?orderId=${id}`);
  process.stdout.write(`${order}\n${trades}\n`);
}
