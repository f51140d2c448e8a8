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

/** Whether the file ends in a DFU suffix: its signature, length 16 and dfu-util's CRC over the rest. */
function hasDfuSuffix(bytes: Uint8Array): boolean {
  const n = bytes.length;
  if (n <= DFU_SUFFIX_LENGTH) return false;
  const signed =
    bytes[n - 5] === DFU_SUFFIX_LENGTH &&
    bytes[n - 6] === 0x44 &&
    bytes[n - 7] === 0x46 &&
    bytes[n - 8] === 0x55;
  if (!signed) return false;
  const stored = (bytes[n - 4]! | (bytes[n - 3]! << 8) | (bytes[n - 2]! << 16) | (bytes[n - 1]! << 24)) >>> 0;
  return stored === dfuCrc(bytes.subarray(0, n - 4));
}

/** The file's bytes without a DFU suffix; unchanged when it has none (or one whose checksum does not match). */
export function withoutDfuSuffix(bytes: Uint8Array): Uint8Array {
  return hasDfuSuffix(bytes) ? bytes.subarray(0, bytes.length - DFU_SUFFIX_LENGTH) : bytes;
}

/** dfu-util's "any" value for a suffix's vendor or product id. */
export const DFU_ANY_ID = 0xffff;

/**
 * The USB ids a file's DFU suffix names (idVendor at 12 bytes from the end, idProduct at 14: little-endian), or
 * null when it has no valid suffix. 0xFFFF stands for any id (dfu-util does not compare it).
 */
export function dfuSuffixIds(bytes: Uint8Array): { vendorId: number; productId: number } | null {
  if (!hasDfuSuffix(bytes)) return null;
  const n = bytes.length;
  return {
    productId: bytes[n - 14]! | (bytes[n - 13]! << 8),
    vendorId: bytes[n - 12]! | (bytes[n - 11]! << 8),
  };
}

/**
 * `bytes` with a DFU suffix naming `ids` appended, as QMK's build does for its DFU bootloaders (`dfu-suffix -v
 * 2E3C -p DF11`): bcdDevice 0xFFFF (any), bcdDFU 0x011A, "UFD", length 16, dfu-util's CRC over all before it.
 */
export function withDfuSuffix(bytes: Uint8Array, ids: { vendorId: number; productId: number }): Uint8Array {
  const out = new Uint8Array(bytes.length + DFU_SUFFIX_LENGTH);
  out.set(bytes);
  const { vendorId: v, productId: p } = ids;
  out.set(
    [0xff, 0xff, p & 0xff, p >> 8, v & 0xff, v >> 8, 0x1a, 0x01, 0x55, 0x46, 0x44, DFU_SUFFIX_LENGTH],
    bytes.length,
  );
  const crc = dfuCrc(out.subarray(0, out.length - 4));
  new DataView(out.buffer).setUint32(out.length - 4, crc, true);
  return out;
}
