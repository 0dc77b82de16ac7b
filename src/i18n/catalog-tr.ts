import type { EN } from "./catalog.js";
import { rooms, type SameParams, type Translation } from "./catalog-types.js";
import * as api from "./messages/api.js";
import * as auth from "./messages/auth.js";
import * as cli from "./messages/cli.js";
import * as commandsRest from "./messages/commands-rest.js";
import * as configFiles from "./messages/config-files.js";
import * as confirm from "./messages/confirm.js";
import * as confirmInput from "./messages/confirm-input.js";
import * as confirmWizard from "./messages/confirm-wizard.js";
import * as declarationsList from "./messages/declarations-list.js";
import * as doctor from "./messages/doctor.js";
import * as domain from "./messages/domain.js";
import * as exchanges from "./messages/exchanges.js";
import * as help from "./messages/help.js";
import * as label from "./messages/label.js";
import * as login from "./messages/login.js";
import * as mcp from "./messages/mcp.js";
import * as network from "./messages/network.js";
import * as order from "./messages/order.js";
import * as prompt from "./messages/prompt.js";
import * as receipts from "./messages/receipts.js";
import * as report from "./messages/report.js";
import * as rules from "./messages/rules.js";
import * as rulesImport from "./messages/rules-import.js";
import * as sandbox from "./messages/sandbox.js";
import * as sandboxState from "./messages/sandbox-state.js";
import * as senders from "./messages/senders.js";
import * as sharedRest from "./messages/shared-rest.js";
import * as topics from "./messages/topics.js";
import * as topicsMore from "./messages/topics-more.js";

/**
 * The Turkish catalog: every room's `tr`. Loaded only by a Turkish run (translate.ts,
 * `loadLanguage`): the build makes it a file of its own, one object (scripts/build.js,
 * `oneLanguage`), so an English run never reads the Turkish.
 */
const TR_TEXTS = rooms(
  cli.tr,
  report.tr,
  help.tr,
  senders.tr,
  sandbox.tr,
  auth.tr,
  order.tr,
  receipts.tr,
  exchanges.tr,
  topics.tr,
  topicsMore.tr,
  confirm.tr,
  confirmWizard.tr,
  prompt.tr,
  declarationsList.tr,
  doctor.tr,
  rules.tr,
  rulesImport.tr,
  sharedRest.tr,
  domain.tr,
  confirmInput.tr,
  commandsRest.tr,
  api.tr,
  configFiles.tr,
  sandboxState.tr,
  login.tr,
  mcp.tr,
  network.tr,
  label.tr,
) satisfies Translation<typeof EN>;

/** The Turkish catalog, which compiles only when each text names the parameters of its English. */
export const TR: SameParams<typeof EN, typeof TR_TEXTS> = TR_TEXTS;
