import type { KeyValueStorage } from './storage.ts';
import type { EepromStorage } from '../virtual-keyboard/VirtualFirmware.ts';

/** Which virtual keyboards are plugged in, remembered across reloads like a desk's cables. */
export const PLUGGED_KEY = 'keyloom-virtual-keyboards';
const EEPROM_PREFIX = 'keyloom-vk-eeprom:';

/** null = never set (a fresh machine); [] = the user unplugged everything. */
export function readPlugged(storage: KeyValueStorage): string[] | null {
  const raw = storage.getItem(PLUGGED_KEY);
  if (raw === null) return null;
  try {
    const list = JSON.parse(raw) as unknown;
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function writePlugged(storage: KeyValueStorage, ids: readonly string[]): void {
  try {
    storage.setItem(PLUGGED_KEY, JSON.stringify([...new Set(ids)]));
  } catch {
    // Storage full or blocked: the keyboards stay plugged for this session only.
  }
}

/** Virtual EEPROM images in Web Storage (base64), one key per keyboard. */
export function eepromStorage(storage: KeyValueStorage): EepromStorage & { clear(key: string): void } {
  return {
    load(key) {
      const raw = storage.getItem(EEPROM_PREFIX + key);
      if (!raw) return null;
      try {
        return Uint8Array.from(atob(raw), (c) => c.charCodeAt(0));
      } catch {
        return null;
      }
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
