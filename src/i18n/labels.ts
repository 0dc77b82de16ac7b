/**
 * Column labels of tables and labels of detail views, in Turkish, by their English text: the
 * views (src/commands/…) name their columns in English once, and the table is labelled in the
 * run's language where it is drawn (output/table.ts). A label not listed stays English.
 * Kept short: a Turkish table must fit 80 columns as the English one does.
 */
export const TR_LABELS: Readonly<Record<string, string>> = {
  // senders list
  NAME: "AD",
  SELF: "KENDİM",
  "FIRST NAME": "ADI",
  "LAST NAME": "SOYADI",
  "ADDRESS TYPE": "ADRES TÜRÜ",
  "EXCHANGE ID": "BORSA NO",
  "EXCHANGE NAME": "BORSA ADI",
  DESCRIPTION: "AÇIKLAMA",
};
