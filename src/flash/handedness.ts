import type { FirmwareImage } from './firmwareImage.ts';

/** Byte 14 of QMK's EEPROM: `offsetof(eeprom_core_t, handedness)` (docs/flashing-protocols.md, EE_HANDS). */
export const EECONFIG_HANDEDNESS = 14;

export type Hand = 'left' | 'right';

/**
 * QMK's EE_HANDS EEPROM image (`eeprom-lefthand.eep` / `eeprom-righthand.eep`): 15 bytes from address 0, all
 * zero but byte 14, 1 for the left half. Written as QMK writes it, so it also zeroes the EEPROM magic and the
 * firmware resets its settings and VIA keymap at the next start (byte 14 survives): flash it only inside the
 * backup → write → restore flow. AVR bootloaders with EEPROM access only (Atmel DFU, Caterina).
 */
export function handednessImage(hand: Hand): FirmwareImage {
  const data = new Uint8Array(EECONFIG_HANDEDNESS + 1);
  data[EECONFIG_HANDEDNESS] = hand === 'left' ? 1 : 0;
  return { segments: [{ address: 0, data }] };
}
