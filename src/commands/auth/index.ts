import { verbGroup } from "../verb.js";
import { doctorVerb } from "./doctor-spec.js";
import { loginVerb } from "./login-spec.js";
import { logoutVerb } from "./logout-spec.js";
import { statusVerb } from "./status-spec.js";

/** The `auth` group's verbs, in the order help lists them. */
export const registerAuth = verbGroup(loginVerb, statusVerb, logoutVerb, doctorVerb);
