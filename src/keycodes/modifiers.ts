/**
 * Modifiers in QMK's 5-bit form: bits 0–3 are Ctrl, Shift, Alt, GUI; bit 4 (0x10) says they are the right-hand
 * ones. Left and right cannot be mixed in one keycode. QK_MODS keycodes carry these 5 bits at bits 8–12.
 * What formatting needs (drawn on the first screen); the names the parser reads are modifierNames.ts.
 */
export const MOD_BITS = { CTRL: 0x01, SHIFT: 0x02, ALT: 0x04, GUI: 0x08, RIGHT: 0x10 } as const;

const SIDE_NAMES = ['CTL', 'SFT', 'ALT', 'GUI'] as const;

/**
 * Formats a 5-bit mod mask as `MOD_LCTL|MOD_LSFT`, reading the right-hand flag instead of OR-ing masks (so
 * 0x11 prints as MOD_RCTL, never `MOD_LCTL | MOD_RCTL`).
 */
export function formatModMask(mods: number): string {
  const side = mods & MOD_BITS.RIGHT ? 'R' : 'L';
  const names: string[] = [];
  SIDE_NAMES.forEach((n, bit) => {
    if (mods & (1 << bit)) names.push(`MOD_${side}${n}`);
  });
  return names.length === 0 ? '0' : names.join('|');
}

/** Preferred wrapper name per mod combination when formatting (names VIA also reads). */
export const WRAPPER_FOR_MODS: ReadonlyMap<number, string> = new Map([
  [0x01, 'LCTL'],
  [0x02, 'LSFT'],
  [0x04, 'LALT'],
  [0x08, 'LGUI'],
  [0x11, 'RCTL'],
  [0x12, 'RSFT'],
  [0x14, 'RALT'],
  [0x18, 'RGUI'],
  [0x05, 'LCA'],
  [0x06, 'LSA'],
  [0x0a, 'SGUI'],
  [0x0c, 'LAG'],
  [0x07, 'MEH'],
  [0x0d, 'LCAG'],
  [0x0f, 'HYPR'],
  [0x13, 'RCS'],
  [0x16, 'RSA'],
  [0x1a, 'RSG'],
  [0x1c, 'RAG'],
]);
