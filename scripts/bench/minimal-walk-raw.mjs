// The no-parse floor for walking every page: fetch() one page of 100 after another and print
// each body as it came, one page a line, until a short page. Nothing is parsed: a page's records
// are counted by their id key (every record has one), which is all it needs to know to go on.
import { fetchPage } from "./fetch-page.mjs";

const [base] = process.argv.slice(2);
const ID_KEY = '"cryptoDepositDeclarationId"';
for (let page = 1; ; page++) {
  const body = await (await fetchPage(base, page)).text();
  process.stdout.write(`${body}\n`);
  let records = 0;
  for (let at = body.indexOf(ID_KEY); at >= 0; at = body.indexOf(ID_KEY, at + ID_KEY.length))
    records++;
  if (records < 100) break;
}
