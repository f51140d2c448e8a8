import { arrayOf, int, nullable, number, object, optional, recordOf, string } from '../formats/shape.ts';

const word = int(0, 0xffff);
const byte = int(0, 0xff);

/**
 * The stored EEPROM image of a virtual keyboard (VirtualFirmware.serialize): checked before the model reads
 * it, so a hand-edited or truncated image gives a factory-fresh board instead of a broken one. Sizes are
 * checked by the model itself (an image of a differently sized board is ignored field by field).
 */
export const readEepromImage = object(
  {
    keymap: optional(arrayOf(byte)),
    encoders: optional(arrayOf(word)),
    layoutOptions: optional(arrayOf(byte)),
    macros: optional(arrayOf(byte)),
    custom: optional(recordOf(arrayOf(byte))),
    lighting: optional(recordOf(arrayOf(byte))),
    legacy: optional(nullable(arrayOf(word))),
    flashedVersion: optional(nullable(int())),
    matrix: optional(nullable(object({ frames: int(0), fps: number(0), data: string() }))),
  },
  // `vial` (a Vial board's entries and settings) is checked by the Vial layer itself when it loads.
  { keepOthers: true },
);
