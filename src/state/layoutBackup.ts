import type { LayoutFile } from '../formats/layoutFile.ts';
import type { KeyValueStorage } from './storage.ts';

const PREFIX = 'keyloom-layout-backup:';

export interface LayoutBackup {
  savedAt: number;
  layout: LayoutFile;
}

/** Keeps the layout a keyboard had before a file load overwrote it (one per keyboard). */
export function saveBackup(storage: KeyValueStorage, layout: LayoutFile, savedAt: number): void {
  storage.setItem(
    PREFIX + layout.vendorProductId,
    JSON.stringify({ savedAt, layout } satisfies LayoutBackup),
  );
}

export function readBackup(storage: KeyValueStorage, vendorProductId: number): LayoutBackup | null {
  const raw = storage.getItem(PREFIX + vendorProductId);
  if (!raw) return null;
  try {
    const backup = JSON.parse(raw) as LayoutBackup;
    return typeof backup.savedAt === 'number' && backup.layout ? backup : null;
  } catch {
    return null;
  }
}
