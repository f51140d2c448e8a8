import type { StoreApi } from 'zustand/vanilla';
import type { DefinitionVersion, ServedDefinition } from '../definitions/compile.ts';
import { loadCommonMenus } from '../definitions/menus.ts';
import { keycodeForEventCode } from '../keycodes/eventCodes.ts';
import type { DefinitionsRepository } from '../services/definitionsRepository.ts';
import type { ImportResult } from '../services/definitionImport.ts';
import type { SaveResult } from '../services/storedDefinitions.ts';
import type { DeviceState } from '../state/deviceStore.ts';
import type { KeyValueStorage } from '../state/storage.ts';
import { readPlugged, writePlugged } from '../state/virtualKeyboards.ts';
import type { HidProvider } from '../transport/hidProvider.ts';
import type { BuildOptions } from '../definitions/buildOptions.ts';
import {
  configFromDefinition,
  UNKNOWN_DEMO,
  type VirtualHid,
  type VirtualHidDevice,
} from '../virtual-keyboard/index.ts';

/*
 * The device runtime's actions that no first screen needs (a definition file brought, a virtual keyboard
 * unplugged, reset or typed on): DeviceRuntime loads them with the first one (docs/performance.md).
 */

/** What the actions use of the runtime, its private parts included. */
export interface RuntimeParts {
  store: StoreApi<DeviceState>;
  provider: HidProvider;
  definitions: DefinitionsRepository;
  virtualHid: VirtualHid;
  storage: KeyValueStorage;
  eeprom: { clear(key: string): void };
  /** Which demo (or definition) each plugged virtual keyboard is. */
  plugged: Map<VirtualHidDevice, string>;
  reportBadValue(message: string): void;
  plug(config: Parameters<VirtualHid['plugIn']>[0], id: string): VirtualHidDevice;
  selectNewest(device: VirtualHidDevice): Promise<void>;
}

/** Plugs in a virtual keyboard built from a definition with the firmware choices the user made. */
export async function plugDefinition(
  parts: RuntimeParts,
  definition: ServedDefinition,
  version: DefinitionVersion,
  options?: BuildOptions,
): Promise<void> {
  // The firmware build options' checks load with the first keyboard built from a file.
  const { checkBuildOptions, defaultBuildOptions } = await import('../definitions/buildOptions.ts');
  const checked = checkBuildOptions(options ?? defaultBuildOptions(version), version);
  if (!checked.ok) throw new Error(checked.message);
  parts.definitions.registerLocal(definition, version);
  // The common menus its menus may name are loaded before its firmware is built from them.
  if ('menus' in definition) await loadCommonMenus(definition.menus);
  const device = parts.plug(
    configFromDefinition(definition, checked.value),
    `definition:${definition.vendorProductId}`,
  );
  await parts.selectNewest(device);
}

/** Checks a definition file for the connected keyboard at `path`; when accepted, remembers it and loads the keyboard. */
export async function loadDefinitionFor(
  parts: RuntimeParts,
  path: string,
  text: string,
): Promise<ImportResult> {
  const device = parts.store.getState().devices.find((d) => d.path === path);
  if (!device) throw new Error('The keyboard is no longer connected.');
  const { importDefinition } = await import('../services/definitionImport.ts');
  const result = await importDefinition(text, device, parts.definitions);
  if (result.ok) await parts.store.getState().definitionsChanged();
  return result;
}

/**
 * For the `unknown` virtual keyboard only: the definition a user would bring for it (Aurora 75's, in VIA form,
 * with the ids FEED:0001), so the whole flow can be tried without hardware. Null for any other keyboard.
 */
export async function definitionToTry(parts: RuntimeParts, path: string): Promise<string | null> {
  const entry = (await parts.provider.devices()).find((d) => d.path === path);
  if (!entry?.virtual || parts.plugged.get(entry.device as VirtualHidDevice) !== UNKNOWN_DEMO.id) return null;
  const model = await parts.definitions.definition(
    UNKNOWN_DEMO.vendorProductId,
    UNKNOWN_DEMO.definitionVersion,
  );
  const { vendorId, productId } = entry.device;
  return JSON.stringify({ ...model, name: UNKNOWN_DEMO.name, vendorProductId: vendorId * 65536 + productId });
}

/** Forgets a definition the user loaded; a connected keyboard that used it shows 'no definition' again. */
export async function forgetDefinition(
  parts: RuntimeParts,
  vendorProductId: number,
  version: DefinitionVersion,
): Promise<SaveResult> {
  const result = await parts.definitions.forget(vendorProductId, version);
  await parts.store.getState().definitionsChanged();
  return result;
}

/** Unplugs the virtual keyboard at `path` and forgets it for the next reload. */
export async function unplug(parts: RuntimeParts, path: string): Promise<void> {
  const entry = (await parts.provider.devices()).find((d) => d.path === path);
  if (!entry?.virtual) return;
  const device = entry.device as VirtualHidDevice;
  const id = parts.plugged.get(device);
  parts.virtualHid.unplug(device);
  if (id)
    writePlugged(
      parts.storage,
      (readPlugged(parts.storage, parts.reportBadValue) ?? []).filter((x) => x !== id),
    );
  await parts.store.getState().refresh();
}

/** Factory-resets the virtual keyboard at `path` (its EEPROM and what is kept of it) and reloads it. */
export async function resetVirtual(parts: RuntimeParts, path: string): Promise<void> {
  const entry = (await parts.provider.devices()).find((d) => d.path === path);
  if (!entry?.virtual) return;
  const { firmware } = entry.device as VirtualHidDevice;
  firmware.resetEeprom();
  // A Keychron board is flashed afresh: its own settings (lighting, Snap Click, debounce …) too.
  firmware.keychron?.flashFresh();
  parts.eeprom.clear(parts.plugged.get(entry.device as VirtualHidDevice) ?? '');
  await parts.store.getState().select(path);
}

/**
 * Presses (or releases) the switches of the virtual keyboard at `path` that carry this key on layer 0, as a
 * finger would: the Key Tester's matrix test then reads them like any keyboard's. Real keyboards are left alone.
 */
export async function pressVirtualKey(
  parts: RuntimeParts,
  path: string | null,
  code: string,
  down: boolean,
): Promise<void> {
  const keycode = keycodeForEventCode(code);
  const entry = (await parts.provider.devices()).find((d) => d.path === path);
  if (keycode === null || !entry?.virtual) return;
  const firmware = (entry.device as VirtualHidDevice).firmware;
  const { rows, cols } = firmware.config;
  for (let row = 0; row < rows; row++)
    for (let col = 0; col < cols; col++)
      if (firmware.getKeycode(0, row, col) === keycode) {
        if (down) firmware.press(row, col);
        else firmware.release(row, col);
      }
}
