import type { StoreApi } from 'zustand/vanilla';
import { layoutChanges } from '../formats/layoutChanges.ts';
import { fitLayoutFile, type FitNote } from '../formats/layoutFit.ts';
import { layoutFileName, type LayoutFile } from '../formats/layoutFile.ts';
import { readLayoutSettings, settingsChanges, type LayoutSettings } from '../formats/layoutSettings.ts';
import { buildKeychronSection, keychronPatches, type KeychronSection } from '../formats/keychronSection.ts';
import { macroFormatOf } from '../macros/macroFormat.ts';
import type { KeychronPatch, KeychronSettings } from '../qmk/keychronSettings.ts';
import type { KeyboardState } from '../services/keyboardLoader.ts';
import { checkLayoutForKeyboard, layoutLeavingUnknown } from '../services/layoutLoad.ts';
import { currentLayout, macroScripts } from '../services/layoutTransfer.ts';
import type { VialFeaturesState } from './vialFeaturesStore.ts';
import { withVialSection } from './vialLayoutFile.ts';

/**
 * The backup a flash takes before the keyboard leaves for its bootloader: the file Save + Load writes (keymap,
 * macros, encoders, a Vial keyboard's features; `currentLayout`, `withVialSection`) with the keyboard's layout
 * options and lighting/menu values as its `settings` (formats/layoutSettings.ts), which a firmware update resets
 * too, and a Keychron board's Keychron settings as the file's `keychron` section (formats/keychronSection.ts,
 * what Save + Load writes for it). It is kept where Save + Load keeps its backup (state/layoutBackup.ts) and can
 * be downloaded.
 */
export function flashBackupFile(
  keyboard: KeyboardState,
  features: StoreApi<VialFeaturesState> | null,
  keychron: KeychronSettings | null = null,
): FlashBackup {
  const settings: LayoutSettings = { layoutOptions: keyboard.layoutOptions, values: keyboard.values };
  return {
    ...withVialSection(currentLayout(keyboard), keyboard, features),
    settings,
    ...(keychron ? { keychron: buildKeychronSection(keychron) } : {}),
  };
}

/** The backup file: a layout file, with a Keychron board's settings. */
export type FlashBackup = LayoutFile & { keychron?: KeychronSection };

/** `keyloom_split_36_caterina_before_flashing.layout.json`: the backup's name when downloaded or previewed. */
export const backupFileName = (keyboardName: string): string =>
  layoutFileName(`${keyboardName.replace(/[^a-z0-9]+/gi, ' ').trim()} before flashing`);

/** How the keyboard that came back differs from its backup, and what of the backup it cannot take. */
export type BackupComparison =
  | {
      kind: 'compared';
      keys: number;
      macros: number;
      encoders: number;
      settings: number;
      /** What fitting the backup to the new firmware left out. */
      notes: FitNote[];
      /** Keycodes the new firmware does not know: those keys stay as they are. */
      unknown: number;
      /** Lighting/menu values the new firmware does not have. */
      missingValues: number;
      /** Keychron settings that differ (one per colour list, region list, effect list, pair …). */
      keychron: number;
      /** Which kinds of Keychron settings differ, each once, in the order they are written back. */
      keychronKinds: KeychronPatch['kind'][];
      /** The backup, fitted: what a restore loads. */
      text: string;
    }
  | { kind: 'cannot'; message: string };

/** The message when the new firmware's matrix differs from the backup's. */
export const OTHER_MATRIX = 'The new firmware has another key matrix: the backup’s keys cannot be put back.';

/**
 * Compares the backup with the keyboard as it is now (after the new firmware started), as the Load preview
 * will: fitted to the new firmware's layers, macros and encoders, checked as a file, unknown names left as the
 * keyboard has them. Nothing is written.
 */
export function compareWithBackup(
  file: FlashBackup,
  keyboard: KeyboardState,
  keychron: KeychronSettings | null = null,
): BackupComparison {
  const { definition } = keyboard;
  const fit = fitLayoutFile(file, {
    layerCount: keyboard.layerCount,
    keysPerLayer: definition.matrix.rows * definition.matrix.cols,
    macrosSupported: keyboard.macros.supported,
    macroCount: keyboard.macros.count,
    encoderCount: keyboard.encoders[0]?.length ?? 0,
  });
  if (!fit.ok) return { kind: 'cannot', message: OTHER_MATRIX };
  const text = JSON.stringify(fit.file);
  const checked = checkLayoutForKeyboard(keyboard, text, 'backup');
  if (!checked.ok) return { kind: 'cannot', message: checked.message };
  const parsed = layoutLeavingUnknown(keyboard, checked.value);
  if (!parsed.ok) return { kind: 'cannot', message: parsed.message };
  const changes = layoutChanges(
    {
      keymap: keyboard.keymap,
      cols: definition.matrix.cols,
      encoders: keyboard.encoders,
      macros: keyboard.macros.supported ? macroScripts(keyboard) : null,
      protocol: keyboard.protocol,
      macroFormat: macroFormatOf(keyboard),
    },
    parsed.value,
  );
  const keychronDiff = file.keychron && keychron ? keychronPatches(file.keychron, keychron).patches : [];
  const settings = readLayoutSettings(fit.file.settings);
  const values = settings.ok && settings.value ? settingsChanges(settings.value, keyboard) : null;
  return {
    kind: 'compared',
    keys: changes.keys.length,
    macros: changes.macros.length,
    encoders: changes.encoders.length,
    settings: values ? values.values.length + (values.layoutOptions ? 1 : 0) : 0,
    notes: fit.notes,
    unknown: checked.value.unknown.length,
    missingValues: values?.missing.length ?? 0,
    keychron: keychronDiff.length,
    keychronKinds: [...new Set(keychronDiff.map((p) => p.kind))],
    text,
  };
}

/** Whether restoring the backup would change anything. */
export const backupDiffers = (c: BackupComparison): boolean =>
  c.kind === 'compared' && c.keys + c.macros + c.encoders + c.settings + c.keychron > 0;
