import { describe, expect, it } from 'vitest';
import { cellNumber, readZmkUsageText, zmkUsageSuggestions, zmkUsageText } from './zmkKeyText.ts';

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

describe('a key typed as a .keymap writes it', () => {
  it('reads keys.h names, modifier functions around them and numbers', () => {
    expect(readZmkUsageText('N1')).toEqual({ ok: true, value: 0x0007001e });
    expect(readZmkUsageText(' LS(N1) ')).toEqual({ ok: true, value: 0x0207001e });
    expect(readZmkUsageText('LC(RS(A))')).toEqual({ ok: true, value: 0x21070004 });
    expect(readZmkUsageText('C_VOL_UP')).toEqual({ ok: true, value: 0x000c00e9 });
    expect(readZmkUsageText('0x70004')).toEqual({ ok: true, value: 0x00070004 });
    // What it writes, it reads back.
    for (const value of [0x0207001e, 0x21070004, 0x000c00e9])
      expect(readZmkUsageText(zmkUsageText(value)!)).toEqual({ ok: true, value });
  });

  it('names what it cannot read: an unknown name, a function keys.h lacks, a case it does not write', () => {
    expect(readZmkUsageText('KC_A')).toEqual({ ok: false, unknownName: 'KC_A' });
    expect(readZmkUsageText('LX(A)')).toEqual({ ok: false, unknownName: 'LX(A)' });
    expect(readZmkUsageText('LS(nope)')).toEqual({ ok: false, unknownName: 'nope' });
    expect(readZmkUsageText('n1')).toEqual({ ok: false, unknownName: 'n1' });
    expect(readZmkUsageText('LS('.repeat(100) + 'A' + ')'.repeat(100)).ok).toBe(false);
  });

  it('suggests the modifier functions and names starting with what is typed, shortest first', () => {
    expect(zmkUsageSuggestions('ls').map((s) => s.name)).toEqual(expect.arrayContaining(['LS(', 'LSHFT']));
    expect(zmkUsageSuggestions('ls')[0]).toEqual({ name: 'LS(', value: -1 });
    expect(zmkUsageSuggestions('N1')[0]).toEqual({ name: 'N1', value: 0x0007001e });
    expect(zmkUsageSuggestions('')).toEqual([]);
  });
});
