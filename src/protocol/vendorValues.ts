/**
 * Custom-menu addresses the vendor line uses beside the bulk transfers (docs/adr/0005-bulk-transfers.md):
 * [channel, value id].
 */
/** Versions of a multi-part board: count, then (reserved, major, minor, patch) per part. */
export const FIRMWARE_PARTS = [66, 100] as const;
/** The LED grid's on-screen texts, one value per index: length byte, then ASCII. */
export const MATRIX_TEXTS = [0, 67] as const;
/** Custom-menu set that restarts a board into its bootloader before master firmware is flashed. */
export const ENTER_BOOT = [16, 10, 1] as const;

/** Where 'Time Sync' (a 'Date Time' menu's clock row) writes the local time: channel 0, value 25. */
export const TIME_SYNC = [0, 25] as const;

/** Per-key RGB (the colour-palette control): channel 0, value 1, args (led, 1) → hue, saturation. */
export const PER_KEY_RGB = [0, 1] as const;
