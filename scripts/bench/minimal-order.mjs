// The floor for a Node client: one signed GET with undici, print the body. No validation, no
// lossless parsing, no formatting.
import { signed } from "./minimal-client.mjs";

const [base, id] = process.argv.slice(2);
process.stdout.write(`${await signed(base, "GET", `/api/v1/order/${id}`)}\n`);
