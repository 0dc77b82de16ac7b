/** The languages tradectl speaks to people in. Machine output (json, csv, …) has none. */
export const LANGS = ["en", "tr"] as const;
export type Lang = (typeof LANGS)[number];
