/** Messages of the bulk transfers (extended.md §8); protocol-level ones live in protocol/errors.ts. */
export const NO_SERIAL_PORT = 'no serial port';
export const DOWNLOAD_FAILED = 'Download Failed';
export const SHARING_FAILED = 'Sharing failed';
export const SHARING_SUCCESS = 'Sharing success';
