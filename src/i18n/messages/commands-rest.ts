import type { Message, Translation } from "../catalog-types.js";

/**
 * The last English of the commands: order ids (order/ids.ts), `rules add` (rules/rules.ts),
 * `receipts` ids, `--fields`, watch, list, completion, help, the prompter, program.ts, cli.ts.
 */
export const en = {
  "fields.flag": "only these fields, in this order, in every format (API names: {names})",
  "order.ids.dashAlone": "'-' reads the order ids from stdin: give it alone",
  "order.ids.stdinHint":
    "one id a line on stdin, e.g. `cut -d, -f1 orders.csv | tradectl order get -`",
  "order.ids.noneOnStdin": "no order ids on stdin ('-' reads them one a line)",
  "receipts.x.notAnId": "{subject} is not an id",
  "rules.x.needsAll":
    "a rule confirms without asking, so it needs every answer, or --sender NAME; nothing was saved",
  "rules.x.needsAllSender":
    "a rule confirms without asking, so it needs every answer (the sender '{sender}' does not give these); nothing was saved",
  "rules.x.nothingSavedListed":
    "nothing was saved; `tradectl exchanges list` shows the supported exchange ids",
  "process.x.cancelled": "cancelled",
  "process.x.terminated": "terminated",
  "declarations.watch.x.noJson":
    "-o json cannot be used with declarations watch: a JSON array is only complete when the watch ends",
  "declarations.watch.x.jsonHint":
    "use -o ndjson: one JSON object per line, printed as each declaration is seen",
  "declarations.list.x.incomplete":
    "stopped after {records} records from {pages}; the output is incomplete",
  "completion.x.cannot": "cannot complete '{what}'",
  "confirm.x.cancelledBefore": "cancelled before it was sent",
} as const satisfies Record<string, Message>;

export const tr = {
  "fields.flag": "her biçimde yalnızca bu alanlar, bu sırayla (API adları: {names})",
  "order.ids.dashAlone": "'-' emir numaralarını stdin'den okur: onu tek başına verin",
  "order.ids.stdinHint":
    "stdin'de satır başına bir numara, ör. `cut -d, -f1 orders.csv | tradectl order get -`",
  "order.ids.noneOnStdin": "stdin'de emir numarası yok ('-' onları satır satır okur)",
  "receipts.x.notAnId": "{subject} bir numara değil",
  "rules.x.needsAll":
    "kural sormadan onaylar, bu yüzden her yanıtı ya da --sender NAME ister; hiçbir şey kaydedilmedi",
  "rules.x.needsAllSender":
    "kural sormadan onaylar, bu yüzden her yanıtı ister ('{sender}' göndereni bunları vermiyor); hiçbir şey kaydedilmedi",
  "rules.x.nothingSavedListed":
    "hiçbir şey kaydedilmedi; desteklenen borsa numaralarını `tradectl exchanges list` gösterir",
  "process.x.cancelled": "iptal edildi",
  "process.x.terminated": "sonlandırıldı",
  "declarations.watch.x.noJson":
    "-o json, declarations watch ile kullanılamaz: bir JSON dizisi ancak izleme bittiğinde tamamlanır",
  "declarations.watch.x.jsonHint":
    "-o ndjson kullanın: her beyan görüldükçe yazdırılan, satır başına bir JSON nesnesi",
  "declarations.list.x.incomplete":
    "{pages} okunup {records} kayıt yazdırıldıktan sonra durdu; çıktı eksik",
  "completion.x.cannot": "'{what}' tamamlanamıyor",
  "confirm.x.cancelledBefore": "gönderilmeden önce iptal edildi",
} as const satisfies Translation<typeof en>;
