import { z } from '../formats/zod.ts';
import { LayoutFileSchema, type LayoutFile } from '../formats/layoutFile.ts';
import { zodReader } from '../formats/zodReader.ts';
import type { KeyValueStorage } from './storage.ts';
import { drop, readStored, type ReportBadValue } from './storedValue.ts';

export const BACKUP_PREFIX = 'keyloom-layout-backup:';

export interface LayoutBackup {
  savedAt: number;
  layout: LayoutFile;
}

const readBackupRecord = zodReader(
  z.object({
    savedAt: z.number().finite().nonnegative(),
    layout: LayoutFileSchema,
  }),
);

/** Keeps the layout a keyboard had before a file load overwrote it (one per keyboard). */
export function saveBackup(storage: KeyValueStorage, layout: LayoutFile, savedAt: number): void {
  try {
    storage.setItem(
      BACKUP_PREFIX + layout.vendorProductId,
      JSON.stringify({ savedAt, layout } satisfies LayoutBackup),
    );
  } catch {
    // Full storage: the load goes on; the Undo step still holds the previous layout for this session.
  }
}

/** The keyboard's backup, checked by schema (a bad one, or one of another keyboard, is dropped and reported). */
export function readBackup(
  storage: KeyValueStorage,
  vendorProductId: number,
  report?: ReportBadValue,
): LayoutBackup | null {
  const key = BACKUP_PREFIX + vendorProductId;
  const backup = readStored(storage, key, readBackupRecord, report);
  if (backup && backup.layout.vendorProductId !== vendorProductId) {
    drop(storage, key, report ?? (() => undefined), 'layout.vendorProductId: another keyboard');
    return null;
  }
  return backup;
}
