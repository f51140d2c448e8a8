/**
 * Analog (Hall-effect) actuation of the vendor line, as the virtual keyboard models it. The spec gives the
 * command ids and units (extended.md §7: 16-bit values, 100 units per mm) but not the byte layouts; ours are
 * documented in docs/adr/0004-actuation-bytes.md and used by both sides.
 */
export const ACTUATION = {
  GET_SELF_CHECK: 161,
  RUN_SELF_CHECK: 162,
  GET_AP_ENABLED: 163,
  SET_AP_ENABLED: 164,
  AP_KEY_SIZE: 169,
  READ_AP: 170,
  SET_AP: 171,
  AP_DEFAULTS: 172,
} as const;

/** Bytes per key in AP data: actuation point, top dead zone, bottom dead zone, each u16 big-endian. */
export const AP_KEY_SIZE = 6;
/** Keys per AP read: floor(28 / size). */
export const AP_KEYS_PER_READ = Math.floor(28 / AP_KEY_SIZE);
/** 0–4 mm on screen is 0–400 on the keyboard. */
export const UNITS_PER_MM = 100;
export const MAX_TRAVEL = 400;

export interface ApData {
  ap: number;
  dzt: number;
  dzb: number;
}
