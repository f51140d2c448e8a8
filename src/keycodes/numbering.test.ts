import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertKeycode } from './numbering.ts';

describe('convertKeycode: between numberings by name, never by number', () => {
  it('carries layer keys, mod-taps and QMK renames to today’s numbering', () => {
    expect(convertKeycode(0x5101, 9, 12)).toBe(0x5221); // MO(1)
    expect(convertKeycode(0x6104, 9, 12)).toBe(0x2104); // LCTL_T(KC_A)
    expect(convertKeycode(0x5c00, 9, 12)).toBe(0x7c00); // RESET → QK_BOOT
    expect(convertKeycode(0x5f12, 10, 12)).toBe(0x7700); // MACRO(0)
    expect(convertKeycode(0x00f0, 9, 12)).toBe(0x00cd); // mouse up moved in QMK 0.0.1
    expect(convertKeycode(0x7103, 12, 12)).toBe(0x7103); // same numbering: the number itself
  });

  it('refuses what nothing names, and a number inside an expression (LCTL(0x00CD) on protocol 9)', () => {
    expect(convertKeycode(0x5f40, 9, 12)).toBeNull();
    expect(convertKeycode(0x01cd, 9, 12)).toBeNull();
  });

  it.each([9, 10, 11])('protocol %i → today → back gives every carried number again', (protocol) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff }), (code) => {
        // WT lighting (0x5F00–0x5F0D before 11) and CUSTOM(n) share today's QK_KB_n: the way back is CUSTOM(n).
        fc.pre(!(protocol < 11 && code >= 0x5f00 && code <= 0x5f0d));
        const today = convertKeycode(code, protocol, 12);
        if (today !== null) expect(convertKeycode(today, 12, protocol)).toBe(code);
      }),
      { numRuns: 3000 },
    );
  });
});
