/**
 * The two checksums the xz container needs: CRC32 (IEEE 802.3, reflected 0xEDB88320) for its headers and index,
 * and CRC64 (ECMA-182, reflected 0xC96C5795D7870F42) for the data check Python's `lzma.compress` writes.
 */

export { crc32 } from '../../lib/crc32.ts';

const POLY64 = 0xc96c5795d7870f42n;
const MASK64 = 0xffffffffffffffffn;
const CRC64_TABLE = (() => {
  const table: bigint[] = [];
  for (let n = 0n; n < 256n; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1n ? POLY64 ^ (c >> 1n) : c >> 1n;
    table.push(c);
  }
  return table;
})();

/** CRC64 (xz's check type 4) of `bytes`. */
export function crc64(bytes: ArrayLike<number>): bigint {
  let crc = MASK64;
  for (let i = 0; i < bytes.length; i++)
    crc = CRC64_TABLE[Number((crc ^ BigInt(bytes[i]!)) & 0xffn)]! ^ (crc >> 8n);
  return crc ^ MASK64;
}
