import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { keychronHostileRig, loadThroughVia } from '../../tests/support/keychronHostileRig.ts';
import { ScriptedHidDevice } from '../../tests/support/scriptedHidDevice.ts';
import type { MenuControl } from '../definitions/menus.ts';
import { ViaClient } from '../protocol/viaClient.ts';
import { ViaCommands } from '../protocol/viaCommands.ts';
import type { DeviceState } from '../state/deviceStore.ts';
import { SAVE_DEBOUNCE_MS } from '../services/menuValueWriter.ts';
import { MenuChanges } from '../state/menuChanges.ts';

// A hostile definition for a Keychron board whose lighting menu names channel 3 value ids past the firmware's
// 8-bit save mask (8-31) or past any shift C defines (≥ 32): Keyloom never asks for them nor sets them.

const range = (label: string, valueId: number) => ({
  label,
  type: 'range',
  options: [0, 255],
  content: [`id_${label.toLowerCase()}`, 3, valueId],
});
const hostile = {
  name: 'Hostile Keychron',
  vendorId: '0x3434',
  productId: '0x0107',
  matrix: { rows: 6, cols: 16 },
  layouts: { keymap: [['0,0', '0,1']] },
  menus: [
    {
      label: 'Lighting',
      content: [
        { label: 'Backlight', content: [range('Brightness', 1), range('Nine', 9), range('Forty', 40)] },
      ],
    },
  ],
};

const customReads = (sent: number[][]) => sent.filter((r) => r[0] === 0x08 && r[1] === 3).map((r) => r[2]);

afterEach(() => vi.useRealTimers());

describe('a Keychron board and channel 3 value ids past its mask', () => {
  it('loading asks for value 1 only', async () => {
    const rig = keychronHostileRig('q1v2_ansi_encoder');
    const { keyboard, warnings } = await loadThroughVia(rig, hostile);
    expect(keyboard.keychron).toBeDefined();
    expect(customReads(rig.sent)).toEqual([1]);
    expect(Object.keys(keyboard.values)).toEqual(['3:1']);
    expect(warnings).toEqual([]);
  });

  it('a change to value 9 or 40 sends nothing; value 1 is set and saved', async () => {
    vi.useFakeTimers();
    const device = new ScriptedHidDevice([
      { expect: '07 03 01 80', reply: '07 03 01 80' },
      { expect: '09 03', reply: '09 03' },
    ]);
    const commands = new ViaCommands(new ViaClient(device), 12);
    const store = createStore<DeviceState>()(
      (set, get) =>
        ({
          keyboard: { values: {}, keychron: { protocol: 1, firmware: '', features: {} } },
          commands: () => commands,
          patchKeyboard: (patch: object) => set({ keyboard: { ...get().keyboard!, ...patch } }),
        }) as unknown as DeviceState,
    );
    const errors: unknown[] = [];
    const changes = new MenuChanges(
      store,
      (e) => errors.push(e),
      () => {},
    );
    const control = (valueId: number): MenuControl => ({
      label: String(valueId),
      type: 'range',
      key: `v${valueId}`,
      channel: 3,
      valueId,
      args: [],
    });
    changes.menu([], [], control(40), [0x80]);
    changes.menu([], [], control(9), [0x80]);
    changes.menu([], [], control(1), [0x80]);
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS + 1);
    expect(device.remaining).toBe(0);
    expect(errors).toEqual([]);
  });
});
