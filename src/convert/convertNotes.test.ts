import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { noteMessage, type ConvertNote } from './convertNotes.ts';

/** One note of every kind (the Record makes a new kind without a sample a type error). */
const SAMPLES: { [K in ConvertNote['kind']]: Extract<ConvertNote, { kind: K }> } = {
  unnamedKeycode: { kind: 'unnamedKeycode', protocol: 12, codes: ['0x7E20'], count: 1 },
  outsideLayout: { kind: 'outsideLayout', layout: 'LAYOUT', count: 1, positions: ['(3, 4)'] },
  notInFormat: { kind: 'notInFormat', feature: 'combos', count: 2, format: 'keymap.json' },
  keyboardStored: { kind: 'keyboardStored', features: ['lighting', 'actuation'], format: 'keymap.c' },
  macroText: { kind: 'macroText', macro: 1, characters: 'é' },
  macroInvalid: { kind: 'macroInvalid', macro: 1, reason: 'bad' },
  tooManyMacros: { kind: 'tooManyMacros', count: 40, max: 32 },
  tapDanceAction: { kind: 'tapDanceAction', index: 0, keycode: 'MO(1)' },
  layoutChosen: { kind: 'layoutChosen', layout: 'LAYOUT_all', others: [] },
  usbIdsDiffer: { kind: 'usbIdsDiffer', info: '0x1:0x2', board: '0x3:0x4' },
  keyboardNameGuessed: { kind: 'keyboardNameGuessed', name: 'kb' },
  infoOtherKeyboard: {
    kind: 'infoOtherKeyboard',
    info: 'Planck',
    infoIds: '03A8:A4F9',
    keyboard: 'Keyloom Aurora 75',
    ids: '4B4C:0002',
  },
  configLines: { kind: 'configLines', lines: ['#define X'] },
  encoderCount: { kind: 'encoderCount', inSource: 2, kept: 1 },
  extraLayers: { kind: 'extraLayers', inSource: 8, kept: 4 },
  zmkUnknownBehavior: { kind: 'zmkUnknownBehavior', name: 'Home Row Mods', id: 90, count: 2 },
  zmkUncertainBehavior: { kind: 'zmkUncertainBehavior', name: 'Key Press', id: 1, count: 2 },
  zmkMissingLayer: { kind: 'zmkMissingLayer', ids: '5', count: 1 },
  zmkUnnamedUsage: { kind: 'zmkUnnamedUsage', values: '0x700a5', count: 1 },
  zmkDroppedParams: { kind: 'zmkDroppedParams', count: 1 },
  zmkUnmappedPositions: { kind: 'zmkUnmappedPositions', layout: '5 columns', count: 6 },
  zmkUnreadPositions: { kind: 'zmkUnreadPositions', layout: '6 columns', shown: '5 columns', count: 6 },
  zmkLayoutOrder: { kind: 'zmkLayoutOrder', layout: '5 columns' },
  zmkNotReported: { kind: 'zmkNotReported' },
  userNamesAsText: { kind: 'userNamesAsText', count: 1, format: 'keymap.c', list: 'layer 0: TD(X)' },
  userNamesKept: { kind: 'userNamesKept', count: 1, format: '.vil', list: 'layer 0: TD(X)' },
  userNamesNone: { kind: 'userNamesNone', count: 1, format: '.layout.json', list: 'layer 0: TD(X)' },
  zmkBindingsNotCarried: { kind: 'zmkBindingsNotCarried', count: 1, list: 'layer 0, position 1: &bt BT_CLR' },
  zmkSourceNotCarried: { kind: 'zmkSourceNotCarried', list: '&hm, combo combo_esc' },
};

const LANGUAGES = ['en', 'ja', 'ko', 'zh'];
const notesOf = (lng: string) =>
  (
    JSON.parse(
      readFileSync(path.join(import.meta.dirname, '..', 'i18n', 'locales', lng, 'convert.json'), 'utf8'),
    ) as {
      notes: Record<string, string>;
    }
  ).notes;

describe('conversion notes', () => {
  it('every kind has English for the CLI', () => {
    for (const note of Object.values(SAMPLES)) expect(noteMessage(note)).toMatch(/\w{3}/);
  });

  // The app words a note by `notes.<kind>` with the note's fields (ConvertNotesList); list fields it joins itself.
  it.each(LANGUAGES)(
    'every ZMK and user-name kind is worded in %s, with only the fields the note has',
    (lng) => {
      const notes = notesOf(lng);
      for (const note of Object.values(SAMPLES).filter((n) => /^(zmk|userNames)/.test(n.kind))) {
        const text = notes[note.kind];
        expect(text, `${lng} notes.${note.kind}`).toBeTruthy();
        for (const [, field] of text!.matchAll(/\{\{(\w+)\}\}/g)) expect(Object.keys(note)).toContain(field);
      }
    },
  );
});
