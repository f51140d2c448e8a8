/** Messages of the bulk transfers (extended.md §8); protocol-level ones live in protocol/errors.ts. */
export const NO_SERIAL_PORT = 'no serial port';
export const FAILED_TO_SAVE = 'Failed to save.';
export const FAILED_TO_FLASH = 'Failed to flash.';
export const FLASH_SUCCESSFUL = 'Flash successful.';
export const DOWNLOAD_FAILED = 'Download Failed';
export const SHARING_FAILED = 'Sharing failed';
export const SHARING_SUCCESS = 'Sharing success';
