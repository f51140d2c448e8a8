/**
 * Custom-menu addresses the vendor line uses beside the bulk transfers (docs/adr/0005-bulk-transfers.md):
 * [channel, value id].
 */
/** Versions of a multi-part board: count, then (reserved, major, minor, patch) per part. */
export const FIRMWARE_PARTS = [66, 100] as const;
/** The LED grid's on-screen texts, one value per index: length byte, then ASCII. */
export const MATRIX_TEXTS = [0, 67] as const;
/** Bytes a text can hold in one report after command, channel, id, index and length. */
export const TEXT_MAX_LENGTH = 26;
/** Custom-menu set that restarts a board into its bootloader before master firmware is flashed. */
export const ENTER_BOOT = [16, 10, 1] as const;
