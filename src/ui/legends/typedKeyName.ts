import { keyLegend } from '../../keycodes/legends.ts';
import { basicKeycodeForEvent } from '../../keymap/eventKeycodes.ts';

// Basic keycodes (what a typed key sends) are numbered alike in every protocol; the newest names them.
const NEWEST_PROTOCOL = 12;

/**
 * What a key of the computer's keyboard is called, from its KeyboardEvent.code: 'Q', '1', 'Volume up',
 * 'Numpad 7' (the key's name, never the code 'KeyQ'), for the full-size boards of the Key Tester and Debug.
 */
export function typedKeyName(code: string): string {
  const keycode = basicKeycodeForEvent(code);
  return keycode === null ? code : keyLegend(keycode, NEWEST_PROTOCOL).title;
}
