/** The real service (docs/SERVICE-NOTES.md, "Base URLs"). */
export const DEFAULT_BASE_URL = "https://api.btcturk.com";
