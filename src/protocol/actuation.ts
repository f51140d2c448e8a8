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
  SET_RT_ENABLED: 168,
  RT_KEY_SIZE: 193,
  READ_RT: 194,
  SET_RT: 195,
  RT_DEFAULTS: 196,
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

/** Rapid trigger per key: flags (1 enabled, 2 continuous), reserved, press and release sensitivity as u16. */
export const RT_KEY_SIZE = 6;
export const RT_KEYS_PER_READ = Math.floor(28 / RT_KEY_SIZE);
export const RT_ENABLED = 1;
export const RT_CONTINUOUS = 2;

export interface RtData {
  enabled: boolean;
  /** Continuous rapid trigger: stays armed until the key is fully released. */
  crtEnabled: boolean;
  /** Travel that re-triggers a press, keyboard units (100 per mm). */
  rt1: number;
  /** Travel that releases, keyboard units. */
  rt2: number;
}

/** extended.md §3: RT disabled with 0 by default. */
export const RT_DEFAULT: RtData = { enabled: false, crtEnabled: false, rt1: 0, rt2: 0 };
