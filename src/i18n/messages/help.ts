import type { Message, Translation } from "../catalog-types.js";

/** `tradectl help`, the program's examples, the help topics' names and summaries. */
export const en = {
  "help.description": "Show help for a command, or a topic: {topics}",
  "help.arg": "a command (e.g. declarations list) or a help topic",
  "help.examplesTitle": "Examples:",
  "help.topicsTitle": "Help topics (tradectl help TOPIC):",
  "help.example.sandbox": "try it with no account",
  "help.example.login": "save your API key pair",
  "help.example.confirm": "the wizard asks what it needs",
  "help.topic.exitCodes": "what each exit code means, for scripts",
  "help.topic.environment": "environment variables, credentials and the config file",
  "help.topic.formats": "the output formats and what each prints",
  "help.topic.sandbox": "the embedded sandbox, `sandbox serve` and --faults",
  "help.notCommandOrTopic": "'{word}' is neither a command nor a help topic{suggestion}",
  "help.notSubcommand": "'{word}' is not a subcommand of '{command}'{suggestion}",
  "help.listsCommands": "`tradectl --help` lists the commands; topics: {topics}",
  "help.listsThem": "`tradectl help {command}` lists them",
  "help.didYouMean": " (Did you mean {word}?)",
  "help.didYouMeanOneOf": " (Did you mean one of {words}?)",
} as const satisfies Record<string, Message>;

export const tr = {
  "help.description": "Bir komutun ya da bir konunun yardımını göster: {topics}",
  "help.arg": "bir komut (ör. declarations list) ya da bir yardım konusu",
  "help.examplesTitle": "Örnekler:",
  "help.topicsTitle": "Yardım konuları (tradectl help KONU):",
  "help.example.sandbox": "hesap açmadan deneyin",
  "help.example.login": "API anahtar çiftinizi kaydedin",
  "help.example.confirm": "sihirbaz gerekeni sorar",
  "help.topic.exitCodes": "betikler için her çıkış kodunun anlamı",
  "help.topic.environment": "ortam değişkenleri, kimlik bilgileri ve yapılandırma dosyası",
  "help.topic.formats": "çıktı biçimleri ve her birinin yazdırdıkları",
  "help.topic.sandbox": "yerleşik deneme sunucusu, `sandbox serve` ve --faults",
  "help.notCommandOrTopic": "'{word}' ne bir komut ne de bir yardım konusu{suggestion}",
  "help.notSubcommand": "'{word}', '{command}' komutunun bir alt komutu değil{suggestion}",
  "help.listsCommands": "komutları `tradectl --help` listeler; konular: {topics}",
  "help.listsThem": "alt komutları `tradectl help {command}` listeler",
  "help.didYouMean": " ({word} mi demek istediniz?)",
  "help.didYouMeanOneOf": " (Şunlardan biri mi: {words}?)",
} as const satisfies Translation<typeof en>;
