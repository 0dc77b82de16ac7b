import type { Message, Translation } from "../catalog-types.js";

/**
 * The completion install lines, the same commands in either language (test/e2e/
 * completion-install.test.ts runs them in each shell as an ordinary user).
 */
const INSTALL_LINES = `  bash:
  $ echo 'source <(tradectl completion bash)' >> ~/.bashrc
  zsh:
  $ mkdir -p ~/.zfunc && tradectl completion zsh > ~/.zfunc/_tradectl
  $ echo 'fpath=(~/.zfunc $fpath); autoload -Uz compinit && compinit' >> ~/.zshrc
  fish:
  $ mkdir -p ~/.config/fish/completions
  $ tradectl completion fish > ~/.config/fish/completions/tradectl.fish
`;

/** `tradectl exchanges list` and `tradectl completion` (src/commands/exchanges, completion). */
export const en = {
  "exchanges.description": "The crypto-exchanges listing (ids for --exchange-id)",
  "exchanges.list.description": "List the supported exchanges: id and name",
  "exchanges.list.examples": `
Examples:
  $ tradectl exchanges list
  $ tradectl --sandbox exchanges list -o json
  $ tradectl exchanges list --fields name -o csv`,
  "exchanges.noListing":
    "The service has no exchanges listing at this path (HTTP 404); TRADECTL_EXCHANGES_PATH sets another. `declarations confirm` still takes --exchange-name or a known --exchange-id.",
  "exchanges.empty": "The exchanges listing is empty.",
  "exchanges.useId": "Use an id with `tradectl declarations confirm --exchange-id N`.",
  "completion.description":
    "Print a shell completion script (commands, flags, values, profile names)",
  "completion.shell": "bash, zsh or fish",
  "completion.examples": `
Install it for your user (each line as written, in that shell; then open a new shell):
${INSTALL_LINES}
Examples:
  $ source <(tradectl completion bash)
  $ tradectl completion zsh > ~/.zfunc/_tradectl`,
  "completion.noShell": "no completion for shell '{name}'",
  "completion.noShellHint": "choose one of {shells}: e.g. source <(tradectl completion bash)",
  "declarations.description": "List and confirm crypto deposit declarations (travel rule)",
} as const satisfies Record<string, Message>;

export const tr = {
  "exchanges.description": "Kripto borsaları listesi (--exchange-id için numaralar)",
  "exchanges.list.description": "Desteklenen borsaları listele: numara ve ad",
  "exchanges.list.examples": `
Örnekler:
  $ tradectl exchanges list
  $ tradectl --sandbox exchanges list -o json
  $ tradectl exchanges list --fields name -o csv`,
  "exchanges.noListing":
    "Hizmetin bu yolda borsa listesi yok (HTTP 404); başka bir yolu TRADECTL_EXCHANGES_PATH belirler. `declarations confirm` yine de --exchange-name ya da bilinen bir --exchange-id alır.",
  "exchanges.empty": "Borsa listesi boş.",
  "exchanges.useId": "Bir numarayı `tradectl declarations confirm --exchange-id N` ile kullanın.",
  "completion.description":
    "Kabuk tamamlama betiğini yazdır (komutlar, seçenekler, değerler, profil adları)",
  "completion.shell": "bash, zsh ya da fish",
  "completion.examples": `
Kullanıcınız için kurun (her satırı yazıldığı gibi, o kabukta; sonra yeni bir kabuk açın):
${INSTALL_LINES}
Örnekler:
  $ source <(tradectl completion bash)
  $ tradectl completion zsh > ~/.zfunc/_tradectl`,
  "completion.noShell": "'{name}' kabuğu için tamamlama yok",
  "completion.noShellHint":
    "şunlardan birini seçin: {shells}; ör. source <(tradectl completion bash)",
  "declarations.description": "Kripto yatırma beyanlarını listele ve onayla (seyahat kuralı)",
} as const satisfies Translation<typeof en>;
