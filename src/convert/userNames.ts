import { refusalTable, type Refused } from '../lib/refusal.ts';
import type { ConvertNote } from './convertNotes.ts';
import { matrixOf, type KeymapDocument, type UserName } from './keymapDocument.ts';

/**
 * What a key holding a name from the user's own code becomes in a format that holds keycodes as numbers
 * (.layout.json, .vil): `keep` writes the same text (Keyloom's Load lists it and leaves that key as the keyboard
 * has it), `none` writes KC_NO. Without a choice such a file is refused, with the list.
 */
export type UnknownChoice = 'keep' | 'none';

/** Listed one by one in a refusal or a note; more are counted. */
const LISTED = 24;

/** Why a document with the user's own names is not written (`refusals:userNames.<name>`). */
export const userNameRefusals = refusalTable('userNames', {
  numbers:
    'The {{source}} has {{count}} key(s) named in your own code, which a {{target}} must hold as keycodes: {{list}}. Choose what they become: --unknown keep (the same text; Keyloom leaves those keys as they are on the keyboard when it loads the file) or --unknown none (KC_NO).',
});

/** The user's names of a document by place, for writers: `key(layer, index)`, `encoder(layer, encoder, cw)`. */
export function userNameLookup(doc: Pick<KeymapDocument, 'userNames'>) {
  const keys = new Map<string, string>();
  for (const { text, place } of doc.userNames ?? [])
    keys.set(
      place.kind === 'key'
        ? `k${place.layer}:${place.index}`
        : `e${place.layer}:${place.encoder}:${place.clockwise}`,
      text,
    );
  return {
    size: keys.size,
    key: (layer: number, index: number) => keys.get(`k${layer}:${index}`),
    encoder: (layer: number, encoder: number, clockwise: boolean) =>
      keys.get(`e${layer}:${encoder}:${clockwise}`),
  };
}

/** A user's name as keymap.c source: `ANY(…)` taken off, as QMK's own keymap.json → C step does. */
export function userNameInC(text: string): string {
  return /^ANY\((.*)\)$/s.exec(text.trim())?.[1]?.trim() ?? text.trim();
}

/** `layer 0, row 1, column 2: TD(DSH_HPR)` for each name (the first LISTED; then how many more). */
export function userNameList(doc: KeymapDocument): string {
  const names = doc.userNames ?? [];
  const one = ({ text, place }: UserName) => {
    if (place.kind === 'encoder')
      return `layer ${place.layer}, encoder ${place.encoder} ${place.clockwise ? 'clockwise' : 'counterclockwise'}: ${text}`;
    const { row, col } = matrixOf(doc, place.index);
    return `layer ${place.layer}, row ${row}, column ${col}: ${text}`;
  };
  const listed = names.slice(0, LISTED).map(one);
  if (names.length > LISTED) listed.push(`… ${names.length - LISTED} more`);
  return listed.join('; ');
}

/**
 * Whether a writer of numbers (`target`) may go on with the document's own names, and the note saying what
 * became of them: refused with the list unless the user chose.
 */
export function userNamesForNumbers(
  doc: KeymapDocument,
  target: '.layout.json' | '.vil',
  choice: UnknownChoice | undefined,
): { ok: true; keep: boolean; notes: ConvertNote[] } | Refused {
  const count = doc.userNames?.length ?? 0;
  if (count === 0) return { ok: true, keep: false, notes: [] };
  const list = userNameList(doc);
  if (!choice)
    return userNameRefusals.refuse('numbers', {
      source: doc.sourceFormat ?? doc.source,
      count,
      target,
      list,
    });
  return {
    ok: true,
    keep: choice === 'keep',
    notes: [{ kind: choice === 'keep' ? 'userNamesKept' : 'userNamesNone', count, format: target, list }],
  };
}

/** The note for a format that carries the user's names as text (keymap.c, keymap.json). */
export function userNamesAsTextNote(doc: KeymapDocument, format: string): ConvertNote[] {
  const count = doc.userNames?.length ?? 0;
  return count === 0 ? [] : [{ kind: 'userNamesAsText', count, format, list: userNameList(doc) }];
}
