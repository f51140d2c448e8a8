import { describe, expect, it } from 'vitest';
import { keycodeLabel } from '../keycodes/labels.ts';
import {
  hidUsageToKeycode,
  keycodeFitsHidParam,
  keycodeToHidUsage,
  ZMK_KEYCODE_PROTOCOL,
} from './hidKeycodes.ts';
import { encodeHidUsage, ZMK_MODS } from './hidUsage.ts';

const kb = (id: number, modifiers = 0) => encodeHidUsage({ modifiers, page: 0x07, id });
const consumer = (id: number) => encodeHidUsage({ modifiers: 0, page: 0x0c, id });
const label = (usage: number) => keycodeLabel(hidUsageToKeycode(usage)!, ZMK_KEYCODE_PROTOCOL).title;

describe('ZMK HID usages as Keyloom keycodes', () => {
  it('draws keyboard-page usages with the basic keycodes of the same number (HID Usage Tables, page 7)', () => {
    expect(hidUsageToKeycode(kb(0x04))).toBe(0x04);
    expect(label(kb(0x04))).toBe('A');
    expect(label(kb(0x2c))).toBe('Space');
    expect(label(kb(0xe0))).toBe('Left Ctrl');
  });

  it("turns one hand's implicit modifiers into QMK's wrappers: LS(N1) is '!', RA(A) is RAlt+A", () => {
    expect(hidUsageToKeycode(kb(0x1e, ZMK_MODS.LSFT))).toBe(0x021e);
    expect(label(kb(0x1e, ZMK_MODS.LSFT))).toBe('!');
    expect(hidUsageToKeycode(kb(0x04, ZMK_MODS.RALT))).toBe(0x1404);
    expect(hidUsageToKeycode(kb(0x04, ZMK_MODS.LCTL | ZMK_MODS.LALT))).toBe(0x0504);
  });

  it('has no keycode for modifiers of both hands, pages other than 7 and 12, or ids QMK lacks', () => {
    expect(hidUsageToKeycode(kb(0x04, ZMK_MODS.LSFT | ZMK_MODS.RSFT))).toBeNull();
    expect(hidUsageToKeycode(encodeHidUsage({ modifiers: 0, page: 0x01, id: 0x81 }))).toBeNull();
    expect(hidUsageToKeycode(kb(0xb0))).toBeNull();
    expect(hidUsageToKeycode(consumer(0x30))).toBeNull();
  });

  it('draws consumer usages with the media keycodes that stand for them', () => {
    expect(label(consumer(0xe2))).toBe('Mute');
    expect(label(consumer(0xe9))).toMatch(/^Volume up$/i);
    expect(label(consumer(0xcd))).toMatch(/Play/);
  });

  it('round-trips every keycode it turns into a usage', () => {
    const broken: number[] = [];
    let usages = 0;
    for (let code = 0; code <= 0x1fff; code++) {
      const usage = keycodeToHidUsage(code);
      if (usage === null) continue;
      usages++;
      if (hidUsageToKeycode(usage) !== code) broken.push(code);
    }
    expect(broken).toEqual([]);
    expect(usages).toBeGreaterThan(4000);
  });

  it('refuses keycodes that are not HID usages: KC_NO, KC_TRNS, layers, system keys', () => {
    for (const code of [0x0000, 0x0001, 0x5221, 0xa5, 0x7c00]) expect(keycodeToHidUsage(code)).toBeNull();
  });

  it("offers a key only within the parameter's maxima (an HKRO build reports usages up to 0xFF)", () => {
    expect(keycodeFitsHidParam(0x04, 0xff, 0xff)).toBe(true);
    expect(keycodeFitsHidParam(0x68, 0x67, 0xff)).toBe(false); // F13 on an NKRO build stopping at Keypad =
    expect(keycodeFitsHidParam(0xb1, 0xff, 0xff)).toBe(false); // Mail is consumer 0x18A, above 0xFF
    expect(keycodeFitsHidParam(0xb1, 0xff, 0xfff)).toBe(true);
  });
});
