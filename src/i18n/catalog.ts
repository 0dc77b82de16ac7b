import { rooms } from "./catalog-types.js";
import * as api from "./messages/api.js";
import * as auth from "./messages/auth.js";
import * as baseUrl from "./messages/base-url.js";
import * as cli from "./messages/cli.js";
import * as completion from "./messages/completion.js";
import * as config from "./messages/config.js";
import * as confirm from "./messages/confirm.js";
import * as confirmIn from "./messages/confirm-in.js";
import * as confirmOffer from "./messages/confirm-offer.js";
import * as confirmWizard from "./messages/confirm-wizard.js";
import * as confirmX from "./messages/confirm-x.js";
import * as declarations from "./messages/declarations.js";
import * as doctor from "./messages/doctor.js";
import * as domain from "./messages/domain.js";
import * as exchanges from "./messages/exchanges.js";
import * as exchangesPath from "./messages/exchanges-path.js";
import * as fields from "./messages/fields.js";
import * as file from "./messages/file.js";
import * as help from "./messages/help.js";
import * as hint from "./messages/hint.js";
import * as keyring from "./messages/keyring.js";
import * as label from "./messages/label.js";
import * as list from "./messages/list.js";
import * as listing from "./messages/listing.js";
import * as lock from "./messages/lock.js";
import * as login from "./messages/login.js";
import * as mcp from "./messages/mcp.js";
import * as network from "./messages/network.js";
import * as order from "./messages/order.js";
import * as process from "./messages/process.js";
import * as prompt from "./messages/prompt.js";
import * as receipts from "./messages/receipts.js";
import * as receiptsFile from "./messages/receipts-file.js";
import * as report from "./messages/report.js";
import * as ruleWhy from "./messages/rule-why.js";
import * as rules from "./messages/rules.js";
import * as rulesImport from "./messages/rules-import.js";
import * as sandbox from "./messages/sandbox.js";
import * as sandboxServe from "./messages/sandbox-serve.js";
import * as sandboxSpec from "./messages/sandbox-spec.js";
import * as sandboxState from "./messages/sandbox-state.js";
import * as savedName from "./messages/saved-name.js";
import * as savedRule from "./messages/saved-rule.js";
import * as savedSender from "./messages/saved-sender.js";
import * as seed from "./messages/seed.js";
import * as senderWhy from "./messages/sender-why.js";
import * as senders from "./messages/senders.js";
import * as store from "./messages/store.js";
import * as text from "./messages/text.js";
import * as topic from "./messages/topic.js";
import * as version from "./messages/version.js";

/**
 * The one message catalog, English: every room's `en` (messages/<room>.ts, beside its `tr`,
 * which catalog-tr.ts gathers). A key is `<room>.<what>`; a room is added here once, and there.
 */
export const EN = rooms(
  api.en,
  auth.en,
  baseUrl.en,
  cli.en,
  completion.en,
  config.en,
  confirmIn.en,
  confirmOffer.en,
  confirmWizard.en,
  confirmX.en,
  confirm.en,
  declarations.en,
  doctor.en,
  domain.en,
  exchangesPath.en,
  exchanges.en,
  fields.en,
  file.en,
  help.en,
  hint.en,
  keyring.en,
  label.en,
  list.en,
  listing.en,
  lock.en,
  login.en,
  mcp.en,
  network.en,
  order.en,
  process.en,
  prompt.en,
  receiptsFile.en,
  receipts.en,
  report.en,
  ruleWhy.en,
  rulesImport.en,
  rules.en,
  sandboxServe.en,
  sandboxSpec.en,
  sandboxState.en,
  sandbox.en,
  savedName.en,
  savedRule.en,
  savedSender.en,
  seed.en,
  senderWhy.en,
  senders.en,
  store.en,
  text.en,
  topic.en,
  version.en,
);
