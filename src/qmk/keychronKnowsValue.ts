/** VIA's custom channel Keychron's via.c builds: the RGB matrix (docs/keychron-protocol.md). */
export const KEYCHRON_RGB_CHANNEL = 3;
/** Channel 3 value ids the firmware records in its 8-bit save mask; from 32 its shift is undefined in C. */
export const KEYCHRON_RGB_VALUE_IDS = 8;

/**
 * Whether a Keychron board may be asked for (or set) custom value `valueId` of `channel`: channel 3 ids past the
 * firmware's 8-bit mask are never sent (8–31 are not saved, 32 and more shift by an undefined amount). Other
 * channels are answered as unhandled, which VIA's reply says.
 */
export function keychronKnowsValue(channel: number, valueId: number): boolean {
  return channel !== KEYCHRON_RGB_CHANNEL || (valueId >= 0 && valueId < KEYCHRON_RGB_VALUE_IDS);
}
