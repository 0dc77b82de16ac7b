import type { Message, NoneOf, ParamMismatch, Translation } from "../catalog-types.js";

/** The program, its global options, and commander's own words (titles, its errors). */
export const en = {
  "cli.description":
    "Deposit declarations (travel rule) and orders on BtcTurk's private API v1.\nTry it with no account: tradectl --sandbox declarations list",
  "cli.opt.version": "print the version",
  "cli.opt.baseUrl": "API base URL (env: TRADECTL_BASE_URL)",
  "cli.opt.profile": "credentials profile (env: TRADECTL_PROFILE)",
  "cli.opt.sandbox": "use the embedded sandbox (no account needed)",
  "cli.opt.output": "output format (default: table on a terminal, tsv when piped)",
  "cli.opt.json": "same as -o json",
  "cli.opt.noColor": "no colour (also NO_COLOR)",
  "cli.opt.noInput": "never prompt; a missing answer is an error (also TRADECTL_NO_INPUT=1)",
  "cli.opt.debug": "trace each HTTP exchange to stderr, secrets redacted (also TRADECTL_DEBUG=1)",
  "cli.opt.timeout": "time budget per request, retries included",
  "cli.opt.retries": "retries for idempotent requests (a POST is never re-sent)",
  "cli.opt.quiet": "only data and errors",
  "cli.opt.lang":
    "language for people: en or tr (also TRADECTL_LANG, then LC_ALL, LC_MESSAGES, LANG); scripts' output is the same in both",
  "cli.opt.help": "display help for command",
  "cli.afterError": "(add --help for usage and examples)",
  "cli.wholeNumber": "{name} must be a whole number from {min} to {max}",
  "cli.langMissing": "--lang must be en or tr",
  "cli.langUnknown": "--lang must be en or tr, not '{value}'",
  "cli.sandboxAndBaseUrl": "--sandbox and --base-url cannot be used together",
  "cli.jsonAndOutput": "--json and -o {format} ask for different formats",
  "cli.giveOne": "give one of them",
  "cli.repeated": "{option} was given more than once",
  "cli.giveOnce": "give it once",
  "cli.cancelled": "cancelled; nothing was sent",
  "cli.unexpected": "unexpected failure: {message}",
  // commander's section titles (Help.styleTitle is called with these)
  "cli.title.usage": "Usage:",
  "cli.title.options": "Options:",
  "cli.title.globalOptions": "Global Options:",
  "cli.title.commands": "Commands:",
  "cli.title.arguments": "Arguments:",
  "cli.help.default": "default: {value}",
  "cli.help.choices": "choices: {value}",
  // commander's errors, matched by their English form (translateCommanderError)
  "cli.err.unknownOption": "unknown option '{flag}'",
  "cli.err.unknownCommand": "unknown command '{name}'",
  "cli.err.missingArgument": "missing required argument '{name}'",
  "cli.err.optionArgumentMissing": "option '{flag}' argument missing",
  "cli.err.requiredOption": "required option '{flag}' not specified",
  "cli.err.invalidChoice":
    "option '{flag}' argument '{value}' is invalid. Allowed choices are {choices}.",
  "cli.err.invalidArgument": "option '{flag}' argument '{value}' is invalid. {reason}",
  "cli.err.tooManyArguments": {
    one: "too many arguments{forCommand}. Expected 1 argument but got {got}.",
    other: "too many arguments{forCommand}. Expected {count} arguments but got {got}.",
  },
  "cli.err.forCommand": " for '{name}'",
  "cli.err.didYouMean": "(Did you mean {word}?)",
  "cli.err.didYouMeanOneOf": "(Did you mean one of {words}?)",
  "cli.err.prefix": "error:",
} as const satisfies Record<string, Message>;

export const tr = {
  "cli.description":
    "BtcTurk özel API v1 üzerinden kripto yatırma beyanları (seyahat kuralı) ve emirler.\nHesap açmadan deneyin: tradectl --sandbox declarations list",
  "cli.opt.version": "sürümü yazdır",
  "cli.opt.baseUrl": "API temel adresi (ortam: TRADECTL_BASE_URL)",
  "cli.opt.profile": "kimlik bilgisi profili (ortam: TRADECTL_PROFILE)",
  "cli.opt.sandbox": "yerleşik deneme sunucusunu kullan (hesap gerekmez)",
  "cli.opt.output": "çıktı biçimi (varsayılan: terminalde table, yönlendirilince tsv)",
  "cli.opt.json": "-o json ile aynı",
  "cli.opt.noColor": "renk kullanma (NO_COLOR da olur)",
  "cli.opt.noInput": "hiç soru sorma; eksik bir yanıt hata olur (TRADECTL_NO_INPUT=1 de olur)",
  "cli.opt.debug":
    "her HTTP alışverişini stderr'e yaz, gizli bilgiler maskelenir (TRADECTL_DEBUG=1 de olur)",
  "cli.opt.timeout": "istek başına süre sınırı, yeniden denemeler dahil",
  "cli.opt.retries":
    "tekrarlanabilir istekler için yeniden deneme sayısı (POST asla yeniden gönderilmez)",
  "cli.opt.quiet": "yalnızca veri ve hatalar",
  "cli.opt.lang":
    "insanlara yönelik metinlerin dili: en ya da tr (TRADECTL_LANG, sonra LC_ALL, LC_MESSAGES, LANG); betiklerin okuduğu çıktı ikisinde de aynıdır",
  "cli.opt.help": "komutun yardımını göster",
  "cli.afterError": "(kullanım ve örnekler için --help ekleyin)",
  "cli.wholeNumber": "{name} {min} ile {max} arasında bir tam sayı olmalı",
  "cli.langMissing": "--lang için en ya da tr verin",
  "cli.langUnknown": "--lang için en ya da tr verin; '{value}' bilinmiyor",
  "cli.sandboxAndBaseUrl": "--sandbox ve --base-url birlikte kullanılamaz",
  "cli.jsonAndOutput": "--json ve -o {format} farklı biçimler istiyor",
  "cli.giveOne": "yalnızca birini verin",
  "cli.repeated": "{option} birden fazla kez verildi",
  "cli.giveOnce": "bir kez verin",
  "cli.cancelled": "iptal edildi; hiçbir şey gönderilmedi",
  "cli.unexpected": "beklenmeyen hata: {message}",
  "cli.title.usage": "Kullanım:",
  "cli.title.options": "Seçenekler:",
  "cli.title.globalOptions": "Genel seçenekler:",
  "cli.title.commands": "Komutlar:",
  "cli.title.arguments": "Argümanlar:",
  "cli.help.default": "varsayılan: {value}",
  "cli.help.choices": "seçenekler: {value}",
  "cli.err.unknownOption": "bilinmeyen seçenek '{flag}'",
  "cli.err.unknownCommand": "bilinmeyen komut '{name}'",
  "cli.err.missingArgument": "gerekli argüman eksik: '{name}'",
  "cli.err.optionArgumentMissing": "'{flag}' seçeneğinin değeri eksik",
  "cli.err.requiredOption": "'{flag}' seçeneği zorunlu",
  "cli.err.invalidChoice":
    "'{flag}' seçeneği için '{value}' geçersiz. Geçerli değerler: {choices}.",
  "cli.err.invalidArgument": "'{flag}' seçeneği için '{value}' geçersiz. {reason}",
  "cli.err.tooManyArguments":
    "fazla argüman{forCommand}. {count} argüman bekleniyordu, {got} verildi.",
  "cli.err.forCommand": " ('{name}' için)",
  "cli.err.didYouMean": "({word} mi demek istediniz?)",
  "cli.err.didYouMeanOneOf": "(Şunlardan biri mi: {words}?)",
  "cli.err.prefix": "hata:",
} as const satisfies Translation<typeof en>;

export type Checked = NoneOf<ParamMismatch<typeof en, typeof tr>>;
