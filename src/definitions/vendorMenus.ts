/**
 * What some custom menus of the vendor line mean beyond their definition (extended.md §2, §9; core.md §2): the
 * panes act on these, protocol/vendorValues.ts holds the line's other menu addresses.
 */

/** Custom menus with this label get the clock row (core.md §2). */
export const DATE_TIME_MENU = /^date\s*time$/i;

/** Custom-menu set that puts a keyboard's 2.4G receiver into its bootloader (the app then opens /boot). */
export const CONNECT_DFU = [18, 5, 1] as const;
/** The redirect to /boot follows the DFU command after about 3 seconds (extended.md §2). */
export const DFU_REDIRECT_MS = 3000;

/** Whether a menu write restarts the receiver into its bootloader: the pane asks first, the app then opens /boot. */
export function isDfuCommand(channel: number, valueId: number, value: readonly number[]): boolean {
  return channel === CONNECT_DFU[0] && valueId === CONNECT_DFU[1] && value[0] === CONNECT_DFU[2];
}

/** The palette's preset hues: nine steps of 255/10 at full saturation (extended.md §9). */
export const PALETTE_HUES: readonly number[] = Array.from({ length: 9 }, (_, i) =>
  Math.round((i * 255) / 10),
);
