import type { Message, Translation } from "../catalog-types.js";

/**
 * What inquirer itself writes around every prompt (src/commands/prompter.ts's theme): the keys'
 * help line and the yes/no of a confirm. English is inquirer's own words.
 */
export const en = {
  "prompt.navigate": "navigate",
  "prompt.select": "select",
  "prompt.yes": "Yes",
  "prompt.no": "No",
  "prompt.yesOrNo": 'You must answer with "{yes}" or "{no}"',
} as const satisfies Record<string, Message>;

export const tr = {
  "prompt.navigate": "gezin",
  "prompt.select": "seçin",
  "prompt.yes": "Evet",
  "prompt.no": "Hayır",
  "prompt.yesOrNo": '"{yes}" ya da "{no}" ile yanıtlayın',
} as const satisfies Translation<typeof en>;
