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

/**
 * `tradectl completion` (src/commands/completion/): its help, the install lines, a shell it does
 * not know.
 */
export const en = {
  "completion.x.cannot": "cannot complete '{what}'",
  "completion.x.script": "completion script for {shell}",
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
} as const satisfies Record<string, Message>;

export const tr = {
  "completion.x.cannot": "'{what}' tamamlanamıyor",
  "completion.x.script": "{shell} için tamamlama betiği",
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
} as const satisfies Translation<typeof en>;
