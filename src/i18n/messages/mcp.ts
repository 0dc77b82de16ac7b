import type { Message, Translation } from "../catalog-types.js";

/** `tradectl mcp` and `tradectl mcp approve` (src/commands/mcp/). */
export const en = {
  "mcp.description": "The agent server (Model Context Protocol over stdio): look, plan, propose",
  "mcp.serve.description":
    "Serve the Model Context Protocol over stdio for an agent (read-only unless --allow-confirm)",
  "mcp.serve.allowConfirm":
    "offer the confirm tool: it sends only what a saved rule matches exactly or a person approved",
  "mcp.serve.includeNames": "include sender names (first and last) in tool results",
  "mcp.serve.after": `
An MCP client starts this command and talks to it over stdin and stdout. Its tools read
declarations, plan confirmations (the exact bodies, nothing sent), orders, receipts, rules,
senders, the exchanges listing and the key's status. Only with --allow-confirm is there a
confirm tool, and even then a declaration is sent only when a saved rule matches it exactly,
or a person approved that exact body: in the client (when it can ask), or with
\`tradectl mcp approve ID\` in a terminal. See docs/AGENTS.md for client set-up.

Examples:
  $ tradectl mcp --sandbox
  $ tradectl mcp --allow-confirm`,
  "mcp.serving": "tradectl mcp: serving over stdio ({tools}); stop with Ctrl-C",
  "mcp.mode.readOnly": "read-only tools",
  "mcp.mode.confirm": "the confirm tool too",
  "mcp.approve.description": "Approve, in a terminal, the exact body an agent asked to send",
  "mcp.approve.id": "the approval id the confirm tool answered with",
  "mcp.approve.after": `
Shows the body the agent's confirm call would send, where and for which client, and asks.
Only "yes" approves it: for that body's sha256, once, until 10 minutes after the agent asked.
The agent then makes the same call again, and that call sends it.

Examples:
  $ tradectl mcp approve 3f9a1c2b7d4e
  $ tradectl --lang tr mcp approve 3f9a1c2b7d4e   # shown and asked in Turkish`,
  "mcp.approve.header": "Declaration {id} to {baseUrl}, asked by {client}, expires {expires}:",
  "mcp.approve.ask": "Approve sending exactly this body once?",
  "mcp.approve.done": "Approved: the agent's same call sends it once, until {expires}",
  "mcp.approve.notDone": "Not approved; nothing will be sent",
  "mcp.approve.unknownClient": "an unnamed client",
  "mcp.x.notAnId": "{id} is not an approval id (12 hexadecimal digits)",
  "mcp.x.unknown": "no approval {id} is on record",
  "mcp.x.expired": "approval {id} has expired; the agent must ask again",
  "mcp.x.used": "approval {id} was used already",
  "mcp.x.approved": "approval {id} is approved already",
  "mcp.x.noTerminal": "approving needs a person at a terminal",
  "mcp.x.noTerminalHint": "run tradectl mcp approve ID in a terminal, without --no-input",
  "mcp.notPending": "declaration {id} is not pending; nothing sent",
  "mcp.notPendingHint": "list_declarations shows its status; receipts show what was sent for it",
  "mcp.giveIds": "give ids, pending (with filters) or auto: true",
} as const satisfies Record<string, Message>;

export const tr = {
  "mcp.description":
    "Ajan sunucusu (stdio üzerinden Model Context Protocol): bakar, planlar, önerir",
  "mcp.serve.description":
    "Bir ajan için stdio üzerinden Model Context Protocol sunar (--allow-confirm olmadan salt okunur)",
  "mcp.serve.allowConfirm":
    "onay aracını sunar: yalnızca kayıtlı bir kuralın tam eşleştiğini ya da bir kişinin onayladığını gönderir",
  "mcp.serve.includeNames": "araç sonuçlarına gönderen adlarını (ad ve soyad) katar",
  "mcp.serve.after": `
Bir MCP istemcisi bu komutu başlatır ve stdin ile stdout üzerinden konuşur. Araçları beyanları,
onay planlarını (gönderilecek gövdeler; hiçbir şey gönderilmez), emirleri, makbuzları,
kuralları, göndericileri, borsa listesini ve anahtarın durumunu okur. Onay aracı yalnızca
--allow-confirm ile vardır; o zaman bile bir beyan yalnızca kayıtlı bir kural onu tam olarak
eşleştiriyorsa ya da bir kişi o gövdeyi onayladıysa gönderilir: istemcide (sorabiliyorsa) ya da
bir terminalde \`tradectl mcp approve ID\` ile. İstemci kurulumu için docs/AGENTS.md.

Örnekler:
  $ tradectl mcp --sandbox
  $ tradectl mcp --allow-confirm`,
  "mcp.serving": "tradectl mcp: stdio üzerinden sunuluyor ({tools}); durdurmak için Ctrl-C",
  "mcp.mode.readOnly": "salt okunur araçlar",
  "mcp.mode.confirm": "onay aracı da",
  "mcp.approve.description": "Bir ajanın göndermek istediği gövdeyi bir terminalde onaylar",
  "mcp.approve.id": "onay aracının verdiği onay kimliği",
  "mcp.approve.after": `
Ajanın onay çağrısının göndereceği gövdeyi, nereye ve hangi istemci için olduğunu gösterir ve
sorar. Yalnızca "evet" onaylar: o gövdenin sha256'sı için, bir kez, ajanın sormasından sonraki
10 dakika içinde. Ajan aynı çağrıyı yeniden yapar ve o çağrı gönderir.

Örnekler:
  $ tradectl mcp approve 3f9a1c2b7d4e
  $ tradectl --lang tr mcp approve 3f9a1c2b7d4e   # Türkçe gösterilir ve sorulur`,
  "mcp.approve.header":
    "{id} numaralı beyan, {baseUrl} adresine, {client} istedi, son geçerlilik {expires}:",
  "mcp.approve.ask": "Tam olarak bu gövdenin bir kez gönderilmesi onaylansın mı?",
  "mcp.approve.done":
    "Onaylandı: ajanın aynı çağrısı bunu {expires} saatine kadar bir kez gönderir",
  "mcp.approve.notDone": "Onaylanmadı; hiçbir şey gönderilmeyecek",
  "mcp.approve.unknownClient": "adı verilmemiş bir istemci",
  "mcp.x.notAnId": "{id} bir onay kimliği değil (12 onaltılık rakam)",
  "mcp.x.unknown": "{id} numaralı bir onay kayıtlı değil",
  "mcp.x.expired": "{id} onayının süresi doldu; ajan yeniden sormalı",
  "mcp.x.used": "{id} onayı zaten kullanıldı",
  "mcp.x.approved": "{id} onayı zaten onaylı",
  "mcp.x.noTerminal": "onaylamak için terminal başında bir kişi gerekir",
  "mcp.x.noTerminalHint":
    "tradectl mcp approve ID komutunu bir terminalde, --no-input olmadan çalıştırın",
  "mcp.notPending": "{id} numaralı beyan beklemede değil; hiçbir şey gönderilmedi",
  "mcp.notPendingHint":
    "list_declarations durumunu gösterir; gönderilenleri makbuzlar (receipts) gösterir",
  "mcp.giveIds": "ids, pending (süzgeçlerle) ya da auto: true verin",
} as const satisfies Translation<typeof en>;
