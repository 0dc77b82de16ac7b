import type { Message, Translation } from "../catalog-types.js";

/**
 * `tradectl declarations confirm` (src/commands/declarations/confirm/): the wizard, its
 * summary and "Send?". The exchange's own form is the model for the Turkish: beyan, gönderen,
 * borsa, kişisel cüzdan, "Gönderen kişi benim", "Diğer", "Açıklama Seçiniz".
 */
export const en = {
  "confirm.description":
    "Confirm a pending declaration: say who sent the deposit (a wizard on a terminal)",
  "confirm.arg":
    "declaration id (picked from the pending ones when not given); several ids: a batch with the same answers",
  "confirm.preset":
    "a ready-made description (listed below) instead of --description, in the language of the run (--lang)",
  "confirm.presetAfter": `
Ready-made descriptions (--description-preset NAME; the text sent is in the language of the
run, English here, Turkish with --lang tr):
{presets}`,
  "confirm.wizard.confirming": "Confirming declaration {id}",
  "confirm.wizard.sameAnswers": {
    one: "The same answers for {count} declaration",
    other: "The same answers for {count} declarations",
  },
  "confirm.wizard.who": "Who sent this deposit?",
  "confirm.wizard.me": "Me",
  "confirm.wizard.meHint": "your own name on the account is used",
  "confirm.wizard.another": "Another person",
  "confirm.wizard.anotherHint": "you give their name",
  "confirm.wizard.savedMe": "me",
  "confirm.wizard.savedWallet": "individual wallet",
  "confirm.wizard.savedExchangeId": "exchange {id}",
  "confirm.wizard.savedExchangeName": "exchange '{name}'",
  "confirm.wizard.savedHint": "a saved sender (`tradectl senders list`)",
  "confirm.wizard.firstName": "Sender's first name:",
  "confirm.wizard.lastName": "Sender's last name:",
  "confirm.wizard.where": "Where was it sent from?",
  "confirm.wizard.exchange": "An exchange",
  "confirm.wizard.wallet": "An individual wallet",
  "confirm.wizard.preset": "Choose a description:",
  "confirm.wizard.presetHint": "--description-preset {name}",
  "confirm.wizard.ownDescription": "Type my own",
  "confirm.wizard.ownDescriptionHint": "{min} to {max} characters",
  "confirm.wizard.describe": "Describe the deposit ({min} to {max} characters):",
  "confirm.wizard.cannotList": "could not list the pending declarations: {why}",
  "confirm.wizard.cannotListHint": "pass the declaration id as the argument to skip the list",
  "confirm.wizard.nonePending": "There are no pending declarations: nothing to confirm.",
  "confirm.wizard.firstPage":
    "Showing the first {count} pending declarations; pass an id to confirm another.",
  "confirm.wizard.which": "Which deposit do you want to declare?",
  "confirm.wizard.created": "created {time}",
  "confirm.wizard.to": "to {address}",
  "confirm.wizard.toMemo": "to {address} memo {memo}",
  "confirm.warning": "warning:",
  "confirm.note": "note:",
  "confirm.wizard.noListing":
    "the exchanges listing is unavailable ({why}); you can type the exchange's name or its id",
  "confirm.wizard.exchangeName": "Exchange name:",
  "confirm.wizard.howExchange": "How do you want to name the exchange?",
  "confirm.wizard.byName": "Type its name",
  "confirm.wizard.byId": "Type its id (from the exchanges listing)",
  "confirm.wizard.exchangeId": "Exchange id:",
  "confirm.wizard.badExchangeId": "an exchange id is a whole number, e.g. 1",
  "confirm.wizard.notListed": "Not listed — type its name",
  "confirm.wizard.whichExchange": "Which exchange? (type to search)",
  "confirm.wizard.exchangeIdHint": "id {id}",
  "confirm.summary.title": "This will be sent",
  "confirm.summary.ownName": "(your own name is used)",
  "confirm.send": "Send?",
} as const satisfies Record<string, Message>;

export const tr = {
  "confirm.description":
    "Bekleyen bir beyanı onayla: yatırmayı kimin gönderdiğini bildir (terminalde sihirbazla)",
  "confirm.arg":
    "beyan numarası (verilmezse bekleyenlerden seçilir); birden çok numara: aynı yanıtlarla toplu onay",
  "confirm.preset":
    "--description yerine hazır bir açıklama (aşağıda listelenir), çalıştırmanın dilinde (--lang)",
  "confirm.presetAfter": `
Hazır açıklamalar (--description-preset NAME; gönderilen metin çalıştırmanın dilindedir,
burada Türkçe, --lang en ile İngilizce):
{presets}`,
  "confirm.wizard.confirming": "{id} numaralı beyan onaylanıyor",
  "confirm.wizard.sameAnswers": {
    one: "{count} beyan için aynı yanıtlar",
    other: "{count} beyan için aynı yanıtlar",
  },
  "confirm.wizard.who": "Bu yatırmayı kim gönderdi?",
  "confirm.wizard.me": "Gönderen kişi benim",
  "confirm.wizard.meHint": "hesaptaki kendi adınız kullanılır",
  "confirm.wizard.another": "Diğer",
  "confirm.wizard.anotherHint": "gönderenin adını ve soyadını siz yazarsınız",
  "confirm.wizard.savedMe": "ben",
  "confirm.wizard.savedWallet": "kişisel cüzdan",
  "confirm.wizard.savedExchangeId": "borsa {id}",
  "confirm.wizard.savedExchangeName": "borsa '{name}'",
  "confirm.wizard.savedHint": "kayıtlı gönderen (`tradectl senders list`)",
  "confirm.wizard.firstName": "Gönderenin adı:",
  "confirm.wizard.lastName": "Gönderenin soyadı:",
  "confirm.wizard.where": "Nereden gönderildi?",
  "confirm.wizard.exchange": "Borsa",
  "confirm.wizard.wallet": "Kişisel cüzdan",
  "confirm.wizard.preset": "Açıklama Seçiniz",
  "confirm.wizard.presetHint": "--description-preset {name}",
  "confirm.wizard.ownDescription": "Kendim yazacağım",
  "confirm.wizard.ownDescriptionHint": "{min} ile {max} karakter arası",
  "confirm.wizard.describe": "Yatırmayı açıklayın ({min} ile {max} karakter arası):",
  "confirm.wizard.cannotList": "bekleyen beyanlar listelenemedi: {why}",
  "confirm.wizard.cannotListHint": "listeyi atlamak için beyan numarasını argüman olarak verin",
  "confirm.wizard.nonePending": "Bekleyen beyan yok: onaylanacak bir şey yok.",
  "confirm.wizard.firstPage":
    "Bekleyen beyanların ilk {count} tanesi gösteriliyor; başka birini onaylamak için numarasını verin.",
  "confirm.wizard.which": "Hangi yatırmayı beyan etmek istiyorsunuz?",
  "confirm.wizard.created": "oluşturma {time}",
  "confirm.wizard.to": "{address} adresine",
  "confirm.wizard.toMemo": "{address} adresine, memo {memo}",
  "confirm.warning": "uyarı:",
  "confirm.note": "not:",
  "confirm.wizard.noListing":
    "borsa listesi alınamadı ({why}); borsanın adını ya da numarasını yazabilirsiniz",
  "confirm.wizard.exchangeName": "Borsanın adı:",
  "confirm.wizard.howExchange": "Borsayı nasıl belirtmek istersiniz?",
  "confirm.wizard.byName": "Adını yazarak",
  "confirm.wizard.byId": "Numarasını yazarak (borsa listesindeki numara)",
  "confirm.wizard.exchangeId": "Borsa numarası:",
  "confirm.wizard.badExchangeId": "borsa numarası bir tam sayıdır, ör. 1",
  "confirm.wizard.notListed": "Listede yok — adını yazacağım",
  "confirm.wizard.whichExchange": "Hangi borsa? (aramak için yazın)",
  "confirm.wizard.exchangeIdHint": "numara {id}",
  "confirm.summary.title": "Gönderilecek istek",
  "confirm.summary.ownName": "(hesaptaki kendi adınız kullanılır)",
  "confirm.send": "Gönder?",
} as const satisfies Translation<typeof en>;
