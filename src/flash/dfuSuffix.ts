/**
 * The 16-byte DFU suffix (DFU 1.1, appendix B) that QMK's build appends to an STM32 `.bin` with `dfu-suffix`: it
 * names the USB ids the file is for and is not part of the firmware, so a DFU client never downloads it (dfu-util
 * checks and drops it). Stored last byte first: CRC (4), length 16, "UFD", bcdDFU, vendor, product, release.
 */
export const DFU_SUFFIX_LENGTH = 16;

/** dfu-util's checksum: CRC-32 (reflected, 0xEDB88320) from all ones, without the final inversion. */
function dfuCrc(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return crc >>> 0;
}

/** The file's bytes without a DFU suffix; unchanged when it has none (or one whose checksum does not match). */
export function withoutDfuSuffix(bytes: Uint8Array): Uint8Array {
  const n = bytes.length;
  if (n <= DFU_SUFFIX_LENGTH) return bytes;
  const signed =
    bytes[n - 5] === DFU_SUFFIX_LENGTH &&
    bytes[n - 6] === 0x44 &&
    bytes[n - 7] === 0x46 &&
    bytes[n - 8] === 0x55;
  if (!signed) return bytes;
  const stored = (bytes[n - 4]! | (bytes[n - 3]! << 8) | (bytes[n - 2]! << 16) | (bytes[n - 1]! << 24)) >>> 0;
  return stored === dfuCrc(bytes.subarray(0, n - 4)) ? bytes.subarray(0, n - DFU_SUFFIX_LENGTH) : bytes;
}
