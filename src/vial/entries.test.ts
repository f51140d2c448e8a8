import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENTRY_BYTES } from '../protocol/vial.ts';
import { combo, keyOverride, tapDance, u8 } from '../../tests/support/vialArbitraries.ts';
import { ENTRY_CODECS, isEmptyEntry, layerRuns, layersBeyond, sameEntry, toggleBit } from './entries.ts';

const bytes = fc.array(u8, { minLength: ENTRY_BYTES, maxLength: ENTRY_BYTES });

describe('dynamic entry codecs (properties)', () => {
  const cases = [
    ['tapDance', tapDance],
    ['combo', combo],
    ['keyOverride', keyOverride],
  ] as const;
  for (const [kind, arbitrary] of cases) {
    it(`${kind}: encodes to 10 bytes, each 0–255, and decodes back to the same entry`, () => {
      const codec = ENTRY_CODECS[kind];
      fc.assert(
        fc.property(arbitrary as fc.Arbitrary<never>, (entry) => {
          const encoded = codec.encode(entry);
          expect(encoded).toHaveLength(ENTRY_BYTES);
          for (const b of encoded) expect(Number.isInteger(b) && b >= 0 && b <= 0xff).toBe(true);
          expect(codec.decode(encoded)).toEqual(entry);
        }),
      );
    });

    it(`${kind}: any 10 bytes decode to an entry that encodes to the same bytes`, () => {
      const codec = ENTRY_CODECS[kind];
      fc.assert(
        fc.property(bytes, (raw) => {
          expect(codec.encode(codec.decode(raw) as never)).toEqual(raw);
        }),
      );
    });
  }
});

describe('dynamic entries, byte for byte', () => {
  it('a tap dance: KC_A on tap, KC_LCTL on hold, term 200 → 04 00 e0 00 00 00 00 00 c8 00', () => {
    const td = { onTap: 0x04, onHold: 0xe0, onDoubleTap: 0, onTapHold: 0, tappingTerm: 200 };
    expect(ENTRY_CODECS.tapDance.encode(td)).toEqual([0x04, 0, 0xe0, 0, 0, 0, 0, 0, 0xc8, 0]);
  });

  it('a combo: J + K → Escape', () => {
    expect(ENTRY_CODECS.combo.encode({ keys: [0x0d, 0x0e, 0, 0], output: 0x29 })).toEqual([
      0x0d, 0, 0x0e, 0, 0, 0, 0, 0, 0x29, 0,
    ]);
  });

  it('a key override: Shift + Backspace → Delete on every layer, enabled', () => {
    const ko = {
      trigger: 0x2a,
      replacement: 0x4c,
      layers: 0xffff,
      triggerMods: 0x02,
      negativeModMask: 0,
      suppressedMods: 0x02,
      options: 0x87,
    };
    expect(ENTRY_CODECS.keyOverride.encode(ko)).toEqual([0x2a, 0, 0x4c, 0, 0xff, 0xff, 0x02, 0, 0x02, 0x87]);
  });

  it('new entries are empty, and key overrides start on every layer', () => {
    expect(isEmptyEntry('tapDance', ENTRY_CODECS.tapDance.empty())).toBe(true);
    expect(isEmptyEntry('combo', ENTRY_CODECS.combo.empty())).toBe(true);
    expect(isEmptyEntry('keyOverride', ENTRY_CODECS.keyOverride.empty())).toBe(true);
    expect(ENTRY_CODECS.keyOverride.empty().layers).toBe(0xffff);
  });

  it('compares entries by their bytes', () => {
    const a = ENTRY_CODECS.combo.empty();
    expect(sameEntry('combo', a, { keys: [0, 0, 0, 0], output: 0 })).toBe(true);
    expect(sameEntry('combo', a, { keys: [4, 0, 0, 0], output: 0 })).toBe(false);
  });

  it('toggles one bit of a mask', () => {
    expect(toggleBit(0, 15, true)).toBe(0x8000);
    expect(toggleBit(0xffff, 0, false)).toBe(0xfffe);
  });

  it("names the key override mask's layers a keyboard does not have", () => {
    // Vial's default "every layer" on a 4-layer board: layers 4–15 are set beyond it.
    expect(layersBeyond(0xffff, 4)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(layersBeyond(0x000f, 4)).toEqual([]);
    expect(layersBeyond(0x8021, 4)).toEqual([5, 15]);
    expect(layersBeyond(0xffff, 16)).toEqual([]);
    // A board reporting more than 16 layers has none beyond the mask.
    expect(layersBeyond(0xffff, 32)).toEqual([]);
  });

  it('writes layer numbers as runs', () => {
    expect(layerRuns([4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])).toBe('4–15');
    expect(layerRuns([4, 5, 6, 9])).toBe('4–6, 9');
    expect(layerRuns([5, 15])).toBe('5, 15');
    expect(layerRuns([])).toBe('');
  });
});
