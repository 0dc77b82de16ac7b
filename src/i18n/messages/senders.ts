import type { Message, Translation } from "../catalog-types.js";

/** `tradectl senders` (src/commands/senders/). */
export const en = {
  "senders.description":
    "Saved senders: answers to reuse with `declarations confirm --sender NAME`",
  "senders.add.description":
    "Save the answers for a sender under a name (checked with the confirm rules)",
  "senders.add.arg": "a name for `declarations confirm --sender NAME`",
  "senders.add.preset":
    "a ready-made description (listed below) instead of --description, in the language of the run (--lang)",
  "senders.add.after": `
A sender is: --self, or --first-name and --last-name; --address-type; with an exchange,
--exchange-id or --exchange-name; optionally --description. Saved in the config file (0600).
Adding a name that exists replaces it.

Examples:
  $ tradectl senders add me-kraken --self --address-type exchange --exchange-name kraken \\
      --description-preset own-accounts
  $ tradectl senders add sister --first-name Ayşe --last-name Yılmaz \\
      --address-type individual-wallet --description "Gift from my sister's wallet"
  $ tradectl senders add friend --first-name Can --last-name Öztürk --address-type exchange \\
      --exchange-name "My local exchange"

Then: tradectl declarations confirm --pending --symbol XRP --sender me-kraken`,
  "senders.add.presetAfter": `
Ready-made descriptions (--description-preset NAME; the text saved is in the language of the
run, English here, Turkish with --lang tr):
{presets}`,
  "senders.list.description": "List the saved senders",
  "senders.list.after": `
Examples:
  $ tradectl senders list
  $ tradectl senders list -o json
  $ tradectl senders list --fields name,AddressType,exchangeId -o csv`,
  "senders.remove.description": "Delete a saved sender",
  "senders.remove.arg": "the sender's name (`tradectl senders list`)",
  "senders.remove.after": `
Examples:
  $ tradectl senders remove me-kraken
  $ tradectl senders rm sis`,
  "senders.saved": "Sender '{name}' saved: `tradectl declarations confirm --sender {name}` uses it",
  "senders.replaced":
    "Sender '{name}' replaced: `tradectl declarations confirm --sender {name}` uses it",
  "senders.none":
    "No saved senders: `tradectl senders add NAME --self --address-type exchange --exchange-id N` saves one.",
  "senders.removed": "Sender '{name}' removed",
  "senders.removedInUse":
    "rules {rules} use sender '{name}': they confirm nothing until it is saved again (`tradectl senders add {name} …`) or they are removed (`tradectl rules remove NAME`)",
  "senders.unknownPreset": "--description-preset '{name}' is not a preset; the presets: {names}",
  "senders.presetNames": "give one of: {names}",
  "senders.presetAndDescription": "--description-preset and --description: give one of them",
} as const satisfies Record<string, Message>;

export const tr = {
  "senders.description":
    "Kayıtlı gönderenler: `declarations confirm --sender NAME` ile yeniden kullanılan yanıtlar",
  "senders.add.description":
    "Bir gönderenin yanıtlarını bir adla kaydet (onay kurallarıyla denetlenir)",
  "senders.add.arg": "`declarations confirm --sender NAME` için bir ad",
  "senders.add.preset":
    "--description yerine hazır bir açıklama (aşağıda listelenir), çalıştırmanın dilinde (--lang)",
  "senders.add.after": `
Gönderen: --self ya da --first-name ve --last-name; --address-type; borsa ise
--exchange-id ya da --exchange-name; isteğe bağlı olarak --description. Yapılandırma
dosyasına kaydedilir (0600). Var olan bir adla eklemek eskisinin yerine geçer.

Örnekler:
  $ tradectl senders add me-kraken --self --address-type exchange --exchange-name kraken \\
      --description-preset own-accounts
  $ tradectl senders add kardesim --first-name Ayşe --last-name Yılmaz \\
      --address-type individual-wallet --description-preset family-gift
  $ tradectl senders add arkadas --first-name Can --last-name Öztürk --address-type exchange \\
      --exchange-name "Yerel borsam"

Sonra: tradectl declarations confirm --pending --symbol XRP --sender me-kraken`,
  "senders.add.presetAfter": `
Hazır açıklamalar (--description-preset NAME; kaydedilen metin çalıştırmanın dilindedir,
burada Türkçe, --lang en ile İngilizce):
{presets}`,
  "senders.list.description": "Kayıtlı gönderenleri listele",
  "senders.list.after": `
Örnekler:
  $ tradectl senders list
  $ tradectl senders list -o json
  $ tradectl senders list --fields name,AddressType,exchangeId -o csv`,
  "senders.remove.description": "Kayıtlı bir göndereni sil",
  "senders.remove.arg": "gönderenin adı (`tradectl senders list`)",
  "senders.remove.after": `
Örnekler:
  $ tradectl senders remove me-kraken
  $ tradectl senders rm kardesim`,
  "senders.saved":
    "'{name}' göndereni kaydedildi: `tradectl declarations confirm --sender {name}` onu kullanır",
  "senders.replaced":
    "'{name}' göndereni güncellendi: `tradectl declarations confirm --sender {name}` onu kullanır",
  "senders.none":
    "Kayıtlı gönderen yok: `tradectl senders add NAME --self --address-type exchange --exchange-id N` bir tane kaydeder.",
  "senders.removed": "'{name}' göndereni silindi",
  "senders.removedInUse":
    "{rules} kuralları '{name}' göndereni kullanıyor: bu gönderen yeniden kaydedilene (`tradectl senders add {name} …`) ya da kurallar silinene (`tradectl rules remove AD`) dek hiçbir şey onaylamazlar",
  "senders.unknownPreset":
    "--description-preset '{name}' diye bir hazır açıklama yok; hazır açıklamalar: {names}",
  "senders.presetNames": "şunlardan birini verin: {names}",
  "senders.presetAndDescription":
    "--description-preset ve --description birlikte verilemez: yalnızca birini verin",
} as const satisfies Translation<typeof en>;
