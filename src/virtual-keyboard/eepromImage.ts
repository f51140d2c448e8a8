import { z } from '../formats/zod.ts';

const word = z.number().int().min(0).max(0xffff);
const byte = z.number().int().min(0).max(0xff);

/**
 * The stored EEPROM image of a virtual keyboard (VirtualFirmware.serialize): checked before the model reads
 * it, so a hand-edited or truncated image gives a factory-fresh board instead of a broken one. Sizes are
 * checked by the model itself (an image of a differently sized board is ignored field by field).
 */
export const EepromImageSchema = z.object({
  keymap: z.array(byte).optional(),
  encoders: z.array(word).optional(),
  layoutOptions: z.array(byte).optional(),
  macros: z.array(byte).optional(),
  custom: z.record(z.string(), z.array(byte)).optional(),
  lighting: z.record(z.string(), z.array(byte)).optional(),
  legacy: z.array(word).nullable().optional(),
  flashedVersion: z.number().int().nullable().optional(),
  vial: z
    .object({
      entries: z.record(z.string(), z.array(byte)).optional(),
      settings: z
        .object({ area: z.array(byte), magic: z.number().int() })
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
  matrix: z
    .object({ frames: z.number().int().nonnegative(), fps: z.number().nonnegative(), data: z.string() })
    .nullable()
    .optional(),
});
