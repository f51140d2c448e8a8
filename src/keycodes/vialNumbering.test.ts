import { describe, expect, it, vi } from 'vitest';
import { viaRead } from '../../tests/viaReader.ts';
import { vialKeycodeProtocol } from '../qmk/protocolVersions.ts';
import { VirtualHid } from '../virtual-keyboard/index.ts';
import { vialDemoConfig } from '../virtual-keyboard/vial/vialDemo.ts';
import { unservedDeviceStore } from '../../tests/support/unservedDeviceStore.ts';
import { setKey } from '../state/deviceWrites.ts';
import { formatKeycode } from './format.ts';
import { parseKeycode } from './parse.ts';

/**
 * What Vial firmware and vial-gui number these keycodes as, per Vial protocol (vial-gui's keycodes_v5 for every
 * protocol but 6, keycodes_v6 for 6; vial-qmk's keycodes.h): facts, checked here against Keyloom and against
 * VIA's published tables (tests/fixtures/via-keycodes) for protocol 9 and 12.
 */
const VIAL_FACTS: Record<'v5' | 'v6', Record<string, number>> = {
  v5: {
    'MO(1)': 0x5101,
    'TO(2)': 0x5012,
    'TG(3)': 0x5303,
    'TT(1)': 0x5801,
    'OSL(1)': 0x5401,
    'LT(1,KC_A)': 0x4104,
    'LCTL_T(KC_A)': 0x6104,
    'TD(0)': 0x5700,
    RESET: 0x5c00,
    MACRO00: 0x5f12,
    USER00: 0x5f80,
    BL_TOGG: 0x5cbf,
    RGB_TOG: 0x5cc2,
    KC_MS_U: 0xf0,
    KC_WH_D: 0xfa,
    FN_MO13: 0x5f10,
  },
  v6: {
    'MO(1)': 0x5221,
    'TO(2)': 0x5202,
    'TG(3)': 0x5263,
    'TT(1)': 0x52c1,
    'OSL(1)': 0x5281,
    'LT(1,KC_A)': 0x4104,
    'LCTL_T(KC_A)': 0x2104,
    'TD(0)': 0x5700,
    QK_BOOT: 0x7c00,
    MACRO00: 0x7700,
    USER00: 0x7e00,
    KC_ASTG: 0x7c15,
    BL_TOGG: 0x7802,
    RGB_TOG: 0x7820,
    KC_MS_U: 0xcd,
    KC_WH_D: 0xda,
    FN_MO13: 0x7c77,
  },
};

// Keyloom reads each protocol's names as VIA's table spells them (RESET before QMK's renaming, MACRO00 …);
// VIA's protocol-12 table still calls QK_BOOT 'RESET'.
const VIA_NAME: Record<string, string> = { QK_BOOT: 'RESET' };
const viaNumber = (name: string, protocol: number) => viaRead(VIA_NAME[name] ?? name, protocol);

describe('Vial keycode numbering per Vial protocol', () => {
  it('protocols 0–5 number keycodes as VIA protocol 9, protocol 6 (and later) as VIA protocol 12', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(vialKeycodeProtocol)).toEqual([9, 9, 9, 9, 9, 9, 12, 12]);
  });

  for (const [vialProtocol, facts] of [
    [5, VIAL_FACTS.v5],
    [6, VIAL_FACTS.v6],
  ] as const) {
    const protocol = vialKeycodeProtocol(vialProtocol);
    it(`Vial ${vialProtocol}: reads, shows and writes Vial's numbers`, () => {
      const wrong = Object.entries(facts).filter(
        ([name, code]) =>
          parseKeycode(name, protocol) !== code ||
          parseKeycode(formatKeycode(code, protocol), protocol) !== code,
      );
      expect(wrong).toEqual([]);
    });

    it(`Vial ${vialProtocol}: the numbers are what VIA's protocol-${protocol} table makes of the same text`, () => {
      const read = Object.entries(facts).map(([name, code]) => [name, code, viaNumber(name, protocol)]);
      expect(read.filter(([, , via]) => via !== null && via !== 0).length).toBeGreaterThanOrEqual(10);
      expect(read.filter(([, code, via]) => via !== null && via !== 0 && via !== code)).toEqual([]);
    });
  }
});

describe('a Vial keyboard is read and written in its own numbering', () => {
  async function loaded(vialProtocol: number) {
    const virtualHid = new VirtualHid({ schedule: (fn) => queueMicrotask(fn) });
    const device = virtualHid.plugIn(vialDemoConfig(vialProtocol));
    const store = unservedDeviceStore(virtualHid);

    await store.getState().refresh();
    await vi.waitFor(() => expect(store.getState().phase).toBe('ready'), { timeout: 15_000 });
    return { store, firmware: device.firmware, keyboard: store.getState().keyboard! };
  }

  for (const [vialProtocol, mo1, boot] of [
    [5, 0x5101, 0x5c00],
    [6, 0x5221, 0x7c00],
  ] as const) {
    it(`Vial ${vialProtocol}: the firmware's MO(1) and QK_BOOT show by name; an assigned MO(1) is written as 0x${mo1.toString(16)}`, async () => {
      const { store, firmware, keyboard } = await loaded(vialProtocol);
      const { cols } = keyboard.definition.matrix;
      expect(formatKeycode(keyboard.keymap[0]![4 * cols + 9]!, keyboard.protocol)).toBe('MO(1)');
      expect(formatKeycode(keyboard.keymap[1]![cols]!, keyboard.protocol)).toBe(
        vialProtocol >= 6 ? 'QK_BOOT' : 'RESET',
      );
      expect(keyboard.keymap[1]![cols]).toBe(boot);
      await setKey(store, 0, 2, 1, parseKeycode('MO(1)', keyboard.protocol)!);
      expect(firmware.getKeycode(0, 2, 1)).toBe(mo1);
    });
  }
});
