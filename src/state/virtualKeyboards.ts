import { arrayOf, string, tryRead } from '../formats/shape.ts';
import type { KeyValueStorage } from './storage.ts';
import type { EepromStorage } from '../virtual-keyboard/VirtualFirmware.ts';
import { readEepromImage } from '../virtual-keyboard/eepromImage.ts';
import { drop, readStored, type ReportBadValue } from './storedValue.ts';

/** Which virtual keyboards are plugged in, remembered across reloads like a desk's cables. */
export const PLUGGED_KEY = 'keyloom-virtual-keyboards';
const EEPROM_PREFIX = 'keyloom-vk-eeprom:';

/** null = never set (a fresh machine); [] = the user unplugged everything. */
export function readPlugged(storage: KeyValueStorage, report?: ReportBadValue): string[] | null {
  return readStored(storage, PLUGGED_KEY, arrayOf(string({ min: 1, max: 200 }), { max: 64 }), report);
}

export function writePlugged(storage: KeyValueStorage, ids: readonly string[]): void {
  try {
    storage.setItem(PLUGGED_KEY, JSON.stringify([...new Set(ids)]));
  } catch {
    // Storage full or blocked: the keyboards stay plugged for this session only.
  }
}

/** Virtual EEPROM images in Web Storage (base64), one key per keyboard. */
export function eepromStorage(
  storage: KeyValueStorage,
  report: ReportBadValue = () => undefined,
): EepromStorage & { clear(key: string): void } {
  return {
    // The image is checked here, before the firmware model sees it: a bad one is dropped (factory state).
    load(key) {
      const raw = storage.getItem(EEPROM_PREFIX + key);
      if (!raw) return null;
      let bytes: Uint8Array;
      let json: unknown;
      try {
        bytes = Uint8Array.from(atob(raw), (c) => c.charCodeAt(0));
        json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
      } catch {
        drop(storage, EEPROM_PREFIX + key, report, 'not a stored EEPROM image');
        return null;
      }
      const parsed = tryRead(readEepromImage, json);
      if (!parsed.ok) {
        drop(storage, EEPROM_PREFIX + key, report, parsed.error.message);
        return null;
      }
      return bytes;
    },
    save(key, bytes) {
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      try {
        storage.setItem(EEPROM_PREFIX + key, btoa(binary));
      } catch {
        // Full storage: the virtual keyboard keeps working; changes last until reload.
      }
    },
    clear(key) {
      storage.removeItem(EEPROM_PREFIX + key);
    },
  };
}
