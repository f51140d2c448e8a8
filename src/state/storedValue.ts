import { tryRead, type Reader } from '../formats/shape.ts';
import type { KeyValueStorage } from './storage.ts';

/** Says on the Errors page that a stored value was bad and dropped (start-up goes on without it). */
export type ReportBadValue = (message: string) => void;

export const BAD_STORED_VALUE = (key: string, reason: string) =>
  `Stored data "${key}" was not valid and was dropped: ${reason}`;

/**
 * Reads one stored JSON value through its reader (formats/shape.ts; a zod schema through formats/zodReader.ts).
 * Absent gives null; unparsable or failing the reader is removed from storage, reported, and gives null, so no
 * stored value can stop the app.
 */
export function readStored<T>(
  storage: KeyValueStorage,
  key: string,
  read: Reader<T>,
  report: ReportBadValue = () => undefined,
): T | null {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null; // storage blocked: nothing stored to read
  }
  if (raw === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    drop(storage, key, report, 'not JSON');
    return null;
  }
  const parsed = tryRead(read, json);
  if (parsed.ok) return parsed.value;
  drop(storage, key, report, parsed.error.message);
  return null;
}

/** Removes a bad stored value (best effort) and reports it. */
export function drop(storage: KeyValueStorage, key: string, report: ReportBadValue, reason: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Locked storage: the value stays, but it is never used.
  }
  report(BAD_STORED_VALUE(key, reason));
}
