import type { Refused } from '../lib/refusal.ts';
import type { ConvertNote } from './convertNotes.ts';

/** A file a conversion writes: its usual name, text and media type. */
export interface WrittenFile {
  name: string;
  text: string;
  type: string;
}

/**
 * A conversion's result: the files (the first is the main one) and what it could not carry; or one clear
 * refusal (its code for the page, its English for the CLI).
 */
export type ConvertResult = { ok: true; files: WrittenFile[]; notes: ConvertNote[] } | Refused;
