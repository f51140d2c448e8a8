import { describe, expect, it } from 'vitest';
import { cellNumber, zmkUsageText } from './zmkKeyText.ts';

const MOD = { LCTL: 0x01, LSFT: 0x02, LALT: 0x04, RGUI: 0x80 };
const key = (id: number, mods = 0, page = 0x07) => ((mods << 24) | (page << 16) | id) >>> 0;

describe('HID usages as ZMK keys.h names', () => {
  it('uses the shortest name ZMK does not deprecate', () => {
    expect(zmkUsageText(key(0x04))).toBe('A');
    expect(zmkUsageText(key(0x28))).toBe('RET');
    expect(zmkUsageText(key(0xe0))).toBe('LCTRL');
    expect(zmkUsageText(key(0xe9, 0, 0x0c))).toBe('C_VOL_UP');
  });

  it("takes a value's own name before modifier functions (LS(N1) is EXCL)", () => {
    expect(zmkUsageText(key(0x1e, MOD.LSFT))).toBe('EXCL');
  });

  it('wraps other modifiers around the key, Left Control outermost, a shifted name kept inside', () => {
    expect(zmkUsageText(key(0x04, MOD.LCTL | MOD.LALT))).toBe('LC(LA(A))');
    expect(zmkUsageText(key(0x1e, MOD.LCTL | MOD.LSFT))).toBe('LC(EXCL)');
    expect(zmkUsageText(key(0x04, MOD.RGUI))).toBe('RG(A)');
  });

  it('gives null for a usage keys.h does not name, with or without modifiers', () => {
    expect(zmkUsageText(key(0xa5))).toBeNull();
    expect(zmkUsageText(key(0xa5, MOD.LCTL))).toBeNull();
    expect(zmkUsageText(0)).toBeNull();
  });

  it('writes small numbers in decimal, others in hex', () => {
    expect(cellNumber(3)).toBe('3');
    expect(cellNumber(0x700a5)).toBe('0x700a5');
  });
});
