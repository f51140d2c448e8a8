import type { StoreApi } from 'zustand/vanilla';
import type { LayoutFile } from '../formats/layoutFile.ts';
import { refuse } from '../formats/layoutRefusal.ts';
import {
  buildKeychronSection,
  keychronPatches,
  parseKeychronSection,
  type KeychronSection,
} from '../formats/keychronSection.ts';
import type { KeychronSettings } from '../qmk/keychronSettings.ts';
import type { Refused } from '../lib/refusal.ts';
import type { CommandState } from './commands.ts';
import type { DeviceState } from './deviceStore.ts';
import { keychronStoreFor, type KeychronState } from './keychronStore.ts';

/**
 * Save/Load's Keychron part (docs/hardware-features.md, "Keychron boards"): the `keychron` object a Keychron board's
 * save file gains, its check before anything is written, and its application after the keymap's transaction —
 * only what differs, one undo step, then stored on the keyboard with the firmware's saves, as a loaded keymap is.
 */

/** The selected board's Keychron store (made and read on first need), or null when it is not a Keychron board. */
export function keychronStoreOfDevice(
  devices: StoreApi<DeviceState>,
  commands: StoreApi<CommandState>,
): StoreApi<KeychronState> | null {
  const { keyboard, capabilities } = devices.getState();
  const client = devices.getState().commands()?.client;
  const features = capabilities?.keychron;
  if (!keyboard || !client || !features) return null;
  return keychronStoreFor(client, () => ({
    link: client,
    features,
    matrix: keyboard.definition.matrix,
    record: (step) => commands.getState().record(step),
  }));
}

/** The store's settings once its read finished (null when it failed). */
export function readyKeychron(store: StoreApi<KeychronState>): Promise<KeychronSettings | null> {
  return new Promise((resolve) => {
    const settle = (s: KeychronState) => {
      if (s.status === 'loading') return false;
      resolve(s.status === 'ready' ? s.settings : null);
      return true;
    };
    if (settle(store.getState())) return;
    const stop = store.subscribe((s) => settle(s) && stop());
  });
}

/** The save file with the board's Keychron settings, when it is a Keychron board whose settings could be read. */
export async function withKeychronSection(
  file: LayoutFile,
  store: StoreApi<KeychronState> | null,
): Promise<LayoutFile & { keychron?: KeychronSection }> {
  const settings = store ? await readyKeychron(store) : null;
  return settings ? { ...file, keychron: buildKeychronSection(settings) } : file;
}

/** A file's `keychron` object checked before any write: absent, valid, or a refusal of the whole file. */
export function checkKeychronSection(text: string): { ok: true; section: KeychronSection | null } | Refused {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: true, section: null }; // the layout check words a file that is not JSON
  }
  const raw = (json as { keychron?: unknown } | null)?.keychron;
  if (raw === undefined) return { ok: true, section: null };
  const section = parseKeychronSection(raw);
  return section ? { ok: true, section } : refuse('keychronInvalid');
}

/**
 * Writes a file's Keychron section (after its keymap loaded): what differs, as one undo step, then the
 * firmware's saves. Resolves with what could not be done, as messages (nothing is thrown).
 */
export async function applyKeychronSection(
  section: KeychronSection,
  store: StoreApi<KeychronState> | null,
): Promise<string[]> {
  const now = store ? await readyKeychron(store) : null;
  if (!store || !now) return ['This keyboard does not hold Keychron settings; the file’s were left out'];
  const { patches, notes } = keychronPatches(section, now);
  const failures = await store.getState().changeAll(patches, 'keychron-file');
  if (patches.length > failures.length && !(await store.getState().saveToKeyboard()))
    failures.push(store.getState().save.error ?? 'Saving the Keychron settings failed');
  else if (patches.length > 0 && failures.length === 0) {
    // Read everything back from the board after its saves: what it holds now must be the file's, all of it.
    await store.getState().load();
    const held = store.getState().settings;
    const left = held ? keychronPatches(section, held).patches.length : patches.length;
    if (left > 0)
      failures.push(`The keyboard does not hold ${left} of the file’s Keychron settings after saving`);
  }
  return [...notes.map((n) => `Keychron settings left out: ${n}`), ...failures];
}
