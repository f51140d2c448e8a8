import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { DeviceState } from './deviceStore.ts';
import { layoutChoices } from './layoutOptionChoice.ts';
import { chooseLayoutOption } from './chooseLayoutOption.ts';

/** A device store holding a keyboard with two layout options (a toggle and a 3-way list). */
function devices(layoutOptions: number | null, write: (value: number) => Promise<void>) {
  const writes: number[] = [];
  const keyboard = {
    definition: { layouts: { labels: ['Split Backspace', ['Bottom Row', 'ANSI', 'Tsangan', 'WKL']] } },
    layoutOptions,
  };
  const store = createStore<DeviceState>(
    (set, get) =>
      ({
        keyboard,
        patchKeyboard: (patch: object) => set({ keyboard: { ...get().keyboard!, ...patch } }),
        commands: () => ({
          setLayoutOptions: (value: number) => {
            writes.push(value);
            return write(value);
          },
        }),
      }) as unknown as DeviceState,
  );
  return { store, writes };
}

describe('chooseLayoutOption', () => {
  it('packs the new choice with the others and writes it (toggle in bit 2, list in bits 0–1)', async () => {
    const { store, writes } = devices(0b100, () => Promise.resolve());
    expect(layoutChoices(store.getState().keyboard!)).toEqual([1, 0]);
    expect(await chooseLayoutOption(store, 1, 2)).toBe(true);
    expect(writes).toEqual([0b110]);
    expect(store.getState().keyboard!.layoutOptions).toBe(0b110);
  });

  it('shows the choice at once and reports a failed write', async () => {
    const { store, writes } = devices(null, () => Promise.reject(new Error('No reply from the keyboard')));
    expect(await chooseLayoutOption(store, 0, 1)).toBe(false);
    expect(writes).toEqual([0b100]);
    expect(store.getState().keyboard!.layoutOptions).toBe(0b100);
  });
});
