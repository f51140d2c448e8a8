/**
 * UF2 firmware images (Microsoft's USB flashing format): 512-byte blocks, each with two start magics, a
 * payload of up to 476 bytes, its block number and the block count, and an end magic. All numbers little-endian.
 */
export const UF2_BLOCK = 512;
export const UF2_MAGIC_START0 = 0x0a324655;
export const UF2_MAGIC_START1 = 0x9e5d5157;
export const UF2_MAGIC_END = 0x0ab16f30;
export const UF2_MAX_PAYLOAD = 476;
const FLAG_FAMILY_ID = 0x2000;

export interface Uf2Image {
  blocks: number;
  /** Payload bytes of every block in order (the flash contents). */
  payload: Uint8Array;
  familyId: number | null;
  /** Every family id the blocks name, once each, in order (empty: no block names one). */
  families: number[];
  /** Whether some block names no family (a UF2 bootloader then takes that block whatever its chip). */
  unnamed: boolean;
}

/**
 * UF2 family ids (the chip an image is built for: the value in each block's header when its flags have 0x2000),
 * from the UF2 specification's family list, for the chips of this vendor line and common keyboard chips.
 */
export const UF2_FAMILY = {
  RP2040: 0xe48bff56,
  nRF52840: 0xada52840,
  nRF52: 0x1b57745f,
  STM32F4: 0x57755a57,
  STM32F1: 0x5ee21072,
  SAMD21: 0x68ed2b88,
  ESP32S3: 0xc47e5767,
} as const;

/** The chip a family id names ("RP2040"), or its hex form when it is not one of UF2_FAMILY. */
export function familyName(id: number): string {
  const known = Object.entries(UF2_FAMILY).find(([, value]) => value === id);
  return known ? known[0] : `0x${id.toString(16).padStart(8, '0')}`;
}

/** The family id a block header names (bytes 28–31 when its flags have 0x2000), or null. */
export function blockFamily(header: Uint8Array): number | null {
  return header.length >= 32 && le32(header, 8) & FLAG_FAMILY_ID ? le32(header, 28) : null;
}

const le32 = (b: Uint8Array, at: number) =>
  (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

/** True when `header` starts like a UF2 block (what a keyboard can check from the first 32 bytes). */
export function looksLikeUf2(header: Uint8Array): boolean {
  return header.length >= 8 && le32(header, 0) === UF2_MAGIC_START0 && le32(header, 4) === UF2_MAGIC_START1;
}

/** Validates every block; returns the image or a reason it is not a usable UF2 file. */
export function parseUf2(bytes: Uint8Array): Uf2Image | { error: string } {
  if (bytes.length === 0 || bytes.length % UF2_BLOCK !== 0)
    return { error: 'The file size is not a multiple of 512-byte UF2 blocks.' };
  const count = bytes.length / UF2_BLOCK;
  const parts: Uint8Array[] = [];
  let familyId: number | null = null;
  const families: number[] = [];
  let unnamed = false;
  for (let i = 0; i < count; i++) {
    const block = bytes.subarray(i * UF2_BLOCK, (i + 1) * UF2_BLOCK);
    if (!looksLikeUf2(block) || le32(block, UF2_BLOCK - 4) !== UF2_MAGIC_END)
      return { error: `Block ${i} is not a UF2 block.` };
    const flags = le32(block, 8);
    const size = le32(block, 16);
    if (le32(block, 20) !== i || le32(block, 24) !== count || size > UF2_MAX_PAYLOAD)
      return { error: `Block ${i} is out of sequence.` };
    if (flags & FLAG_FAMILY_ID) {
      familyId = le32(block, 28);
      if (!families.includes(familyId)) families.push(familyId);
    } else unnamed = true;
    parts.push(block.subarray(32, 32 + size));
  }
  const payload = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    payload.set(p, at);
    at += p.length;
  }
  return { blocks: count, payload, familyId, families, unnamed };
}

/** Packs a payload into UF2 blocks at `address` (used for demo firmware files and tests). */
export function buildUf2(payload: Uint8Array, address = 0x10000000, familyId = 0xe48bff56): Uint8Array {
  const perBlock = 256;
  const count = Math.max(1, Math.ceil(payload.length / perBlock));
  const out = new Uint8Array(count * UF2_BLOCK);
  const view = new DataView(out.buffer);
  for (let i = 0; i < count; i++) {
    const at = i * UF2_BLOCK;
    const data = payload.subarray(i * perBlock, (i + 1) * perBlock);
    [
      UF2_MAGIC_START0,
      UF2_MAGIC_START1,
      FLAG_FAMILY_ID,
      address + i * perBlock,
      data.length,
      i,
      count,
      familyId,
    ].forEach((v, j) => view.setUint32(at + j * 4, v, true));
    out.set(data, at + 32);
    view.setUint32(at + UF2_BLOCK - 4, UF2_MAGIC_END, true);
  }
  return out;
}
