import { keycodeForEventCode } from '../keycodes/eventCodes.ts';

/**
 * KeyboardEvent.code → the basic keycode (QMK's numbering of HID usages) the key sends, for selecting a key by
 * pressing it: the keys `keycodes/eventCodes.ts` knows, plus the numpad, F13–F24, the international keys and the
 * media keys browsers report. (The shorter table stays as it is: the host-layout detection reads it.)
 */
const MORE: Record<string, number> = {
  NumLock: 0x53,
  NumpadDivide: 0x54,
  NumpadMultiply: 0x55,
  NumpadSubtract: 0x56,
  NumpadAdd: 0x57,
  NumpadEnter: 0x58,
  Numpad0: 0x62,
  NumpadDecimal: 0x63,
  IntlBackslash: 0x64,
  ContextMenu: 0x65,
  NumpadEqual: 0x67,
  NumpadComma: 0x85,
  IntlRo: 0x87,
  KanaMode: 0x88,
  IntlYen: 0x89,
  Convert: 0x8a,
  NonConvert: 0x8b,
  Lang1: 0x90,
  Lang2: 0x91,
  AudioVolumeMute: 0xa8,
  AudioVolumeUp: 0xa9,
  AudioVolumeDown: 0xaa,
  MediaTrackNext: 0xab,
  MediaTrackPrevious: 0xac,
  MediaStop: 0xad,
  MediaPlayPause: 0xae,
};
for (let i = 1; i <= 9; i++) MORE[`Numpad${i}`] = 0x58 + i;
for (let i = 13; i <= 24; i++) MORE[`F${i}`] = 0x68 + i - 13;

export function basicKeycodeForEvent(code: string): number | null {
  return keycodeForEventCode(code) ?? MORE[code] ?? null;
}
