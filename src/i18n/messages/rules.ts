import type { Message, Translation } from "../catalog-types.js";

/** `tradectl rules add|list|remove` (src/commands/rules/). */
export const en = {
  "rules.x.needsAll":
    "a rule confirms without asking, so it needs every answer, or --sender NAME; nothing was saved",
  "rules.x.needsAllSender":
    "a rule confirms without asking, so it needs every answer (the sender '{sender}' does not give these); nothing was saved",
  "rules.x.nothingSavedListed":
    "nothing was saved; `tradectl exchanges list` shows the supported exchange ids",
  "rules.auto.noListing":
    "could not read the exchanges listing ({why}); whether the rules' exchange ids are supported is left to the server",
  "rules.auto.senderGone":
    "the rule's sender '{sender}' is not saved any more (`tradectl senders list`)",
  "rules.list.opt.source": "only the rules imported from this source, with their deposit's state",
  "rules.description":
    "Declaring by rules: say before a deposit arrives how to declare it (`declarations confirm --auto`)",
  "rules.add.description":
    "Save a rule: which deposits it describes (--symbol …) and how to declare them (answers or --sender)",
  "rules.add.arg": "a name for the rule (`tradectl rules list` shows it)",
  "rules.add.opt.symbol": "the asset, any case (required)",
  "rules.add.opt.address": "only deposits to this address (hex addresses in any case)",
  "rules.add.opt.memo": "only deposits with this memo or destination tag",
  "rules.add.opt.amount": "only deposits of exactly this amount (250.5 matches 250.50)",
  "rules.add.opt.sender":
    "the answers of a saved sender (`tradectl senders list`), read when the rule is used; answer flags override",
  "rules.add.opt.once": "an expected deposit: confirm one declaration, then the rule is spent",
  "rules.add.opt.until": "the rule expires: an ISO-8601 time or a duration such as 24h or 7d",
  "rules.add.after": `
A rule matches a Pending declaration when every field it gives is equal: --symbol (any case,
the same under every locale), --address (hex addresses in any case, others as written),
--memo, --amount (exact decimal: 250.5 = 250.50, not 250.501). Declarations that rules with
different answers match, and every declaration a --once rule matches when it matches more
than one, are ambiguous and never sent. The answers are checked with the confirm rules now
(the exchange id against the exchanges listing when it can be read); a broken rule is not
saved. Adding a name that exists replaces it. Kept in the config file (0600).

Examples:
  $ tradectl rules add kraken-xrp --symbol XRP --address rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh \\
      --memo 1048576 --self --address-type exchange --exchange-id 2 \\
      --description "My own XRP from my Kraken account"
  $ tradectl rules add rent --symbol USDT --amount 250.5 --sender sister --once --until 24h
  $ tradectl rules add gifts --symbol ETH --sender sister --description "Gift from my sister's wallet"

Then \`tradectl rules list\` shows it.`,
  "rules.add.noSymbol": "--symbol is required: the asset the rule is for, e.g. --symbol XRP",
  "rules.add.noAddress": "--address needs a deposit address",
  "rules.add.noMemo": "--memo needs a memo or destination tag",
  "rules.add.noSender": "--sender needs a saved sender's name (`tradectl senders list`)",
  "rules.add.hint": "see `tradectl rules add --help`; nothing was saved",
  "rules.add.past": "--until {until} is already past",
  "rules.add.pastHint": "give a time to come, or a duration such as 24h; nothing was saved",
  "rules.add.saved":
    "Rule '{name}' saved{once}{until}: `tradectl declarations confirm --auto --dry-run` shows what it matches",
  "rules.add.replaced":
    "Rule '{name}' replaced{once}{until}: `tradectl declarations confirm --auto --dry-run` shows what it matches",
  "rules.add.savedOnce": " (an expected deposit: it confirms one declaration)",
  "rules.add.savedUntil": ", until {time}",
  "rules.list.description": "List the rules, spent and expired ones shown as such",
  "rules.list.after": `
The state column is active, spent (a --once rule that confirmed its declaration: spentBy,
spentAt) or expired (its --until has passed). Spent and expired rules match nothing.

Examples:
  $ tradectl rules list
  $ tradectl rules list -o json
  $ tradectl rules list --fields name,state,symbol,amount,until -o csv`,
  "rules.list.none":
    "No rules: `tradectl rules add NAME --symbol SYM --sender NAME` saves one (see `tradectl rules add --help`).",
  "rules.remove.description": "Delete a rule",
  "rules.remove.arg": "the rule's name (`tradectl rules list`)",
  "rules.remove.after": `
Examples:
  $ tradectl rules remove kraken-xrp
  $ tradectl rules rm rent`,
  "rules.removed": "Rule '{name}' removed",
} as const satisfies Record<string, Message>;

export const tr = {
  "rules.x.needsAll":
    "kural sormadan onaylar, bu yüzden her yanıtı ya da --sender NAME ister; hiçbir şey kaydedilmedi",
  "rules.x.needsAllSender":
    "kural sormadan onaylar, bu yüzden her yanıtı ister ('{sender}' göndereni bunları vermiyor); hiçbir şey kaydedilmedi",
  "rules.x.nothingSavedListed":
    "hiçbir şey kaydedilmedi; desteklenen borsa numaralarını `tradectl exchanges list` gösterir",
  "rules.auto.noListing":
    "borsa listesi okunamadı ({why}); kuralların borsa numaralarının desteklenip desteklenmediğine sunucu karar verecek",
  "rules.auto.senderGone":
    "kuralın gönderen kaydı '{sender}' artık kayıtlı değil (`tradectl senders list`)",
  "rules.list.opt.source": "yalnızca bu kaynaktan içe aktarılan kurallar, yatırmalarının durumuyla",
  "rules.description":
    "Kurallarla beyan: bir yatırma gelmeden önce nasıl beyan edileceğini söyleyin (`declarations confirm --auto`)",
  "rules.add.description":
    "Bir kural kaydet: hangi yatırmaları tarif ettiği (--symbol …) ve nasıl beyan edileceği (yanıtlar ya da --sender)",
  "rules.add.arg": "kuralın adı (`tradectl rules list` gösterir)",
  "rules.add.opt.symbol": "varlık, büyük/küçük harf fark etmez (zorunlu)",
  "rules.add.opt.address":
    "yalnızca bu adrese gelen yatırmalar (onaltılık adreslerde büyük/küçük harf fark etmez)",
  "rules.add.opt.memo": "yalnızca bu memo ya da hedef etiketiyle gelen yatırmalar",
  "rules.add.opt.amount":
    "yalnızca tam olarak bu miktardaki yatırmalar (250.5, 250.50 ile eşleşir)",
  "rules.add.opt.sender":
    "kayıtlı bir gönderenin yanıtları (`tradectl senders list`), kural kullanılırken okunur; yanıt seçenekleri bunların önüne geçer",
  "rules.add.opt.once":
    "beklenen bir yatırma: tek bir beyanı onaylar, sonra kural kullanılmış olur",
  "rules.add.opt.until": "kuralın bitiş zamanı: ISO-8601 bir zaman ya da 24h, 7d gibi bir süre",
  "rules.add.after": `
Bir kural, verdiği her alan eşit olduğunda bekleyen (Pending) bir beyanla eşleşir: --symbol
(büyük/küçük harf fark etmez, her yerel ayarda aynı), --address (onaltılık adreslerde
büyük/küçük harf fark etmez, ötekiler yazıldığı gibi), --memo, --amount (kesin ondalık:
250.5 = 250.50, 250.501 değil). Farklı yanıtlar veren kuralların eşleştiği beyanlar ve bir
--once kuralının birden çok beyanla eşleştiğinde eşleştiği her beyan belirsizdir ve asla
gönderilmez. Yanıtlar şimdi onay kurallarıyla denetlenir (borsa numarası, okunabilirse borsa
listesine göre); bozuk bir kural kaydedilmez. Var olan bir adla eklemek eskisinin yerine
geçer. Yapılandırma dosyasında tutulur (0600).

Örnekler:
  $ tradectl rules add kraken-xrp --symbol XRP --address rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh \\
      --memo 1048576 --self --address-type exchange --exchange-id 2 \\
      --description-preset own-accounts
  $ tradectl rules add kira --symbol USDT --amount 250.5 --sender kardesim --once --until 24h
  $ tradectl rules add hediyeler --symbol ETH --sender kardesim --description-preset family-gift

Sonra \`tradectl rules list\` kuralı gösterir.`,
  "rules.add.noSymbol": "--symbol zorunlu: kuralın geçerli olduğu varlık, örneğin --symbol XRP",
  "rules.add.noAddress": "--address bir yatırma adresi ister",
  "rules.add.noMemo": "--memo bir memo ya da hedef etiketi ister",
  "rules.add.noSender": "--sender kayıtlı bir gönderenin adını ister (`tradectl senders list`)",
  "rules.add.hint": "bkz. `tradectl rules add --help`; hiçbir şey kaydedilmedi",
  "rules.add.past": "--until {until} zaten geçmişte kaldı",
  "rules.add.pastHint":
    "gelecekte bir zaman ya da 24h gibi bir süre verin; hiçbir şey kaydedilmedi",
  "rules.add.saved":
    "'{name}' kuralı kaydedildi{once}{until}: neyle eşleştiğini `tradectl declarations confirm --auto --dry-run` gösterir",
  "rules.add.replaced":
    "'{name}' kuralı güncellendi{once}{until}: neyle eşleştiğini `tradectl declarations confirm --auto --dry-run` gösterir",
  "rules.add.savedOnce": " (beklenen bir yatırma: tek bir beyanı onaylar)",
  "rules.add.savedUntil": ", bitiş: {time}",
  "rules.list.description":
    "Kuralları listele; kullanılmış ve süresi dolmuş olanlar öyle gösterilir",
  "rules.list.after": `
Durum sütunu active (etkin), spent (beyanını onaylamış bir --once kuralı: spentBy, spentAt)
ya da expired (--until zamanı geçmiş) olur. Kullanılmış ve süresi dolmuş kurallar hiçbir
şeyle eşleşmez.

Örnekler:
  $ tradectl rules list
  $ tradectl rules list -o json
  $ tradectl rules list --fields name,state,symbol,amount,until -o csv`,
  "rules.list.none":
    "Kural yok: `tradectl rules add NAME --symbol SYM --sender NAME` bir tane kaydeder (bkz. `tradectl rules add --help`).",
  "rules.remove.description": "Bir kuralı sil",
  "rules.remove.arg": "kuralın adı (`tradectl rules list`)",
  "rules.remove.after": `
Örnekler:
  $ tradectl rules remove kraken-xrp
  $ tradectl rules rm kira`,
  "rules.removed": "'{name}' kuralı silindi",
} as const satisfies Translation<typeof en>;
