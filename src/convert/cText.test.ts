import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cCompiler, compileKeymap } from '../../tests/support/compileKeymap.ts';
import { blockCommentLine, readCommentName } from './cText.ts';
import type { KeymapDocument } from './keymapDocument.ts';
import { writeKeymapC } from './qmkKeymapC.ts';

const cc = cCompiler();

/** Names built from the pieces that broke keymap.c (issue 39 item 5) among ordinary and non-ASCII text. */
const layerName = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '\\',
        '??/',
        '??=',
        '??',
        '*/',
        '/*',
        '"',
        "'",
        '?',
        ' ',
        '\n',
        '\t',
        '\u202e',
        '\u0000',
      ),
      fc.constantFrom('Fn', 'Base', 'Ärger', 'レイヤー', '数字', '한글', '😀'),
      fc.string({ unit: 'grapheme', maxLength: 4 }),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));

function doc(names: string[]): KeymapDocument {
  const rows = 2;
  const cols = 3;
  return {
    keyboard: { name: 'Test ??/ board \\', vendorProductId: 0x4b4c0002, rows, cols },
    protocol: 12,
    macroProtocol: 12,
    layers: names.map((_, l) => Array.from({ length: rows * cols }, (_, i) => 4 + ((i + l) % 20))),
    encoders: [],
    macros: [],
    layerNames: names,
    source: 'a */ test /* \\',
  };
}

/** The layer titles keymap.c holds, read back from its `[l] = { // Layer l: …` lines. */
function titles(text: string): string[] {
  return [...text.matchAll(/^ {4}\[(\d+)\] = \{ \/\/ Layer \d+(?:: (.*))?$/gm)].map((m) =>
    m[2] === undefined ? '' : readCommentName(m[2]),
  );
}

describe('keymap.c: every text written into C is safe for C (issue 39 item 5)', () => {
  it('layer names read back from their comments, and nothing can splice, form a trigraph or end a comment', () => {
    fc.assert(
      fc.property(fc.array(layerName, { minLength: 1, maxLength: 4 }), (names) => {
        const out = writeKeymapC(doc(names));
        if (!out.ok) throw new Error(out.message);
        const text = out.files[0]!.text;
        expect(titles(text)).toEqual(names);
        for (const line of text.split('\n')) {
          // The only backslashes at a line's end are the tap-dance macro's own (none here).
          expect(line.endsWith('\\')).toBe(false);
          expect(line).not.toMatch(/\?\?[=/'()!<>-]/);
          expect(line).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
          expect(line.includes('\0')).toBe(false);
        }
        // Outside `//` comments, exactly one block comment: the header.
        const code = text.replace(/\/\/.*$/gm, '');
        expect(code.match(/\/\*/g)?.length).toBe(1);
        expect(code.match(/\*\//g)?.length).toBe(1);
      }),
      { numRuns: 500 },
    );
  });

  it('compiles with -Wall -Werror and keeps every layer’s first row (no comment swallows it)', () => {
    expect(cc).not.toBeNull();
    fc.assert(
      fc.property(fc.array(layerName, { minLength: 1, maxLength: 3 }), (names) => {
        const d = doc(names);
        const out = writeKeymapC(d);
        if (!out.ok) throw new Error(out.message);
        const compiled = compileKeymap(cc!, out.files[0]!.text, { rows: 2, cols: 3, encoders: 0 });
        expect(compiled.layers.map((l) => l.flat())).toEqual(d.layers);
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('the names that broke the build compile: Fn\\, Fn??/, a quote, */', () => {
    const d = doc(['Fn\\', 'Fn??/', 'say "hi"', 'end */ here']);
    const out = writeKeymapC(d);
    if (!out.ok) throw new Error(out.message);
    const text = out.files[0]!.text;
    expect(text).toContain('// Layer 0: "Fn\\\\"');
    expect(text).toContain('// Layer 1: "Fn\\?\\?/"');
    expect(titles(text)).toEqual(d.layerNames);
    expect(compileKeymap(cc!, text, { rows: 2, cols: 3, encoders: 0 }).layers.map((l) => l.flat())).toEqual(
      d.layers,
    );
  });

  it('a block comment line cannot end the comment, open another, splice or form a trigraph', () => {
    fc.assert(
      fc.property(layerName, (text) => {
        const line = blockCommentLine(text);
        expect(line).not.toMatch(/\*\/|\/\*|\?\?|\\$|[\n\r\u202e]/);
      }),
    );
  });
});
