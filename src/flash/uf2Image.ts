import {
  UF2_BLOCK,
  UF2_MAGIC_END,
  UF2_MAGIC_START0,
  UF2_MAGIC_START1,
  UF2_MAX_PAYLOAD,
  familyName,
  looksLikeUf2,
} from '../formats/uf2.ts';
import {
  imageBlocks,
  imageFromSegments,
  isImage,
  readImage,
  type FirmwareImage,
  type ImageSegment,
} from './firmwareImage.ts';
import { flashRefusals } from './flashRefusals.ts';
import type { Refusal } from '../lib/refusal.ts';

/** UF2 block flags (microsoft/uf2 README, "Flags"). */
export const UF2_FLAG = {
  NOT_MAIN_FLASH: 0x1,
  FILE_CONTAINER: 0x1000,
  FAMILY_ID: 0x2000,
  MD5: 0x4000,
  EXTENSION_TAGS: 0x8000,
} as const;

export interface Uf2Firmware {
  image: FirmwareImage;
  /** Family ids the kept blocks name, once each (empty: the blocks name none). */
  families: number[];
  /** Family ids of blocks left out because they are for another chip. */
  otherFamilies: number[];
}

const le32 = (b: Uint8Array, at: number) =>
  (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

/**
 * Reads a UF2 file into an address-tagged image, as a UF2 bootloader would: blocks flagged "not main flash"
 * are skipped, and when `family` is given, blocks naming another family are left out whole (the spec lets
 * files for several chips be concatenated). Refuses a file that is not whole 512-byte blocks, a block without
 * its magics, a payload over 476 bytes or not 4-byte aligned, kept blocks out of sequence, file-container
 * blocks, an address written twice; and, when every block names another family, says which chip it is for.
 * (`formats/uf2.ts` `parseUf2` reads the vendor line's receiver images, whose addresses do not matter.)
 */
export function readUf2Firmware(
  bytes: Uint8Array,
  family?: { id: number; chip: string },
): Uf2Firmware | Refusal {
  if (bytes.length === 0 || bytes.length % UF2_BLOCK !== 0) return flashRefusals.refusal('uf2NotBlocks');
  const runs: ImageSegment[] = [];
  const families: number[] = [];
  const otherFamilies: number[] = [];
  let kept = 0;
  let count: number | null = null;
  for (let i = 0; i < bytes.length / UF2_BLOCK; i++) {
    const block = bytes.subarray(i * UF2_BLOCK, (i + 1) * UF2_BLOCK);
    if (!looksLikeUf2(block) || le32(block, UF2_BLOCK - 4) !== UF2_MAGIC_END)
      return flashRefusals.refusal('uf2BadBlock', { block: i });
    const flags = le32(block, 8);
    const address = le32(block, 12);
    const size = le32(block, 16);
    if (size > UF2_MAX_PAYLOAD || size % 4 !== 0 || address % 4 !== 0 || address + size > 2 ** 32)
      return flashRefusals.refusal('uf2BadPayload', { block: i });
    if (flags & UF2_FLAG.FILE_CONTAINER) return flashRefusals.refusal('uf2FileContainer');
    const named = flags & UF2_FLAG.FAMILY_ID ? le32(block, 28) : null;
    if (family && named !== null && named !== family.id) {
      if (!otherFamilies.includes(named)) otherFamilies.push(named);
      continue;
    }
    if (named !== null && !families.includes(named)) families.push(named);
    // Numbering counts the blocks of this chip's file only (others' numbers are disregarded by the spec).
    const total = le32(block, 24);
    if (le32(block, 20) !== kept || (count !== null && total !== count) || total === 0)
      return flashRefusals.refusal('uf2BadSequence', { block: i });
    count = total;
    kept++;
    // Numbered with the rest, but not for the flash (embedded sources, debug info).
    if (flags & UF2_FLAG.NOT_MAIN_FLASH) continue;
    runs.push({ address, data: block.slice(32, 32 + size) });
  }
  if (kept === 0 && family && otherFamilies.length > 0)
    return flashRefusals.refusal('wrongFamily', { file: familyName(otherFamilies[0]!), chip: family.chip });
  if (count !== null && kept !== count)
    return flashRefusals.refusal('uf2BadSequence', { block: bytes.length / UF2_BLOCK });
  const image = imageFromSegments(runs);
  if (!isImage(image)) return image;
  if (image.segments.length === 0) return flashRefusals.refusal('noData');
  return { image, families, otherFamilies };
}

/** Payload bytes per block `writeUf2` writes: the size every UF2 bootloader takes (RP2040's boot ROM only this). */
export const UF2_PAYLOAD = 256;

/**
 * An image as a UF2 file for a drive bootloader: one block per 256-byte aligned run that holds image bytes (the
 * rest of the run 0xFF, erased flash), numbered in order, each naming `familyId`. What `readUf2Firmware` reads
 * back is the image with those runs filled out.
 */
export function writeUf2(image: FirmwareImage, familyId: number): Uint8Array {
  const blocks = imageBlocks(image, UF2_PAYLOAD);
  const out = new Uint8Array(blocks.length * UF2_BLOCK);
  const view = new DataView(out.buffer);
  blocks.forEach((address, i) => {
    const at = i * UF2_BLOCK;
    const header = [UF2_MAGIC_START0, UF2_MAGIC_START1, UF2_FLAG.FAMILY_ID, address, UF2_PAYLOAD, i];
    header.push(blocks.length, familyId);
    header.forEach((value, j) => view.setUint32(at + j * 4, value, true));
    out.set(readImage(image, address, UF2_PAYLOAD), at + 32);
    view.setUint32(at + UF2_BLOCK - 4, UF2_MAGIC_END, true);
  });
  return out;
}
