import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combo, keyOverride, tapDance } from '../../tests/support/vialArbitraries.ts';
import {
  decodeCombo,
  decodeKeyOverride,
  decodeTapDance,
  definitionBlockRequest,
  definitionBlocks,
  encodeCombo,
  encodeKeyOverride,
  encodeTapDance,
  entryGetRequest,
  entrySetRequest,
  DYNAMIC,
  readDefinitionSize,
  readDynamicCounts,
  readEncoder,
  readEntry,
  readKeyboardId,
  readSettingsQuery,
  readUnlockPoll,
  readUnlockStatus,
  setEncoderRequest,
  settingSetRequest,
  settingsQueryRequest,
  vialRequest,
  VIAL,
} from './vial.ts';

const hex = (s: string) =>
  s
    .split(/\s+/)
    .filter(Boolean)
    .map((b) => parseInt(b, 16));
const pad = (bytes: number[], fill = 0) => [...bytes, ...new Array(32 - bytes.length).fill(fill)];

describe('Vial requests, byte for byte', () => {
  it('every request starts with the prefix FE and the command id', () => {
    expect(vialRequest(VIAL.GET_KEYBOARD_ID)).toEqual(hex('fe 00'));
    expect(vialRequest(VIAL.UNLOCK_START)).toEqual(hex('fe 06'));
    expect(vialRequest(VIAL.LOCK)).toEqual(hex('fe 08'));
  });

  it('definition block numbers are little-endian', () => {
    expect(definitionBlockRequest(0x0102)).toEqual(hex('fe 02 02 01 00 00'));
    expect(definitionBlocks(0)).toBe(0);
    expect(definitionBlocks(32)).toBe(1);
    expect(definitionBlocks(33)).toBe(2);
  });

  it('set encoder: layer, index, direction, keycode big-endian', () => {
    expect(setEncoderRequest(2, 1, true, 0x00ab)).toEqual(hex('fe 04 02 01 01 00 ab'));
    expect(setEncoderRequest(0, 0, false, 0x7c77)).toEqual(hex('fe 04 00 00 00 7c 77'));
  });

  it('QMK settings: ids little-endian, value bytes after them', () => {
    expect(settingsQueryRequest(0x0107)).toEqual(hex('fe 09 07 01'));
    expect(settingSetRequest(7, [0xc8, 0x00])).toEqual(hex('fe 0b 07 00 c8 00'));
  });

  it('dynamic entries: sub-command, index, entry bytes', () => {
    expect(entryGetRequest(DYNAMIC.TAP_DANCE_GET, 3)).toEqual(hex('fe 0d 01 03'));
    const td = encodeTapDance({
      onTap: 0x0004,
      onHold: 0x00e0,
      onDoubleTap: 0x0029,
      onTapHold: 0,
      tappingTerm: 200,
    });
    expect(entrySetRequest(DYNAMIC.TAP_DANCE_SET, 0, td)).toEqual(
      hex('fe 0d 02 00 04 00 e0 00 29 00 00 00 c8 00'),
    );
  });
});

describe('Vial replies', () => {
  it('keyboard id: version u32 LE, UID as a little-endian number, VialRGB flag', () => {
    const reply = pad(hex('06 00 00 00 ef cd ab 89 67 45 23 01 01'));
    expect(readKeyboardId(reply)).toEqual({ protocol: 6, uid: '0123456789abcdef', vialRgb: true });
  });

  it('definition size u32 LE', () => {
    expect(readDefinitionSize(pad(hex('34 12 01 00')))).toBe(0x11234);
  });

  it('encoder: counter-clockwise then clockwise, big-endian', () => {
    expect(readEncoder(pad(hex('00 aa 00 a9')))).toEqual({ ccw: 0x00aa, cw: 0x00a9 });
  });

  it('unlock status lists the keys to hold until the 0xFF padding', () => {
    const reply = pad(hex('00 01 02 03 04 05'), 0xff);
    expect(readUnlockStatus(reply)).toEqual({
      unlocked: false,
      inProgress: true,
      keys: [
        [2, 3],
        [4, 5],
      ],
    });
    expect(readUnlockPoll(pad(hex('00 01 31')))).toEqual({ unlocked: false, inProgress: true, counter: 49 });
  });

  it('settings query: ids until the FFFF padding', () => {
    expect(readSettingsQuery(pad(hex('01 00 02 00 07 00'), 0xff))).toEqual({ ids: [1, 2, 7], done: true });
    const full = Array.from({ length: 16 }, (_, i) => [i + 1, 0]).flat();
    expect(readSettingsQuery(full)).toEqual({
      ids: Array.from({ length: 16 }, (_, i) => i + 1),
      done: false,
    });
  });

  it('dynamic counts and an entry with its status byte', () => {
    expect(readDynamicCounts(pad(hex('10 08 04')))).toEqual({ tapDance: 16, combos: 8, keyOverrides: 4 });
    const entry = readEntry(pad(hex('00 04 00 05 00 00 00 00 00 1d 00')));
    expect(entry.ok).toBe(true);
    expect(decodeCombo(entry.bytes)).toEqual({ keys: [0x04, 0x05, 0, 0], output: 0x1d });
    expect(readEntry(pad(hex('01'))).ok).toBe(false);
  });
});

describe('entry codecs round-trip every value', () => {
  it('tap dance', () =>
    fc.assert(
      fc.property(tapDance, (td) => {
        const bytes = encodeTapDance(td);
        expect(bytes).toHaveLength(10);
        expect(decodeTapDance(bytes)).toEqual(td);
      }),
    ));

  it('combo', () =>
    fc.assert(
      fc.property(combo, (c) => {
        expect(decodeCombo(encodeCombo(c))).toEqual(c);
      }),
    ));

  it('key override', () =>
    fc.assert(
      fc.property(keyOverride, (ko) => {
        expect(decodeKeyOverride(encodeKeyOverride(ko))).toEqual(ko);
      }),
    ));
});
