/** The real service (API-NOTES.md, "Base URLs"). */
export const DEFAULT_BASE_URL = "https://api.btcturk.com";
