/** The shells `tradectl completion` writes a script for. */
export const SHELLS = ["bash", "zsh", "fish"] as const;
export type Shell = (typeof SHELLS)[number];

/** What `tradectl __complete WHAT` lists: names read from the config file when Tab is pressed. */
export const NAME_SOURCES = ["profiles", "senders", "rules"] as const;
export type NameSource = (typeof NAME_SOURCES)[number];

/** The source `word` names, if it names one. */
export const nameSource = (word: string | undefined): NameSource | undefined =>
  NAME_SOURCES.find((source) => source === word);
