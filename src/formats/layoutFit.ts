import type { LayoutFile } from './layoutFile.ts';

/** The keyboard a layout file is fitted to (what a load checks it against). */
export interface FitTarget {
  layerCount: number;
  keysPerLayer: number;
  macrosSupported: boolean;
  macroCount: number;
  encoderCount: number;
}

/** What fitting left out, for the load preview to list. */
export type FitNote =
  | { kind: 'layers'; from: number; count: number }
  | { kind: 'macros'; from: number; count: number }
  | { kind: 'encoders'; from: number; count: number };

export type FitResult = { ok: true; file: LayoutFile; notes: FitNote[] } | { ok: false; reason: 'keys' };

const empty = (layer: readonly string[]) => layer.every((name) => name === 'KC_NO' || name === 'KC_TRNS');

/**
 * A layout file cut to fit a keyboard whose firmware changed (the backup taken before a flash, loaded into the
 * new firmware): layers past the keyboard's count are left out (listed when they held keys), macros past its
 * count too (listed when not empty) and missing ones added empty, encoders past its count left out. A file
 * whose layers have another number of keys cannot be fitted (the matrix changed: no key would land where it
 * was). Nothing else changes; the result is checked and previewed like any file.
 */
export function fitLayoutFile(file: LayoutFile, target: FitTarget): FitResult {
  if (file.layers.some((layer) => layer.length !== target.keysPerLayer)) return { ok: false, reason: 'keys' };
  const notes: FitNote[] = [];
  const fitted: LayoutFile = { ...file };
  if (file.layers.length > target.layerCount) {
    const dropped = file.layers.slice(target.layerCount).filter((layer) => !empty(layer)).length;
    if (dropped > 0)
      notes.push({ kind: 'layers', from: target.layerCount, count: file.layers.length - target.layerCount });
    fitted.layers = file.layers.slice(0, target.layerCount);
  }
  if (file.macros && target.macrosSupported) {
    const macros = file.macros.slice(0, target.macroCount);
    const dropped = file.macros.slice(target.macroCount).filter((m) => m !== '').length;
    if (dropped > 0) notes.push({ kind: 'macros', from: target.macroCount, count: dropped });
    while (macros.length < target.macroCount) macros.push('');
    fitted.macros = macros;
  }
  if (file.encoders && file.encoders.length > target.encoderCount) {
    notes.push({
      kind: 'encoders',
      from: target.encoderCount,
      count: file.encoders.length - target.encoderCount,
    });
    fitted.encoders = file.encoders.slice(0, target.encoderCount);
  }
  return { ok: true, file: fitted, notes };
}
