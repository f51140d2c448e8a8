import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeName } from '../lib/safeName.ts';
import type { KeymapDocument } from './keymapDocument.ts';
import { KEYMAP_FORMATS, writeKeymap } from './keymapFormats.ts';
import { decodeShareLink, encodeShareLink } from './shareLink.ts';

// Issue 39 item 9: names with bidi overrides and control characters (Trojan Source) never reach a file Keyloom
// writes or the page a link opens.

const BIDI_AND_CONTROLS = [
  '\u202e',
  '\u202d',
  '\u2066',
  '\u2069',
  '\u200f',
  '\u0000',
  '\u001b',
  '\r',
  '\u2028',
  '\u0085',
];
const hostile = fc
  .array(fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom(...BIDI_AND_CONTROLS)), {
    minLength: 1,
    maxLength: 6,
  })
  .map((parts) => parts.join(''));

const doc = (name: string, layerNames: string[]): KeymapDocument => ({
  keyboard: { name, vendorProductId: 0x4b4c0001, rows: 1, cols: 2 },
  protocol: 12,
  macroProtocol: 12,
  layers: layerNames.map(() => [4, 5]),
  encoders: [],
  macros: [],
  layerNames,
  layoutOptions: null,
  source: 'a test',
});

/** Lines of a written text with a character safeName would change (the line breaks themselves are fine). */
const unsafeLines = (text: string) =>
  text.split(/\r?\n/).filter((line) => !isSafeName(line.replace(/\t/g, ' ')));

describe('names in every file written and every link', () => {
  it('"evil\\u202Eexe.txt" as a keyboard name and layer name: no format keeps the override', () => {
    for (const format of KEYMAP_FORMATS.filter((f) => !f.needsInfo)) {
      const out = writeKeymap(doc('evil\u202eexe.txt', ['Fn\u202e\n// x', 'Base']), format.id);
      if (!out.ok) continue;
      for (const file of out.files) expect(unsafeLines(file.text), `${format.id} ${file.name}`).toEqual([]);
    }
  });

  it('property: any keyboard and layer names, every format without a QMK info file writes safe text', () => {
    fc.assert(
      fc.property(hostile, fc.array(hostile, { minLength: 1, maxLength: 3 }), (name, layers) => {
        for (const format of KEYMAP_FORMATS.filter((f) => !f.needsInfo)) {
          const out = writeKeymap(doc(name, layers), format.id);
          if (out.ok) for (const file of out.files) expect(unsafeLines(file.text)).toEqual([]);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('property: a share link carries and opens only safe names, whatever was put in', async () => {
    await fc.assert(
      fc.asyncProperty(hostile, fc.array(hostile, { minLength: 1, maxLength: 3 }), async (name, layers) => {
        const link = await encodeShareLink({
          doc: doc(name, layers),
          definition: null,
          definitionVersion: 'v3',
        });
        const opened = await decodeShareLink(link);
        if (!opened.ok) throw new Error('not opened');
        expect(isSafeName(opened.shared.doc.keyboard.name)).toBe(true);
        for (const n of opened.shared.doc.layerNames ?? []) expect(isSafeName(n)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
