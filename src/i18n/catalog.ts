import { rooms } from "./catalog-types.js";
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
 * The one message catalog, English: every room's `en` (messages/<room>.ts, beside its `tr`,
 * which catalog-tr.ts gathers). A key is `<room>.<what>`; a room is added here once, and there.
 */
export const EN = rooms(
  cli.en,
  report.en,
  help.en,
  senders.en,
  sandbox.en,
  auth.en,
  order.en,
  receipts.en,
  exchanges.en,
  topics.en,
  topicsMore.en,
  confirm.en,
  confirmWizard.en,
  prompt.en,
  declarationsList.en,
  doctor.en,
  rules.en,
  rulesImport.en,
  sharedRest.en,
  domain.en,
  confirmInput.en,
  commandsRest.en,
  api.en,
  configFiles.en,
  sandboxState.en,
  login.en,
  mcp.en,
  network.en,
  label.en,
);
