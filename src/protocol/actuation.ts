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

/** Dynamic keystrokes (DKS): up to four actions on one key, each acting at four stages of travel. */
export const DKS = { ACTUATION: 208, COUNT: 209, READ: 210, SET: 211, CLEAR: 212 } as const;

/** What an action does at a stage: 0 Hold (no change), 1 Press, 2 Release, 3 Tap (press and release). */
export type DksPoint = 0 | 1 | 2 | 3;
export const DKS_POINTS: readonly DksPoint[] = [0, 1, 2, 3];

export interface DksAction {
  keycode: number;
  /** One point per stage: 1st press, bottom out, release from bottom, last release. */
  points: [DksPoint, DksPoint, DksPoint, DksPoint];
}

export interface DksEntry {
  layer: number;
  row: number;
  col: number;
  /** Travel of each stage, keyboard units (100 per mm). */
  actuation: [number, number, number, number];
  actions: [DksAction, DksAction, DksAction, DksAction];
}

/** extended.md §3: actions of key 0 with every point Hold; stages at 0.7, 3.5, 3.5, 0.7 mm. */
export function defaultDks(layer: number, row: number, col: number): DksEntry {
  const action = (): DksAction => ({ keycode: 0, points: [0, 0, 0, 0] });
  return {
    layer,
    row,
    col,
    actuation: [70, 350, 350, 70],
    actions: [action(), action(), action(), action()],
  };
}

/** An entry's 23 parameter bytes: layer, row, col, four u16 travels, four u16 keycodes, four point bytes. */
export function encodeDks(e: DksEntry): number[] {
  const u16 = (v: number) => [(v >> 8) & 0xff, v & 0xff];
  // Four 2-bit points per byte, the first stage in the low bits.
  const points = e.actions.map((a) => a.points.reduce<number>((byte, p, i) => byte | (p << (i * 2)), 0));
  return [
    e.layer,
    e.row,
    e.col,
    ...e.actuation.flatMap(u16),
    ...e.actions.flatMap((a) => u16(a.keycode)),
    ...points,
  ];
}

export function decodeDks(bytes: ArrayLike<number>, at: number): DksEntry {
  const u16 = (i: number) => ((bytes[at + i]! << 8) | bytes[at + i + 1]!) >>> 0;
  const point = (byte: number, i: number) => ((byte >> (i * 2)) & 3) as DksPoint;
  const action = (k: number): DksAction => {
    const byte = bytes[at + 19 + k]!;
    return {
      keycode: u16(11 + k * 2),
      points: [point(byte, 0), point(byte, 1), point(byte, 2), point(byte, 3)],
    };
  };
  return {
    layer: bytes[at]!,
    row: bytes[at + 1]!,
    col: bytes[at + 2]!,
    actuation: [u16(3), u16(5), u16(7), u16(9)],
    actions: [action(0), action(1), action(2), action(3)],
  };
}

/**
 * Why a DKS entry's travels cannot work, or null. Each stage's travel is 0.01–4 mm (1–400 units); the first press
 * comes before bottoming out (shallower), and the last release after releasing from the bottom (shallower
 * again): otherwise the stages would fire out of order. (Releasing from the bottom deeper than bottoming out is
 * allowed: it fires on the first way up.) `stage` is the index of the travel out of range.
 */
export type DksTravelProblem =
  { kind: 'range'; stage: number } | { kind: 'pressAfterBottom' } | { kind: 'lastReleaseBeforeRelease' };

export function dksTravelProblem(actuation: readonly number[]): DksTravelProblem | null {
  const stage = actuation.findIndex((t) => !Number.isInteger(t) || t < 1 || t > MAX_TRAVEL);
  if (stage >= 0) return { kind: 'range', stage };
  const [press, bottom, release, last] = actuation as [number, number, number, number];
  if (press >= bottom) return { kind: 'pressAfterBottom' };
  if (last >= release) return { kind: 'lastReleaseBeforeRelease' };
  return null;
}
