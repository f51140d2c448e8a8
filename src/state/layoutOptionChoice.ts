import type { StoreApi } from 'zustand/vanilla';
import { packLayoutOptions, unpackLayoutOptions } from '../protocol/layoutOptions.ts';
import type { KeyboardState } from '../services/keyboardLoader.ts';
import type { DeviceState } from './deviceStore.ts';

/** The chosen value of each layout option of a keyboard (all first choices until the board has told us). */
export function layoutChoices(keyboard: KeyboardState): number[] {
  const labels = keyboard.definition.layouts.labels ?? [];
  return keyboard.layoutOptions === null
    ? labels.map(() => 0)
    : unpackLayoutOptions(labels, keyboard.layoutOptions);
}

/**
 * Chooses `choice` for layout option `index` of the selected keyboard: the view follows at once, then the packed
 * value is written. Resolves false when the write failed (core.md §8 makes that only a warning); nothing happens
 * without a loaded keyboard.
 */
export async function chooseLayoutOption(
  devices: StoreApi<DeviceState>,
  index: number,
  choice: number,
): Promise<boolean> {
  const { keyboard } = devices.getState();
  if (!keyboard) return false;
  const choices = layoutChoices(keyboard);
  choices[index] = choice;
  const value = packLayoutOptions(keyboard.definition.layouts.labels ?? [], choices);
  devices.getState().patchKeyboard({ layoutOptions: value });
  try {
    await devices.getState().commands()!.setLayoutOptions(value);
    return true;
  } catch {
    return false;
  }
}
