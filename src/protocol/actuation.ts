import type { DksAction, DksEntry, DksPoint } from '../qmk/actuation.ts';

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

/** Rapid trigger per key: flags (1 enabled, 2 continuous), reserved, press and release sensitivity as u16. */
export const RT_KEY_SIZE = 6;
export const RT_KEYS_PER_READ = Math.floor(28 / RT_KEY_SIZE);
export const RT_ENABLED = 1;
export const RT_CONTINUOUS = 2;

/** Dynamic keystrokes (DKS): up to four actions on one key, each acting at four stages of travel. */
export const DKS = { ACTUATION: 208, COUNT: 209, READ: 210, SET: 211, CLEAR: 212 } as const;

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
