import { z } from '../formats/zodMini.ts';

const word = z.int().check(z.minimum(0), z.maximum(0xffff));
const byte = z.int().check(z.minimum(0), z.maximum(0xff));

/**
 * The stored EEPROM image of a virtual keyboard (VirtualFirmware.serialize): checked before the model reads
 * it, so a hand-edited or truncated image gives a factory-fresh board instead of a broken one. Sizes are
 * checked by the model itself (an image of a differently sized board is ignored field by field).
 */
export const EepromImageSchema = z.object({
  keymap: z.optional(z.array(byte)),
  encoders: z.optional(z.array(word)),
  layoutOptions: z.optional(z.array(byte)),
  macros: z.optional(z.array(byte)),
  custom: z.optional(z.record(z.string(), z.array(byte))),
  lighting: z.optional(z.record(z.string(), z.array(byte))),
  legacy: z.optional(z.nullable(z.array(word))),
  flashedVersion: z.optional(z.nullable(z.int())),
  // The Vial layer's EEPROM (virtual-keyboard/vial/): dynamic entries and QMK settings.
  vial: z.optional(
    z.nullable(
      z.object({
        entries: z.optional(z.record(z.string(), z.array(byte))),
        settings: z.optional(z.nullable(z.object({ area: z.array(byte), magic: z.int() }))),
      }),
    ),
  ),
  matrix: z.optional(
    z.nullable(
      z.object({
        frames: z.int().check(z.minimum(0)),
        fps: z.number().check(z.minimum(0)),
        data: z.string(),
      }),
    ),
  ),
});
