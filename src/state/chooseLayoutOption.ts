import type { StoreApi } from 'zustand/vanilla';
import { packLayoutOptions } from '../protocol/packLayoutOptions.ts';
import type { DeviceState } from './deviceStore.ts';
import { layoutChoices } from './layoutOptionChoice.ts';

// The Layouts pane's write, apart from layoutChoices (which the first screen's keymap draws with): a module the
// first screen imports brings every export any chunk uses (issue 43).

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
