import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OUTPUT, QMK_DATA_DIR, renderQmkKeycodes } from './generate-qmk-keycodes.ts';
import { mergeQmk } from './qmkKeycodeData.ts';

describe('QMK keycode generation', () => {
  it.skipIf(!existsSync(QMK_DATA_DIR))(
    'the committed table matches QMK data (run npm run generate:keycodes)',
    () => {
      expect(readFileSync(OUTPUT, 'utf8')).toBe(renderQmkKeycodes());
    },
  );

  it('merges with QMK delete and reset markers', () => {
    expect(mergeQmk({ a: 1, b: { c: 2 } }, { a: '!delete!', b: { d: 3 } })).toEqual({ b: { c: 2, d: 3 } });
    expect(mergeQmk({ k: { x: 1 } }, { k: { '!reset!': 0, y: 2 } })).toEqual({ k: { y: 2 } });
    expect(mergeQmk({ aliases: ['A', 'B'] }, { aliases: ['!reset!', 'C'] })).toEqual({ aliases: ['C'] });
  });
});
