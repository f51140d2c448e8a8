import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatKeycode } from './format.ts';
import { parseKeycode } from './parse.ts';
import { keycodeTable } from './tables.ts';
import { rangesFor } from './generations.ts';
import { viaNameTable } from './viaTable.ts';

/** A QMK name VIA's table gives another number (MIDI on protocol 12): VIA's number wins, so it is skipped here. */
const viaOwns = (name: string, protocol: number, code: number) => {
  const via = viaNameTable(protocol).byName.get(name.toUpperCase());
  return via !== undefined && via !== code;
};

const PROTOCOLS = [9, 10, 11, 12, 13];

describe('round trips', () => {
  for (const protocol of PROTOCOLS) {
    it(`every dictionary name and alias on protocol ${protocol} parses to its code and formats back`, () => {
      const table = keycodeTable(protocol);
      expect(table.entries.length).toBeGreaterThan(200);
      for (const entry of table.entries) {
        for (const name of [entry.name, ...entry.aliases])
          if (!viaOwns(name, protocol, entry.code))
            expect(parseKeycode(name, protocol), name).toBe(entry.code);
        expect(parseKeycode(formatKeycode(entry.code, protocol), protocol)).toBe(entry.code);
      }
    });

    it(`every 16-bit number survives number → text → number on protocol ${protocol}`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 0xffff }),
          (code) => parseKeycode(formatKeycode(code, protocol), protocol) === code,
        ),
        { numRuns: 3000 },
      );
    });
  }

  it('generated advanced expressions round trip text → number → text', () => {
    const mods = fc.constantFrom(
      'MOD_LCTL',
      'MOD_LSFT',
      'MOD_LALT',
      'MOD_LGUI',
      'MOD_RCTL',
      'MOD_RSFT',
      'MOD_RALT',
      'MOD_RGUI',
    );
    const basic = fc.constantFrom(
      'KC_A',
      'KC_SPC',
      'KC_ENT',
      'KC_ESC',
      'KC_1',
      'KC_F12',
      'KC_BSPC',
      'KC_TAB',
    );
    const expr = fc.oneof(
      fc.tuple(fc.integer({ min: 0, max: 15 }), basic).map(([l, k]) => `LT(${l},${k})`),
      fc.tuple(mods, basic).map(([m, k]) => `MT(${m},${k})`),
      fc
        .tuple(fc.constantFrom('MO', 'TG', 'TT', 'OSL', 'TO', 'DF'), fc.integer({ min: 0, max: 31 }))
        .map(([f, l]) => `${f}(${l})`),
      fc.integer({ min: 0, max: 15 }).map((n) => `MACRO(${n})`),
      fc.integer({ min: 0, max: 255 }).map((n) => `TD(${n})`),
      fc
        .tuple(fc.constantFrom('LCTL', 'LSFT', 'LALT', 'LGUI', 'RCTL', 'RALT'), basic)
        .map(([w, k]) => `${w}(${k})`),
    );
    for (const protocol of [11, 12]) {
      fc.assert(
        fc.property(expr, (text) => {
          const code = parseKeycode(text, protocol);
          return code !== null && parseKeycode(formatKeycode(code, protocol), protocol) === code;
        }),
        { numRuns: 2000 },
      );
    }
  });

  it('LM uses a 15 mask on protocol ≤ 10 and 31 on newer protocols', () => {
    expect(rangesFor(10).layerMod.modMask).toBe(15);
    expect(rangesFor(11).layerMod.modMask).toBe(31);
  });

  it('every QMK keycode name of the newest data resolves on protocol 12 (the Any key never rejects one)', () => {
    const table = keycodeTable(12);
    let checked = 0;
    for (const entry of table.entries) {
      for (const name of [entry.name, ...entry.aliases]) {
        if (viaOwns(name, 12, entry.code)) continue;
        expect(parseKeycode(name, 12)).toBe(entry.code);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
