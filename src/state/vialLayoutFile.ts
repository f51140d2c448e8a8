import type { StoreApi } from 'zustand/vanilla';
import type { LayoutFile } from '../formats/layoutFile.ts';
import { refuse } from '../formats/layoutRefusal.ts';
import type { Refused } from '../lib/refusal.ts';
import { importTarget } from '../services/importTarget.ts';
import type { KeyboardState } from '../services/keyboardLoader.ts';
import {
  buildVialSection,
  fitVialSection,
  parseVialSection,
  type VialNotice,
  type VialSection,
} from '../vial/vialSection.ts';
import { readVilFile, type VilNotice } from '../vial/vilFile.ts';
import { macroFormatOf } from '../macros/macroFormat.ts';
import { sameEntry, type EntryKind, type EntryOf } from '../vial/entries.ts';
import { vialInfoOf, type VialFeaturesState } from './vialFeaturesStore.ts';
import { vialDemoNameOfUid } from '../virtual-keyboard/vialDemoUids.ts';

/**
 * Save/Load's Vial part (docs/vial-layout-files.md): the `vial` object a Vial keyboard's save file gains, its
 * check before anything is written, and its application after the keymap's transaction; and the `.vil` import
 * turned into a layout file for the same path.
 */

/** The save file with the keyboard's Vial features, when it is a Vial keyboard whose features were read. */
export function withVialSection(
  file: LayoutFile,
  keyboard: KeyboardState,
  /** Null until a Vial keyboard created the features store (state/lazyStore.ts). */
  features: StoreApi<VialFeaturesState> | null,
): LayoutFile {
  const snapshot = vialInfoOf(keyboard) && features ? features.getState().snapshot() : null;
  return snapshot ? { ...file, vial: buildVialSection(snapshot, keyboard.protocol) } : file;
}

/** A file's `vial` object checked before any write: absent, valid, or a refusal of the whole file. */
export function checkVialSection(text: string): { ok: true; section: VialSection | null } | Refused {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: true, section: null }; // the layout check words a file that is not JSON
  }
  const raw = (json as { vial?: unknown } | null)?.vial;
  if (raw === undefined) return { ok: true, section: null };
  const section = parseVialSection(raw);
  return section ? { ok: true, section } : refuse('vialInvalid');
}

export type VialLoadNote = VialNotice | VilNotice | { kind: 'writeFailed'; message: string };

/**
 * Writes a file's Vial section to the keyboard (after its keymap loaded): fitted to what the board has, only
 * what differs, each read back. Resolves with every notice for the user (nothing is thrown).
 */
export async function applyVialSection(
  section: VialSection,
  keyboard: KeyboardState,
  /** Null until a Vial keyboard created the features store (state/lazyStore.ts). */
  features: StoreApi<VialFeaturesState> | null,
): Promise<VialLoadNote[]> {
  const data = vialInfoOf(keyboard) && features ? features.getState().data : null;
  const fitted = fitVialSection(section, {
    protocol: keyboard.protocol,
    counts: data?.counts ?? { tapDance: 0, combos: 0, keyOverrides: 0 },
    settings: data ? Object.keys(data.settings).map(Number) : [],
  });
  const failures = data && features ? await features.getState().apply(fitted) : [];
  return [...fitted.notices, ...failures.map((message) => ({ kind: 'writeFailed' as const, message }))];
}

/** How many entries and settings of each kind a file's section would change on the keyboard now. */
export function vialChanges(
  section: VialSection,
  keyboard: KeyboardState,
  /** Null until a Vial keyboard created the features store (state/lazyStore.ts). */
  features: StoreApi<VialFeaturesState> | null,
): { tapDance: number; combos: number; keyOverrides: number; settings: number } {
  const data = vialInfoOf(keyboard) && features ? features.getState().data : null;
  if (!data) return { tapDance: 0, combos: 0, keyOverrides: 0, settings: 0 };
  const fitted = fitVialSection(section, {
    protocol: keyboard.protocol,
    counts: data.counts,
    settings: Object.keys(data.settings).map(Number),
  });
  const count = <K extends EntryKind>(
    kind: K,
    entries: Map<number, EntryOf<K>>,
    now: readonly EntryOf<K>[],
  ) => [...entries].filter(([i, e]) => now[i] !== undefined && !sameEntry(kind, e, now[i])).length;
  return {
    tapDance: count('tapDance', fitted.tapDance, data.tapDance),
    combos: count('combo', fitted.combos, data.combos),
    keyOverrides: count('keyOverride', fitted.keyOverrides, data.keyOverrides),
    settings: [...fitted.settings].filter(([q, v]) => data.settings[q] !== v).length,
  };
}

/** A `.vil` text → the layout file text for this keyboard and the import's notices, or a refusal. */
export function importVil(
  text: string,
  keyboard: KeyboardState,
): { ok: true; text: string; notices: VilNotice[] } | Refused {
  const read = readVilFile(text, {
    ...importTarget(keyboard),
    macroFormat: macroFormatOf(keyboard),
    macroCapacity: keyboard.macros.bufferSize - 1,
    uid: vialInfoOf(keyboard)?.uid,
    vial: vialInfoOf(keyboard) !== null,
    keyboardOfUid: vialDemoNameOfUid,
  });
  return read.ok ? { ok: true, text: JSON.stringify(read.file), notices: read.notices } : read;
}
