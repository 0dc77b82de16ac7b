import type { EN } from "./catalog.js";
import { rooms, type SameParams, type Translation } from "./catalog-types.js";
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
 * The Turkish catalog: every room's `tr`. Loaded only by a Turkish run (translate.ts,
 * `loadLanguage`): the build makes it a file of its own, one object (scripts/build.js,
 * `oneLanguage`), so an English run never reads the Turkish.
 */
const TR_TEXTS = rooms(
  api.tr,
  auth.tr,
  baseUrl.tr,
  cli.tr,
  completion.tr,
  config.tr,
  confirmIn.tr,
  confirmOffer.tr,
  confirmWizard.tr,
  confirmX.tr,
  confirm.tr,
  declarations.tr,
  doctor.tr,
  domain.tr,
  exchangesPath.tr,
  exchanges.tr,
  fields.tr,
  file.tr,
  help.tr,
  hint.tr,
  keyring.tr,
  label.tr,
  list.tr,
  listing.tr,
  lock.tr,
  login.tr,
  mcp.tr,
  network.tr,
  order.tr,
  process.tr,
  prompt.tr,
  receiptsFile.tr,
  receipts.tr,
  report.tr,
  ruleWhy.tr,
  rulesImport.tr,
  rules.tr,
  sandboxServe.tr,
  sandboxSpec.tr,
  sandboxState.tr,
  sandbox.tr,
  savedName.tr,
  savedRule.tr,
  savedSender.tr,
  seed.tr,
  senderWhy.tr,
  senders.tr,
  store.tr,
  text.tr,
  topic.tr,
  version.tr,
) satisfies Translation<typeof EN>;

/** The Turkish catalog, which compiles only when each text names the parameters of its English. */
export const TR: SameParams<typeof EN, typeof TR_TEXTS> = TR_TEXTS;
