/**
 * The one reading of an on/off environment variable (TRADECTL_NO_INPUT, TRADECTL_DEBUG): `1`,
 * `true`, `yes` and `on` in any case mean on; unset, empty, `0`, `false`, `no`, `off` and
 * anything else mean off.
 */
export function envFlag(value: string | undefined): boolean {
  return /^(1|true|yes|on)$/i.test(value?.trim() ?? "");
}
