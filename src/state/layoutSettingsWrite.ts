import type { StoreApi } from 'zustand/vanilla';
import { settingsChanges, type LayoutSettings } from '../formats/layoutSettings.ts';
import { LEGACY_LIGHTING_CHANNEL } from '../qmk/protocolVersions.ts';
import type { DeviceState } from './deviceStore.ts';

/** A value key of KeyboardState.values: channel, value id and argument bytes (v2 lighting: the value id). */
function address(key: string, menus: boolean) {
  const [first = 0, second = 0, ...args] = key.split(':').map(Number);
  return menus
    ? { channel: first, valueId: second, args }
    : { channel: LEGACY_LIGHTING_CHANNEL, valueId: first, args: [] as number[] };
}

const same = (a: Uint8Array, b: readonly number[]) => b.every((v, i) => a[i] === v);

/**
 * Writes a layout file's settings to the selected keyboard after its keymap loaded: the layout options and each
 * lighting/menu value that differs (values the keyboard does not have are left out: the preview listed them),
 * saved once per channel, each value read back. Resolves with what failed, in English (nothing is thrown); the
 * app's copy follows what was written.
 */
export async function writeLayoutSettings(
  devices: StoreApi<DeviceState>,
  settings: LayoutSettings,
): Promise<string[]> {
  const keyboard = devices.getState().keyboard;
  const commands = devices.getState().commands();
  if (!keyboard || !commands) return [];
  const changes = settingsChanges(settings, keyboard);
  const failed: string[] = [];
  const patch: { layoutOptions?: number; values: Record<string, number[]> } = {
    values: { ...keyboard.values },
  };
  if (changes.layoutOptions) {
    try {
      await commands.setLayoutOptions(changes.layoutOptions.to);
      patch.layoutOptions = changes.layoutOptions.to;
    } catch (error) {
      failed.push(`layout options: ${String(error)}`);
    }
  }
  const menus = 'menus' in keyboard.definition;
  const channels = new Set<number>();
  for (const key of changes.values) {
    const { channel, valueId, args } = address(key, menus);
    const bytes = settings.values[key]!;
    try {
      if (menus) {
        await commands.setCustomValue(channel, valueId, [...args, ...bytes]);
        if (!same(await commands.customValue(channel, valueId, args), bytes))
          throw new Error('read back differs');
      } else {
        await commands.setLightingValue(valueId, bytes);
        if (!same(await commands.lightingValue(valueId), bytes)) throw new Error('read back differs');
      }
      channels.add(channel);
      patch.values[key] = [...bytes];
    } catch (error) {
      failed.push(`${key}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  for (const channel of channels)
    await (
      channel === LEGACY_LIGHTING_CHANNEL ? commands.saveLighting() : commands.saveCustomValues(channel)
    ).catch((error: unknown) => failed.push(`save ${channel}: ${String(error)}`));
  devices.getState().patchKeyboard(patch);
  return failed;
}
