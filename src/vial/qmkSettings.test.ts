import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bitOf,
  checkSettingValue,
  decodeSetting,
  encodeSetting,
  groupsFor,
  SETTING_FIELDS,
  SETTING_GROUPS,
  SETTING_SPECS,
  settingLimit,
  withBit,
} from './qmkSettings.ts';

describe('the QMK settings table (docs/vial-protocol.md, QMK settings)', () => {
  it('knows every qsid Vial firmware can report, 1 to 27', () => {
    expect([...SETTING_SPECS.keys()].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 27 }, (_, i) => i + 1),
    );
  });

  it('gives every known qsid at least one control, and every control a known qsid in a known group', () => {
    for (const qsid of SETTING_SPECS.keys()) expect(SETTING_FIELDS.some((f) => f.qsid === qsid)).toBe(true);
    for (const f of SETTING_FIELDS) {
      expect(SETTING_SPECS.has(f.qsid)).toBe(true);
      expect(SETTING_GROUPS).toContain(f.group);
    }
  });

  it('uses unique label keys', () => {
    const keys = SETTING_FIELDS.map((f) => f.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has the widths Vial uses: magic u32, terms and mouse keys u16, flag bytes and tap counts u8', () => {
    const width = (q: number) => SETTING_SPECS.get(q)!.width;
    expect(width(21)).toBe(4);
    for (const q of [2, 4, 6, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 25, 27]) expect(width(q)).toBe(2);
    for (const q of [1, 3, 5, 8, 20, 22, 23, 24, 26]) expect(width(q)).toBe(1);
  });

  it('keeps flag bits inside their width and number ranges inside theirs', () => {
    for (const f of SETTING_FIELDS) {
      const spec = SETTING_SPECS.get(f.qsid)!;
      if (f.kind === 'bit') {
        expect(spec.kind).toBe('flags');
        expect(f.bit).toBeLessThan(spec.width * 8);
      } else {
        expect(spec.kind).toBe('number');
        expect(f.max).toBeLessThanOrEqual(2 ** (8 * spec.width) - 1);
      }
    }
  });

  it('ranges: tapping term 0–10000 ms, one-shot timeout 0–60000 ms, one-shot taps 0–50', () => {
    expect(settingLimit(7)).toBe(10000);
    expect(settingLimit(6)).toBe(60000);
    expect(settingLimit(5)).toBe(50);
    expect(settingLimit(1)).toBe(0x0f);
    expect(settingLimit(3)).toBe(0x7f);
    expect(settingLimit(21)).toBe(0x3ff);
  });
});

describe('setting values on the wire', () => {
  it('writes u16 little-endian: tapping term 200 ms → c8 00', () => {
    expect(encodeSetting(7, 200)).toEqual([0xc8, 0x00]);
    expect(encodeSetting(6, 5000)).toEqual([0x88, 0x13]);
  });

  it('writes u8 and u32: one-shot taps 5 → 05, magic bits 0 and 9 → 01 02 00 00', () => {
    expect(encodeSetting(5, 5)).toEqual([0x05]);
    expect(encodeSetting(21, 0x201)).toEqual([0x01, 0x02, 0x00, 0x00]);
  });

  it('reads only the setting’s width from a reply', () => {
    expect(decodeSetting(7, [0x2c, 0x01, 0xff, 0xff])).toBe(300);
    expect(decodeSetting(1, [0x05, 0xff])).toBe(5);
    expect(decodeSetting(21, [0xff, 0xff, 0xff, 0xff, 0x12])).toBe(0xffffffff);
  });

  it('refuses unknown ids and values outside the width', () => {
    expect(() => encodeSetting(99, 1)).toThrow(RangeError);
    expect(() => encodeSetting(5, 256)).toThrow(RangeError);
    expect(() => encodeSetting(7, -1)).toThrow(RangeError);
    expect(() => encodeSetting(7, 1.5)).toThrow(RangeError);
  });

  it('checks a value against the table’s range', () => {
    expect(checkSettingValue(7, 10000)).toBeNull();
    expect(checkSettingValue(7, 10001)).toMatch(/0…10000/);
    expect(checkSettingValue(99, 1)).toMatch(/Unknown/);
    expect(checkSettingValue(1, 0xff)).toBeNull();
  });

  it('round-trips every value of every setting’s width (property)', () => {
    const ids = [...SETTING_SPECS.keys()];
    fc.assert(
      fc.property(fc.constantFrom(...ids), fc.nat(), (qsid, seed) => {
        const width = SETTING_SPECS.get(qsid)!.width;
        const value = seed % 2 ** (8 * width);
        const bytes = encodeSetting(qsid, value);
        expect(bytes).toHaveLength(width);
        for (const b of bytes) expect(b >= 0 && b <= 0xff).toBe(true);
        expect(decodeSetting(qsid, [...bytes, 0xee, 0xee])).toBe(value);
      }),
    );
  });

  it('sets and clears one bit and keeps the others (property)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 0xffffffff }), fc.nat({ max: 31 }), fc.boolean(), (value, bit, on) => {
        const next = withBit(value, bit, on);
        expect(bitOf(next, bit)).toBe(on);
        for (let b = 0; b < 32; b++) if (b !== bit) expect(bitOf(next, b)).toBe(bitOf(value, b));
      }),
    );
  });
});

describe('groups for a board', () => {
  it('shows only reported, known ids, groups in Vial’s order, empty groups left out', () => {
    const groups = groupsFor([7, 2, 99, 1]);
    expect(groups.map((g) => g.group)).toEqual(['graveEscape', 'tapHold', 'combo']);
    expect(groups[1]!.fields.map((f) => f.key)).toEqual(['tappingTerm']);
    expect(groups[0]!.fields).toHaveLength(4);
  });

  it('lists nothing for a board without settings', () => {
    expect(groupsFor([])).toEqual([]);
  });
});
