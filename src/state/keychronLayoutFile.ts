import type { StoreApi } from 'zustand/vanilla';
import type { LayoutFile } from '../formats/layoutFile.ts';
import { refuse } from '../formats/layoutRefusal.ts';
import {
  buildKeychronSection,
  keychronPatches,
  parseKeychronSection,
  type KeychronSection,
} from '../formats/keychronSection.ts';
import type { KeychronPatch, KeychronSettings } from '../qmk/keychronSettings.ts';
import { patchRequests } from '../services/keychronWrite.ts';
import type { Refused } from '../lib/refusal.ts';
import type { CommandState } from './commands.ts';
import type { DeviceState } from './deviceStore.ts';
import type { KeychronProblem } from '../services/keychronProblem.ts';
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

/** What loading a file's Keychron section could not do (worded by the load pane, four languages). */
export type KeychronLoadNote =
  | { kind: 'notKeychron' }
  | { kind: 'leftOut' }
  | { kind: 'refused'; detail: string }
  | { kind: 'failed'; problem: KeychronProblem }
  | { kind: 'saveFailed'; problem: KeychronProblem | null }
  | { kind: 'notHeld'; count: number };

/**
 * Writes a file's Keychron section (after its keymap loaded): what differs, as one undo step, then the
 * firmware's saves. All or nothing: refused before the first write when any part is outside what the board
 * takes, put back when a write fails. Resolves with what could not be done (nothing is thrown).
 */
export async function applyKeychronSection(
  section: KeychronSection,
  store: StoreApi<KeychronState> | null,
): Promise<KeychronLoadNote[]> {
  const now = store ? await readyKeychron(store) : null;
  if (!store || !now) return [{ kind: 'notKeychron' }];
  const { patches, notes } = keychronPatches(section, now);
  const leftOut: KeychronLoadNote[] = notes.length > 0 ? [{ kind: 'leftOut' }] : [];
  const refused = unwritablePatch(now, store, patches);
  if (refused) return [{ kind: 'refused', detail: refused }];
  const [failed] = await store.getState().changeAll(patches, 'keychron-file');
  if (failed) return [...leftOut, { kind: 'failed', problem: failed }];
  if (patches.length === 0) return leftOut;
  if (!(await store.getState().saveToKeyboard()))
    return [...leftOut, { kind: 'saveFailed', problem: store.getState().save.error ?? null }];
  // Read everything back from the board after its saves: what it holds now must be the file's, all of it.
  await store.getState().load();
  const held = store.getState().settings;
  const left = held ? keychronPatches(section, held).patches.length : patches.length;
  return left > 0 ? [...leftOut, { kind: 'notHeld', count: left }] : leftOut;
}

/**
 * Why one of `patches` could not be sent to this board (a value outside the firmware's ranges: a per-key effect
 * of 9, an effect number past the board's modes …), or null. Checked before anything is written, so a file is
 * loaded whole or not at all; the load preview shows the same answer.
 */
export function unwritablePatch(
  now: KeychronSettings,
  store: StoreApi<KeychronState>,
  patches: readonly KeychronPatch[],
): string | null {
  const matrix = store.getState().matrix;
  for (const patch of patches) {
    try {
      patchRequests(now, matrix, patch);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
  return null;
}
