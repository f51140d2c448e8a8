import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OUTPUT, OUTPUT_MORE, QMK_DATA_DIR, renderQmkKeycodes } from './generate-qmk-keycodes.ts';
import { loadQmkKeycodes, mergeQmk } from './qmkKeycodeData.ts';
import { QMK_KEYCODES_LATEST, QMK_KEYCODES_V11 } from '../src/keycodes/generated/qmkKeycodesMore.ts';
import { QMK_KEYCODES_LATEST_VERSION } from '../src/keycodes/generated/qmkKeycodes.ts';

/** QMK's own rows of one version, in the generated tables' row shape. */
const qmkRows = (version: string) =>
  loadQmkKeycodes(QMK_DATA_DIR, version).map((k) => [
    k.code,
    k.key,
    k.label ?? null,
    k.aliases,
    k.group ?? null,
  ]);

describe('QMK keycode generation', () => {
  it.skipIf(!existsSync(QMK_DATA_DIR))(
    'the committed table matches QMK data (run npm run generate:keycodes)',
    () => {
      const [first, more] = renderQmkKeycodes();
      expect(readFileSync(OUTPUT, 'utf8')).toBe(first);
      expect(readFileSync(OUTPUT_MORE, 'utf8')).toBe(more);
    },
  );

  it.skipIf(!existsSync(QMK_DATA_DIR))(
    'the protocol-11 table, stored as differences from the newest, reads back as QMK 0.0.1 row for row',
    () => {
      expect(QMK_KEYCODES_V11.length).toBe(628);
      expect(QMK_KEYCODES_V11).toEqual(qmkRows('0.0.1'));
    },
  );

  it.skipIf(!existsSync(QMK_DATA_DIR))(
    'the newest table, split into the first screen rows and the rest, reads back as QMK row for row',
    () => {
      expect(QMK_KEYCODES_LATEST).toEqual(qmkRows(QMK_KEYCODES_LATEST_VERSION));
    },
  );

  it('merges with QMK delete and reset markers', () => {
    expect(mergeQmk({ a: 1, b: { c: 2 } }, { a: '!delete!', b: { d: 3 } })).toEqual({ b: { c: 2, d: 3 } });
    expect(mergeQmk({ k: { x: 1 } }, { k: { '!reset!': 0, y: 2 } })).toEqual({ k: { y: 2 } });
    expect(mergeQmk({ aliases: ['A', 'B'] }, { aliases: ['!reset!', 'C'] })).toEqual({ aliases: ['C'] });
  });
});
