import type { KeyValueStorage } from './storage.ts';

const PREFIX = 'keyloom.zmkExportLabels.';
/** A label field holds a devicetree label; anything longer than this in storage is not one of ours. */
const MAX_LABEL = 128;

/** Which keyboard labels belong to: its name and serial number (two boards of one model keep their own). */
export function zmkExportKey(info: { name: string; serialNumber: Uint8Array }): string {
  const serial = [...info.serialNumber].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${PREFIX}${info.name}#${serial}`;
}

/**
 * The labels the user typed in the export pane for this keyboard's own behaviors (by `#id`, as the writer takes
 * them), kept for the next export; {} when none were kept or what is stored is not what this code writes.
 */
export function loadZmkExportLabels(storage: KeyValueStorage, key: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(key) ?? '{}');
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (entry): entry is [string, string] =>
        /^#\d+$/.test(entry[0]) && typeof entry[1] === 'string' && entry[1].length <= MAX_LABEL,
    ),
  );
}

/** Keeps the typed labels (empty ones dropped); a refused write loses only the convenience, never the export. */
export function saveZmkExportLabels(
  storage: KeyValueStorage,
  key: string,
  labels: Record<string, string>,
): void {
  const kept = Object.fromEntries(Object.entries(labels).filter(([, v]) => v.trim() !== ''));
  try {
    if (Object.keys(kept).length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(kept));
  } catch {
    // Storage full or refused: the labels stay for this session's pane only.
  }
}
