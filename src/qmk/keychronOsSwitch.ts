/**
 * Where a Keychron board's Mac/Windows switch sits in its switch matrix, for boards that wire it there
 * (Keychron's QMK fork, the board's keyboard.json: `dip_switch.matrix_grid`). The firmware scans it with the keys,
 * so VIA's switch-matrix state shows it closed in the Windows position. Boards that read it from a pin instead
 * (the C1 Pro 8K) are not listed: their switch shows only as the default layer they report (0xA3).
 */
const OS_SWITCH_IN_MATRIX: ReadonlyMap<number, readonly [row: number, col: number]> = new Map([
  // Keychron Q1 V2 ANSI Knob (0x3434:0x0107): `"matrix_grid": [[5, 4]]`.
  [0x3434 * 65536 + 0x0107, [5, 4]],
]);

/** The matrix position of the Mac/Windows switch of the board with this served id (vendor × 65536 + product). */
export function keychronOsSwitchAt(vendorProductId: number): readonly [row: number, col: number] | null {
  return OS_SWITCH_IN_MATRIX.get(vendorProductId) ?? null;
}

/** The same position as a switch-matrix index (row × columns + column), or null for a board without one there. */
export function keychronOsSwitchIndex(vendorProductId: number, cols: number): number | null {
  const at = keychronOsSwitchAt(vendorProductId);
  return at ? at[0] * cols + at[1] : null;
}
