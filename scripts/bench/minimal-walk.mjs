// The floor for walking every page: fetch() one page of 100 after another until a short page,
// print each record as a JSON line. JSON.parse rounds long numbers; the floor does not care.
import { fetchPage } from "./fetch-page.mjs";

const [base] = process.argv.slice(2);
for (let page = 1; ; page++) {
  const records = await (await fetchPage(base, page)).json();
  let out = "";
  for (const r of records) out += `${JSON.stringify(r)}\n`;
  process.stdout.write(out);
  if (records.length < 100) break;
}
