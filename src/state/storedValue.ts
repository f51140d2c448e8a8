// zod's core, shared by classic zod and zod/mini: stored values of the first screen use mini schemas, later
// ones classic (formats/zodMini.ts).
import { safeParse, type $ZodError, type $ZodType } from 'zod/v4/core';
import type { KeyValueStorage } from './storage.ts';

/** Says on the Errors page that a stored value was bad and dropped (start-up goes on without it). */
export type ReportBadValue = (message: string) => void;

export const BAD_STORED_VALUE = (key: string, reason: string) =>
  `Stored data "${key}" was not valid and was dropped: ${reason}`;

/** The first schema issue as one short line ("v2.0.definition: expected object, received undefined"). */
export function firstIssue(error: $ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const where = issue.path.map(String).join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}

/**
 * Reads one stored JSON value through its schema. Absent gives null; unparsable or failing the schema is
 * removed from storage, reported, and gives null, so no stored value can stop the app.
 */
export function readStored<T>(
  storage: KeyValueStorage,
  key: string,
  schema: $ZodType<T>,
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
  const parsed = safeParse(schema, json);
  if (parsed.success) return parsed.data;
  drop(storage, key, report, firstIssue(parsed.error));
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
