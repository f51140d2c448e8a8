import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { ScriptedHidDevice } from '../../tests/support/scriptedHidDevice.ts';
import type { MenuControl } from '../definitions/menus.ts';
import { ViaClient } from '../protocol/viaClient.ts';
import { ViaCommands } from '../protocol/viaCommands.ts';
import { DFU_REDIRECT_MS } from '../definitions/vendorMenus.ts';
import { SAVE_DEBOUNCE_MS } from '../services/menuValueWriter.ts';
import type { DeviceState } from './deviceStore.ts';
import { MenuChanges } from './menuChanges.ts';

afterEach(() => vi.useRealTimers());

/** The device store's slice a menu change uses: the keyboard's values, patched, and its commands. */
function devices(device: ScriptedHidDevice) {
  const commands = new ViaCommands(new ViaClient(device), 12);
  return createStore<DeviceState>()(
    (set, get) =>
      ({
        keyboard: { values: {} },
        commands: () => commands,
        patchKeyboard: (patch: object) => set({ keyboard: { ...get().keyboard!, ...patch } }),
      }) as unknown as DeviceState,
  );
}

const dfu: MenuControl = {
  label: 'Connect to DFU',
  type: 'button',
  key: 'dfu',
  channel: 18,
  valueId: 5,
  args: [],
};

describe('a menu change, below the UI', () => {
  it("'Connect to DFU' is shown and written at once, then the Boot screen opens after the redirect delay", async () => {
    vi.useFakeTimers();
    const device = new ScriptedHidDevice([
      { expect: '07 12 05 01', reply: '07 12 05 01' },
      { expect: '09 12', reply: '09 12' },
    ]);
    const store = devices(device);
    const showBoot = vi.fn();
    const errors: unknown[] = [];
    new MenuChanges(store, (e) => errors.push(e), showBoot).menu([], [], dfu, [1]);
    expect(store.getState().keyboard!.values['18:5']).toEqual([1]);
    await vi.advanceTimersByTimeAsync(DFU_REDIRECT_MS - 1);
    expect(showBoot).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(Math.max(1, SAVE_DEBOUNCE_MS - DFU_REDIRECT_MS + 2));
    expect(showBoot).toHaveBeenCalledTimes(1);
    expect(device.remaining).toBe(0);
    expect(errors).toEqual([]);
  });

  it('a v2 lighting change is kept by value id and written', async () => {
    const device = new ScriptedHidDevice([{ expect: '07 02 80 40', reply: '07 02 80 40' }]);
    const store = devices(device);
    const brightness: MenuControl = {
      label: 'Brightness',
      type: 'range',
      key: 'b',
      channel: 2,
      valueId: 0x80,
      args: [],
    };
    new MenuChanges(
      store,
      () => {},
      () => {},
    ).lighting(brightness, [0x40]);
    expect(store.getState().keyboard!.values['128']).toEqual([0x40]);
    await vi.waitFor(() => expect(device.sent).toHaveLength(1));
  });
});
