import type { VirtualFirmware } from './VirtualFirmware.ts';

/**
 * Its owner puts the board into its bootloader by hand, for a firmware that refuses VIA's jump (Keychron's):
 * holding the bootmagic key (K00, Esc) while plugging in, which first disables QMK's eeconfig so every setting
 * starts over (`bootmagic_reset_eeprom`), or a reset button, which keeps them. False when the board has no
 * bootloader modelled. The caller unplugs the device; the board then comes back as its bootloader.
 * (Apart from the firmware's class: only the flash dialog does it, so it loads with it, issue 43.)
 */
export function resetByHand(firmware: VirtualFirmware, bootmagic: boolean): boolean {
  if (!firmware.config.qmkBootloader) return false;
  if (bootmagic && firmware.keychron) firmware.keychron.disableEeconfig();
  else if (bootmagic) firmware.resetEeprom();
  firmware.jumpedToBootloader = true;
  firmware.persist();
  return true;
}
